import { WEBHOOK_REFUSED_LOG_MESSAGE } from '../../../lib/constructs/monitoring';
import { staticWebhookSecrets } from '../../../lambdas/shared/webhooks/webhook-secrets';
import { createReceiveWebhookHandler, type WebhookDependencies } from '../../../lambdas/subscription/receive-webhook';
import { apiGatewayEvent } from '../../lambdas/support/api-gateway-event';
import { captureLogs } from '../../lambdas/support/capture-logs';

/**
 * The signature-failure metric is a log metric filter on `$.message`: it only counts if the
 * webhook handler logs exactly that message for every refused signature. This ties the two.
 */

describe('the webhook signature-failure metric counts what the handler logs', () => {
  it.each([
    ['missing', {}],
    ['forged', { 'recurly-signature': `${Math.floor(Date.now() / 1000)},${'ab'.repeat(32)}` }],
    ['stale', { 'recurly-signature': `${Math.floor(Date.now() / 1000) - 3600},${'ab'.repeat(32)}` }],
  ])('logs one "%s" refusal with the message the metric filter matches', async (_kind, headers) => {
    // Only the secrets and the clock are read before the signature is checked.
    const deps = { secrets: staticWebhookSecrets(['whsec-test']), now: () => new Date(), toleranceSeconds: 300 } as unknown as WebhookDependencies;
    const handler = createReceiveWebhookHandler(() => deps, { allowedOrigins: ['https://app.example.com'] });
    const logs = captureLogs();
    try {
      const response = await handler(apiGatewayEvent({ method: 'POST', resource: '/subscription/webhook', headers, body: '{"id":"n1"}' }), { awsRequestId: 'r1' } as never);
      expect(response.statusCode).toBe(401);
    } finally {
      logs.restore();
    }
    expect(logs.lines.filter((line) => line.message === WEBHOOK_REFUSED_LOG_MESSAGE)).toEqual([expect.objectContaining({ level: 'warn', reason: expect.any(String) })]);
  });
});
