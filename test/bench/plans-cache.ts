import { createRecurlyBilling } from '../../lambdas/subscription/billing/recurly-billing';
import { createGetPlansHandler } from '../../lambdas/subscription/get-plans';
import { PLANS_FRESH_MS } from '../../lambdas/subscription/plans-cache';
import { apiGatewayEvent, lambdaContext } from '../lambdas/support/api-gateway-event';
import { RecurlyFakeServer } from '../lambdas/support/recurly-fake-server';
import type { BenchFigure } from './section';

/**
 * The plans cache under traffic (issue 16): one container's `GET /subscription/plans` handler
 * answering a burst of requests, 50 at a time, against a Recurly-like server that counts what it
 * is asked. Recurly's key is shared by every user, so this is what one client can cost it.
 */
export async function benchPlansCache(requests = 3_000, concurrency = 50): Promise<BenchFigure> {
  // Thousands of requests: the handler's per-request info lines would only slow the machine.
  process.env.LOG_LEVEL ??= 'warn';
  const apiKey = 'bench-recurly-key';
  const server = await RecurlyFakeServer.start({
    apiKey,
    plans: ['starter', 'professional', 'enterprise'].map((tier) => ({
      code: `${tier}_2weeksfree_monthly_onetimesetup_dev`,
      name: tier,
      currencies: [{ currency: 'USD', unitAmount: 10, setupFee: 20 }],
    })),
  });
  try {
    const billing = createRecurlyBilling({ apiKey: { get: async () => apiKey, forget: () => undefined }, httpAdapter: server.httpAdapter() });
    const handler = createGetPlansHandler(() => ({ billing, planCodeSuffix: '_dev' }), { allowedOrigins: ['http://127.0.0.1:5180'] });
    const event = apiGatewayEvent({ method: 'GET', resource: '/subscription/plans', headers: {} });
    const startedAt = Date.now();
    let failed = 0;
    for (let sent = 0; sent < requests; sent += concurrency) {
      const answers = await Promise.all(Array.from({ length: concurrency }, () => handler(event, lambdaContext())));
      failed += answers.filter((answer) => answer.statusCode !== 200).length;
    }
    const seconds = (Date.now() - startedAt) / 1000;
    const recurlyCalls = server.requests.length;
    return {
      name: `Plans cache: Recurly calls for ${requests.toLocaleString('en-US')} GET /subscription/plans, ${concurrency} at a time, in one container`,
      value: `${recurlyCalls} (${failed} failed requests, ${(requests / seconds).toFixed(0)} requests/s)`,
      budget: `1 listing per ${PLANS_FRESH_MS / 60_000} min`,
      pass: recurlyCalls === 1 && failed === 0,
      note: 'Without the cache every request was one Recurly call: 50 requests a second from one client were about 3,000 calls a minute on the key every billing route shares.',
    };
  } finally {
    await server.close();
  }
}
