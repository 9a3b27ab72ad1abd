/**
 * The first function of every pipeline resolver with an admin branch (lib/definitions/resolvers.ts):
 * is the caller an admin NOW? A token's `cognito:groups` only says what was true when it was
 * issued, up to an hour ago; an admin removed or demoted since must lose their rights at once.
 * A caller whose token does not say Admins is no admin, with no lookup (the function returns early,
 * the Lambda is not called). Otherwise the Lambda data source checks their User record and the
 * user pool (lambdas/admin/admin-caller.ts owns the rule). The answer goes to the stash, where
 * graphql/resolvers/lib/caller.ts reads it; a failed check fails the field (never "admin").
 */
import { runtime, util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import { ADMIN_GROUP } from '../../lambdas/shared/domain/groups';
import { ADMIN_NOW_STASH_KEY, type AdminStandingAnswer, type AdminStandingRequest } from '../../lambdas/shared/contracts/admin-standing';

/** The part of AppSync's Cognito identity the check needs (null for the API key). */
interface UserPoolIdentity {
  sub?: string | null;
  username?: string | null;
  groups?: string[] | null;
}

export function request(ctx: Context): LambdaRequest {
  const identity = ctx.identity as UserPoolIdentity | null | undefined;
  const sub = identity && typeof identity.sub === 'string' ? identity.sub : '';
  const username = identity && typeof identity.username === 'string' && identity.username ? identity.username : sub;
  const groups = identity && Array.isArray(identity.groups) ? identity.groups : [];
  ctx.stash[ADMIN_NOW_STASH_KEY] = false;
  if (!sub || !groups.includes(ADMIN_GROUP)) {
    runtime.earlyReturn(false);
  }
  const payload: AdminStandingRequest = { sub, username };
  return { operation: 'Invoke', payload };
}

export function response(ctx: Context): boolean {
  if (ctx.error) {
    util.error('The administrator check failed. Try again.', 'AdminCheckFailed');
  }
  const answer = ctx.result as AdminStandingAnswer | null;
  const adminNow = answer !== null && answer !== undefined && answer.adminNow === true;
  ctx.stash[ADMIN_NOW_STASH_KEY] = adminNow;
  return adminNow;
}
