import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const SlowFirstSequencer = require('./slow-first-sequencer') as new (options: object) => {
  sort(tests: FakeTest[]): FakeTest[];
};

interface FakeTest {
  readonly path: string;
  readonly context: { readonly config: { readonly cache: boolean }; readonly hasteFS: { getSize(file: string): number } };
  duration?: number;
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sequencer-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A test file with `source`, as jest hands it to the sequencer of a run without recorded timings. */
function testFile(name: string, source: string): FakeTest {
  const file = path.join(folder, name);
  fs.writeFileSync(file, source);
  return { path: file, context: { config: { cache: false }, hasteFS: { getSize: (f) => fs.statSync(f).size } } };
}

describe('the test order of a run without recorded timings', () => {
  it('starts the small files that start the local runtime or synthesize the app before big plain ones', () => {
    const bigPlain = testFile('rules.test.ts', `it('adds', () => expect(1 + 1).toBe(2));\n`.repeat(200));
    const fuzz = testFile('fuzz.test.ts', "import { useSecurityRuntime } from './support/security-runtime';\n");
    const cdk = testFile('auth.test.ts', "import { buildApp } from '../support/build-app';\n");
    const small = testFile('small.test.ts', "it('works', () => undefined);\n");
    const order = new SlowFirstSequencer({}).sort([small, bigPlain, cdk, fuzz]).map((test) => path.basename(test.path));
    expect(order.slice(0, 2).sort()).toEqual(['auth.test.ts', 'fuzz.test.ts']);
    expect(order.slice(2)).toEqual(['rules.test.ts', 'small.test.ts']);
  });
});
