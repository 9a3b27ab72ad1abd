import { build } from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PERSON_NAMES_DATA_PATH } from '../../../../lambdas/assistant/domain/redaction/person-names-file';
import { SKILLS_DATA_PATH } from '../../../../lambdas/shared/text/skills-dictionary';

/**
 * The skills dictionary and the person-name lists are read from a JSON file beside the module, in
 * a deployed bundle beside `index.js` (the route's `dataFiles`): never bundled, and a clear error
 * naming the file when a route does not deploy it. Bundled as a handler would be, then loaded.
 */

const REPO_ROOT = path.resolve(__dirname, '../../../..');

const DATA_FILES = [
  {
    dataFile: SKILLS_DATA_PATH,
    // A row of the dictionary's data, never in its code.
    rowText: 'J2EE',
    entry: `const { skillsIn } = require(${JSON.stringify(path.join(REPO_ROOT, 'lambdas/shared/text/skills-dictionary'))});
exports.read = () => skillsIn('Five years of Java EE and Kubernetes').join(', ');`,
    expected: 'Java, Kubernetes',
  },
  {
    dataFile: PERSON_NAMES_DATA_PATH,
    rowText: 'przemek',
    entry: `const { peopleNamedIn } = require(${JSON.stringify(path.join(REPO_ROOT, 'lambdas/assistant/domain/redaction/person-names'))});
exports.read = () => peopleNamedIn('Please ask Wilhelmina Nowak about the rota.').fullNames.join(', ');`,
    expected: 'Wilhelmina Nowak',
  },
];

async function bundleInto(dir: string, entryCode: string): Promise<string> {
  const entry = path.join(dir, 'entry.js');
  fs.writeFileSync(entry, entryCode);
  const outfile = path.join(dir, 'out', 'index.js');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'silent' });
  return outfile;
}

describe.each(DATA_FILES)('the data file $dataFile', ({ dataFile, rowText, entry, expected }) => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assistant-data-file-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is read beside the bundle, not from the bundle', async () => {
    const bundle = await bundleInto(dir, entry);
    expect(fs.readFileSync(bundle, 'utf8')).not.toContain(rowText);
    fs.copyFileSync(path.join(REPO_ROOT, dataFile), path.join(path.dirname(bundle), path.basename(dataFile)));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is CommonJS, as deployed
    const loaded = require(bundle) as { read: () => string };
    expect(loaded.read()).toBe(expected);
  });

  it('names the missing file when a route does not deploy it', async () => {
    const bundle = await bundleInto(dir, entry);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is CommonJS, as deployed
    const loaded = require(bundle) as { read: () => string };
    expect(() => loaded.read()).toThrow(path.basename(dataFile));
  });
});
