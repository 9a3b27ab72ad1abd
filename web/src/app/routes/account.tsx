import { lazy, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { createRestBillingAccountApi } from '../../features/subscriptions/api/billing-account-api';
import { createRestBillingApi } from '../../features/subscriptions/api/billing-api';
import { createRestSeatsApi } from '../../features/subscriptions/api/seats-api';
import { BillingDetails } from '../../features/subscriptions/components/billing-details';
import { SeatsSection } from '../../features/subscriptions/components/seats-section';
import { SubscriptionPanel } from '../../features/subscriptions/components/subscription-panel';
import { internalReturnPath, requestedSeats } from '../../features/subscriptions/return-to';
import { useSubscriptions } from '../../features/subscriptions/state/subscriptions-context';
import { hasServiceAccess } from '../../features/subscriptions/subscription-access';
import { useSignedInUser } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';
import { useCardEntry } from '../use-card-entry';
import './account.css';

/** The ATS settings: their own chunk, loaded once the page is up (see the module). */
const AtsSettings = lazy(() => import('./account/ats-settings'));

/**
 * The account overview (guarded): who is signed in, and their subscription with its plan, state,
 * trial, next bill and setup fee, and the actions to change plan, cancel or reactivate; for a
 * firm's owners and admins its seats and their change (`?seats=&returnTo=` opens it); their
 * card on file (with its update) and invoices; then their ATS connection and its sync (for
 * subscribers: the ATS routes need a live subscription).
 */
export default function AccountPage() {
  useDocumentTitle('Account');
  const config = useRuntimeConfig();
  const { billing, billingAccount, seats } = usePortOverrides();
  const api = useMemo(() => billing ?? createRestBillingApi(config), [billing, config]);
  const billingAccountApi = useMemo(() => billingAccount ?? createRestBillingAccountApi(config), [billingAccount, config]);
  const seatsApi = useMemo(() => seats ?? createRestSeatsApi(config), [seats, config]);
  // A deep link to a seat change (`?seats=<n>&returnTo=<path>`, from the Team page).
  const [search] = useSearchParams();
  const { cardEntry, testCardTokens } = useCardEntry();
  const user = useSignedInUser();
  const { status, subscriptions, firmAccess } = useSubscriptions();
  // When the subscriptions could not be loaded, the ATS settings ask the server (it answers 403
  // to a user without a live subscription, and the section then shows the same note). A firm's
  // member uses the firm's subscription (`firmAccess`, issue 18), as the gated pages do.
  const subscriptionsKnown = status === 'ready' || status === 'error';
  const subscribed = status === 'error' || hasServiceAccess(subscriptions, firmAccess);
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
        <SeatsSection
          api={seatsApi}
          cardEntry={cardEntry}
          testCardTokens={testCardTokens}
          initialSeats={requestedSeats(search.get('seats'))}
          returnTo={internalReturnPath(search.get('returnTo'))}
        />
        <section className="card account-billing" aria-labelledby="account-billing">
          <h2 id="account-billing">Billing and invoices</h2>
          <BillingDetails api={billingAccountApi} cardEntry={cardEntry} testCardTokens={testCardTokens} cardholderName={name} />
        </section>
        <section className="card account-ats" aria-labelledby="account-ats">
          <h2 id="account-ats">Your ATS</h2>
          {subscriptionsKnown ? (
            <Suspense fallback={<Spinner label="Loading your ATS settings…" />}>
              <AtsSettings subscribed={subscribed} />
            </Suspense>
          ) : (
            <Spinner label="Loading your ATS settings…" />
          )}
        </section>
      </div>
    </div>
  );
}
