import { Link, useNavigate } from 'react-router-dom';
import type { User } from '@contracts/user';
import { regExpFullMatch } from '@shared-domain/contact-rules';
import { PROFILE_ROLES, validateProfileInput, type ProfileField } from '@shared-domain/profile-rules';
import { SelectField, SubmitButton, TextField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useForm, type FieldErrors, type SubmitHelpers } from '../../../lib/use-form';
import { toProfileSaveError, type ProfileApi, type ProfileChanges } from '../api/profile-api';

type Values = Readonly<Record<ProfileField, string>>;

export const PROFILE_SAVED_MESSAGE = 'Your profile was saved.';
export const NO_CHANGES_MESSAGE = 'Nothing changed, so there was nothing to save.';

const OPTIONAL_FIELDS: ReadonlySet<ProfileField> = new Set(['phoneNumber', 'profileRole']);

function valuesOf(user: User): Values {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneNumber: user.phoneNumber ?? '',
    companyName: user.companyName ?? '',
    profileRole: user.profileRole ?? '',
  };
}

/**
 * The `updateUser` changes: only the fields whose trimmed value differs from the record. A
 * cleared optional field (phone, role) becomes `null`, which removes it.
 */
export function changedFields(user: User, values: Values): ProfileChanges {
  const before = valuesOf(user);
  const changes: ProfileChanges = {};
  for (const field of Object.keys(before) as ProfileField[]) {
    const value = values[field].trim();
    if (value === before[field].trim()) continue;
    changes[field] = value === '' && OPTIONAL_FIELDS.has(field) ? null : value;
  }
  return changes;
}

/** The shared profile rules, checked on every field (names and company may not be blanked). */
export function validateProfileForm(values: Values): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  for (const { field, message } of validateProfileInput(values, regExpFullMatch, { mode: 'all' })) errors[field] ??= message;
  return errors;
}

/**
 * Edit profile: first and last name, phone, company and role, checked with the rules the
 * server applies; saves only what changed, updates the signed-in user and returns to the profile.
 */
export function EditProfileForm({ user, api }: { readonly user: User; readonly api: ProfileApi }) {
  const { updateDbUser } = useAuth();
  const navigate = useNavigate();
  const form = useForm({ initialValues: valuesOf(user), validate: validateProfileForm });
  // A role stored before the list changed stays selectable, so saving does not silently drop it.
  const roles: readonly string[] =
    user.profileRole && !(PROFILE_ROLES as readonly string[]).includes(user.profileRole)
      ? [...PROFILE_ROLES, user.profileRole]
      : PROFILE_ROLES;

  const save = async (values: Values, { showServerErrors }: SubmitHelpers<ProfileField>) => {
    const changes = changedFields(user, values);
    if (Object.keys(changes).length === 0) {
      notifySuccess(NO_CHANGES_MESSAGE);
      navigate(paths.profile);
      return;
    }
    try {
      const saved = await api.updateUser({ id: user.id, ...changes });
      updateDbUser(saved);
      notifySuccess(PROFILE_SAVED_MESSAGE);
      navigate(paths.profile);
    } catch (thrown) {
      const error = toProfileSaveError(thrown);
      showServerErrors(error.fieldErrors);
      notifyError(error);
    }
  };

  return (
    <form className="form" noValidate aria-busy={form.busy || undefined} onSubmit={form.handleSubmit(save)}>
      <div className="form__row">
        <TextField label="First name" binding={form.field('firstName')} type="text" autoComplete="given-name" />
        <TextField label="Last name" binding={form.field('lastName')} type="text" autoComplete="family-name" />
      </div>
      <TextField
        label="Phone number"
        optional
        binding={form.field('phoneNumber')}
        type="tel"
        autoComplete="tel"
        hint="With the country code, e.g. +1 555 010 0199."
      />
      <TextField label="Company" binding={form.field('companyName')} type="text" autoComplete="organization" />
      <SelectField label="Role" optional binding={form.field('profileRole')} options={roles} placeholder="Not set" />
      <div className="form__actions">
        <SubmitButton busy={form.busy} busyLabel="Saving…">
          Save changes
        </SubmitButton>
        <Link to={paths.profile} className="button button--secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}
