import { useState } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { AuthApi, SignInStep } from '../api/auth-api';
import { toAuthError } from '../../../lib/auth/auth-errors';
import { RequestResetForm, ResetPasswordForm } from './forgot-password';
import { NewPasswordForm } from './new-password-form';
import { SignInForm, type SignInValues } from './sign-in-form';
import { StepHeading } from '../../../components/ui/step-heading';
import { VerifyEmailForm } from './verify-email-form';

type Step =
  | { readonly name: 'signIn'; readonly moved: boolean }
  | { readonly name: 'newPassword' }
  | { readonly name: 'verifyEmail'; readonly password: string }
  | { readonly name: 'requestReset' }
  | { readonly name: 'reset'; readonly intro: string };

export const PASSWORD_RESET_MESSAGE = 'Your password was reset. Sign in with your new password.';

export interface SignInFlowProps {
  readonly api: AuthApi;
  /** Shown above the sign-in form (e.g. why a guarded page sent the visitor here). */
  readonly notice?: string;
}

/**
 * The sign-in page's steps: email and password; then, as the identity service asks, a new
 * password (an invited user's temporary password), the email verification code (an unverified
 * sign-up), or a password reset; and "Forgot password?". When the identity service has signed
 * the user in, the auth state looks them up; the page then leaves (see the route).
 */
export function SignInFlow({ api, notice }: SignInFlowProps) {
  const { completeSignIn } = useAuth();
  const [step, setStep] = useState<Step>({ name: 'signIn', moved: false });
  const [email, setEmail] = useState('');
  const backToSignIn = () => setStep({ name: 'signIn', moved: true });

  /** Follows the identity service's answer to a sign-in. */
  const advance = async (next: SignInStep, password: string, signInEmail: string) => {
    switch (next) {
      case 'done':
        if (!(await completeSignIn())) backToSignIn();
        return;
      case 'newPasswordRequired':
        setStep({ name: 'newPassword' });
        return;
      case 'confirmSignUp':
        setStep({ name: 'verifyEmail', password });
        return;
      case 'resetPassword':
        await api.requestPasswordReset(signInEmail);
        setStep({ name: 'reset', intro: 'Your password must be reset before you can sign in. We emailed a code to' });
        return;
    }
  };

  const signIn = async ({ email: signInEmail, password }: SignInValues) => {
    setEmail(signInEmail);
    try {
      await advance(await api.signIn(signInEmail, password), password, signInEmail);
    } catch (error) {
      notifyError(toAuthError(error, 'signIn'));
    }
  };

  switch (step.name) {
    case 'signIn':
      return (
        <SignInForm
          email={email}
          notice={notice}
          focusHeading={step.moved}
          onSubmit={signIn}
          onForgotPassword={(typed) => {
            setEmail(typed);
            setStep({ name: 'requestReset' });
          }}
        />
      );

    case 'newPassword':
      return (
        <>
          <StepHeading>Choose a new password</StepHeading>
          <p className="auth-card__notice">
            You signed in with a temporary password. Choose your own password to finish setting up your account.
          </p>
          <NewPasswordForm
            submitLabel="Set password"
            busyLabel="Saving…"
            onSubmit={async (newPassword) => {
              try {
                await advance(await api.confirmNewPassword(newPassword), newPassword, email);
              } catch (error) {
                const message = toAuthError(error, 'newPassword');
                notifyError(message);
                if ((error as { name?: unknown } | null)?.name === 'NotAuthorizedException') backToSignIn();
              }
            }}
          />
        </>
      );

    case 'verifyEmail':
      return (
        <VerifyEmailForm
          email={email}
          intro="Your email address is not verified yet. Enter the code we emailed to"
          onResend={() => api.resendSignUpCode(email)}
          onVerify={async (code) => {
            try {
              await api.confirmSignUp(email, code);
              notifySuccess('Your email address is verified.');
              await advance(await api.signIn(email, step.password), step.password, email);
            } catch (error) {
              notifyError(toAuthError(error, 'confirm'));
            }
          }}
        />
      );

    case 'requestReset':
      return (
        <RequestResetForm
          email={email}
          onCancel={backToSignIn}
          onSend={async (resetEmail) => {
            setEmail(resetEmail);
            try {
              await api.requestPasswordReset(resetEmail);
              setStep({ name: 'reset', intro: 'We emailed a code to' });
            } catch (error) {
              notifyError(toAuthError(error, 'resetRequest'));
            }
          }}
        />
      );

    case 'reset':
      return (
        <ResetPasswordForm
          email={email}
          intro={step.intro}
          onCancel={backToSignIn}
          onResend={() => api.requestPasswordReset(email)}
          onReset={async ({ code, newPassword }) => {
            try {
              await api.confirmPasswordReset(email, code, newPassword);
              notifySuccess(PASSWORD_RESET_MESSAGE);
              backToSignIn();
            } catch (error) {
              notifyError(toAuthError(error, 'resetConfirm'));
            }
          }}
        />
      );
  }
}
