import { TextField } from '../../../components/ui/form-field';
import type { FieldBinding } from '../../../lib/use-form';

/** The 6-digit code Cognito emails (email verification, password reset). */
export function VerificationCodeField<F extends string>({ binding, hint }: { readonly binding: FieldBinding<F>; readonly hint: string }) {
  return <TextField label="Verification code" binding={binding} type="text" inputMode="numeric" autoComplete="one-time-code" hint={hint} />;
}
