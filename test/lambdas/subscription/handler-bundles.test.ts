import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { WEBHOOK_CONSUMER_FUNCTION } from '../../../lib/definitions/webhook-queue';
import { bundleAsDeployed, handlerBudgetBytes } from '../support/deployed-bundle';

/**
 * Each billing handler (the REST routes under lambdas/subscription and the webhook queue's
 * consumer) stays within the 150 kB budget or its recorded ceiling, bundled as deployed. The
 * webhook endpoint only verifies and queues: it must not carry the Recurly client.
 */
describe('subscription handler bundles', () => {
  const entries = [
    ...new Set([
      ...REST_ROUTES.map((route) => route.entry).filter((entry) => entry.startsWith('lambdas/subscription/')),
      WEBHOOK_CONSUMER_FUNCTION.entry,
    ]),
  ];

  it('covers every billing handler', () => {
    expect(entries.length).toBeGreaterThanOrEqual(8);
  });

  it.each(entries)('%s is within its budget', async (entry) => {
    const { bytes } = await bundleAsDeployed(entry);
    expect(bytes).toBeLessThan(handlerBudgetBytes(entry));
  });

  it.each(entries)('%s carries only the Recurly operations it calls, not the generated client', async (entry) => {
    const { inputs } = await bundleAsDeployed(entry);
    expect(inputs.filter((input) => /node_modules\/recurly\/lib\/recurly(\.js|\/Client\.js)$/.test(input))).toEqual([]);
  });

  it('the webhook endpoint answers without the Recurly client', async () => {
    const { inputs } = await bundleAsDeployed('lambdas/subscription/receive-webhook.ts');
    expect(inputs.filter((input) => /node_modules\/recurly\//.test(input))).toEqual([]);
  });
});
