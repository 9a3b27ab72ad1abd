import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { SubmitButton, TextField } from '../../../components/ui/form-field';
import { StepHeading } from '../../../components/ui/step-heading';
import { useForm } from '../../../lib/use-form';
import { emailError } from '../../../lib/validation';

export interface SignInValues {
  readonly email: string;
  readonly password: string;
}

export interface SignInFormProps {
  /** Prefills the email (coming back from another step). */
  readonly email: string;
  /** Why the visitor is here ("sign in to continue"). */
  readonly notice?: string;
  /** Whether this form replaced another step (focus moves to its heading). */
  readonly focusHeading: boolean;
  readonly onSubmit: (values: SignInValues) => Promise<void>;
  readonly onForgotPassword: (email: string) => void;
}

/** Email and password, checked inline; the sign-in flow handles what the service answers. */
export function SignInForm({ email, notice, focusHeading, onSubmit, onForgotPassword }: SignInFormProps) {
  const form = useForm({
    initialValues: { email, password: '' },
    validate: (values) => ({
      email: emailError(values.email),
      password: values.password ? undefined : 'Please enter your password.',
    }),
  });

  return (
    <>
      <StepHeading focus={focusHeading}>Sign in</StepHeading>
      {notice ? <p className="auth-card__notice">{notice}</p> : null}
      <form
        className="form"
        noValidate
        aria-busy={form.busy || undefined}
        onSubmit={form.handleSubmit(() => onSubmit({ email: form.values.email.trim(), password: form.values.password }))}
      >
        <TextField label="Email" binding={form.field('email')} type="email" autoComplete="username" inputMode="email" />
        <TextField label="Password" binding={form.field('password')} type="password" autoComplete="current-password" />
        <div className="form__actions">
          <SubmitButton busy={form.busy} busyLabel="Signing in…">
            Sign in
          </SubmitButton>
          <button type="button" className="link-button" onClick={() => onForgotPassword(form.values.email.trim())}>
            Forgot password?
          </button>
        </div>
      </form>
      <p className="auth-card__aside">
        Invited to the beta? <Link to={paths.inviteSignup}>Create your account with your registration code</Link>.
      </p>
    </>
  );
}
