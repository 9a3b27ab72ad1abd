import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundleLambda } from '../../../local/lambda/bundle';
import { temporaryFolder } from '../support/local-services';

/**
 * A handler's bundle is built again only when something it was built from changed: an input
 * file, or the bundle itself (a runtime start reuses the rest, which saved about 5 CPU-s a start).
 */

const sources = temporaryFolder('bundle-sources');
const buildDir = temporaryFolder('bundle-build');
const entry = path.join(sources.path, 'handler.ts');
const dependency = path.join(sources.path, 'greeting.ts');
const bundleFile = path.join(buildDir.path, 'lambdas', 'GreetingFunction.js');

beforeAll(() => {
  fs.writeFileSync(entry, "import { greeting } from './greeting';\nexport const handler = async () => greeting;\n");
  fs.writeFileSync(dependency, "export const greeting = 'first';\n");
});

afterAll(() => {
  sources.remove();
  buildDir.remove();
});

const bundle = () => bundleLambda('GreetingFunction', entry, buildDir.path);
const builtAt = () => fs.statSync(bundleFile).mtimeMs;

it('reuses a bundle whose inputs are unchanged and rebuilds it when one changes or the bundle was altered', async () => {
  await bundle();
  expect(fs.readFileSync(bundleFile, 'utf8')).toContain('"first"');
  const first = builtAt();

  await bundle();
  expect(builtAt()).toBe(first);

  fs.writeFileSync(dependency, "export const greeting = 'second, changed';\n");
  await bundle();
  expect(fs.readFileSync(bundleFile, 'utf8')).toContain('"second, changed"');

  fs.writeFileSync(bundleFile, "throw new Error('not what was built');\n");
  await bundle();
  expect(fs.readFileSync(bundleFile, 'utf8')).toContain('"second, changed"');
}, 30_000);
