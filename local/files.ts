import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Writes a file through a temporary name and a rename, so another local runtime of the same
 * checkout (e.g. the browser tests' one beside a developer's `npm start`) never reads half a file.
 */
export function writeFileAtomic(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}
