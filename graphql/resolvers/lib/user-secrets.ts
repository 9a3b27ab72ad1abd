/**
 * How the User resolvers keep the ATS keys write-only (see `lambdas/shared/domain/secret-fields.ts`):
 * answers carry masks, filters and conditions cannot test the keys (they would reveal a key one
 * guess at a time), and a mask sent back is not a key. APPSYNC_JS-safe.
 */
import type { Context } from '@aws-appsync/utils';
import { SECRET_USER_FIELDS, withMaskedSecrets } from '../../../lambdas/shared/domain/secret-fields';
import { connectionOf, type Connection } from './connection';
import { attributesOf, type Expression } from './dynamodb-expressions';
import { invalidArguments } from './validation';

/** A page of User records with their secrets masked (see {@link connectionOf}). */
export function maskedUsersConnection(ctx: Context, withNextToken: boolean): Connection<unknown> {
  const page = connectionOf<unknown>(ctx, withNextToken);
  return { items: page.items.map((item) => withMaskedSecrets(item)), nextToken: page.nextToken };
}

/** Refuses a filter or condition (`argument`) that reads a secret field. */
export function refuseSecretsIn(block: Expression | null, argument: string): void {
  const used = attributesOf(block).filter((name) => SECRET_USER_FIELDS.includes(name));
  if (used.length > 0) {
    invalidArguments([{ field: argument, message: `The ${argument} cannot use ${used.join(', ')}: ATS keys are write-only secrets.` }]);
  }
}
