import {
  REGISTRATION_CODE_METADATA_KEY,
  SIGN_UP_ATTRIBUTES,
  signUpErrorKind,
  signUpErrorMessage,
  signUpUserAttributes,
} from '@shared-registration-codes/sign-up-contract';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { loadAuth } from '../../../lib/amplify';
import { describeError } from '../../../lib/auth/auth-errors';
import { UserFacingError } from '../../../lib/errors';
import { signInWithPassword, type SignInStep } from './auth-api';

/**
 * The invitation sign-up's contract with the identity service, in one place. It follows
 * lambdas/shared/registration-codes/sign-up-contract.ts (shared with the Cognito triggers):
 * everything travels as user attributes (email lower-cased, given and family name, optional E.164
 * phone, `custom:companyName`, `custom:registrationCode` upper-cased), so the post-confirmation
 * trigger finds the code and the profile again whenever and wherever the person confirms; the
 * code also goes in `clientMetadata` (it must be the same). The pre-sign-up trigger refuses an
 * unknown, expired or used-up code with `REGISTRATION_CODE_INVALID`, other details with
 * `SIGN_UP_DETAILS_INVALID`.
 */

/** What the sign-up form collects (trimmed). `phoneNumber` is '' when not given. */
export interface InviteSignupInput {
  readonly registrationCode: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly companyName: string;
  readonly phoneNumber: string;
  readonly password: string;
}

export interface InviteSignupApi {
  /**
   * Registers the user. Resolves the user name every later step must use (the email as the
   * identity service stores it) and whether the emailed code must still be entered.
   */
  signUp(input: InviteSignupInput): Promise<{ readonly username: string; readonly needsConfirmation: boolean }>;
  /** Confirms the email with the emailed code. */
  confirmSignUp(username: string, code: string, registrationCode: string): Promise<void>;
  resendCode(username: string): Promise<void>;
  /** Signs the new user in (then the app looks them up like after any sign-in). */
  signIn(username: string, password: string): Promise<SignInStep>;
}

/**
 * Whether the sign-up was refused for its registration code. Cognito wraps the trigger's error:
 * "PreSignUp failed with error REGISTRATION_CODE_INVALID: …".
 */
export function isRegistrationCodeError(error: unknown): boolean {
  return signUpErrorKind(describeError(error).message) === 'registration_code_invalid';
}

/**
 * A trigger's refusal (details the server refuses, or a failure on its side) as a message for
 * people; `undefined` for errors the triggers did not raise.
 */
export function signUpRefusal(error: unknown): UserFacingError | undefined {
  const { message } = describeError(error);
  if (!signUpErrorKind(message)) return undefined;
  return new UserFacingError(signUpErrorMessage(message) ?? 'We could not complete your sign-up. Please try again.', {
    cause: error,
  });
}

/** The contract on Cognito through Amplify (loaded on first use). */
export function createAmplifyInviteSignupApi(config: RuntimeConfig): InviteSignupApi {
  return {
    async signUp({ registrationCode, firstName, lastName, email, companyName, phoneNumber, password }) {
      const { signUp } = await loadAuth(config);
      const userAttributes = signUpUserAttributes({ email, firstName, lastName, companyName, phoneNumber, registrationCode });
      const username = userAttributes[SIGN_UP_ATTRIBUTES.email];
      const result = await signUp({
        username,
        password,
        options: {
          userAttributes,
          clientMetadata: { [REGISTRATION_CODE_METADATA_KEY]: userAttributes[SIGN_UP_ATTRIBUTES.registrationCode] },
        },
      });
      return { username, needsConfirmation: result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
    },
    async confirmSignUp(username, code, registrationCode) {
      const { confirmSignUp } = await loadAuth(config);
      await confirmSignUp({
        username,
        confirmationCode: code,
        options: { clientMetadata: { [REGISTRATION_CODE_METADATA_KEY]: registrationCode.trim().toUpperCase() } },
      });
    },
    async resendCode(username) {
      const { resendSignUpCode } = await loadAuth(config);
      await resendSignUpCode({ username });
    },
    signIn: (username, password) => signInWithPassword(config, username, password),
  };
}
