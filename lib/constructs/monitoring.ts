import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** What kind of work a function does: named in its alarms so the e-mail says what broke. */
export type MonitoredFunctionKind = 'REST handler' | 'Cognito trigger' | 'scheduled job' | 'GraphQL data source';

export interface MonitoredFunction {
  /** Short name in alarm names and the dashboard, e.g. `GetPlans`. */
  readonly name: string;
  readonly kind: MonitoredFunctionKind;
  readonly function: IFunction;
  /** The function's time-out: the duration alarm fires at 80 % of it. */
  readonly timeout: Duration;
}

export interface AlarmTopicProps {
  /** `<slug>-<stage>`. */
  readonly name: string;
  /** Who is e-mailed when an alarm fires or recovers (each confirms the subscription once). */
  readonly alarmEmails: readonly string[];
}

export interface MonitoringProps {
  /** `<slug>-<stage>`: the alarms' and the dashboard's prefix and the custom metrics' namespace. */
  readonly name: string;
  /** The topic every alarm notifies, on alarm and on recovery (AlarmTopic). */
  readonly topic: ITopic;
  readonly restApi: RestApi;
  /** The REST API's JSON access logs (the 429 metric filter reads `status`). */
  readonly restAccessLogs: ILogGroup;
  /** The AppSync API id (dimension `GraphQLAPIId`). */
  readonly graphqlApiId: string;
  readonly functions: readonly MonitoredFunction[];
  /** The webhook handler's log group (the signature-failure metric filter reads it). */
  readonly webhookLogs: ILogGroup;
  /** Dead-letter queues: any message in one is a failure nobody retries any more. */
  readonly deadLetterQueues: readonly { readonly name: string; readonly queue: IQueue }[];
  /** Fewest days the AppSync API key has left (from the renewal job). */
  readonly apiKeyDaysLeft: IMetric;
  /**
   * The log groups of the handlers that call Amazon Bedrock, by function name: the fallback
   * metric filter reads them. Empty when the assistant runs on the deterministic engine alone.
   * @default []
   */
  readonly bedrockLogs?: readonly { readonly name: string; readonly logGroup: ILogGroup }[];
  /**
   * The web ACLs (WebAcls) by short name, e.g. `rest`: an alarm when one blocks a spike of
   * requests, and a graph of what each blocks.
   * @default []
   */
  readonly webAcls?: readonly { readonly name: string; readonly webAclName: string }[];
}

/** The message the webhook handler logs for every refused signature (lambdas/subscription/receive-webhook.ts). */
export const WEBHOOK_REFUSED_LOG_MESSAGE = 'Refused a webhook request';
/**
 * The message the assistant logs each time the offline engine answers because Bedrock failed
 * (lambdas/assistant/engine/fallback-model.ts); a test ties the two.
 */
export const BEDROCK_FALLBACK_LOG_MESSAGE = 'Bedrock failed; the offline engine answered';
/** Fallbacks in 15 minutes that fire the alarm: one throttle is weather, three is a pattern. */
export const BEDROCK_FALLBACKS_THRESHOLD = 3;
/** An alarm fires when the REST 5xx rate reaches this share of requests (in %, over 5 minutes). */
export const REST_5XX_RATE_PERCENT = 5;
/** Below this many requests in 5 minutes, the rate is taken over this many (one 5xx at low traffic alarms). */
export const REST_5XX_MIN_REQUESTS = 20;
/** Requests one web ACL blocks in 5 minutes that fire its alarm: a flood being held off, or a rule blocking real users. */
export const WAF_BLOCKED_THRESHOLD = 100;
/** The key is renewed at 30 days left; fewer than this means renewal has failed for over a week. */
export const API_KEY_MIN_DAYS_LEFT = 21;

const FIVE_MINUTES = Duration.minutes(5);

/**
 * `<slug>-<stage>/<alarm>`: an alarm's name. The stage's alarms moved into a nested stack once
 * (lib/stacks/monitoring-stack.ts); CloudWatch alarms and dashboards are known by name, so keeping
 * the old `<slug>-<stage>-<alarm>` names would have let the old stack's clean-up delete the new
 * alarms after the nested stack had taken them over.
 */
export function alarmName(stageName: string, alarm: string): string {
  return `${stageName}/${alarm}`;
}

/** `<slug>-<stage>-monitoring`: the dashboard's name (letters, digits, `-` and `_` only; see alarmName for why not `<slug>-<stage>`). */
export function dashboardName(stageName: string): string {
  return `${stageName}-monitoring`;
}

/**
 * The encrypted SNS topic every alarm of a stage notifies, with its e-mail subscribers from
 * config (`-c alarmEmails=…`). It stays in the product stack while the alarms live in a nested
 * stack: a new topic would ask every subscriber to confirm again.
 */
export class AlarmTopic extends Construct {
  public readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    // CloudWatch can publish to an encrypted topic only with a customer managed key whose policy
    // lets it (the AWS managed alias/aws/sns key does not): one key, rotated yearly.
    const key = new Key(this, 'TopicKey', {
      description: `Encrypts the ${props.name} alarm topic.`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `${props.name} alarms`, masterKey: key, enforceSSL: true });
    // The topic has its own policy (enforceSSL), which replaces SNS's default one: let this
    // account's alarms publish explicitly.
    const stack = Stack.of(this);
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowThisAccountsAlarms',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*` },
        },
      }),
    );
    for (const email of props.alarmEmails) this.topic.addSubscription(new EmailSubscription(email));
  }
}

/**
 * Observability of one stage: metrics (AWS's and two from logs: refused webhook signatures and
 * throttled REST requests), alarms for 5xx rates, throttles, Lambda errors and durations, Cognito
 * trigger failures, dead-letter queues, the API key's expiry and spikes of requests AWS WAF blocks,
 * all notifying the stage's AlarmTopic, and one dashboard. The one owner of the stage's alarms;
 * it lives in its own nested stack (lib/stacks/monitoring-stack.ts), for the product stack's
 * 500-resource limit. A new alarm over a new dead-letter queue is one more `deadLetterQueues` entry.
 */
export class Monitoring extends Construct {
  public readonly topic: ITopic;
  public readonly dashboard: Dashboard;
  public readonly alarms: Alarm[] = [];
  /** `<name>`: the namespace of the metrics made here and by the renewal job. */
  public readonly namespace: string;
  private readonly action: SnsAction;
  private readonly props: MonitoringProps;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.props = props;
    this.namespace = props.name;

    this.topic = props.topic;
    this.action = new SnsAction(this.topic);

    const rest = this.restMetrics();
    const appsync5xx = this.appsyncMetric('5XXError', 'Sum');
    const webhookRefused = this.metricFromLogs(
      'WebhookSignatureFailures',
      props.webhookLogs,
      FilterPattern.stringValue('$.message', '=', WEBHOOK_REFUSED_LOG_MESSAGE),
    );
    const restThrottled = this.metricFromLogs(
      'RestThrottledRequests',
      props.restAccessLogs,
      FilterPattern.stringValue('$.status', '=', '429'),
    );

    this.alarm('rest-5xx-rate', rest.serverErrorRate, REST_5XX_RATE_PERCENT, {
      description: `REST API: ${REST_5XX_RATE_PERCENT} % or more of requests answered 5xx in 5 minutes (at least one 5xx under ${REST_5XX_MIN_REQUESTS} requests). Look at the handlers' Errors and the access logs.`,
    });
    this.alarm('rest-throttled', restThrottled, 10, {
      description:
        'REST API: 10 or more requests throttled (429) in 5 minutes; the stage limit is 50 rps, burst 100 (lib/constructs/rest-api.ts).',
    });
    this.alarm('graphql-5xx', appsync5xx, 1, { description: 'AppSync answered 5xx (server errors, not resolver errors).' });
    this.alarm('webhook-signature-failures', webhookRefused.with({ period: Duration.minutes(15) }), 5, {
      description:
        'Five or more Recurly webhook requests refused (signature missing, forged or stale) in 15 minutes: the secret in Secrets Manager and Recurly differ, or someone is probing the endpoint.',
    });
    for (const { name, queue } of props.deadLetterQueues) {
      this.alarm(
        `${name}-dlq-not-empty`,
        queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        1,
        {
          description: `${name}: a message is in the dead-letter queue (a failed invocation nobody retries any more). Read it, fix the cause, then purge the queue.`,
        },
      );
    }
    const bedrockFallbacks = this.bedrockFallbackMetric(props.bedrockLogs ?? []);
    if (bedrockFallbacks) {
      this.alarm('bedrock-fallbacks', bedrockFallbacks.with({ period: Duration.minutes(15) }), BEDROCK_FALLBACKS_THRESHOLD, {
        description: `The assistant's offline engine answered ${BEDROCK_FALLBACKS_THRESHOLD} or more requests in 15 minutes because Amazon Bedrock failed. Users still get answers, labelled as the offline engine's. The log lines' "reason" says why: access-denied (model access not enabled, docs/deploy.md), misconfigured (model id), throttled (quota), timeout, unavailable, invalid-answer.`,
      });
    }
    const wafBlocked = (props.webAcls ?? []).map(({ name, webAclName }) => ({ name, metric: this.wafBlockedMetric(name, webAclName) }));
    for (const { name, metric } of wafBlocked) {
      this.alarm(`waf-${name}-blocked`, metric, WAF_BLOCKED_THRESHOLD, {
        description: `AWS WAF blocked ${WAF_BLOCKED_THRESHOLD} or more requests to the ${name} web ACL in 5 minutes: an attack or a flood being held off, or a rule blocking real users. The web ACL's sampled requests (WAF console) show which rule and which requests (docs/deploy.md, "AWS WAF").`,
      });
    }
    this.alarm('api-key-near-expiry', props.apiKeyDaysLeft, API_KEY_MIN_DAYS_LEFT, {
      comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
      description: `The AppSync API key has fewer than ${API_KEY_MIN_DAYS_LEFT} days left: the daily renewal job is failing. Run it by hand or deploy the stack (docs/deploy.md, "Things that expire").`,
    });

    for (const monitored of props.functions) {
      const { name, kind, function: fn, timeout } = monitored;
      const failures = new MathExpression({
        expression: 'errors + throttles',
        usingMetrics: {
          errors: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
          throttles: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        },
        period: FIVE_MINUTES,
        label: `${name} errors + throttles`,
      });
      this.alarm(`${name}-errors`, failures, 1, {
        description:
          kind === 'Cognito trigger'
            ? `Cognito trigger ${name} failed or was throttled: sign-ups or confirmations are failing. Read its log group.`
            : `${kind} ${name} failed (unhandled error or time-out) or was throttled. Read its log group.`,
      });
      const limitMs = timeout.toMilliseconds() * 0.8;
      this.alarm(`${name}-duration-p95`, fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p95' }), limitMs, {
        evaluationPeriods: 3,
        description: `${kind} ${name}: p95 duration at 80 % of its ${timeout.toSeconds()} s time-out for 15 minutes.`,
      });
    }

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: dashboardName(props.name), defaultInterval: Duration.hours(24) });
    const lambdaGraph = (title: string, metric: (fn: IFunction) => Metric) =>
      new GraphWidget({ title, width: 8, left: props.functions.map((f) => metric(f.function).with({ label: f.name })) });
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 }));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'REST requests and errors',
        width: 8,
        left: [rest.count, rest.clientErrors, rest.serverErrors, restThrottled.with({ label: 'Throttled (429)' })],
      }),
      new GraphWidget({
        title: 'REST latency p95 (ms)',
        width: 8,
        left: [props.restApi.metricLatency({ statistic: 'p95', period: FIVE_MINUTES })],
      }),
      new GraphWidget({
        title: 'GraphQL requests and errors',
        width: 8,
        left: [this.appsyncMetric('Requests', 'Sum'), this.appsyncMetric('4XXError', 'Sum'), appsync5xx],
        right: [this.appsyncMetric('Latency', 'p95')],
      }),
    );
    this.dashboard.addWidgets(
      lambdaGraph('Lambda errors', (fn) => fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' })),
      lambdaGraph('Lambda throttles', (fn) => fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' })),
      lambdaGraph('Lambda duration p95 (ms)', (fn) => fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p95' })),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Webhook signature failures', width: 8, left: [webhookRefused] }),
      new GraphWidget({
        title: 'Dead-letter queues',
        width: 8,
        left: props.deadLetterQueues.map(({ name, queue }) =>
          queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum', label: name }),
        ),
      }),
      new GraphWidget({ title: 'API key: days left', width: 8, left: [props.apiKeyDaysLeft] }),
    );
    if (wafBlocked.length > 0)
      this.dashboard.addWidgets(
        new GraphWidget({ title: 'AWS WAF blocked requests', width: 8, left: wafBlocked.map(({ metric }) => metric) }),
      );
    if (bedrockFallbacks)
      this.dashboard.addWidgets(
        new GraphWidget({ title: 'Bedrock fallbacks (offline engine answered)', width: 8, left: [bedrockFallbacks] }),
      );
  }

  /**
   * Fallbacks from every Bedrock handler's log lines, as one metric (each log group gets a
   * filter publishing to the same metric); undefined when no handler calls Bedrock.
   */
  private bedrockFallbackMetric(logs: readonly { readonly name: string; readonly logGroup: ILogGroup }[]): Metric | undefined {
    if (logs.length === 0) return undefined;
    const metricName = 'BedrockFallbacks';
    for (const { name, logGroup } of logs) {
      new MetricFilter(this, `${metricName}${name}Filter`, {
        logGroup,
        filterPattern: FilterPattern.stringValue('$.message', '=', BEDROCK_FALLBACK_LOG_MESSAGE),
        metricNamespace: this.namespace,
        metricName,
        metricValue: '1',
      });
    }
    return new Metric({ namespace: this.namespace, metricName, statistic: 'Sum', period: FIVE_MINUTES });
  }

  /** Requests a web ACL blocked, all its rules together (`Rule: ALL`). */
  private wafBlockedMetric(name: string, webAclName: string): Metric {
    return new Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: webAclName, Region: Stack.of(this).region, Rule: 'ALL' },
      statistic: 'Sum',
      period: FIVE_MINUTES,
      label: name,
    });
  }

  private restMetrics() {
    const api = this.props.restApi;
    const count = api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'Requests' });
    const serverErrors = api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' });
    const clientErrors = api.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' });
    const serverErrorRate = new MathExpression({
      expression: `IF(requests < ${REST_5XX_MIN_REQUESTS}, 100 * errors / ${REST_5XX_MIN_REQUESTS}, 100 * errors / requests)`,
      usingMetrics: { requests: count, errors: serverErrors },
      period: FIVE_MINUTES,
      label: '5xx rate (%)',
    });
    return { count, serverErrors, clientErrors, serverErrorRate };
  }

  private appsyncMetric(metricName: string, statistic: string): Metric {
    return new Metric({
      namespace: 'AWS/AppSync',
      metricName,
      dimensionsMap: { GraphQLAPIId: this.props.graphqlApiId },
      statistic,
      period: FIVE_MINUTES,
    });
  }

  /** A count metric in this stage's namespace, made from matching log lines. */
  private metricFromLogs(metricName: string, logGroup: ILogGroup, filterPattern: ReturnType<typeof FilterPattern.stringValue>): Metric {
    new MetricFilter(this, `${metricName}Filter`, {
      logGroup,
      filterPattern,
      metricNamespace: this.namespace,
      metricName,
      metricValue: '1',
    });
    return new Metric({ namespace: this.namespace, metricName, statistic: 'Sum', period: FIVE_MINUTES });
  }

  private alarm(
    name: string,
    metric: IMetric,
    threshold: number,
    options: { description: string; comparison?: ComparisonOperator; evaluationPeriods?: number },
  ): Alarm {
    const id = name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
    const alarm = new Alarm(this, `${id}Alarm`, {
      alarmName: alarmName(this.props.name, name),
      alarmDescription: options.description,
      metric,
      threshold,
      comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      // No traffic is not a failure; the renewal job's own errors alarm covers a job that fails.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }
}
