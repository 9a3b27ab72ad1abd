import { AtsError, type AtsListOptions, type AtsPage } from '../../../../lambdas/ats/ats-port';

/**
 * What every connector test does with a connector: read a list to its end, and catch the
 * AtsError a call rejects with while proving it carries no credential.
 */

/** Every page of a list, following the cursors (at most `maxPages`, so a looping ATS ends the test). */
export async function readAllPages<T>(
  list: (options: AtsListOptions) => Promise<AtsPage<T>>,
  updatedSince: string | null = null,
  maxPages = 50,
): Promise<{ items: T[]; pages: number; cursors: (string | null)[] }> {
  const items: T[] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | null = null;
  do {
    const page: AtsPage<T> = await list({ cursor, updatedSince });
    items.push(...page.items);
    cursor = page.nextCursor;
    cursors.push(cursor);
  } while (cursor !== null && cursors.length < maxPages);
  return { items, pages: cursors.length, cursors };
}

/** Every text an error carries: message, cause, stack and its own fields. */
export function everythingIn(error: AtsError): string {
  return [error.message, String(error.cause ?? ''), error.stack ?? '', JSON.stringify(error)].join('\n');
}

/**
 * The AtsError `promise` rejects with (fails the test otherwise), after checking that no secret,
 * nor its Basic-auth encoding, appears in anything the error carries.
 */
export async function atsRejection(promise: Promise<unknown>, secrets: readonly string[] = []): Promise<AtsError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AtsError)) throw new Error(`Expected an AtsError, got ${String(error)}`);
  const text = everythingIn(error);
  for (const secret of secrets) {
    if (text.includes(secret) || text.includes(Buffer.from(`${secret}:`).toString('base64'))) {
      throw new Error('The error carries a credential.');
    }
  }
  return error;
}
