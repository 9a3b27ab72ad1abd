import type { Plan } from '../shared/contracts/plans';

/**
 * The plans list as one container serves it (issue 16): `GET /subscription/plans` is public, and
 * asking Recurly on every request let one client spend the shared API key's rate limit (50
 * requests a second were about 3,000 Recurly calls a minute), after which every billing route
 * failed for every user. Now Recurly sees at most one call per period per container, whatever
 * the traffic:
 * - a list is served for {@link PLANS_FRESH_MS} (prices change rarely; browsers and CloudFront
 *   keep it as long, PLANS_CACHE_CONTROL);
 * - requests that arrive while a load runs wait for that load instead of starting their own;
 * - a failure or an empty list (a configuration being fixed) is kept {@link PLANS_RETRY_MS}, so a
 *   fault does not turn traffic into Recurly calls; during a failure the last good list, if any,
 *   is served instead of the error.
 * Plain TypeScript: no AWS types.
 */

export const PLANS_FRESH_MS = 5 * 60_000;
export const PLANS_RETRY_MS = 30_000;

type Outcome = { readonly plans: Plan[] } | { readonly error: unknown };

export function cachePlans(load: () => Promise<Plan[]>, now: () => number = Date.now): () => Promise<Plan[]> {
  let lastGood: Plan[] | undefined;
  let latest: { readonly outcome: Outcome; readonly until: number } | undefined;
  let loading: Promise<Outcome> | undefined;

  const refresh = (): Promise<Outcome> =>
    (loading ??= load().then(
      (plans): Outcome => {
        if (plans.length > 0) lastGood = plans;
        latest = { outcome: { plans }, until: now() + (plans.length > 0 ? PLANS_FRESH_MS : PLANS_RETRY_MS) };
        return latest.outcome;
      },
      (error: unknown): Outcome => {
        latest = { outcome: lastGood ? { plans: lastGood } : { error }, until: now() + PLANS_RETRY_MS };
        return latest.outcome;
      },
    )).finally(() => (loading = undefined));

  return async () => {
    const outcome = latest && now() < latest.until ? latest.outcome : await refresh();
    if ('error' in outcome) throw outcome.error;
    return outcome.plans;
  };
}
