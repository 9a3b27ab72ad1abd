import { Link, useNavigate } from 'react-router-dom';
import { NewPasswordFields, SubmitButton, TextField } from '../../../components/ui/form-field';
import { PASSWORD_MIN_LENGTH } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useForm } from '../../../lib/use-form';
import { confirmPasswordError, newPasswordError } from '../../../lib/validation';
import { toAuthError } from '../../../lib/auth/auth-errors';
import type { ProfileApi } from '../api/profile-api';

export const PASSWORD_CHANGED_MESSAGE = 'Your password was changed.';

/** Change password: the current password and a new one (at least 8 characters), typed twice. */
export function ChangePasswordForm({ api }: { readonly api: ProfileApi }) {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => ({
      currentPassword: values.currentPassword ? undefined : 'Please enter your current password.',
      newPassword:
        newPasswordError(values.newPassword) ??
        (values.currentPassword && values.newPassword === values.currentPassword
          ? 'Choose a password different from your current one.'
          : undefined),
      confirmPassword: confirmPasswordError(values.newPassword, values.confirmPassword),
    }),
  });

  return (
    <form
      className="form"
      noValidate
      aria-busy={form.busy || undefined}
      onSubmit={form.handleSubmit(async () => {
        try {
          await api.changePassword(form.values.currentPassword, form.values.newPassword);
          notifySuccess(PASSWORD_CHANGED_MESSAGE);
          navigate(paths.profile);
        } catch (error) {
          notifyError(toAuthError(error, 'changePassword'));
        }
      })}
    >
      <TextField label="Current password" binding={form.field('currentPassword')} type="password" autoComplete="current-password" />
      <NewPasswordFields
        newPassword={form.field('newPassword')}
        confirmPassword={form.field('confirmPassword')}
        minLength={PASSWORD_MIN_LENGTH}
      />
      <div className="form__actions">
        <SubmitButton busy={form.busy} busyLabel="Changing password…">
          Change password
        </SubmitButton>
        <Link to={paths.profile} className="button button--secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}
