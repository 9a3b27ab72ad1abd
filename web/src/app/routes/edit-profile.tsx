import { useMemo } from 'react';
import { useRuntimeConfig } from '../../config/config-context';
import { createAmplifyProfileApi } from '../../features/profile/api/profile-api';
import { EditProfileForm } from '../../features/profile/components/edit-profile-form';
import '../../features/profile/components/profile.css';
import { useSignedInUser } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';

/** Edit profile (guarded): saved through `updateUser`. */
export default function EditProfilePage() {
  useDocumentTitle('Edit profile');
  const config = useRuntimeConfig();
  const { profile } = usePortOverrides();
  const api = useMemo(() => profile ?? createAmplifyProfileApi(config), [profile, config]);
  const user = useSignedInUser();
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Your account</p>
        <h1>Edit profile</h1>
        <p className="page__lead">Your email address is your sign-in name and cannot be changed here.</p>
      </div>
      <section className="card profile-card">
        <EditProfileForm user={user} api={api} />
      </section>
    </div>
  );
}
