import { Link } from 'react-router-dom';
import { SUBSCRIPTION_TBD } from '../../../../lambdas/shared/contracts/user';
import { paths } from '../../config/paths';
import { useSignedInUser } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import './account.css';

/**
 * The account overview (guarded): who is signed in and whether they have subscribed. The
 * subscription issue adds the subscription's details here.
 */
export default function AccountPage() {
  useDocumentTitle('Account');
  const user = useSignedInUser();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const subscribed = Boolean(user.subscriptionId) && user.subscriptionId !== SUBSCRIPTION_TBD;
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
        <section className="card" aria-labelledby="account-subscription">
          <h2 id="account-subscription">Subscription</h2>
          {subscribed ? (
            <>
              <p>Subscription: active on your account.</p>
              <Link to={paths.services}>See your services</Link>
            </>
          ) : (
            <>
              <p>Subscription: not subscribed yet.</p>
              <Link to={paths.subscribe} className="button button--primary">
                Choose a plan
              </Link>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
