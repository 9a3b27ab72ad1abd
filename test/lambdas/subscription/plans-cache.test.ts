import type { Plan } from '../../../lambdas/shared/contracts/plans';
import { cachePlans, PLANS_FRESH_MS, PLANS_RETRY_MS } from '../../../lambdas/subscription/plans-cache';

/** What the billing provider answers, load by load, and how often it was asked. */
function provider(...answers: (Plan[] | Error)[]) {
  const calls = { count: 0 };
  const releases: (() => void)[] = [];
  const load = () => {
    const answer = answers[Math.min(calls.count, answers.length - 1)];
    calls.count += 1;
    return new Promise<Plan[]>((resolve, reject) => releases.push(() => (answer instanceof Error ? reject(answer) : resolve(answer))));
  };
  const releaseAll = () => releases.splice(0).forEach((release) => release());
  return { load, calls, releaseAll };
}

const plan = (code: string) => ({ code }) as unknown as Plan;
const STARTER = [plan('starter')];
const PROFESSIONAL = [plan('professional')];

describe('cachePlans', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => (clock = 1_000_000));

  it('asks the provider once for any number of requests at once, and again only once the list is stale', async () => {
    const billing = provider(STARTER, PROFESSIONAL);
    const plans = cachePlans(billing.load, now);

    const burst = Array.from({ length: 50 }, () => plans());
    billing.releaseAll();
    expect(await Promise.all(burst)).toEqual(Array.from({ length: 50 }, () => STARTER));
    clock += PLANS_FRESH_MS - 1;
    expect(await plans()).toBe(STARTER);
    expect(billing.calls.count).toBe(1);

    clock += 1;
    const refreshed = plans();
    billing.releaseAll();
    expect(await refreshed).toBe(PROFESSIONAL);
    expect(billing.calls.count).toBe(2);
  });

  it('keeps a failure for the retry period, then asks again', async () => {
    const unavailable = new Error('billing unavailable');
    const billing = provider(unavailable, STARTER);
    const plans = cachePlans(billing.load, now);

    const first = plans();
    billing.releaseAll();
    await expect(first).rejects.toBe(unavailable);
    clock += PLANS_RETRY_MS - 1;
    await expect(plans()).rejects.toBe(unavailable);
    expect(billing.calls.count).toBe(1);

    clock += 1;
    const retried = plans();
    billing.releaseAll();
    expect(await retried).toBe(STARTER);
  });

  it('serves the last good list while the provider fails, and asks again after the retry period', async () => {
    const billing = provider(STARTER, new Error('rate limited'), PROFESSIONAL);
    const plans = cachePlans(billing.load, now);
    const first = plans();
    billing.releaseAll();
    await first;

    clock += PLANS_FRESH_MS;
    const duringFailure = plans();
    billing.releaseAll();
    expect(await duringFailure).toBe(STARTER);
    clock += PLANS_RETRY_MS - 1;
    expect(await plans()).toBe(STARTER);
    expect(billing.calls.count).toBe(2);

    clock += 1;
    const recovered = plans();
    billing.releaseAll();
    expect(await recovered).toBe(PROFESSIONAL);
  });

  it('keeps an empty list only for the retry period (a configuration being fixed)', async () => {
    const billing = provider([], STARTER);
    const plans = cachePlans(billing.load, now);
    const empty = plans();
    billing.releaseAll();
    expect(await empty).toEqual([]);

    clock += PLANS_RETRY_MS;
    const fixed = plans();
    billing.releaseAll();
    expect(await fixed).toBe(STARTER);
    expect(billing.calls.count).toBe(2);
  });
});
