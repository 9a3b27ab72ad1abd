import type { RuntimeConfig } from '../../../config/runtime-config';
import { loadAuth, signInFlowOptions, type AmplifyAuth } from '../../../lib/amplify';
import { describeError } from '../../../lib/auth/auth-errors';

/** Where a sign-in attempt stands. */
export type SignInStep =
  /** Signed in with the identity service (the app then looks the user up). */
  | 'done'
  /** An invited user's first sign-in with a temporary password: choose a new one. */
  | 'newPasswordRequired'
  /** The email was never verified: enter the emailed code, then sign in again. */
  | 'confirmSignUp'
  /** An administrator reset the password: use the forgot-password flow. */
  | 'resetPassword';

/**
 * The identity-service calls of the sign-in page. Implementations reject with whatever the
 * service threw; the page turns that into a message with `toAuthError`.
 */
export interface AuthApi {
  signIn(email: string, password: string): Promise<SignInStep>;
  /** Answers the new-password challenge of the sign-in in progress. */
  confirmNewPassword(newPassword: string): Promise<SignInStep>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  /** Emails a password-reset code. */
  requestPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void>;
}

type SignInOutput = Awaited<ReturnType<AmplifyAuth['signIn']>>;

function toStep({ isSignedIn, nextStep }: SignInOutput): SignInStep {
  if (isSignedIn || nextStep.signInStep === 'DONE') return 'done';
  switch (nextStep.signInStep) {
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return 'newPasswordRequired';
    case 'CONFIRM_SIGN_UP':
      return 'confirmSignUp';
    case 'RESET_PASSWORD':
      return 'resetPassword';
    default:
      // Multi-factor and custom challenges are off in this product's user pool.
      throw new Error(`Unsupported sign-in step ${nextStep.signInStep}.`);
  }
}

/**
 * Signs in with email and password: USER_PASSWORD_AUTH against cognito-local, SRP in AWS. A
 * session left over in this browser (Amplify refuses to sign in over it) is ended first.
 */
export async function signInWithPassword(config: RuntimeConfig, email: string, password: string): Promise<SignInStep> {
  const auth = await loadAuth(config);
  const attempt = () => auth.signIn({ username: email, password, options: signInFlowOptions(config) });
  try {
    return toStep(await attempt());
  } catch (error) {
    if (describeError(error).name !== 'UserAlreadyAuthenticatedException') throw error;
    await auth.signOut();
    return toStep(await attempt());
  }
}

/** The sign-in page's calls on Cognito through Amplify (loaded on first use). */
export function createAmplifyAuthApi(config: RuntimeConfig): AuthApi {
  return {
    signIn: (email, password) => signInWithPassword(config, email, password),
    async confirmNewPassword(newPassword) {
      const { confirmSignIn } = await loadAuth(config);
      return toStep(await confirmSignIn({ challengeResponse: newPassword }));
    },
    async confirmSignUp(email, code) {
      const { confirmSignUp } = await loadAuth(config);
      await confirmSignUp({ username: email, confirmationCode: code });
    },
    async resendSignUpCode(email) {
      const { resendSignUpCode } = await loadAuth(config);
      await resendSignUpCode({ username: email });
    },
    async requestPasswordReset(email) {
      const { resetPassword } = await loadAuth(config);
      await resetPassword({ username: email });
    },
    async confirmPasswordReset(email, code, newPassword) {
      const { confirmResetPassword } = await loadAuth(config);
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
    },
  };
}
