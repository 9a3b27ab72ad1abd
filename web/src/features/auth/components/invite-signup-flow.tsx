import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { toAuthError } from '../../../lib/auth/auth-errors';
import { isRegistrationCodeError, signUpRefusal, type InviteSignupApi, type InviteSignupInput } from '../api/invite-signup-api';
import { InviteSignupForm } from './invite-signup-form';
import { VerifyEmailForm } from './verify-email-form';

export const SIGNED_UP_MESSAGE = 'Your account is ready. Please sign in.';

/**
 * Invitation sign-up: the details (the registration code is checked by the identity service's
 * pre-sign-up trigger: a refused code leads to the Unknown Registration Code page), then the
 * emailed verification code, then sign-in with the same password and the usual user lookup. On
 * success the auth state is authenticated and the page leaves for the account page (see the route).
 */
export function InviteSignupFlow({ api }: { readonly api: InviteSignupApi }) {
  const { completeSignIn } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState<(InviteSignupInput & { readonly username: string }) | null>(null);

  /** The account exists and is verified: sign in as after any sign-in. */
  const signIn = async (username: string, password: string) => {
    try {
      const step = await api.signIn(username, password);
      if (step === 'done') {
        if (!(await completeSignIn())) navigate(paths.signIn);
        return;
      }
    } catch (error) {
      notifyError(toAuthError(error, 'signIn'));
      navigate(paths.signIn);
      return;
    }
    notifySuccess(SIGNED_UP_MESSAGE);
    navigate(paths.signIn);
  };

  const submitDetails = async (input: InviteSignupInput) => {
    let registered: { readonly username: string; readonly needsConfirmation: boolean };
    try {
      registered = await api.signUp(input);
    } catch (error) {
      if (isRegistrationCodeError(error)) {
        console.error(error);
        navigate(paths.signInError);
      } else {
        notifyError(signUpRefusal(error) ?? toAuthError(error, 'signUp'));
      }
      return;
    }
    if (registered.needsConfirmation) setPending({ ...input, username: registered.username });
    else await signIn(registered.username, input.password);
  };

  if (!pending) return <InviteSignupForm onSubmit={submitDetails} />;

  return (
    <VerifyEmailForm
      email={pending.username}
      intro="We emailed a 6-digit code to"
      onResend={() => api.resendCode(pending.username)}
      onVerify={async (code) => {
        try {
          await api.confirmSignUp(pending.username, code, pending.registrationCode);
        } catch (error) {
          if (isRegistrationCodeError(error)) {
            console.error(error);
            navigate(paths.signInError);
          } else {
            notifyError(signUpRefusal(error) ?? toAuthError(error, 'confirm'));
          }
          return;
        }
        await signIn(pending.username, pending.password);
      }}
    />
  );
}
