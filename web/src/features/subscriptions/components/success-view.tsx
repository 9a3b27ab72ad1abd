import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatAmount, formatDate } from '../format';
import { monthlyPriceText, recurringTotal } from '../seats';
import type { SubscribeSuccessState } from '../success-state';
import './subscriptions.css';

/**
 * /success after subscribing: what was bought (plan, price, currency), when the free trial ends
 * and the first monthly charge falls, the one-time setup fee, and the next steps. Without the
 * subscribe page's state (a bookmark, a shared link) it says so in general terms.
 */
export function SuccessView({ state }: { readonly state: SubscribeSuccessState | undefined }) {
  if (!state)
    return (
      <div className="message-page">
        <div className="card message-page__card">
          <h1>Thank you</h1>
          <p>Your subscription details, your free trial and your next bill are on your account page.</p>
          <div className="message-page__actions">
            <Link to={paths.account} className="button button--primary">
              Go to your account
            </Link>
          </div>
        </div>
      </div>
    );

  const { subscription, planName, from } = state;
  const money = (amount: number) => formatAmount(amount, subscription.currency);
  const firstCharge = subscription.trialEndsAt ?? subscription.currentPeriodEndsAt;
  const seats = subscription.quantity;
  const monthly = money(recurringTotal(subscription, seats));
  return (
    <>
      <div className="page__header">
        <p className="page__eyebrow">Subscription</p>
        <h1>You&apos;re all set</h1>
        <p className="page__lead">
          Your {planName} plan is ready
          {subscription.trialEndsAt ? `, and your free trial runs until ${formatDate(subscription.trialEndsAt)}` : ''}.
        </p>
      </div>
      <div className="success-grid">
        <section className="card" aria-labelledby="success-bought">
          <h2 id="success-bought">What you bought</h2>
          <dl className="facts">
            <div className="facts__row">
              <dt>Plan</dt>
              <dd>{planName}</dd>
            </div>
            <div className="facts__row">
              <dt>Seats</dt>
              <dd>{seats}</dd>
            </div>
            <div className="facts__row">
              <dt>Price</dt>
              <dd>{monthlyPriceText(subscription)}</dd>
            </div>
            {subscription.trialEndsAt ? (
              <div className="facts__row">
                <dt>Free trial ends</dt>
                <dd>{formatDate(subscription.trialEndsAt)}</dd>
              </div>
            ) : null}
            {firstCharge ? (
              <div className="facts__row">
                <dt>First monthly charge</dt>
                <dd>
                  {formatDate(firstCharge)}: {monthly}
                </dd>
              </div>
            ) : null}
            {subscription.setupFee > 0 ? (
              <div className="facts__row">
                <dt>Setup fee</dt>
                <dd>{money(subscription.setupFee)}, one-time, charged today on your first invoice</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section className="card" aria-labelledby="success-next">
          <h2 id="success-next">Next steps</h2>
          <ol className="next-steps">
            <li>
              <h3>Explore your services</h3>
              <p>
                See what the assistant does for you, from sourcing search terms to candidate summaries.{' '}
                <Link to={from ?? paths.services}>
                  {from && from !== paths.services ? 'Continue where you left off' : 'Go to Services'}
                </Link>
              </p>
            </li>
            <li>
              <h3>Connect your ATS, read-only</h3>
              <p>
                The assistant reads jobs, candidates and placement history from your applicant tracking system with read-only access, and
                never writes anything back. Connect it yourself on your account page: choose your ATS, enter the read-only key your ATS
                administrator gives you (or sign in to Bullhorn), test the connection and sync.{' '}
                <Link to={paths.account}>Connect your ATS</Link>
              </p>
            </li>
            <li>
              <h3>Get help when you need it</h3>
              <p>
                Our help desk answers questions and takes tickets; we reply within one business day.{' '}
                <Link to={paths.support}>Visit Support</Link>
              </p>
            </li>
          </ol>
          <p>
            <Link to={paths.account}>Go to your account</Link> to see your subscription, change plan or cancel.
          </p>
        </section>
      </div>
    </>
  );
}
