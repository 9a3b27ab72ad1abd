import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { createRestBillingApi } from '../../features/subscriptions/api/billing-api';
import { SubscriptionPanel } from '../../features/subscriptions/components/subscription-panel';
import { useSignedInUser } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';
import './account.css';

/**
 * The account overview (guarded): who is signed in, and their subscription with its plan, state,
 * trial, next bill and setup fee, and the actions to change plan, cancel or reactivate.
 */
export default function AccountPage() {
  useDocumentTitle('Account');
  const config = useRuntimeConfig();
  const { billing } = usePortOverrides();
  const api = useMemo(() => billing ?? createRestBillingApi(config), [billing, config]);
  const user = useSignedInUser();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Account</p>
        <h1>Your account</h1>
      </div>
      <div className="account-grid">
        <section className="card" aria-labelledby="account-you">
          <h2 id="account-you">{name}</h2>
          <dl className="account-facts">
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Company</dt>
            <dd>{user.companyName}</dd>
          </dl>
          <Link to={paths.profile}>View and edit your profile</Link>
        </section>
        <section className="card account-subscription" aria-labelledby="account-subscription">
          <h2 id="account-subscription">Your subscription</h2>
          <SubscriptionPanel api={api} />
        </section>
      </div>
    </div>
  );
}
