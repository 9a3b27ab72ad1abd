import { useEffect, useState } from 'react';
import type { Plan } from '@contracts/plans';
import { Spinner } from '../../../components/ui/spinner';
import { useRuntimeConfig } from '../../../config/config-context';
import type { BillingApi } from '../api/billing-api';
import { priceSentence } from '../format';
import { currenciesOf, offeredPlans, planLabel, priceIn, PLANS_ERROR_MESSAGE } from '../plans';
import { CurrencySelect, PlanContents } from './plan-cards';
import './subscriptions.css';

type PublicPlansState =
  { readonly status: 'loading' } | { readonly status: 'ready'; readonly plans: readonly Plan[] } | { readonly status: 'error' };

/**
 * The plans for visitors (/products): the same public `GET /subscription/plans` as /subscribe,
 * with each plan's price in the chosen currency (the spec's symbols) and what it includes (the
 * entitlements the server enforces). Read-only: subscribing happens on /subscribe after sign-in.
 */
export function PublicPlans({ api }: { readonly api: Pick<BillingApi, 'listPlans'> }) {
  const { planCodeSuffix } = useRuntimeConfig();
  const [state, setState] = useState<PublicPlansState>({ status: 'loading' });
  const [chosenCurrency, setChosenCurrency] = useState<string>();

  useEffect(() => {
    let current = true;
    api.listPlans().then(
      (plans) => {
        const offered = offeredPlans(plans, planCodeSuffix);
        if (current) setState(offered ? { status: 'ready', plans: offered } : { status: 'error' });
      },
      (error: unknown) => {
        console.error(error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [api, planCodeSuffix]);

  if (state.status === 'loading') return <Spinner label="Loading plans…" />;
  if (state.status === 'error') return <p className="notice notice--error">{PLANS_ERROR_MESSAGE}</p>;
  const currencies = currenciesOf(state.plans);
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : currencies[0];
  return (
    <>
      <CurrencySelect currencies={currencies} value={currency} onChange={setChosenCurrency} />
      <ul className="plan-cards">
        {state.plans.map((plan) => {
          const price = priceIn(plan, currency);
          return (
            <li key={plan.code} className="card plan-card">
              <h3 className="plan-card__name">{planLabel(plan.code, plan.name, planCodeSuffix)}</h3>
              <PlanContents plan={plan} />
              <p className="plan-card__price">{price ? priceSentence(price, plan.trial, plan.interval) : `Not available in ${currency}`}</p>
              <p className="plan-card__terms">Two weeks free · monthly billing · one-time setup fee</p>
            </li>
          );
        })}
      </ul>
    </>
  );
}
