import { Duration, Validations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { WEBHOOK_QUEUE } from '../definitions/webhook-queue';

/**
 * Where verified Recurly webhook notifications wait for their consumer: an encrypted SQS queue
 * (SQS-managed SSE, TLS only) whose messages go, after `WEBHOOK_QUEUE.maxReceiveCount` failed
 * receives, to an encrypted dead-letter queue kept 14 days. The endpoint sends
 * (`webhookQueue: true` routes, RestApi); the consumer (`addConsumer`) receives in batches and
 * reports failed messages one by one, so only they are retried. Monitoring alarms when the
 * dead-letter queue holds anything; docs/deploy.md ("Webhook queue") says how to redrive it.
 */
export class WebhookQueue extends Construct {
  public readonly queue: Queue;
  public readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(WEBHOOK_QUEUE.deadLetterRetentionDays),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the webhook queue; a dead-letter queue for it would add nothing.',
    });

    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(WEBHOOK_QUEUE.retentionDays),
      visibilityTimeout: Duration.seconds(WEBHOOK_QUEUE.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount },
    });
  }

  /** Makes `fn` the queue's consumer: batches of `WEBHOOK_QUEUE.batchSize`, failures reported per message. */
  public addConsumer(fn: IFunction): void {
    fn.addEventSource(new SqsEventSource(this.queue, { batchSize: WEBHOOK_QUEUE.batchSize, reportBatchItemFailures: true }));
  }
}
