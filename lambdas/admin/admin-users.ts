import type {
  GetUserRequest,
  GetUserResponse,
  InviteUserRequest,
  InviteUserResponse,
  RemoveUserRequest,
  RemoveUserResponse,
} from '../shared/contracts/admin';
import { withMaskedSecrets } from '../shared/domain/secret-fields';
import { ConflictError, NotFoundError } from '../shared/errors';
import { createLogger, type Logger } from '../shared/logger';
import { newUserRecord } from '../shared/users/new-user-record';
import type { UsersRepository } from '../shared/users/users-repository';
import type { DirectoryUser, UserDirectory } from '../shared/user-directory/user-directory';

/**
 * Admin user management: invite, remove and look up users. The REST handlers
 * (`create-user.ts`, `remove-user.ts`, `get-user.ts`) and the operator CLI (`bin/admin.ts`) call
 * these same functions with already validated input (the schemas of `contracts/admin.ts`).
 */

export interface AdminUsersDependencies {
  readonly directory: UserDirectory;
  readonly users: UsersRepository;
  readonly now?: () => Date;
  readonly logger?: Logger;
}

/** Who asks; the REST handlers pass the signed-in admin, the CLI nobody. */
export interface AdminActor {
  readonly sub: string;
}

const defaultLogger = createLogger({ component: 'admin-users' });

const NO_SUCH_USER = 'No user with this username or email.';

/**
 * Invites a person: creates the Cognito user (Cognito emails the invitation with a temporary
 * password), adds them to the beta group and creates their User record (ACTIVE, SubscriptionTBD).
 * A taken email is a ConflictError. When the group or the record cannot be written, the Cognito
 * user is deleted again, so no half-created user remains.
 */
export async function inviteUser(deps: AdminUsersDependencies, input: InviteUserRequest, actor?: AdminActor): Promise<InviteUserResponse> {
  const logger = deps.logger ?? defaultLogger;
  const now = deps.now?.() ?? new Date();
  // A removed person's record stays (with its subscriptions): only an active one blocks the email.
  const existing = await deps.users.findByEmail(input.email);
  if (existing.some((user) => user.status !== 'REMOVED')) {
    throw new ConflictError('A user with this email address already exists.', { code: 'user_exists' });
  }

  const invited = await deps.directory.inviteUser({
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
  });
  try {
    await deps.directory.addToGroup(invited.username, input.group);
    const record = newUserRecord({
      id: invited.sub,
      email: input.email,
      details: { firstName: input.firstName, lastName: input.lastName, companyName: input.companyName, phoneNumber: input.phoneNumber },
      now,
    });
    const { user } = await deps.users.putIfAbsent(record);
    logger.info('User invited', { username: invited.username, group: input.group, by: actor?.sub });
    return { user: withMaskedSecrets(user), cognito: { username: invited.username, status: invited.status } };
  } catch (error) {
    await deps.directory.deleteUser(invited.username).then(
      () => logger.warn('Invitation rolled back: the Cognito user was deleted again', { username: invited.username }),
      (rollbackError: unknown) =>
        logger.error('Invitation half done: the Cognito user could not be deleted again; delete it by hand', {
          username: invited.username,
          error: rollbackError,
        }),
    );
    throw error;
  }
}

/**
 * Removes a person's access: their record is marked REMOVED (kept, with its subscriptions), then
 * the Cognito user is deleted. In that order, a retry after a failure finishes the job. The email
 * may be invited again later; it then gets a new user and a new record. Unknown: NotFoundError.
 * An admin cannot remove themselves (a ConflictError), so the last admin cannot lock everyone out.
 */
export async function removeUser(deps: AdminUsersDependencies, input: RemoveUserRequest, actor?: AdminActor): Promise<RemoveUserResponse> {
  const logger = deps.logger ?? defaultLogger;
  const found = await deps.directory.getUser(input.username);
  if (!found) throw new NotFoundError(NO_SUCH_USER);
  if (actor && found.sub === actor.sub) throw new ConflictError('You cannot remove your own account.', { code: 'cannot_remove_self' });

  const record = await deps.users.markRemoved(found.sub, deps.now?.() ?? new Date());
  const deleted = await deps.directory.deleteUser(found.username);
  if (!deleted) throw new NotFoundError(NO_SUCH_USER); // removed concurrently by someone else
  logger.info('User removed', { username: found.username, hadRecord: record !== undefined, by: actor?.sub });
  return { username: found.username, removed: true };
}

function cognitoView(user: DirectoryUser): GetUserResponse['cognito'] {
  return {
    username: user.username,
    status: user.status,
    enabled: user.enabled,
    attributes: { ...user.attributes },
    groups: [...user.groups],
    ...(user.createdAt ? { createdAt: user.createdAt } : {}),
    ...(user.updatedAt ? { updatedAt: user.updatedAt } : {}),
  };
}

/**
 * The Cognito user (attributes, status, groups) and their User record (null when there is none),
 * its ATS keys masked: they are write-only secrets, not even an admin reads them back.
 */
export async function getUser(deps: AdminUsersDependencies, input: GetUserRequest): Promise<GetUserResponse> {
  const found = await deps.directory.getUser(input.username);
  if (!found) throw new NotFoundError(NO_SUCH_USER);
  const record = await deps.users.getById(found.sub);
  return { cognito: cognitoView(found), user: record ? withMaskedSecrets(record) : null };
}
