import { SubmitButton } from '../../../components/ui/form-field';
import { StepHeading } from '../../../components/ui/step-heading';
import { useForm } from '../../../lib/use-form';
import { normalizeCode, verificationCodeError } from '../../../lib/validation';
import { ResendCodeButton } from './resend-code-button';
import { VerificationCodeField } from './verification-code-field';

export interface VerifyEmailFormProps {
  readonly email: string;
  /** Text above the field: where the code was sent and why. */
  readonly intro: string;
  /** Confirms the code (digits only) and reports any failure itself. */
  readonly onVerify: (code: string) => Promise<void>;
  readonly onResend: () => Promise<void>;
}

/** "Verify your email": the emailed 6-digit code, with "Resend code". */
export function VerifyEmailForm({ email, intro, onVerify, onResend }: VerifyEmailFormProps) {
  const form = useForm({
    initialValues: { code: '' },
    validate: (values) => ({ code: verificationCodeError(values.code) }),
  });

  return (
    <>
      <StepHeading>Verify your email</StepHeading>
      <p className="auth-card__notice">
        {intro} <strong className="auth-card__email">{email}</strong>
      </p>
      <form
        className="form"
        noValidate
        aria-busy={form.busy || undefined}
        onSubmit={form.handleSubmit(() => onVerify(normalizeCode(form.values.code)))}
      >
        <VerificationCodeField
          binding={form.field('code')}
          hint="The 6-digit code from the email. It can take a minute to arrive; check your spam folder too."
        />
        <div className="form__actions">
          <SubmitButton busy={form.busy} busyLabel="Verifying…">
            Verify email
          </SubmitButton>
          <ResendCodeButton email={email} onResend={onResend} errorContext="resend" />
        </div>
      </form>
    </>
  );
}
