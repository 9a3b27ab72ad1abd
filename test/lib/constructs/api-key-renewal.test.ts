import { Match } from 'aws-cdk-lib/assertions';
import { onlyResource, resourcesOfType } from '../support/build-app';
import { synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { concernSnapshot } from '../support/template-snapshots';

/** The scheduled job that keeps the AppSync API key from expiring between deployments. */

let prod: SynthesizedApp;
let dev: SynthesizedApp;
beforeAll(async () => {
  prod = await synthesizedApp('prod');
  dev = await synthesizedApp('dev');
}, SYNTHESIS_TIMEOUT_MS);

function renewalFunction() {
  const found = resourcesOfType(prod.template, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('ApiKeyRenewalRenewApiKeyFunction'));
  expect(found).toHaveLength(1);
  return found[0];
}

describe('ApiKeyRenewal', () => {
  it('runs the renewal job daily at 06:00 UTC through EventBridge Scheduler, with retries and a dead-letter queue', () => {
    const [functionId] = renewalFunction();
    const schedule = onlyResource(prod.template, 'AWS::Scheduler::Schedule').Properties;
    expect(schedule).toMatchObject({
      ScheduleExpression: 'cron(0 6 * * ? *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: { 'Fn::GetAtt': [functionId, 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringMatching('^ApiKeyRenewalDeadLetterQueue'), 'Arn'] } },
      },
    });
  });

  it('tells the job which API to renew and where to report days left', () => {
    const [, fn] = renewalFunction();
    expect(fn.Properties.Environment).toEqual({
      Variables: {
        GRAPHQL_API_ID: { 'Fn::GetAtt': [expect.stringMatching('^GraphqlApi'), 'ApiId'] },
        METRICS_NAMESPACE: 'talentpilot-prod',
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
  });

  it('may list and extend the keys of this API only', () => {
    prod.template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: Match.stringLikeRegexp('^ApiKeyRenewalRenewApiKeyFunctionRole') }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Effect: 'Allow',
            Action: ['appsync:ListApiKeys', 'appsync:UpdateApiKey'],
            Resource: [
              { 'Fn::GetAtt': [Match.stringLikeRegexp('^GraphqlApi'), 'Arn'] },
              { 'Fn::Join': ['', [{ 'Fn::GetAtt': [Match.stringLikeRegexp('^GraphqlApi'), 'Arn'] }, '/apikeys/*']] },
            ],
          },
        ]),
      },
    });
  });

  it('sends invocations that still fail after two retries to the encrypted dead-letter queue', () => {
    const [functionId] = renewalFunction();
    prod.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: functionId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiKeyRenewalDeadLetterQueue'), 'Arn'] } } },
    });
    const queues = resourcesOfType(prod.template, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('ApiKeyRenewal'));
    expect(queues).toHaveLength(1);
    expect(queues[0][1].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 86400,
    });
  });

  it('matches the reviewed snapshot of the renewal job, its schedule and queue (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'API key renewal')).toMatchSnapshot();
  });
});
