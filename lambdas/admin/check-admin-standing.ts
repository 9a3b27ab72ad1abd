import * as z from '../shared/zod';
import type { AdminStandingAnswer } from '../shared/contracts/admin-standing';
import { adminStandingNow, type AdminCheckDependencies } from './admin-caller';
import { lazyAdminDependencies } from './dependencies';

/**
 * The GraphQL API's admin check: the Lambda behind the AppSync Lambda data source that the admin
 * standing function (graphql/pipeline/admin-standing.ts) invokes for a caller whose token says
 * Admins. It applies the REST admin routes' rule (admin-caller.ts: the User record ACTIVE, the pool
 * user existing, enabled, the same person and in Admins now) and answers `{ adminNow }`.
 *
 * The event is the function's `payload`, built by AppSync from the identity it verified
 * (https://docs.aws.amazon.com/appsync/latest/devguide/resolver-reference-lambda-js.html): a
 * payload of another shape is answered "no admin", never an error with its content.
 */

const AdminStandingRequestSchema = z.object({
  sub: z.string().check(z.minLength(1), z.maxLength(128)),
  username: z.string().check(z.minLength(1), z.maxLength(128)),
});

export type AdminStandingHandler = (event: unknown) => Promise<AdminStandingAnswer>;

export function createAdminStandingHandler(dependencies: () => AdminCheckDependencies): AdminStandingHandler {
  return async (event) => {
    const request = AdminStandingRequestSchema.safeParse(event);
    if (!request.success) return { adminNow: false };
    // The function only calls for tokens that say Admins; the rule still checks everything else.
    const problem = await adminStandingNow({ ...request.data, isAdmin: true }, dependencies());
    return { adminNow: problem === undefined };
  };
}

/** The Lambda entry point: USER_POOL_ID and USERS_TABLE from the construct (lib/constructs/graphql-api.ts). */
export const handler = createAdminStandingHandler(lazyAdminDependencies());
