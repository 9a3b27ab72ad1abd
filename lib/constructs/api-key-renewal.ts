import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { IGraphqlApi } from 'aws-cdk-lib/aws-appsync';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import * as path from 'node:path';
import { RENEWAL_ENV } from '../../lambdas/operations/renew-api-key';
import { DAYS_LEFT_METRIC } from '../../lambdas/operations/api-key-renewal';
import { acknowledgeWildcardResource } from './nag-acknowledgements';
import { ProductFunction } from './product-function';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** When the job runs: daily at 06:00 UTC (before the US working day, so a failure is seen the same day). */
export const RENEWAL_SCHEDULE = ScheduleExpression.cron({ minute: '0', hour: '6' });

export interface ApiKeyRenewalProps {
  /** The GraphQL API whose keys are renewed. */
  readonly api: IGraphqlApi;
  /** CloudWatch namespace of the job's `ApiKeyDaysLeft` metric (`<slug>-<stage>`). */
  readonly metricsNamespace: string;
  /** Keep the job's log group on stack deletion (prod). */
  readonly retainLogs: boolean;
}

/**
 * Keeps the AppSync API key alive between deployments: EventBridge Scheduler invokes
 * `lambdas/operations/renew-api-key.ts` daily; the job extends every key with fewer than
 * `RENEW_WITHIN_DAYS` (api-key-expiry.ts) left to 365 days (UpdateApiKey keeps the key's value, so config.json stays
 * valid). Failed deliveries and failed invocations (after two retries) land in an encrypted
 * dead-letter queue. Monitoring alarms on the job's errors, the queue and `daysLeftMetric`.
 */
export class ApiKeyRenewal extends Construct {
  public readonly function: ProductFunction;
  public readonly schedule: Schedule;
  public readonly deadLetterQueue: Queue;
  /** The fewest days any key had left after the last run (Minimum per day). */
  public readonly daysLeftMetric: Metric;

  constructor(scope: Construct, id: string, props: ApiKeyRenewalProps) {
    super(scope, id);

    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the dead-letter queue of the API key renewal job (scheduler target and Lambda on-failure destination); a dead-letter queue for it would add nothing.',
    });

    this.function = new ProductFunction(this, 'RenewApiKeyFunction', {
      entry: path.join(REPO_ROOT, 'lambdas', 'operations', 'renew-api-key.ts'),
      description: 'Daily: extends the AppSync API key before it expires',
      timeout: Duration.seconds(30),
      memorySize: 256,
      retainLogs: props.retainLogs,
      environment: {
        [RENEWAL_ENV.apiId]: props.api.apiId,
        [RENEWAL_ENV.metricsNamespace]: props.metricsNamespace,
      },
    });
    const keysArn = `${props.api.arn}/apikeys/*`;
    this.function.addToRolePolicy(
      new PolicyStatement({ actions: ['appsync:ListApiKeys', 'appsync:UpdateApiKey'], resources: [props.api.arn, keysArn] }),
    );
    acknowledgeWildcardResource(
      this.function.role!,
      keysArn,
      'The job lists and extends the keys of this one GraphQL API; key ids are created by AppSync, so the keys are matched by the API ARN plus /apikeys/*.',
    );
    this.function.configureAsyncInvoke({ onFailure: new SqsDestination(this.deadLetterQueue), retryAttempts: 2 });

    // Our own role for the scheduler, so its one wildcard (the function's versions) is acknowledged here.
    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler invokes the API key renewal job.',
    });
    this.schedule = new Schedule(this, 'Schedule', {
      schedule: RENEWAL_SCHEDULE,
      description: `Renews the AppSync API key of ${Stack.of(this).stackName} before it expires.`,
      target: new LambdaInvoke(this.function, {
        role: schedulerRole,
        deadLetterQueue: this.deadLetterQueue,
        retryAttempts: 2,
        maxEventAge: Duration.hours(1),
      }),
    });

    acknowledgeWildcardResource(
      schedulerRole,
      `${this.function.functionArn}:*`,
      'LambdaInvoke grants lambda:InvokeFunction on the job function and its versions/aliases (<arn>:*); it can invoke nothing else.',
    );

    this.daysLeftMetric = new Metric({
      namespace: props.metricsNamespace,
      metricName: DAYS_LEFT_METRIC,
      statistic: 'Minimum',
      period: Duration.days(1),
    });
  }
}
