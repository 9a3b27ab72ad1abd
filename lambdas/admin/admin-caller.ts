import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ADMIN_GROUP } from '../shared/domain/groups';
import { ForbiddenError } from '../shared/errors';
import { callerFromEvent } from '../shared/http/caller';
import { createLogger, type Logger } from '../shared/logger';
import type { User } from '../shared/contracts/user';
import type { DirectoryUser, UserDirectory } from '../shared/user-directory/user-directory';
import type { AdminActor } from './admin-users';

/**
 * Who may use the admin routes. A token's `cognito:groups` claim is only what was true when the
 * token was issued, and id and access tokens live an hour: an admin removed or demoted since would
 * keep their rights until it expires. So an admin call needs, at the time of the call, all of:
 *
 * - the token's claim (a caller whose token does not even say Admins is refused at once, with no
 *   lookup; a freshly promoted admin signs in again or lets the web app refresh the token);
 * - their User record, ACTIVE (an admin who was removed has a REMOVED record);
 * - their directory user, existing, enabled, the same person (sub), and in Admins now
 *   (AdminGetUser and AdminListGroupsForUser: a removed admin no longer exists, a demoted one is
 *   no longer a member).
 */

const FORBIDDEN_MESSAGE = 'Only administrators may manage users.';

/** Why a signed-in caller is no admin now; `undefined` when they are. Plain: no AWS, no HTTP. */
export type AdminStandingProblem =
  'not_admin_in_token' | 'no_record' | 'record_not_active' | 'not_in_directory' | 'disabled' | 'another_person' | 'not_admin_now';

/** The rule itself, over what the token says and what the record and the directory say now. */
export function adminStandingProblem(
  caller: { readonly sub: string; readonly isAdmin: boolean },
  record: Pick<User, 'status'> | undefined,
  directoryUser: Pick<DirectoryUser, 'sub' | 'enabled' | 'groups'> | undefined,
): AdminStandingProblem | undefined {
  if (!caller.isAdmin) return 'not_admin_in_token';
  if (!record) return 'no_record';
  if (record.status !== 'ACTIVE') return 'record_not_active';
  if (!directoryUser) return 'not_in_directory';
  if (!directoryUser.enabled) return 'disabled';
  if (directoryUser.sub !== caller.sub) return 'another_person';
  if (!directoryUser.groups.includes(ADMIN_GROUP)) return 'not_admin_now';
  return undefined;
}

export interface AdminCheckDependencies {
  readonly directory: Pick<UserDirectory, 'getUser'>;
  readonly users: { getById(id: string): Promise<Pick<User, 'status'> | undefined> };
  readonly logger?: Logger;
}

const defaultLogger = createLogger({ component: 'admin-caller' });

/** A signed-in caller as the rule needs them: from the REST authorizer's claims or AppSync's identity. */
export interface AdminClaimant {
  readonly sub: string;
  /** The Cognito username (the directory is asked by it). */
  readonly username: string;
  /** The token says Admins. */
  readonly isAdmin: boolean;
}

/**
 * Why the caller is no admin now, or `undefined` when they are: the rule above, over the record
 * and the directory read at this call. A caller whose token does not say Admins is answered with
 * no lookup. A refused claim is logged with its reason (the caller's answer never tells it).
 */
export async function adminStandingNow(caller: AdminClaimant, deps: AdminCheckDependencies): Promise<AdminStandingProblem | undefined> {
  if (!caller.isAdmin) return 'not_admin_in_token';
  const [record, directoryUser] = await Promise.all([deps.users.getById(caller.sub), deps.directory.getUser(caller.username)]);
  const problem = adminStandingProblem(caller, record, directoryUser);
  if (problem) {
    (deps.logger ?? defaultLogger).warn('Admin call refused: the token says Admins, the directory or the record no longer does', {
      sub: caller.sub,
      reason: problem,
    });
  }
  return problem;
}

/**
 * The signed-in admin, checked against the record and the directory now (see above), or a 401 (no
 * verified claims: the route was called without the authorizer) / 403 (not an admin now; the
 * reason is logged, the answer is the same whatever it is).
 */
export async function requireAdmin(event: APIGatewayProxyEvent, deps: AdminCheckDependencies): Promise<AdminActor> {
  const caller = callerFromEvent(event);
  if ((await adminStandingNow(caller, deps)) !== undefined) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  return { sub: caller.sub };
}
