import { useCallback, useEffect, useState } from 'react';
import type { Plan } from '@contracts/plans';
import type { PlanCodeSuffix } from '@shared-domain/plans';
import { offeredPlans, PLANS_ERROR_MESSAGE } from '../plans';
import type { BillingApi } from './billing-api';

export type PlansState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly plans: readonly Plan[] }
  | { readonly status: 'error'; readonly error: typeof PLANS_ERROR_MESSAGE };

/**
 * The plans (spec section 4): loaded from the REST API, filtered to the stage's known codes and
 * ordered; a failure, or no known plan, stores 'Could not get plans' (the failure is logged).
 * `retry` loads them again.
 */
export function usePlans(api: Pick<BillingApi, 'listPlans'>, suffix: PlanCodeSuffix): PlansState & { retry(): void } {
  const [state, setState] = useState<PlansState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    api
      .listPlans()
      .then((plans) => {
        const offered = offeredPlans(plans, suffix);
        if (!offered) console.error(`No known plans among: ${plans.map((plan) => plan.code).join(', ') || 'none'}.`);
        if (current) setState(offered ? { status: 'ready', plans: offered } : { status: 'error', error: PLANS_ERROR_MESSAGE });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (current) setState({ status: 'error', error: PLANS_ERROR_MESSAGE });
      });
    return () => {
      current = false;
    };
  }, [api, suffix, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { ...state, retry };
}
