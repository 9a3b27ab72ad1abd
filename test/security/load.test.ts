import { productMix, runLoad } from './support/load';
import { useSecurityRuntime } from './support/security-runtime';

/**
 * A short open-loop load against the local runtime with the product's mix (plans, the signed-in
 * lookup, subscriptions, the contact form): every request answers without error and every kind
 * is exercised. Latency is reported by the bench (200 requests/s for 60 s), never asserted here.
 */

const securityRuntime = useSecurityRuntime();

it('serves 20 requests/s of the product mix for 3 s without a single error', async () => {
  const result = await runLoad(productMix(securityRuntime()), { ratePerSecond: 20, durationMs: 3_000 });

  expect(result.errorSamples).toEqual([]);
  expect(result.errors).toBe(0);
  expect(result.requests).toBe(60);
  for (const [kind, figures] of Object.entries(result.byKind)) {
    expect([kind, figures.requests > 0, figures.errors]).toEqual([kind, true, 0]);
  }
}, 120_000);
