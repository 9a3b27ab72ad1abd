import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SubscriptionView } from '@contracts/subscriptions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useRuntimeConfig } from '../../../config/config-context';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSubmission } from '../../../lib/use-form';
import type { BillingApi } from '../api/billing-api';
import { formatAmount, formatDate } from '../format';
import { planLabel } from '../plans';
import { monthlyPriceText, recurringTotal } from '../seats';
import { useSubscriptions } from '../state/subscriptions-context';
import { accessEndsAt, canReactivate, currentSubscription, nextBillAt, subscriptionStateLabel } from '../subscription-status';
import { isLiveSubscription } from '../subscription-access';
import './subscriptions.css';

/** The facts of a subscription, as term/description pairs. */
function subscriptionFacts(subscription: SubscriptionView, plan: string, now: Date): [string, string][] {
  const facts: [string, string][] = [
    ['Plan', plan],
    ['Status', subscriptionStateLabel(subscription, now)],
    ['Price', monthlyPriceText(subscription)],
  ];
  if (subscription.trialEndsAt) {
    const ended = Date.parse(subscription.trialEndsAt) <= now.getTime();
    facts.push([ended ? 'Free trial ended' : 'Free trial ends', formatDate(subscription.trialEndsAt)]);
  }
  const nextBill = nextBillAt(subscription);
  // Every seat is billed: the price per seat times the seats (Recurly's quantity).
  const billed = formatAmount(recurringTotal(subscription, subscription.quantity), subscription.currency);
  if (nextBill) facts.push(['Next bill', `${formatDate(nextBill)}: ${billed}`]);
  // Charged on the subscription's first invoice, at sign-up (even during the trial).
  if (subscription.setupFee > 0)
    facts.push(['Setup fee paid', `${formatAmount(subscription.setupFee, subscription.currency)}, one-time, on your first invoice`]);
  return facts;
}

/**
 * The account page's subscription: plan, state, trial end, next bill, setup fee and payment
 * method, with Change plan, Cancel subscription (at the end of the period, after a confirmation)
 * and Reactivate subscription. Each action shows progress, reports the result as a toast and
 * updates the shared subscriptions state.
 */
export function SubscriptionPanel({ api }: { readonly api: Pick<BillingApi, 'cancel' | 'reactivate'> }) {
  const { planCodeSuffix } = useRuntimeConfig();
  const { status, subscriptions, account, error, refresh, applySubscription } = useSubscriptions();
  const [confirming, setConfirming] = useState(false);
  // The action whose button takes focus next: the one that replaced the button just used.
  const [focusNext, setFocusNext] = useState<'cancel' | 'reactivate' | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  const cancelling = useSubmission();
  const reactivating = useSubmission();
  const now = new Date();

  useEffect(() => {
    if (!focusNext) return;
    const button = actions.current?.querySelector<HTMLButtonElement>(`[data-action="${focusNext}"]`);
    if (!button) return;
    button.focus();
    setFocusNext(null);
  }, [focusNext, subscriptions]);

  if (status === 'idle' || status === 'loading') return <Spinner label="Loading your subscription…" />;
  if (status === 'error')
    return (
      <div className="notice notice--error">
        <p>We could not load your subscription. {error}</p>
        <button type="button" className="button button--secondary" onClick={() => void refresh()}>
          Try again
        </button>
      </div>
    );

  const subscription = currentSubscription(subscriptions, now);
  if (!subscription)
    return (
      <>
        <p>You have not subscribed yet. Every plan starts with two weeks free.</p>
        <Link to={paths.subscribe} className="button button--primary">
          Choose a plan
        </Link>
      </>
    );

  const plan = planLabel(subscription.planCode, subscription.planName, planCodeSuffix);
  const live = isLiveSubscription(subscription, now);

  const cancel = () =>
    cancelling.run(async () => {
      try {
        const { subscription: canceled } = await api.cancel(subscription.id);
        applySubscription(canceled);
        setConfirming(false);
        setFocusNext('reactivate');
        const end = accessEndsAt(canceled);
        notifySuccess(`Your subscription is canceled.${end ? ` You keep access until ${formatDate(end)}.` : ''}`);
        void refresh();
      } catch (thrown) {
        notifyError(thrown);
      }
    });

  const reactivate = () =>
    reactivating.run(async () => {
      try {
        const { subscription: reactivated } = await api.reactivate(subscription.id);
        applySubscription(reactivated);
        setFocusNext('cancel');
        notifySuccess('Your subscription is active again.');
        void refresh();
      } catch (thrown) {
        notifyError(thrown);
      }
    });

  const end = accessEndsAt(subscription);
  return (
    <>
      <dl className="facts">
        {subscriptionFacts(subscription, plan, now).map(([term, description]) => (
          <div key={term} className="facts__row">
            <dt>{term}</dt>
            <dd>{description}</dd>
          </div>
        ))}
        {account ? (
          <div className="facts__row">
            <dt>Payment method</dt>
            <dd>{account.hasBillingInfo ? 'Card on file' : 'None on file'}</dd>
          </div>
        ) : null}
      </dl>
      <div className="subscription-actions" ref={actions}>
        {subscription.state === 'active' ? (
          <>
            <Link to={paths.subscribe} className="button button--secondary">
              Change plan
            </Link>
            <button type="button" className="button button--secondary" data-action="cancel" onClick={() => setConfirming(true)}>
              Cancel subscription
            </button>
          </>
        ) : null}
        {canReactivate(subscription, now) ? (
          <button
            type="button"
            className="button button--primary"
            data-action="reactivate"
            disabled={reactivating.busy}
            onClick={() => void reactivate()}
          >
            {reactivating.busy ? 'Reactivating…' : 'Reactivate subscription'}
          </button>
        ) : null}
        {live ? (
          <Link to={paths.services} className="button button--secondary">
            Go to Services
          </Link>
        ) : (
          <Link to={paths.subscribe} className="button button--primary">
            Choose a plan
          </Link>
        )}
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Cancel your subscription?"
          confirmLabel="Cancel subscription"
          busyLabel="Cancelling…"
          cancelLabel="Keep subscription"
          busy={cancelling.busy}
          onConfirm={() => void cancel()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Your {plan} subscription stays active until the end of the current period
            {subscription.currentPeriodEndsAt ? `, ${formatDate(subscription.currentPeriodEndsAt)}` : ''}, and is not renewed after that.
            You can reactivate it until then.
          </p>
        </ConfirmDialog>
      ) : null}
      {subscription.state === 'canceled' && end && live ? (
        <p className="subscription-note">Reactivate before {formatDate(end)} to keep your subscription without interruption.</p>
      ) : null}
    </>
  );
}
