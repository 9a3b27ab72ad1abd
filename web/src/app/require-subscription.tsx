import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useSubscriptions } from '../features/subscriptions/state/subscriptions-context';
import { hasServiceAccess } from '../features/subscriptions/subscription-access';

/** What the subscription gate puts in the location state of its redirect to /subscribe. */
export interface SubscribeRedirectState {
  /** The gated page the user wanted (path, query and hash). */
  readonly from: string;
}

/**
 * The subscription gate, a layout route inside the sign-in guard around /services and /support
 * (spec section 2): a centered spinner while the subscriptions load; without a live subscription
 * (active, or canceled but not yet expired) of their own or their firm's (an invited member works
 * on the firm's, issue 18) a redirect to /subscribe that remembers the page.
 * When the subscriptions could not be loaded it says so and offers to try again, rather than
 * sending someone who may well have paid to the plans.
 */
export function RequireSubscription() {
  const { status, subscriptions, firmAccess, error, refresh } = useSubscriptions();
  const { pathname, search, hash } = useLocation();

  if (status === 'idle' || status === 'loading') return <Spinner page label="Loading your subscription…" />;
  if (status === 'error')
    return (
      <div className="container page message-page">
        <div className="card message-page__card">
          <h1>We could not load your subscription</h1>
          <p>{error}</p>
          <div className="message-page__actions">
            <button type="button" className="button button--primary" onClick={() => void refresh()}>
              Try again
            </button>
          </div>
        </div>
      </div>
    );
  if (!hasServiceAccess(subscriptions, firmAccess)) {
    const state: SubscribeRedirectState = { from: `${pathname}${search}${hash}` };
    return <Navigate to={paths.subscribe} replace state={state} />;
  }
  return <Outlet />;
}
