/**
 * The contract between the GraphQL API's admin standing function (graphql/pipeline/admin-standing.ts,
 * APPSYNC_JS) and the Lambda behind it (lambdas/admin/check-admin-standing.ts). Plain types and
 * one constant: bundled into APPSYNC_JS code too, so no imports.
 */

/** The caller as AppSync verified them (`ctx.identity`): who to check. */
export interface AdminStandingRequest {
  /** The Cognito sub: the id of their User record. */
  sub: string;
  /** The Cognito username: the pool is asked by it. */
  username: string;
}

/** The Lambda's answer. */
export interface AdminStandingAnswer {
  /** The caller is an admin now: ACTIVE record, enabled pool user, the same person, in Admins. */
  adminNow: boolean;
}

/** Where the admin standing function leaves `adminNow` for the field's own code (`ctx.stash`). */
export const ADMIN_NOW_STASH_KEY = 'callerIsAdminNow';
