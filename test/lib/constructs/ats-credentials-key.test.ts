import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REST_ROUTES, restFunctions, type RestRouteDefinition } from '../../../lib/definitions/rest-routes';
import { ATS_ROUTE_TIMEOUT_SECONDS } from '../../../lambdas/ats/ats-time-limits';
import { CREDENTIAL_PURPOSE } from '../../../lambdas/ats/credentials/credential-cipher';
import { ATS_ENV } from '../../../lambdas/ats/routes/ats-environment-names';
import { flatten, resourcesOfType } from '../support/build-app';
import { resourceOf, synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { stackWithRoutes } from '../support/rest-api-stack';
import { concernSnapshot } from '../support/template-snapshots';

/** The ATS credential key (issue 7) and what the ATS routes may do with it. */

type Statement = { Sid?: string; Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown; Principal?: unknown };
type KeyResource = {
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Properties: { EnableKeyRotation?: boolean; Description?: string; PendingWindowInDays?: number; KeyPolicy: { Statement: Statement[] } };
};

const ATS_ROUTES = REST_ROUTES.filter((route) => route.path.startsWith('/ats/'));
const CREDENTIAL_ROUTES = REST_ROUTES.filter((route) => route.atsCredentials);

function credentialKey(app: SynthesizedApp): [string, KeyResource] {
  const keys = resourcesOfType(app.template, 'AWS::KMS::Key').filter(([id]) => id.startsWith('AtsCredentialsKey'));
  expect(keys).toHaveLength(1);
  return keys[0] as unknown as [string, KeyResource];
}
const keyArn = (app: SynthesizedApp) => ({ 'Fn::GetAtt': [credentialKey(app)[0], 'Arn'] });
const functionOf = (app: SynthesizedApp, functionId: string) =>
  resourceOf(app, app.logicalIds.restApiFunctions[functionId]) as {
    Properties: { Environment: { Variables: Record<string, unknown> }; Timeout: number };
  };
function statementsOf(app: SynthesizedApp, functionId: string): Statement[] {
  const policy = resourcesOfType(app.template, 'AWS::IAM::Policy').find(([id]) => id.startsWith(`RestApi${functionId}Role`));
  return (policy?.[1].Properties.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement ?? [];
}
const kmsStatements = (app: SynthesizedApp, functionId: string) =>
  statementsOf(app, functionId).filter((s) => [s.Action].flat().some((action) => action.startsWith('kms:')));

describe('AtsCredentialsKey: the KMS key that seals saved ATS keys', () => {
  let dev: SynthesizedApp;
  let prod: SynthesizedApp;
  beforeAll(async () => {
    dev = await synthesizedApp('dev');
    prod = await synthesizedApp('prod');
  }, SYNTHESIS_TIMEOUT_MS);

  it.each(['dev', 'prod'] as const)('is a customer managed key, rotated yearly and retained (with the stack or without) in %s', (stage) => {
    const [, key] = credentialKey(stage === 'dev' ? dev : prod);
    expect(key).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { EnableKeyRotation: true, PendingWindowInDays: 30 },
    });
    expect(key.Properties.Description).toMatch(/ATS API keys .* Never delete/);
  });

  it('has one alias per stage', () => {
    dev.template.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/talentpilot-dev/ats-credentials', TargetKeyId: keyArn(dev) });
    prod.template.hasResourceProperties('AWS::KMS::Alias', {
      AliasName: 'alias/talentpilot-prod/ats-credentials',
      TargetKeyId: keyArn(prod),
    });
  });

  it('refuses, in its own policy, every cryptographic use whose encryption context is not the credential purpose', () => {
    const [, key] = credentialKey(prod);
    const deny = key.Properties.KeyPolicy.Statement.filter((statement) => statement.Effect === 'Deny');
    expect(deny.map((statement) => ({ ...statement, Action: [statement.Action].flat().sort() }))).toEqual([
      {
        Sid: 'OnlyForAtsCredentials',
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Action: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey*', 'kms:ReEncrypt*'],
        Resource: '*',
        Condition: { StringNotEquals: { 'kms:EncryptionContext:purpose': CREDENTIAL_PURPOSE } },
      },
    ]);
    expect(CREDENTIAL_PURPOSE).toBe('ats-credential');
  });

  it('names its ARN in the stack outputs, for an operator who has to find or re-enable it', () => {
    prod.template.hasOutput('AtsCredentialsKeyArn', { Value: keyArn(prod) });
  });

  it('serves the ten ATS routes behind the Cognito authorizer; connect, test, sync and Bullhorn’s sign-in seal or open credentials', () => {
    expect(ATS_ROUTES.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      [
        'GET /ats/connection',
        'POST /ats/connection',
        'POST /ats/connection/test',
        'POST /ats/connection/remove',
        'POST /ats/sync',
        'GET /ats/jobs',
        'GET /ats/candidates',
        'POST /ats/predict',
        'POST /ats/bullhorn/authorize',
        'POST /ats/bullhorn/callback',
      ].sort(),
    );
    expect(CREDENTIAL_ROUTES.map((route) => route.functionId).sort()).toEqual([
      'AtsBullhornAuthorizeFunction',
      'AtsBullhornCallbackFunction',
      'AtsConnectFunction',
      'AtsSyncFunction',
      'AtsTestConnectionFunction',
    ]);
    for (const route of ATS_ROUTES) {
      const method = resourceOf(prod, prod.logicalIds.restApiMethods[route.functionId]);
      expect({ route: route.path, properties: method.Properties }).toMatchObject({
        route: route.path,
        properties: {
          HttpMethod: route.method,
          AuthorizationType: 'COGNITO_USER_POOLS',
          AuthorizerId: { Ref: expect.stringMatching(/^RestApiUserPoolAuthorizer/) },
        },
      });
    }
  });

  it.each(CREDENTIAL_ROUTES.map((route) => [route.functionId]))(
    'gives %s the key ARN and exactly Encrypt and Decrypt on that key, only with the credential purpose',
    (functionId) => {
      expect(functionOf(prod, functionId).Properties.Environment.Variables[ATS_ENV.kmsKeyId]).toEqual(keyArn(prod));
      expect(kmsStatements(prod, functionId).map((statement) => ({ ...statement, Action: [statement.Action].flat().sort() }))).toEqual([
        {
          Sid: 'SealAndOpenAtsCredentials',
          Effect: 'Allow',
          Action: ['kms:Decrypt', 'kms:Encrypt'],
          Resource: keyArn(prod),
          Condition: { StringEquals: { 'kms:EncryptionContext:purpose': 'ats-credential' } },
        },
      ]);
    },
  );

  it('gives every other route neither the key id nor any KMS permission', () => {
    // One per function: routes sharing a function are checked once (restFunctions).
    const functionRoutes = restFunctions(REST_ROUTES);
    const others = functionRoutes.filter((route) => !route.atsCredentials);
    expect(others.length).toBe(functionRoutes.length - 5);
    for (const { functionId } of others) {
      expect({ functionId, keyId: functionOf(prod, functionId).Properties.Environment.Variables[ATS_ENV.kmsKeyId] }).toEqual({
        functionId,
        keyId: undefined,
      });
      expect({ functionId, kms: kmsStatements(prod, functionId) }).toEqual({ functionId, kms: [] });
    }
    // No other policy in the stack (triggers, renewal job, CDK's own roles) names the key.
    const [keyId] = credentialKey(prod);
    const policiesNamingKey = resourcesOfType(prod.template, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument).includes(`"${keyId}"`))
      .map(([id]) => id.replace(/Role.*$/, ''))
      .sort();
    expect(policiesNamingKey).toEqual(CREDENTIAL_ROUTES.map((route) => `RestApi${route.functionId}`).sort());
  });

  it("lets connect, test, sync and predict run up to 28 s (a second under API Gateway's 29 s, like the Bedrock routes); the other ATS routes keep the usual 10 s", () => {
    expect(ATS_ROUTE_TIMEOUT_SECONDS).toBe(28);
    for (const functionId of ['AtsConnectFunction', 'AtsTestConnectionFunction', 'AtsSyncFunction', 'AtsPredictFunction']) {
      expect({ functionId, timeout: functionOf(prod, functionId).Properties.Timeout }).toEqual({ functionId, timeout: 28 });
    }
    for (const functionId of [
      'AtsGetConnectionFunction',
      'AtsRemoveConnectionFunction',
      'AtsListJobsFunction',
      'AtsListCandidatesFunction',
    ]) {
      expect({ functionId, timeout: functionOf(prod, functionId).Properties.Timeout }).toEqual({ functionId, timeout: 10 });
    }
  });

  it('gives every ATS route its user, subscription, assistant (rate limit), ATS and organizations (the firm gate) tables, and the routes that change the connection the activity log', () => {
    // Connect, test, sync, disconnect and Bullhorn's callback record in the firm's activity log (issue 18).
    const recording = new Set([
      'AtsConnectFunction',
      'AtsTestConnectionFunction',
      'AtsRemoveConnectionFunction',
      'AtsSyncFunction',
      'AtsBullhornCallbackFunction',
    ]);
    for (const { functionId } of ATS_ROUTES) {
      const variables = functionOf(prod, functionId).Properties.Environment.Variables;
      expect({
        functionId,
        tables: Object.keys(variables)
          .filter((name) => name.endsWith('_TABLE'))
          .sort(),
      }).toEqual({
        functionId,
        tables: [
          ...(recording.has(functionId) ? ['ACTIVITY_TABLE'] : []),
          'ASSISTANT_TABLE',
          'ATS_TABLE',
          'ORGANIZATIONS_TABLE',
          'SUBSCRIPTIONS_TABLE',
          'USERS_TABLE',
        ],
      });
      expect(flatten(variables.ATS_TABLE)).toMatch(/^\$\{DataAtsTable[0-9A-F]{8}\}$/);
    }
  });

  it('matches the reviewed snapshot of the key and its alias (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'ATS credentials key')).toMatchSnapshot();
  });
});

describe('RestApi routes that seal ATS credentials', () => {
  const route: RestRouteDefinition = {
    functionId: 'AtsConnectFunction',
    method: 'POST',
    path: '/ats/connection',
    entry: REST_ROUTES[0].entry,
    auth: 'user',
    tables: [],
    billing: false,
    atsCredentials: true,
    timeoutSeconds: 20,
  };

  it('refuses, at synth, a credential route without a key', () => {
    expect(() => stackWithRoutes('NoKey', [route])).toThrow(
      /AtsConnectFunction seals ATS credentials \(atsCredentials\) but the RestApi was given no atsCredentialsKey/,
    );
  });

  it.each([0, 2.5, 30, 900])("refuses, at synth, a time-out of %s s (whole seconds up to API Gateway's 29 s)", (timeoutSeconds) => {
    expect(() => stackWithRoutes('BadTimeout', [{ ...route, timeoutSeconds }], { withAtsCredentialsKey: true })).toThrow(
      /AtsConnectFunction declares timeoutSeconds .* from 1 to 29/,
    );
  });

  it("honours the route's own time-out", () => {
    Template.fromStack(stackWithRoutes('OwnTimeout', [route], { withAtsCredentialsKey: true })).hasResourceProperties(
      'AWS::Lambda::Function',
      {
        Description: 'POST /ats/connection',
        Timeout: 20,
      },
    );
  });

  it('leaves no cdk-nag finding on the key or the grant: one key, no wildcard, rotation on', () => {
    const stack = stackWithRoutes('KeyNag', [route], { withAtsCredentialsKey: true });
    const findings = [stack.node.findChild('RestApi'), stack.node.findChild('AtsCredentialsKey')].flatMap((scope) =>
      new AwsSolutionsChecks()
        .validateScope(scope)
        // APIG3: the product stack associates the stage with its web ACL (WebAcls); routes alone have none.
        .violations.filter((v) => v.ruleName !== 'AwsSolutions-APIG3')
        .map((v) => `${v.ruleName} ${v.violatingResources.map((r) => r.constructPath).join(',')}`),
    );
    expect(findings).toEqual([]);
    expect(JSON.stringify(Template.fromStack(stack).findResources('AWS::IAM::Policy'))).toContain('kms:Decrypt');
  });
});
