import { Match } from 'aws-cdk-lib/assertions';
import { WEBHOOK_CONSUMER_FUNCTION, WEBHOOK_QUEUE } from '../../../lib/definitions/webhook-queue';
import { resourcesOfType } from '../support/build-app';
import { alarmName } from '../../../lib/constructs/monitoring';
import { monitoringTemplate, synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { concernSnapshot } from '../support/template-snapshots';

/** The Recurly webhook queue: the endpoint stores verified notifications, a consumer handles them, a dead-letter queue keeps failures. */

let prod: SynthesizedApp;
let dev: SynthesizedApp;
beforeAll(async () => {
  prod = await synthesizedApp('prod');
  dev = await synthesizedApp('dev');
}, SYNTHESIS_TIMEOUT_MS);

/** The queue's and the dead-letter queue's logical ids (CDK drops the repeated "Queue" of WebhookQueue/Queue). */
const QUEUE = /^WebhookQueue[0-9A-F]{8}$/;
const DEAD_LETTER_QUEUE = /^WebhookQueueDeadLetterQueue[0-9A-F]{8}$/;

function only(app: SynthesizedApp, type: string, id: string | RegExp) {
  const found = resourcesOfType(app.template, type).filter(([logicalId]) =>
    typeof id === 'string' ? logicalId.startsWith(id) : id.test(logicalId),
  );
  expect(found.map(([id]) => id)).toHaveLength(1);
  return found[0];
}

const policyOf = (app: SynthesizedApp, rolePrefix: string) =>
  JSON.stringify(only(app, 'AWS::IAM::Policy', rolePrefix)[1].Properties.PolicyDocument);

describe('WebhookQueue', () => {
  it('keeps notifications in an encrypted queue that sends a message failed 10 times to an encrypted dead-letter queue', () => {
    const [deadLetterId, deadLetter] = only(prod, 'AWS::SQS::Queue', DEAD_LETTER_QUEUE);
    expect(deadLetter.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const [, queue] = only(prod, 'AWS::SQS::Queue', QUEUE);
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 4 * 86_400,
      // Six times the consumer's time-out: a message is never retried while an invocation still holds it.
      VisibilityTimeout: 6 * WEBHOOK_CONSUMER_FUNCTION.timeoutSeconds,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetterId, 'Arn'] }, maxReceiveCount: 10 },
    });
  });

  it('refuses any request to either queue that is not over TLS', () => {
    for (const prefix of [QUEUE, DEAD_LETTER_QUEUE]) {
      const [queueId] = only(prod, 'AWS::SQS::Queue', prefix);
      prod.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queueId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('feeds the consumer in batches of 5 and retries only the messages it reports failed', () => {
    const [consumerId] = only(prod, 'AWS::Lambda::Function', 'RestApiWebhookConsumerFunction');
    const [queueId] = only(prod, 'AWS::SQS::Queue', QUEUE);
    const [, mapping] = only(prod, 'AWS::Lambda::EventSourceMapping', 'RestApiWebhookConsumerFunction');
    expect(mapping.Properties).toMatchObject({
      FunctionName: { Ref: consumerId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: WEBHOOK_QUEUE.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('runs the consumer for a minute with the tables and the Recurly key it needs, and nothing of the endpoint', () => {
    const [, consumer] = only(dev, 'AWS::Lambda::Function', 'RestApiWebhookConsumerFunction');
    expect(consumer.Properties.Timeout).toBe(60);
    const variables = (consumer.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables).toMatchObject({ RECURLY_API_KEY_SECRET_NAME: 'talentpilot/dev/recurly-api-key', BILLING_ADAPTER: 'recurly' });
    expect(
      Object.keys(variables)
        .filter((name) => name.endsWith('_TABLE'))
        .sort(),
    ).toEqual(['SUBSCRIPTIONS_TABLE', 'USERS_TABLE']);
    expect(variables.RECURLY_WEBHOOK_SECRET_NAME).toBeUndefined();
    expect(variables.WEBHOOK_QUEUE_URL).toBeUndefined();
    const policy = policyOf(dev, 'RestApiWebhookConsumerFunctionRole');
    expect(policy).toContain('sqs:ReceiveMessage');
    expect(policy).toContain('sqs:DeleteMessage');
    expect(policy).not.toContain('sqs:SendMessage');
    expect(policy).not.toContain('recurly-webhook-secret');
  });

  it('lets the endpoint send to the queue, and read no table and no Recurly key', () => {
    const policy = policyOf(dev, 'RestApiSubscriptionWebhookFunctionRole');
    expect(policy).toContain('sqs:SendMessage');
    expect(policy).toMatch(/"WebhookQueue[0-9A-F]{8}","Arn"/);
    expect(policy).not.toContain('sqs:ReceiveMessage');
    expect(policy).not.toContain('dynamodb:');
    expect(policy).not.toContain('recurly-api-key');
  });

  it('alarms as soon as the dead-letter queue holds a message, and says to redrive it rather than purge it', () => {
    const [deadLetterId] = only(prod, 'AWS::SQS::Queue', DEAD_LETTER_QUEUE);
    // The alarms live in the monitoring nested stack (its parameters read back as the parent's resources).
    const alarm = resourcesOfType(monitoringTemplate(prod), 'AWS::CloudWatch::Alarm').find(
      ([, resource]) => resource.Properties.AlarmName === alarmName('talentpilot-prod', 'webhook-dlq-not-empty'),
    );
    expect(alarm?.[1].Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLetterId, 'QueueName'] } }],
      Statistic: 'Maximum',
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: 1,
      AlarmActions: [{ Ref: expect.stringMatching(/^MonitoringAlarmTopic/) }],
    });
    expect(alarm?.[1].Properties.AlarmDescription).toMatch(/redrive.*never purge/);
  });

  it('matches the reviewed snapshot of the queues and the consumer (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'webhook queue')).toMatchSnapshot();
  });
});
