import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

/**
 * The guardrails a newcomer meets in `npm run lint`: the architecture's import boundaries
 * (eslint-rules/import-boundaries.mjs) and Prettier. Each is shown failing on code that breaks it,
 * and passing on the same code written the allowed way.
 */

interface LintResult {
  readonly eslint: { readonly ruleId: string | null; readonly message: string }[];
  readonly prettier: { readonly formatted: boolean; readonly output: string; readonly options: Record<string, unknown> };
}

const LINT_TEXTS = path.join(__dirname, 'support', 'lint-texts.mjs');

/** Lints every case in one child process (starting ESLint takes seconds). */
function lintAll(cases: readonly { file: string; code: string }[]): LintResult[] {
  return JSON.parse(execFileSync(process.execPath, [LINT_TEXTS], { input: JSON.stringify(cases), encoding: 'utf8' })) as LintResult[];
}

const importOf = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

/** Each case: where the code is, the code, and the start of the boundary message expected ('' when allowed). */
const BOUNDARY_CASES = [
  // Web features do not import each other.
  [
    'web/src/features/ats/components/example.tsx',
    importOf('../../assistant/api/assistant-api'),
    'A web feature does not import another feature',
  ],
  ['web/src/features/ats/components/example.tsx', importOf('../api/ats-api'), ''],
  ['web/src/features/ats/components/example.tsx', importOf('../../../lib/notify'), ''],
  // Domain code knows no AWS SDK, CDK, Lambda or HTTP types.
  ['lambdas/assistant/domain/example.ts', importOf('@aws-sdk/client-dynamodb'), 'Domain code is plain TypeScript'],
  ['lambdas/shared/domain/example.ts', importOf('aws-lambda'), 'Domain code is plain TypeScript'],
  ['lambdas/assistant/domain/text/example.ts', importOf('aws-cdk-lib'), 'Domain code is plain TypeScript'],
  ['lambdas/assistant/domain/example.ts', importOf('node:http'), 'Domain code is plain TypeScript'],
  ['lambdas/assistant/domain/example.ts', importOf('zod'), ''],
  ['lambdas/assistant/example.ts', importOf('@aws-sdk/client-dynamodb'), ''],
  // Deployed code never imports the local runtime; the local runtime imports the product.
  ['lambdas/ats/example.ts', importOf('../../local/ats/ats-stand-ins'), 'Deployed code never imports the local runtime'],
  ['lib/constructs/example.ts', importOf('../../local/runtime'), 'Deployed code never imports the local runtime'],
  [
    'graphql/resolvers/example.ts',
    `export const y = require('../../local/appsync/util');\n`,
    'Deployed code never imports the local runtime',
  ],
  ['local/example.ts', importOf('../lambdas/shared/logger'), ''],
  // The web reaches backend contracts through the alias.
  ['web/src/lib/example.ts', importOf('../../../lambdas/shared/contracts/user'), 'through the @contracts alias'],
  ['test/web/support/example.ts', importOf('../../../lambdas/shared/contracts/ats'), 'through the @contracts alias'],
  ['web/src/lib/example.ts', importOf('@contracts/user'), ''],
  // Browser specs take `test` from their support module, which waits for the local runtime.
  ['test/e2e/example.spec.ts', importOf('@playwright/test'), 'A browser spec imports Playwright from test/e2e/support/test'],
  ['test/e2e/example.spec.ts', importOf('./support/test'), ''],
  ['test/e2e/support/example.ts', importOf('@playwright/test'), ''],
] as const;

const MESSY = 'export const plans = {starter:1,\n professional : 2};\n';
const TIDY = 'export const plans = { starter: 1, professional: 2 };\n';

let boundaryResults: LintResult[];
let messy: LintResult;
let tidy: LintResult;

beforeAll(() => {
  const results = lintAll([
    ...BOUNDARY_CASES.map(([file, code]) => ({ file, code })),
    { file: 'lambdas/example.ts', code: MESSY },
    { file: 'lambdas/example.ts', code: TIDY },
  ]);
  boundaryResults = results.slice(0, BOUNDARY_CASES.length);
  [messy, tidy] = results.slice(BOUNDARY_CASES.length);
}, 120_000);

describe('import boundaries', () => {
  it.each(BOUNDARY_CASES.map((entry, index) => [entry[0], entry[1].trim().split('\n')[0], entry[2] || 'allowed', index] as const))(
    '%s: %s → %s',
    (_file, _code, expected, index) => {
      const messages = boundaryResults[index].eslint.filter((m) => m.ruleId === 'talentpilot/import-boundaries').map((m) => m.message);
      if (expected === 'allowed') expect(messages).toEqual([]);
      else expect(messages).toEqual([expect.stringContaining(expected)]);
    },
  );
});

describe('formatting', () => {
  it('flags unformatted code with the repository Prettier settings', () => {
    expect(messy.prettier.formatted).toBe(false);
    expect(messy.prettier.output).toBe(TIDY);
  });

  it('accepts the same code once formatted', () => {
    expect(tidy.prettier.formatted).toBe(true);
  });

  it('uses single quotes and a 140-character line, as the code base does', () => {
    expect(messy.prettier.options).toMatchObject({ singleQuote: true, printWidth: 140 });
  });
});
