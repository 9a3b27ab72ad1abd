import { isBetaCustomerGroup } from '../shared/domain/groups';
import { RegistrationCodeError, resolveRegistrationCode } from '../shared/registration-codes/registration-code-rules';
import type { RegistrationCodesRepository } from '../shared/registration-codes/registration-codes-repository';
import { REGISTRATION_CODE_METADATA_KEY, SIGN_UP_ATTRIBUTES } from '../shared/registration-codes/sign-up-contract';
import { newUserRecord } from '../shared/users/new-user-record';
import type { UsersRepository } from '../shared/users/users-repository';
import type { UserDirectory } from '../shared/user-directory/user-directory';
import { signUpPersonDetails } from './sign-up-errors';

/**
 * The post-confirmation rule: once a person confirmed their email, their registration code's use
 * is counted, their User record is created and they join the code's beta group. Every step is
 * idempotent, so a retried trigger (Cognito retries on time-outs) changes nothing twice:
 *
 * 1. count the use, at most once per person (the code keeps the counted subs) and only while
 *    `uses < maxUses`: of two people racing for a code's last use, exactly one is counted and the
 *    other is refused (REGISTRATION_CODE_INVALID) before any record exists;
 * 2. create the record only if absent (`attribute_not_exists(id)`);
 * 3. add to the group (Cognito ignores a repeated add), and only ever to a beta customer group:
 *    a code naming any other group (Admins above all) is refused before the record or the
 *    membership is written.
 *    IAM cannot say this (Cognito has no group-level resource or condition key), so this check is
 *    the only guard against a tampered code item making someone an admin.
 */

/** A registration code whose group is not a beta customer group: nobody is added to it. */
export class NotBetaGroupError extends Error {
  override readonly name = 'NotBetaGroupError';

  constructor(group: unknown) {
    super(`The post-confirmation trigger adds people only to the beta customer groups, not to ${JSON.stringify(group)}.`);
  }
}

export interface ConfirmedSignUp {
  /** `userName` of the event: the Cognito username (the sub, with email sign-in). */
  readonly username: string;
  readonly userAttributes: Readonly<Record<string, string | undefined>>;
  readonly clientMetadata?: Readonly<Record<string, string | undefined>>;
}

export interface CompleteRegistrationDependencies {
  readonly codes: RegistrationCodesRepository;
  readonly users: UsersRepository;
  /** The pool the event came from. */
  readonly directory: Pick<UserDirectory, 'addToGroup'>;
  readonly now?: () => Date;
}

export type RegistrationOutcome =
  /** Counted, recorded and grouped now. */
  | { readonly kind: 'registered'; readonly userId: string; readonly group: string }
  /** A retry: the use was counted before; the missing steps (if any) were completed. */
  | { readonly kind: 'already_registered'; readonly userId: string; readonly group: string }
  /** A user an admin invited (no code; the admin call created the record and the membership). */
  | { readonly kind: 'invited_user'; readonly userId: string };

export async function completeRegistration(
  deps: CompleteRegistrationDependencies,
  confirmed: ConfirmedSignUp,
): Promise<RegistrationOutcome> {
  const attributes = confirmed.userAttributes;
  const userId = attributes.sub;
  const email = attributes[SIGN_UP_ATTRIBUTES.email];
  if (!userId || !email) throw new Error('The confirmed user has no sub or email attribute.');

  const code = resolveRegistrationCode([
    attributes[SIGN_UP_ATTRIBUTES.registrationCode],
    confirmed.clientMetadata?.[REGISTRATION_CODE_METADATA_KEY],
  ]);
  if (!code) {
    // Admin-invited users confirm by choosing a new password; their record exists already.
    if (await deps.users.getById(userId)) return { kind: 'invited_user', userId };
    throw new RegistrationCodeError('missing');
  }

  const details = signUpPersonDetails(attributes);

  const now = deps.now?.() ?? new Date();
  const { record: registrationCode, counted } = await deps.codes.countUse(code, userId, now);
  if (!isBetaCustomerGroup(registrationCode.group)) throw new NotBetaGroupError(registrationCode.group);
  await deps.users.putIfAbsent(newUserRecord({ id: userId, email, details, now }));
  await deps.directory.addToGroup(confirmed.username, registrationCode.group);
  return { kind: counted ? 'registered' : 'already_registered', userId, group: registrationCode.group };
}
