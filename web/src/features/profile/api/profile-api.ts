import { USER_FIELDS, type SelfEditableUserField, type User } from '@contracts/user';
import type { ProfileField } from '@shared-domain/profile-rules';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { getUserPoolGraphqlClient, loadAuth } from '../../../lib/amplify';
import { readGraphqlFailure } from '../../../lib/graphql-errors';
import { UserFacingError } from '../../../lib/notify';

/** The self-editable fields a profile update changes (`null` clears an optional field). */
export type ProfileChanges = Partial<Record<SelfEditableUserField, string | null>>;

/** The `updateUser` input: the record's id and only the changed self-editable fields. */
export type UpdateUserInput = { readonly id: string } & ProfileChanges;

/**
 * The profile pages' calls: `updateUser` on AppSync with the user's tokens, and the identity
 * service's password change. Implementations reject with what the service threw; the pages turn
 * that into messages.
 */
export interface ProfileApi {
  /** Saves the changes and resolves the stored record. */
  updateUser(input: UpdateUserInput): Promise<User>;
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
}

export const UPDATE_USER_MUTATION = /* GraphQL */ `
  mutation UpdateUser($input: UpdateUserInput!, $condition: ModelUserConditionInput) {
    updateUser(input: $input, condition: $condition) {
      ${USER_FIELDS.join('\n      ')}
    }
  }
`;

const PROFILE_FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'phoneNumber', 'companyName', 'profileRole'];
export const PROFILE_NETWORK_MESSAGE = 'We could not reach our servers. Check your connection and try again.';
export const PROFILE_SAVE_FAILED_MESSAGE = 'Your profile could not be saved. Please try again in a moment.';
export const PROFILE_INVALID_MESSAGE = 'Please correct the highlighted fields.';

/** Why a profile was not saved; `fieldErrors` holds the server's per-field messages. */
export class ProfileSaveError extends UserFacingError {
  readonly fieldErrors: Partial<Record<ProfileField, string>>;
  constructor(message: string, fieldErrors: Partial<Record<ProfileField, string>> = {}, cause?: unknown) {
    super(message, { cause });
    this.name = 'ProfileSaveError';
    this.fieldErrors = fieldErrors;
  }
}

/** Maps what `updateUser` threw to a {@link ProfileSaveError}. */
export function toProfileSaveError(thrown: unknown): ProfileSaveError {
  if (thrown instanceof ProfileSaveError) return thrown;
  const failure = readGraphqlFailure(thrown);
  if (failure.validation) {
    const fieldErrors: Partial<Record<ProfileField, string>> = {};
    for (const field of PROFILE_FIELDS) {
      const message = failure.validation.fields[field];
      if (message) fieldErrors[field] = message;
    }
    return new ProfileSaveError(failure.validation.message || PROFILE_INVALID_MESSAGE, fieldErrors, thrown);
  }
  if (failure.network) return new ProfileSaveError(PROFILE_NETWORK_MESSAGE, {}, thrown);
  return new ProfileSaveError(PROFILE_SAVE_FAILED_MESSAGE, {}, thrown);
}

interface UpdateUserData {
  updateUser?: User | null;
}

/** The real profile API, Amplify loaded on first use. */
export function createAmplifyProfileApi(config: RuntimeConfig): ProfileApi {
  return {
    async updateUser(input) {
      const client = await getUserPoolGraphqlClient(config);
      const result = (await client.graphql({ query: UPDATE_USER_MUTATION, variables: { input } })) as { data?: UpdateUserData };
      const user = result.data?.updateUser;
      if (!user) throw new Error('updateUser returned no record.');
      return user;
    },
    async changePassword(oldPassword, newPassword) {
      const { updatePassword } = await loadAuth(config);
      await updatePassword({ oldPassword, newPassword });
    },
  };
}
