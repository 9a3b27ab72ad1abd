import type { RuntimeConfig } from '../../../config/runtime-config';
import type { BillingApi } from './billing-api';

/**
 * The billing API with its REST code loaded on first use. The app-wide subscriptions state sits
 * in the entry bundle; this keeps the REST client out of it (and out of signed-out visits).
 */
export function createLazyBillingApi(config: RuntimeConfig): BillingApi {
  let api: Promise<BillingApi> | undefined;
  const get = () => {
    api ??= import('./billing-api')
      .then((module) => module.createRestBillingApi(config))
      .catch((error: unknown) => {
        api = undefined;
        throw error;
      });
    return api;
  };
  return {
    listPlans: async () => (await get()).listPlans(),
    getUserSubscriptions: async (lookupId) => (await get()).getUserSubscriptions(lookupId),
    createChange: async (request, idempotencyKey) => (await get()).createChange(request, idempotencyKey),
    cancel: async (subscriptionId) => (await get()).cancel(subscriptionId),
    reactivate: async (subscriptionId) => (await get()).reactivate(subscriptionId),
  };
}
