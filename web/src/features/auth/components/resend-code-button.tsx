import { toAuthError, type AuthErrorContext } from '../../../lib/auth/auth-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSubmission } from '../../../lib/use-form';

/** "Resend code" for the emailed-code steps (email verification, password reset). */
export function ResendCodeButton({
  email,
  onResend,
  errorContext,
}: {
  readonly email: string;
  readonly onResend: () => Promise<void>;
  /** How a failure is explained (see `toAuthError`). */
  readonly errorContext: AuthErrorContext;
}) {
  const resend = useSubmission();
  return (
    <button
      type="button"
      className="link-button"
      disabled={resend.busy}
      onClick={() =>
        void resend.run(async () => {
          try {
            await onResend();
            notifySuccess(`We sent a new code to ${email}.`);
          } catch (error) {
            notifyError(toAuthError(error, errorContext));
          }
        })
      }
    >
      {resend.busy ? 'Sending…' : 'Resend code'}
    </button>
  );
}
