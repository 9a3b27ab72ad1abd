import { NewPasswordFields, SubmitButton } from '../../../components/ui/form-field';
import { PASSWORD_MIN_LENGTH } from '../../../config/constants';
import { useForm } from '../../../lib/use-form';
import { confirmPasswordError, newPasswordError } from '../../../lib/validation';

export interface NewPasswordFieldsProps {
  /** The submit button's text ("Set password", "Reset password"). */
  readonly submitLabel: string;
  readonly busyLabel: string;
  readonly onSubmit: (newPassword: string) => Promise<void>;
}

/** "New password" and "Confirm new password" with the password policy, and a submit button. */
export function NewPasswordForm({ submitLabel, busyLabel, onSubmit }: NewPasswordFieldsProps) {
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: (values) => ({
      newPassword: newPasswordError(values.newPassword),
      confirmPassword: confirmPasswordError(values.newPassword, values.confirmPassword),
    }),
  });
  return (
    <form
      className="form"
      noValidate
      aria-busy={form.busy || undefined}
      onSubmit={form.handleSubmit(() => onSubmit(form.values.newPassword))}
    >
      <NewPasswordFields
        newPassword={form.field('newPassword')}
        confirmPassword={form.field('confirmPassword')}
        minLength={PASSWORD_MIN_LENGTH}
      />
      <div className="form__actions">
        <SubmitButton busy={form.busy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
