import type { User } from '../contracts/user';
import { ForbiddenError, NotFoundError } from '../errors';
import type { Caller } from '../http/caller';
import type { UsersRepository } from './users-repository';

export const USER_MESSAGES = {
  notFound: 'We could not find your account. Please sign out and in again, or contact support.',
  inactive: 'Your account is no longer active. Please contact support.',
} as const;

/** The caller's own User record, which must exist (else 404) and be ACTIVE (else 403). */
export async function requireActiveUser(users: UsersRepository, caller: Caller): Promise<User> {
  const user = await users.getById(caller.sub);
  if (!user) throw new NotFoundError(USER_MESSAGES.notFound, { code: 'user_not_found' });
  if (user.status !== 'ACTIVE') throw new ForbiddenError(USER_MESSAGES.inactive, { code: 'user_inactive' });
  return user;
}
