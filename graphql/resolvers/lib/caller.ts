/**
 * Who is calling a resolver, from `ctx.identity` only (never from arguments). AppSync fills
 * `ctx.identity` for Cognito user pools with `{ sub, issuer, username, claims, sourceIp,
 * defaultAuthStrategy, groups }`, `groups` being the token's `cognito:groups` (null without
 * groups); for the API key it is null. Being an admin takes the token's claim AND the admin
 * standing function's answer for this call (graphql/pipeline/admin-standing.ts, in the stash): a
 * resolver run without that function has no admins. APPSYNC_JS-safe: bundled into resolvers.
 */
import { util, type Context } from '@aws-appsync/utils';
import { ADMIN_NOW_STASH_KEY } from '../../../lambdas/shared/contracts/admin-standing';
import { ADMIN_GROUP } from '../../../lambdas/shared/domain/groups';

/** A signed-in caller (a verified user pool token). */
export interface Caller {
  /** The Cognito sub: the id of the caller's own User record. */
  sub: string;
  /** An admin now: the token says Admins and the record and the user pool still do. */
  isAdmin: boolean;
}

/** The part of AppSync's Cognito identity the resolvers read. */
interface UserPoolIdentity {
  sub?: string | null;
  groups?: string[] | null;
}

/**
 * The signed-in caller, or AppSync's `Unauthorized` error ("Not Authorized to access <field> on
 * type <Type>") when there is none: the API key, or any mode without a Cognito sub, never reaches
 * user data even if a schema directive were loosened.
 */
export function requireSignedInCaller(ctx: Context): Caller {
  const identity = ctx.identity as UserPoolIdentity | null | undefined;
  const sub = identity && typeof identity.sub === 'string' ? identity.sub : '';
  if (!sub) {
    util.unauthorized();
  }
  const groups = identity && Array.isArray(identity.groups) ? identity.groups : [];
  const adminNow = ctx.stash[ADMIN_NOW_STASH_KEY] === true;
  return { sub, isAdmin: groups.includes(ADMIN_GROUP) && adminNow };
}

/** Like {@link requireSignedInCaller}, and the caller must be an admin now. */
export function requireAdmin(ctx: Context): Caller {
  const caller = requireSignedInCaller(ctx);
  if (!caller.isAdmin) {
    util.unauthorized();
  }
  return caller;
}
