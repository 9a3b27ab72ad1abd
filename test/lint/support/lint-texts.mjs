// Lints texts as if they were files of the repository, with the repository's ESLint and Prettier
// settings, and prints what each tool says as JSON. Run as a child process: ESLint and Prettier
// load their configuration with dynamic import(), which jest's module sandbox does not allow.
// stdin: [{ "file": "<repository path>", "code": "…" }]; stdout: [{ "eslint": […], "prettier": { formatted, output } }]
import { ESLint } from 'eslint';
import path from 'node:path';
import * as prettier from 'prettier';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const cases = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const eslint = new ESLint({ cwd: repoRoot });
const results = [];
for (const { file, code } of cases) {
  const filepath = path.join(repoRoot, file);
  const [linted] = await eslint.lintText(code, { filePath: filepath });
  const options = { ...(await prettier.resolveConfig(filepath)), filepath };
  results.push({
    eslint: linted.messages.map(({ ruleId, message }) => ({ ruleId, message })),
    prettier: { formatted: await prettier.check(code, options), output: await prettier.format(code, options), options },
  });
}
process.stdout.write(JSON.stringify(results));
