import { useMemo } from 'react';
import { useRuntimeConfig } from '../../config/config-context';
import { createAmplifyProfileApi } from '../../features/profile/api/profile-api';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import '../../features/profile/components/profile.css';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';

/** Change password (guarded): through the identity service. */
export default function ChangePasswordPage() {
  useDocumentTitle('Change password');
  const config = useRuntimeConfig();
  const { profile } = usePortOverrides();
  const api = useMemo(() => profile ?? createAmplifyProfileApi(config), [profile, config]);
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Your account</p>
        <h1>Change password</h1>
      </div>
      <section className="card profile-card">
        <ChangePasswordForm api={api} />
      </section>
    </div>
  );
}
