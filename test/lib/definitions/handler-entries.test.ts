import * as fs from 'node:fs';
import * as path from 'node:path';
import { COGNITO_TRIGGERS } from '../../../lib/definitions/cognito-triggers';
import { ADMIN_STANDING_FUNCTION } from '../../../lib/definitions/resolvers';
import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { WEBHOOK_CONSUMER_FUNCTION } from '../../../lib/definitions/webhook-queue';

/**
 * The house convention for Lambda entry files: a handler file is named `verb-noun.ts` for the
 * route, trigger or job it serves and exports `handler`; what it calls is named for the work as a
 * noun (`subscription-checkout.ts`, `sign-up-check.ts`). So the files that export `handler` are
 * exactly the entries the definitions name.
 */

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The scheduled API key renewal, whose construct (lib/constructs/api-key-renewal.ts) names its entry itself. */
const RENEWAL_JOB_ENTRY = 'lambdas/operations/renew-api-key.ts';

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

const exportsHandler = (file: string) => /^export const handler\b/m.test(fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('Lambda entry files', () => {
  const entries = [
    ...REST_ROUTES.map((route) => route.entry),
    ...COGNITO_TRIGGERS.map((trigger) => trigger.entry),
    RENEWAL_JOB_ENTRY,
    ADMIN_STANDING_FUNCTION.entry,
    WEBHOOK_CONSUMER_FUNCTION.entry,
  ];

  it('are exactly the files under lambdas/ that export a handler', () => {
    expect(sourceFiles('lambdas').filter(exportsHandler).sort()).toEqual([...new Set(entries)].sort());
  });

  it('are kebab-case files of a feature folder, never of lambdas/shared', () => {
    for (const entry of entries) {
      expect(entry).toMatch(/^lambdas\/(?!shared\/)[a-z]+(?:\/[a-z]+)*\/[a-z]+(?:-[a-z]+)+\.ts$/);
    }
  });
});
