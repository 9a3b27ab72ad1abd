import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@contracts/plans';
import type { PlanCodeSuffix } from '@shared-domain/plans';
import { phaseOf } from '../../../lib/server-state/query-state';
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
  const query = useQuery({
    queryKey: ['plans', suffix],
    queryFn: async () => {
      const plans = await api.listPlans();
      const offered = offeredPlans(plans, suffix);
      if (!offered) throw new Error(`No known plans among: ${plans.map((plan) => plan.code).join(', ') || 'none'}.`);
      return offered;
    },
  });
  const retry = () => void query.refetch();
  const phase = phaseOf(query);
  if (phase.status === 'ready') return { status: 'ready', plans: phase.data, retry };
  if (phase.status === 'error') return { status: 'error', error: PLANS_ERROR_MESSAGE, retry };
  return { status: 'loading', retry };
}
