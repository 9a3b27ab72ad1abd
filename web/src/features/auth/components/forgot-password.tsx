import { NewPasswordFields, SubmitButton, TextField } from '../../../components/ui/form-field';
import { StepHeading } from '../../../components/ui/step-heading';
import { PASSWORD_MIN_LENGTH } from '../../../config/constants';
import { useForm } from '../../../lib/use-form';
import { confirmPasswordError, emailError, newPasswordError, normalizeCode, verificationCodeError } from '../../../lib/validation';
import { ResendCodeButton } from './resend-code-button';
import { VerificationCodeField } from './verification-code-field';

/** Forgot password, step 1: the email address to send the reset code to. */
export function RequestResetForm({
  email,
  onSend,
  onCancel,
}: {
  readonly email: string;
  readonly onSend: (email: string) => Promise<void>;
  readonly onCancel: () => void;
}) {
  const form = useForm({ initialValues: { email }, validate: (values) => ({ email: emailError(values.email) }) });
  return (
    <>
      <StepHeading>Reset your password</StepHeading>
      <p className="auth-card__notice">Enter your email address and we will send you a code to choose a new password.</p>
      <form
        className="form"
        noValidate
        aria-busy={form.busy || undefined}
        onSubmit={form.handleSubmit(() => onSend(form.values.email.trim()))}
      >
        <TextField label="Email" binding={form.field('email')} type="email" autoComplete="username" inputMode="email" />
        <div className="form__actions">
          <SubmitButton busy={form.busy} busyLabel="Sending…">
            Send code
          </SubmitButton>
          <button type="button" className="link-button" onClick={onCancel}>
            Back to sign in
          </button>
        </div>
      </form>
    </>
  );
}

export interface ResetPasswordValues {
  readonly code: string;
  readonly newPassword: string;
}

/** Forgot password, step 2: the emailed code and the new password. */
export function ResetPasswordForm({
  email,
  intro,
  onReset,
  onResend,
  onCancel,
}: {
  readonly email: string;
  readonly intro: string;
  readonly onReset: (values: ResetPasswordValues) => Promise<void>;
  readonly onResend: () => Promise<void>;
  readonly onCancel: () => void;
}) {
  const form = useForm({
    initialValues: { code: '', newPassword: '', confirmPassword: '' },
    validate: (values) => ({
      code: verificationCodeError(values.code),
      newPassword: newPasswordError(values.newPassword),
      confirmPassword: confirmPasswordError(values.newPassword, values.confirmPassword),
    }),
  });
  return (
    <>
      <StepHeading>Choose a new password</StepHeading>
      <p className="auth-card__notice">
        {intro} <strong className="auth-card__email">{email}</strong>
      </p>
      <form
        className="form"
        noValidate
        aria-busy={form.busy || undefined}
        onSubmit={form.handleSubmit(() => onReset({ code: normalizeCode(form.values.code), newPassword: form.values.newPassword }))}
      >
        <VerificationCodeField binding={form.field('code')} hint="The 6-digit code from the email." />
        <NewPasswordFields
          newPassword={form.field('newPassword')}
          confirmPassword={form.field('confirmPassword')}
          minLength={PASSWORD_MIN_LENGTH}
        />
        <div className="form__actions">
          <SubmitButton busy={form.busy} busyLabel="Saving…">
            Reset password
          </SubmitButton>
          <ResendCodeButton email={email} onResend={onResend} errorContext="resetRequest" />
          <button type="button" className="link-button" onClick={onCancel}>
            Back to sign in
          </button>
        </div>
      </form>
    </>
  );
}
