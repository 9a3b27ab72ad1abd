import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CreateChangeResponse } from '@contracts/subscriptions';
import { Spinner } from '../../../components/ui/spinner';
import type { CardEntry } from '../../../config/card-entry';
import { useRuntimeConfig } from '../../../config/config-context';
import { paths } from '../../../config/paths';
import { useSignedInUser } from '../../../lib/auth/auth-context';
import { notifySuccess } from '../../../lib/notify';
import type { BillingApi } from '../api/billing-api';
import type { TestCardTokenizer } from '../api/test-card-tokenizer';
import { usePlans } from '../api/use-plans';
import { currenciesOf, planLabel, priceIn } from '../plans';
import { useSubscriptions } from '../state/subscriptions-context';
import { isLiveSubscription } from '../subscription-access';
import { currentSubscription, subscriptionStateLabel } from '../subscription-status';
import type { SubscribeSuccessState } from '../success-state';
import { Checkout } from './checkout';
import { CurrencySelect, PlanCards } from './plan-cards';
import './subscriptions.css';

export interface SubscribeViewProps {
  readonly api: Pick<BillingApi, 'listPlans' | 'createChange'>;
  readonly cardEntry: CardEntry;
  readonly testCardTokens: TestCardTokenizer | undefined;
  /** The gated page that sent the user here, to continue there after subscribing. */
  readonly from?: string;
}

/**
 * /subscribe: the plans as cards, a currency choice when they are sold in several, and the
 * checkout for the chosen plan. A user with a live subscription changes its plan instead (no
 * card). Subscribing leads to /success; a plan change to /account.
 */
export function SubscribeView({ api, cardEntry, testCardTokens, from }: SubscribeViewProps) {
  const { planCodeSuffix } = useRuntimeConfig();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const subscriptions = useSubscriptions();
  const plans = usePlans(api, planCodeSuffix);
  const [chosenCode, setChosenCode] = useState<string>();
  const [chosenCurrency, setChosenCurrency] = useState<string>();
  const [completing, setCompleting] = useState(false);

  const header = (
    <div className="page__header">
      <p className="page__eyebrow">Plans</p>
      <h1>Choose your plan</h1>
      <p className="page__lead">
        Every plan starts with two weeks free, then bills monthly; a one-time setup fee is charged when you subscribe. Cancel at any time
        from your account.
      </p>
    </div>
  );

  if (completing) return <Spinner page label="Confirming your subscription…" />;
  if (subscriptions.status === 'loading' || subscriptions.status === 'idle' || plans.status === 'loading')
    return (
      <>
        {header}
        <Spinner label="Loading plans…" />
      </>
    );
  if (plans.status === 'error')
    return (
      <>
        {header}
        <div className="notice notice--error">
          <p role="alert">{plans.error}</p>
          <button type="button" className="button button--secondary" onClick={plans.retry}>
            Try again
          </button>
        </div>
      </>
    );

  const labels = Object.fromEntries(plans.plans.map((plan) => [plan.code, planLabel(plan.code, plan.name, planCodeSuffix)]));
  const shown = currentSubscription(subscriptions.subscriptions);
  const live = shown && isLiveSubscription(shown) ? shown : undefined;
  const currentLabel = live ? planLabel(live.planCode, live.planName, planCodeSuffix) : undefined;
  const currencies = currenciesOf(plans.plans);
  // A plan change keeps the subscription's currency.
  const currency = live?.currency ?? (chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : currencies[0]);
  const chosen = plans.plans.find((plan) => plan.code === chosenCode && plan.code !== live?.planCode);
  const price = chosen ? priceIn(chosen, currency) : undefined;

  const completed = async (response: CreateChangeResponse) => {
    const planName = labels[response.subscription.planCode] ?? (chosen ? labels[chosen.code] : response.subscription.planName);
    setCompleting(true);
    subscriptions.applySubscription(response.subscription);
    await subscriptions.refresh();
    if (response.outcome === 'created') {
      const state: SubscribeSuccessState = { subscription: response.subscription, planName, ...(from ? { from } : {}) };
      navigate(paths.success, { state });
      return;
    }
    notifySuccess(response.outcome === 'changed' ? `Your plan is now ${planName}.` : `You are already on the ${planName} plan.`);
    navigate(paths.account);
  };

  return (
    <>
      {header}
      {subscriptions.status === 'error' ? (
        <div className="notice notice--warn">
          <p>We could not check whether you already have a subscription. {subscriptions.error}</p>
          <button type="button" className="button button--secondary" onClick={() => void subscriptions.refresh()}>
            Check again
          </button>
        </div>
      ) : null}
      {live && live.state === 'canceled' ? (
        <div className="notice">
          <p>
            Your {currentLabel} subscription is canceled ({subscriptionStateLabel(live)}). Reactivate it on your{' '}
            <Link to={paths.account}>account page</Link> to keep it or change its plan.
          </p>
        </div>
      ) : live ? (
        <div className="notice">
          <p>
            You are on the <strong>{currentLabel}</strong> plan ({subscriptionStateLabel(live)}). Choose another plan to change it; no card
            is needed.
          </p>
        </div>
      ) : null}
      {live ? null : <CurrencySelect currencies={currencies} value={currency} onChange={setChosenCurrency} />}
      <PlanCards
        plans={plans.plans}
        labels={labels}
        currency={currency}
        selectedCode={chosen?.code}
        currentCode={live?.planCode}
        onChoose={setChosenCode}
        disabled={live?.state === 'canceled'}
      />
      {chosen && price && live?.state !== 'canceled' ? (
        <Checkout
          key={live ? 'change' : 'subscribe'}
          plan={chosen}
          label={labels[chosen.code]}
          price={price}
          current={live}
          currentLabel={currentLabel}
          api={api}
          cardEntry={cardEntry}
          testCardTokens={testCardTokens}
          cardholderName={[user.firstName, user.lastName].filter(Boolean).join(' ')}
          onCompleted={completed}
        />
      ) : null}
    </>
  );
}
