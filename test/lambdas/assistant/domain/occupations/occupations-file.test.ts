import { build } from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { OCCUPATIONS_DATA_PATH } from '../../../../../lambdas/assistant/domain/occupations/occupations-data';

/**
 * The occupation vocabulary is a data file read beside the code: in the source tree beside its
 * module, in a deployed bundle beside `index.js` (the route's `dataFiles`). Bundled as a handler
 * is, the reader finds it there, and says which file is missing when it is not.
 */

const REPO_ROOT = path.resolve(__dirname, '../../../../..');
const ENTRY = `
const { occupationOf } = require(${JSON.stringify(path.join(REPO_ROOT, 'lambdas/assistant/domain/occupations'))});
exports.family = (title) => occupationOf(title)?.occupation.family ?? null;
`;

async function bundleInto(dir: string): Promise<string> {
  const entry = path.join(dir, 'entry.js');
  fs.writeFileSync(entry, ENTRY);
  const outfile = path.join(dir, 'out', 'index.js');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'silent' });
  return outfile;
}

describe('the occupation vocabulary file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'occupations-file-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is read beside the bundle, not from the bundle', async () => {
    const bundle = await bundleInto(dir);
    expect(fs.readFileSync(bundle, 'utf8')).not.toContain('Certified Nursing Assistant');
    fs.copyFileSync(path.join(REPO_ROOT, OCCUPATIONS_DATA_PATH), path.join(path.dirname(bundle), path.basename(OCCUPATIONS_DATA_PATH)));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is CommonJS, as deployed
    const loaded = require(bundle) as { family: (title: string) => string | null };
    expect(loaded.family('Certified Nursing Assistant')).toBe('healthcare');
  });

  it('names the missing file when a route does not deploy it', async () => {
    const bundle = await bundleInto(dir);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is CommonJS, as deployed
    const loaded = require(bundle) as { family: (title: string) => string | null };
    expect(() => loaded.family('Welder')).toThrow(path.basename(OCCUPATIONS_DATA_PATH));
  });
});
