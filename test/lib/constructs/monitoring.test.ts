import { Match, type Template } from 'aws-cdk-lib/assertions';
import {
  alarmName,
  API_KEY_MIN_DAYS_LEFT,
  BEDROCK_FALLBACK_LOG_MESSAGE,
  BEDROCK_FALLBACKS_THRESHOLD,
  WAF_BLOCKED_THRESHOLD,
  WEBHOOK_REFUSED_LOG_MESSAGE,
} from '../../../lib/constructs/monitoring';
import { REST_ROUTES, restFunctions } from '../../../lib/definitions/rest-routes';
import { ATS_ROUTE_TIMEOUT_SECONDS, SYNC_CONNECTOR_LIMITS, SYNC_TIME_BUDGET_MS } from '../../../lambdas/ats/ats-time-limits';
import { onlyResource, resourcesOfType } from '../support/build-app';
import { monitoringTemplate, synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { concernSnapshot } from '../support/template-snapshots';

/**
 * Alarms, the alarm topic, the dashboard, log retention and cost tags of a stage. The topic is in
 * the product stack; the alarms, metric filters and dashboard in its nested MonitoringStack, read
 * as the product stack wires it (monitoringTemplate: its parameters as the product stack's resources).
 */

let prod: SynthesizedApp;
let dev: SynthesizedApp;
/** prod without Bedrock (`-c assistantEngine=deterministic`). */
let offline: SynthesizedApp;
/** The nested monitoring stacks of the three. */
const monitoringOf = new Map<SynthesizedApp, Template>();
beforeAll(async () => {
  prod = await synthesizedApp('prod-with-alarm-emails');
  dev = await synthesizedApp('dev');
  offline = await synthesizedApp('prod-deterministic');
  for (const app of [prod, dev, offline]) monitoringOf.set(app, monitoringTemplate(app));
}, SYNTHESIS_TIMEOUT_MS);

function monitoring(app: SynthesizedApp): Template {
  const template = monitoringOf.get(app);
  if (!template) throw new Error(`no monitoring template for ${app.variant}`);
  return template;
}

type Alarm = { Properties: Record<string, unknown> };
function alarms(app: SynthesizedApp): Map<string, Alarm> {
  return new Map(
    resourcesOfType(monitoring(app), 'AWS::CloudWatch::Alarm').map(([, alarm]) => [String(alarm.Properties.AlarmName), alarm]),
  );
}
function alarm(app: SynthesizedApp, name: string): Alarm {
  const found = alarms(app).get(alarmName(`talentpilot-${app.config.stage}`, name));
  if (!found) throw new Error(`no alarm ${name}; alarms: ${[...alarms(app).keys()].join(', ')}`);
  return found;
}
const topicRef = { Ref: expect.stringMatching(/^MonitoringAlarmTopic/) };

describe('Monitoring: alarms notify one encrypted SNS topic whose subscribers come from config', () => {
  it('e-mails every address of -c alarmEmails, and nobody when none is given', () => {
    const subscriptions = resourcesOfType(prod.template, 'AWS::SNS::Subscription').map(([, s]) => s.Properties);
    expect(subscriptions).toEqual([
      { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: topicRef },
      { Protocol: 'email', Endpoint: 'oncall@example.com', TopicArn: topicRef },
    ]);
    dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
    dev.template.resourceCountIs('AWS::SNS::Topic', 1);
  });

  it('encrypts the topic with a rotated customer managed key that CloudWatch may use, and refuses plain HTTP', () => {
    prod.template.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MonitoringTopicKey'), 'Arn'] },
    });
    const [key] = resourcesOfType(prod.template, 'AWS::KMS::Key')
      .filter(([id]) => id.startsWith('MonitoringTopicKey'))
      .map(([, resource]) => resource);
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(JSON.stringify(key.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    prod.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
          }),
        ]),
      },
    });
  });

  it('keeps the topic in the product stack and the alarms, metric filters and dashboard in its nested MonitoringStack', () => {
    for (const app of [prod, dev]) {
      expect(Object.keys(app.nestedStacks)).toEqual(['MonitoringStack']);
      for (const type of ['AWS::CloudWatch::Alarm', 'AWS::CloudWatch::Dashboard', 'AWS::Logs::MetricFilter']) {
        app.template.resourceCountIs(type, 0);
        expect({ type, inNestedStack: resourcesOfType(monitoring(app), type).length > 0 }).toEqual({ type, inNestedStack: true });
      }
      app.template.resourceCountIs('AWS::SNS::Topic', 1);
      monitoring(app).resourceCountIs('AWS::SNS::Topic', 0);
    }
    expect(alarms(prod).size).toBeGreaterThan(80);
  });

  it('sends every alarm and its recovery to the topic', () => {
    for (const [name, { Properties }] of alarms(prod)) {
      expect({ name, actions: Properties.AlarmActions, ok: Properties.OKActions }).toEqual({ name, actions: [topicRef], ok: [topicRef] });
      expect(String(Properties.AlarmDescription).length).toBeGreaterThan(20);
    }
  });

  it('alarms on the REST 5xx rate with a floor of 20 requests, and on throttled requests from the access logs', () => {
    const rate = alarm(prod, 'rest-5xx-rate').Properties;
    expect(rate).toMatchObject({ Threshold: 5, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(JSON.stringify(rate.Metrics)).toContain('IF(requests < 20, 100 * errors / 20, 100 * errors / requests)');
    expect(JSON.stringify(rate.Metrics)).toContain('5XXError');
    monitoring(prod).hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: Match.stringLikeRegexp('^RestApiAccessLogs') },
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [{ MetricNamespace: 'talentpilot-prod', MetricName: 'RestThrottledRequests', MetricValue: '1' }],
    });
    expect(alarm(prod, 'rest-throttled').Properties).toMatchObject({ MetricName: 'RestThrottledRequests', Namespace: 'talentpilot-prod' });
  });

  it('alarms on AppSync 5xx', () => {
    expect(alarm(prod, 'graphql-5xx').Properties).toMatchObject({ Namespace: 'AWS/AppSync', MetricName: '5XXError', Threshold: 1 });
  });

  it('counts refused webhook signatures from the exact line the webhook handler logs, and alarms on five in 15 minutes', () => {
    const webhook = REST_ROUTES.find((route) => route.webhookSecret)!;
    monitoring(prod).hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: Match.stringLikeRegexp(`^RestApi${webhook.functionId}Logs`) },
      FilterPattern: `{ $.message = "${WEBHOOK_REFUSED_LOG_MESSAGE}" }`,
      MetricTransformations: [{ MetricNamespace: 'talentpilot-prod', MetricName: 'WebhookSignatureFailures', MetricValue: '1' }],
    });
    expect(alarm(prod, 'webhook-signature-failures').Properties).toMatchObject({ Threshold: 5, Period: 900, Statistic: 'Sum' });
  });

  it('alarms on errors + throttles and on p95 duration near the time-out of every function, Cognito triggers and the GraphQL admin check included', () => {
    const functionIds = resourcesOfType(prod.template, 'AWS::Lambda::Function')
      .filter(([id]) => !id.startsWith('CustomCDKBucketDeployment'))
      .map(([id]) => id);
    // One function per route function (routes may share one, restFunctions).
    expect(functionIds).toHaveLength(restFunctions(REST_ROUTES).length + 3 + 1 + 1);
    for (const name of [
      ...restFunctions(REST_ROUTES).map((route) => route.functionId.replace(/Function$/, '')),
      'PreSignUp',
      'PostConfirmation',
      'CustomMessage',
      'RenewApiKey',
      // The GraphQL API's admin check (ADMIN_STANDING_FUNCTION).
      'AdminStanding',
    ]) {
      expect(JSON.stringify(alarm(prod, `${name}-errors`).Properties.Metrics)).toMatch(/Errors.*Throttles/);
      expect(alarm(prod, `${name}-duration-p95`).Properties).toMatchObject({
        MetricName: 'Duration',
        ExtendedStatistic: 'p95',
        EvaluationPeriods: 3,
      });
    }
    expect(alarm(prod, 'PreSignUp-errors').Properties.AlarmDescription).toMatch(/^Cognito trigger PreSignUp failed/);
    // REST handlers time out after 10 s: the duration alarm fires at 8 s.
    expect(alarm(prod, 'GetPlans-duration-p95').Properties.Threshold).toBe(8000);
    expect(alarm(prod, 'PostConfirmation-duration-p95').Properties.Threshold).toBe(4000);
  });

  it("watches the ATS handlers like every other: the long ones alarm at 80% of their time-out, above the sync's budget plus a normal page", () => {
    const atsRoutes = REST_ROUTES.filter((route) => route.path.startsWith('/ats/'));
    expect(atsRoutes).toHaveLength(10);
    for (const route of atsRoutes) {
      const name = route.functionId.replace(/Function$/, '');
      expect(alarm(prod, `${name}-errors`).Properties.AlarmDescription).toMatch(new RegExp(`^REST handler ${name} failed`));
      expect({ name, threshold: alarm(prod, `${name}-duration-p95`).Properties.Threshold }).toEqual({
        name,
        threshold: route.timeoutSeconds === ATS_ROUTE_TIMEOUT_SECONDS ? ATS_ROUTE_TIMEOUT_SECONDS * 800 : 8000,
      });
    }
    expect(alarm(prod, 'AtsSync-duration-p95').Properties.AlarmDescription).toContain(`${ATS_ROUTE_TIMEOUT_SECONDS} s time-out`);
    // A busy sync runs its whole budget by design, then finishes the page it began: one slow
    // attempt past the budget stays under the alarm; only an ATS slow page after page reaches it.
    expect(SYNC_TIME_BUDGET_MS + (SYNC_CONNECTOR_LIMITS.timeoutMs ?? Infinity)).toBeLessThan(ATS_ROUTE_TIMEOUT_SECONDS * 800);
  });

  it('counts Bedrock fallbacks from the exact line the assistant logs, on every handler that calls Bedrock, and alarms on three in 15 minutes', () => {
    const modelRoutes = REST_ROUTES.filter((route) => route.languageModel);
    expect(modelRoutes).toHaveLength(7);
    const filters = resourcesOfType(monitoring(prod), 'AWS::Logs::MetricFilter')
      .map(([, filter]) => filter.Properties)
      .filter((properties) => (properties.MetricTransformations as { MetricName: string }[])[0].MetricName === 'BedrockFallbacks');
    expect(filters).toHaveLength(modelRoutes.length);
    for (const route of modelRoutes) {
      expect(filters).toContainEqual({
        LogGroupName: { Ref: expect.stringMatching(new RegExp(`^RestApi${route.functionId}Logs`)) },
        FilterPattern: `{ $.message = "${BEDROCK_FALLBACK_LOG_MESSAGE}" }`,
        MetricTransformations: [{ MetricNamespace: 'talentpilot-prod', MetricName: 'BedrockFallbacks', MetricValue: '1' }],
      });
    }
    expect(alarm(prod, 'bedrock-fallbacks').Properties).toMatchObject({
      Namespace: 'talentpilot-prod',
      MetricName: 'BedrockFallbacks',
      Statistic: 'Sum',
      Period: 900,
      Threshold: BEDROCK_FALLBACKS_THRESHOLD,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(String(alarm(prod, 'bedrock-fallbacks').Properties.AlarmDescription)).toContain('access-denied');
    // The language-model handlers time out at 28 s: their duration alarm fires at 22.4 s.
    expect(alarm(prod, 'AssistantSourcingTerms-duration-p95').Properties.Threshold).toBe(22400);
  });

  it('has no fallback metric or alarm when the assistant runs without Bedrock', () => {
    expect(JSON.stringify(monitoring(offline).findResources('AWS::Logs::MetricFilter'))).not.toContain('BedrockFallbacks');
    expect([...alarms(offline).keys()].filter((name) => name.includes('bedrock'))).toEqual([]);
  });

  it('alarms when the renewal job’s dead-letter queue holds a message or the API key has fewer than 21 days left', () => {
    expect(alarm(prod, 'api-key-renewal-dlq-not-empty').Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
    expect(alarm(prod, 'api-key-near-expiry').Properties).toMatchObject({
      Namespace: 'talentpilot-prod',
      MetricName: 'ApiKeyDaysLeft',
      Statistic: 'Minimum',
      Period: 86400,
      Threshold: API_KEY_MIN_DAYS_LEFT,
      ComparisonOperator: 'LessThanThreshold',
    });
  });

  it('draws one dashboard per stage, named after it, with every alarm on it', () => {
    const dashboard = onlyResource(monitoring(prod), 'AWS::CloudWatch::Dashboard').Properties;
    expect(dashboard.DashboardName).toBe('talentpilot-prod-monitoring');
    const body = JSON.stringify(dashboard.DashboardBody);
    for (const title of [
      'Alarms',
      'REST requests and errors',
      'GraphQL requests and errors',
      'Lambda errors',
      'Lambda duration p95 (ms)',
      'Webhook signature failures',
      'Dead-letter queues',
      'API key: days left',
      'Bedrock fallbacks (offline engine answered)',
    ]) {
      expect(body).toContain(title);
    }
    expect(onlyResource(monitoring(dev), 'AWS::CloudWatch::Dashboard').Properties.DashboardName).toBe('talentpilot-dev-monitoring');
  });

  it('alarms when a web ACL blocks a spike of requests, one alarm per web ACL, and graphs what each blocks', () => {
    for (const name of ['rest', 'graphql', 'user-pool']) {
      const { Properties } = alarm(prod, `waf-${name}-blocked`);
      expect(Properties).toMatchObject({ Threshold: WAF_BLOCKED_THRESHOLD, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      const [{ MetricStat }] = Properties.Metrics as {
        MetricStat: { Metric: { Namespace: string; MetricName: string; Dimensions: unknown[] }; Period: number; Stat: string };
      }[];
      expect(MetricStat).toMatchObject({ Metric: { Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests' }, Period: 300, Stat: 'Sum' });
      expect(MetricStat.Metric.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'WebACL', Value: `talentpilot-prod-${name}` },
          { Name: 'Rule', Value: 'ALL' },
          { Name: 'Region', Value: 'us-east-2' },
        ]),
      );
    }
    const webAclNames = resourcesOfType(prod.template, 'AWS::WAFv2::WebACL').map(([, acl]) => acl.Properties.Name);
    expect(webAclNames.sort()).toEqual(['talentpilot-prod-graphql', 'talentpilot-prod-rest', 'talentpilot-prod-user-pool']);
    expect(JSON.stringify(onlyResource(monitoring(prod), 'AWS::CloudWatch::Dashboard').Properties.DashboardBody)).toContain(
      'AWS WAF blocked requests',
    );
  });

  it('matches the reviewed snapshot of the topic, metric filters, alarms and dashboard (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'monitoring')).toMatchSnapshot();
  });
});

describe('log retention everywhere', () => {
  it.each(['prod', 'dev'] as const)(
    'gives every log group of %s a retention, and every function (CDK’s own too) its log group',
    (stage) => {
      const app = stage === 'prod' ? prod : dev;
      const groups = resourcesOfType(app.template, 'AWS::Logs::LogGroup');
      for (const [id, group] of groups)
        expect({ id, retention: group.Properties.RetentionInDays }).toEqual({ id, retention: expect.any(Number) });
      for (const [id, fn] of resourcesOfType(app.template, 'AWS::Lambda::Function')) {
        expect({ id, logGroup: (fn.Properties.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup }).toEqual({
          id,
          logGroup: { Ref: expect.any(String) },
        });
      }
      // AppSync writes to the group named after the API; CloudFormation owns it.
      app.template.hasResourceProperties('AWS::Logs::LogGroup', {
        LogGroupName: { 'Fn::Join': ['', ['/aws/appsync/apis/', Match.anyValue()]] },
        RetentionInDays: 30,
      });
    },
  );
});

describe('cost tags', () => {
  it('tags every taggable resource with product and stage', () => {
    // Every taggable construct of the stack with its tags, as the synthesis saw them (synthesize-variants.ts).
    const found = prod.taggables;
    expect(found.length).toBeGreaterThan(50);
    for (const { path, tags } of found) {
      expect({ path, tags }).toEqual({
        path,
        tags: expect.objectContaining({ product: 'talentpilot', stage: 'prod' }),
      });
    }
  });

  it('renders the tags into the template, e.g. on tables, functions, the topic and the alarms', () => {
    const tags = Match.arrayWith([
      { Key: 'product', Value: 'talentpilot' },
      { Key: 'stage', Value: 'prod' },
    ]);
    for (const type of [
      'AWS::DynamoDB::Table',
      'AWS::Lambda::Function',
      'AWS::SNS::Topic',
      'AWS::SQS::Queue',
      'AWS::Logs::LogGroup',
      'AWS::CloudFormation::Stack',
    ]) {
      prod.template.allResourcesProperties(type, { Tags: tags });
    }
    monitoring(prod).allResourcesProperties('AWS::CloudWatch::Alarm', { Tags: tags });
    prod.template.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTags: { product: 'talentpilot', stage: 'prod' } });
  });
});
