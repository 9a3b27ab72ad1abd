import { BEDROCK_FALLBACK_LOG_MESSAGE, WEBHOOK_REFUSED_LOG_MESSAGE } from '../../../lib/constructs/monitoring';
import { createDeterministicModel } from '../../../lambdas/assistant/engine/deterministic-model';
import { withFallback } from '../../../lambdas/assistant/engine/fallback-model';
import { LanguageModelError } from '../../../lambdas/assistant/engine/language-model-error';
import { staticWebhookSecrets } from '../../../lambdas/shared/webhooks/webhook-secrets';
import { createReceiveWebhookHandler, type WebhookDependencies } from '../../../lambdas/subscription/receive-webhook';
import { apiGatewayEvent } from '../../lambdas/support/api-gateway-event';
import { captureLogs } from '../../lambdas/support/capture-logs';

/**
 * The signature-failure and Bedrock-fallback metrics are log metric filters on `$.message`: they
 * only count if the webhook handler and the assistant's fallback log exactly those messages.
 * This ties each pair.
 */

describe('the webhook signature-failure metric counts what the handler logs', () => {
  it.each([
    ['missing', {}],
    ['forged', { 'recurly-signature': `${Math.floor(Date.now() / 1000)},${'ab'.repeat(32)}` }],
    ['stale', { 'recurly-signature': `${Math.floor(Date.now() / 1000) - 3600},${'ab'.repeat(32)}` }],
  ])('logs one "%s" refusal with the message the metric filter matches', async (_kind, headers) => {
    // Only the secrets and the clock are read before the signature is checked.
    const deps = {
      secrets: staticWebhookSecrets(['whsec-test']),
      now: () => new Date(),
      toleranceSeconds: 300,
    } as unknown as WebhookDependencies;
    const handler = createReceiveWebhookHandler(() => deps, { allowedOrigins: ['https://app.example.com'] });
    const logs = captureLogs();
    try {
      const response = await handler(apiGatewayEvent({ method: 'POST', resource: '/subscription/webhook', headers, body: '{"id":"n1"}' }), {
        awsRequestId: 'r1',
      } as never);
      expect(response.statusCode).toBe(401);
    } finally {
      logs.restore();
    }
    expect(logs.lines.filter((line) => line.message === WEBHOOK_REFUSED_LOG_MESSAGE)).toEqual([
      expect.objectContaining({ level: 'warn', reason: expect.any(String) }),
    ]);
  });
});

describe('the Bedrock fallback metric counts what the assistant logs', () => {
  it('logs one line with the message the metric filter matches each time the offline engine answers for Bedrock', async () => {
    const failingBedrock = {
      run: () =>
        Promise.reject(
          new LanguageModelError('access-denied', 'Bedrock model us.amazon.nova-lite-v1:0 failed: access-denied.', {
            model: 'us.amazon.nova-lite-v1:0',
          }),
        ),
    };
    const offline = createDeterministicModel({
      'must-haves': (input) => ({ title: input.title, location: null, mustHaves: [], niceToHaves: [] }),
    });
    const logs = captureLogs();
    try {
      const answer = await withFallback(failingBedrock, offline).run('must-haves', {
        title: 'Nurse',
        description: 'RN licence required.',
        companyInfo: '',
      });
      expect(answer.engine.kind).toBe('deterministic');
    } finally {
      logs.restore();
    }
    expect(logs.lines.filter((line) => line.message === BEDROCK_FALLBACK_LOG_MESSAGE)).toEqual([
      expect.objectContaining({ level: 'warn', reason: 'access-denied', capability: 'must-haves' }),
    ]);
  });
});
