import { build } from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundleLambda } from '../../../local/lambda/bundle';
import { temporaryFolder } from '../support/local-services';

/**
 * The local runtime's bundles are reused across starts (local/lambda/bundle.ts) only while esbuild
 * would make the same bundle: a reused bundle is byte for byte esbuild's own for the folder it goes
 * to, and a change to any source, or a new file that an import now resolves to, bundles again.
 */

const sources = temporaryFolder('bundle-cache-sources');
const outputs = temporaryFolder('bundle-cache-outputs');
afterAll(() => {
  sources.remove();
  outputs.remove();
});

const entry = path.join(sources.path, 'handler.ts');
const write = (name: string, code: string) => fs.writeFileSync(path.join(sources.path, name), code);

/** What esbuild itself makes for `entry` in `buildDir`, with the runtime's options. */
async function esbuildOwn(buildDir: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    sourcesContent: false,
    outfile: path.join(buildDir, 'lambdas', 'CacheProbe.js'),
    external: ['@aws-sdk/*'],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

async function bundledIn(buildDir: string): Promise<string> {
  const bundle = await bundleLambda('CacheProbe', entry, buildDir);
  return fs.readFileSync(bundle.file, 'utf8');
}

beforeAll(() => {
  write('handler.ts', "import { answer } from './answer';\nexport const handler = async () => answer;\n");
  write('answer.js', "exports.answer = 'from answer.js';\n");
});

it('reuses a bundle in another folder exactly as esbuild would have made it there', async () => {
  const first = path.join(outputs.path, 'first');
  const elsewhere = path.join(outputs.path, 'second', 'deeper');

  await bundledIn(first);
  const reused = await bundledIn(elsewhere);

  expect(reused).toContain('from answer.js');
  expect(reused).toBe(await esbuildOwn(elsewhere));
});

it('bundles again when a source changes', async () => {
  await bundledIn(path.join(outputs.path, 'before-change'));
  write('answer.js', "exports.answer = 'changed';\n");

  const after = await bundledIn(path.join(outputs.path, 'after-change'));

  expect(after).toContain('"changed"');
  expect(after).toBe(await esbuildOwn(path.join(outputs.path, 'after-change')));
});

it('bundles again when a new file changes what an import resolves to', async () => {
  await bundledIn(path.join(outputs.path, 'before-new-file'));
  // esbuild resolves `./answer` to answer.ts before answer.js.
  write('answer.ts', "export const answer = 'from answer.ts';\n");

  const after = await bundledIn(path.join(outputs.path, 'after-new-file'));

  expect(after).toContain('from answer.ts');
  expect(after).not.toContain('answer.js');
});
