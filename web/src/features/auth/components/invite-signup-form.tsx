import { Link } from 'react-router-dom';
import { checkPersonDetails } from '@shared-users/person-details';
import { SubmitButton, TextField } from '../../../components/ui/form-field';
import { StepHeading } from '../../../components/ui/step-heading';
import { PASSWORD_MIN_LENGTH } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { useForm, type FieldErrors } from '../../../lib/use-form';
import { emailError, newPasswordError } from '../../../lib/validation';
import type { InviteSignupInput } from '../api/invite-signup-api';

type Field = 'registrationCode' | 'firstName' | 'lastName' | 'email' | 'companyName' | 'phoneNumber' | 'password';
type Values = Readonly<Record<Field, string>>;

export const REGISTRATION_CODE_MAX_LENGTH = 64;

const EMPTY: Values = {
  registrationCode: '',
  firstName: '',
  lastName: '',
  email: '',
  companyName: '',
  phoneNumber: '',
  password: '',
};

/**
 * The sign-up rules: the person's details as the pre-sign-up trigger checks them (the shared
 * profile rules, all required but the phone, which needs its country code), email, password and
 * the code's presence (whether a code admits anyone is the server's call).
 */
export function validateInviteSignup(values: Values): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const code = values.registrationCode.trim();
  if (!code) errors.registrationCode = 'Please enter your registration code.';
  else if (code.length > REGISTRATION_CODE_MAX_LENGTH)
    errors.registrationCode = `A registration code is at most ${REGISTRATION_CODE_MAX_LENGTH} characters.`;
  const details = checkPersonDetails({
    firstName: values.firstName,
    lastName: values.lastName,
    companyName: values.companyName,
    phoneNumber: values.phoneNumber,
  });
  if (!details.ok) Object.assign(errors, details.errors);
  errors.email = emailError(values.email);
  errors.password = newPasswordError(values.password);
  return errors;
}

function toInput(values: Values): InviteSignupInput {
  return {
    registrationCode: values.registrationCode.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    companyName: values.companyName.trim(),
    phoneNumber: values.phoneNumber.trim(),
    password: values.password,
  };
}

/** Invitation sign-up, step 1: the registration code and the person's details. */
export function InviteSignupForm({ onSubmit }: { readonly onSubmit: (input: InviteSignupInput) => Promise<void> }) {
  const form = useForm({ initialValues: EMPTY, validate: validateInviteSignup });
  return (
    <>
      <StepHeading focus={false}>Create your account</StepHeading>
      <p className="auth-card__notice">
        Enter the registration code from your invitation and your details. We will email you a code to verify your address.
      </p>
      <form
        className="form"
        noValidate
        aria-busy={form.busy || undefined}
        onSubmit={form.handleSubmit(() => onSubmit(toInput(form.values)))}
      >
        <TextField
          label="Registration code"
          binding={form.field('registrationCode')}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <div className="form__row">
          <TextField label="First name" binding={form.field('firstName')} type="text" autoComplete="given-name" />
          <TextField label="Last name" binding={form.field('lastName')} type="text" autoComplete="family-name" />
        </div>
        <TextField label="Email" binding={form.field('email')} type="email" autoComplete="email" inputMode="email" />
        <TextField label="Company" binding={form.field('companyName')} type="text" autoComplete="organization" />
        <TextField
          label="Phone number"
          optional
          binding={form.field('phoneNumber')}
          type="tel"
          autoComplete="tel"
          hint="With the country code, e.g. +1 555 010 0199."
        />
        <TextField
          label="Password"
          binding={form.field('password')}
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <div className="form__actions">
          <SubmitButton busy={form.busy} busyLabel="Creating account…">
            Create account
          </SubmitButton>
        </div>
      </form>
      <p className="auth-card__aside">
        Already have an account? <Link to={paths.signIn}>Sign in</Link>.
      </p>
    </>
  );
}
