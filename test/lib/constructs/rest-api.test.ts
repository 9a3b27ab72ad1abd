import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { COGNITO_TRIGGERS } from '../../../lib/definitions/cognito-triggers';
import { REST_ROUTES, restFunctions, restMethodKey, type RestRouteDefinition } from '../../../lib/definitions/rest-routes';
import { CORS_ALLOW_HEADERS, CORS_MAX_AGE_SECONDS } from '../../../lambdas/shared/http/cors';
import { flatten, onlyResource, resourcesOfType } from '../support/build-app';
import { resourceOf, synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { stackWithRoutes } from '../support/rest-api-stack';
import { concernSnapshot } from '../support/template-snapshots';

const WEBSITE_ORIGIN = 'https://${WebsiteDistribution0C86AB5B.DomainName}';

describe('RestApi: API Gateway REST, stage prod', () => {
  let dev: SynthesizedApp;
  beforeAll(async () => {
    dev = await synthesizedApp('dev');
  }, SYNTHESIS_TIMEOUT_MS);

  it('is a regional REST API deployed to the stage named prod', () => {
    dev.template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      Name: 'talentpilot-dev',
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    dev.template.hasResourceProperties('AWS::ApiGateway::Stage', { StageName: 'prod' });
  });

  it('throttles every method at 50 requests per second with bursts of 100, with metrics and X-Ray on', () => {
    dev.template.hasResourceProperties('AWS::ApiGateway::Stage', {
      TracingEnabled: true,
      MethodSettings: [
        Match.objectLike({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100, MetricsEnabled: true }),
      ],
    });
  });

  it('writes JSON access logs to its own log group', () => {
    const stage = onlyResource(dev.template, 'AWS::ApiGateway::Stage');
    const settings = stage.Properties.AccessLogSetting as { DestinationArn: unknown; Format: string };
    expect(flatten(settings.DestinationArn)).toMatch(/^\$\{RestApiAccessLogs[0-9A-F]+\.Arn\}$/);
    const format = JSON.parse(settings.Format) as Record<string, string>;
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      resourcePath: '$context.resourcePath',
      user: '$context.authorizer.claims.sub',
    });
  });

  it('validates request bodies and parameters on every method', () => {
    dev.template.hasResourceProperties('AWS::ApiGateway::RequestValidator', { ValidateRequestBody: true, ValidateRequestParameters: true });
    for (const [, method] of resourcesOfType(dev.template, 'AWS::ApiGateway::Method')) {
      if (method.Properties.HttpMethod === 'OPTIONS') continue;
      expect(method.Properties.RequestValidatorId).toEqual({ Ref: expect.stringMatching(/^RestApiRequestValidator/) });
    }
  });

  it('serves GET /subscription/plans publicly (no authorizer) through its Lambda', () => {
    const plans = dev.logicalIds.restApiMethods.GetPlansFunction;
    expect(plans).toBeDefined();
    const method = resourceOf(dev, plans);
    expect(method.Properties).toMatchObject({ HttpMethod: 'GET', AuthorizationType: 'NONE', Integration: { Type: 'AWS_PROXY' } });
    expect(method.Properties.AuthorizerId).toBeUndefined();
    expect(JSON.stringify(dev.template.findResources('AWS::ApiGateway::Resource'))).toContain('"PathPart":"plans"');
  });

  it.each([
    ['ManageBillingAccountFunction', ['GET /user/billing', 'PUT /user/billing/card', 'GET /user/billing/invoices/{id}/pdf']],
    [
      'OrganizationTeamFunction',
      [
        'GET /user/organization',
        'POST /user/organization/invitations',
        'POST /user/organization/invitations/resend',
        'POST /user/organization/invitations/revoke',
        'PATCH /user/organization/members/{userId}',
        'DELETE /user/organization/members/{userId}',
        'PUT /user/organization/owner',
        'GET /user/invitations',
        'POST /user/invitations/accept',
      ],
    ],
  ])('serves the routes of %s from that one function, behind the Cognito authorizer', (functionId, routes) => {
    const functionRoutes = REST_ROUTES.filter((route) => route.functionId === functionId);
    expect(functionRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(routes);
    const functionArn = { 'Fn::GetAtt': [dev.logicalIds.restApiFunctions[functionId], 'Arn'] };
    for (const route of functionRoutes) {
      const method = resourceOf(dev, dev.logicalIds.restApiMethods[restMethodKey(route)]);
      expect({ route: route.path, properties: method.Properties }).toMatchObject({
        route: route.path,
        properties: {
          HttpMethod: route.method,
          AuthorizationType: 'COGNITO_USER_POOLS',
          Integration: { Type: 'AWS_PROXY', Uri: { 'Fn::Join': ['', expect.arrayContaining([functionArn])] } },
        },
      });
    }
  });

  it('refuses routes that share a function but differ in what shapes it', () => {
    const [first] = REST_ROUTES;
    const other = { ...first, path: '/other', tables: [{ table: 'users', access: 'read' }] } as const;
    expect(() => restFunctions([first, other])).toThrow(/share GetPlansFunction but differ in tables/);
    expect(restFunctions([first, { ...first, path: '/same' }])).toEqual([first]);
  });

  it.each(REST_ROUTES.filter((route) => route.auth === 'admin').map((route) => [`${route.method} ${route.path}`, route] as const))(
    'serves %s behind the Cognito user pool authorizer',
    (_name, route) => {
      const method = resourceOf(dev, dev.logicalIds.restApiMethods[route.functionId]);
      expect(method.Properties).toMatchObject({
        HttpMethod: route.method,
        AuthorizationType: 'COGNITO_USER_POOLS',
        AuthorizerId: { Ref: expect.stringMatching(/^RestApiUserPoolAuthorizer/) },
      });
      dev.template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
        Type: 'COGNITO_USER_POOLS',
        ProviderARNs: [{ 'Fn::GetAtt': ['AuthUserPool8115E87F', 'Arn'] }],
      });
    },
  );

  it('gives each route that checks admins now the pool id and exactly the user pool actions it calls, on that pool only', () => {
    const expected: Record<string, string[]> = {
      AdminCreateUserFunction: [
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminListGroupsForUser',
      ],
      AdminRemoveUserFunction: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
      AdminGetUserFunction: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
      // The live admin check before an admin's cross-user read, nothing more.
      GetUserSubscriptionsFunction: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
    };
    const resources = dev.template.toJSON().Resources;
    for (const [functionId, actions] of Object.entries(expected)) {
      const fn = resources[dev.logicalIds.restApiFunctions[functionId]];
      expect(fn.Properties.Environment.Variables.USER_POOL_ID).toEqual({ Ref: expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/) });
      expect(fn.Properties.Environment.Variables.USERS_TABLE).toEqual({ Ref: expect.stringMatching(/^DataUsersTable/) });
      const policy = resourcesOfType(dev.template, 'AWS::IAM::Policy').find(([id]) => id.startsWith(`RestApi${functionId}Role`));
      const statements = (policy?.[1].Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] })
        .Statement;
      const cognito = statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('cognito-idp:')));
      expect(cognito).toHaveLength(1);
      expect([cognito[0].Action].flat().sort()).toEqual(actions);
      expect(cognito[0].Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/), 'Arn'] });
    }
    // The public route neither knows nor may touch the pool.
    const plans = resources[dev.logicalIds.restApiFunctions.GetPlansFunction];
    expect(plans.Properties.Environment.Variables.USER_POOL_ID).toBeUndefined();
    expect(
      JSON.stringify(resourcesOfType(dev.template, 'AWS::IAM::Policy').find(([id]) => id.startsWith('RestApiGetPlansFunctionRole'))),
    ).not.toContain('cognito-idp');
  });

  it('has one function per route function, each on Node 22 / arm64 with source maps and the stage settings', () => {
    // + the two Cognito triggers, the BucketDeployment and the auto-delete handlers, the API key renewal job,
    // the GraphQL API's admin check, the webhook queue's consumer
    dev.template.resourceCountIs('AWS::Lambda::Function', restFunctions(REST_ROUTES).length + COGNITO_TRIGGERS.length + 5);
    const fn = resourceOf(dev, dev.logicalIds.restApiFunctions.GetPlansFunction);
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      TracingConfig: { Mode: 'Active' },
      Environment: {
        Variables: {
          NODE_OPTIONS: '--enable-source-maps',
          PLAN_CODE_SUFFIX: '_dev',
          PRODUCT_SLUG: 'talentpilot',
          BILLING_ADAPTER: 'recurly',
          RECURLY_API_KEY_SECRET_NAME: 'talentpilot/dev/recurly-api-key',
        },
      },
    });
    expect(flatten(fn.Properties.Environment.Variables.ALLOWED_ORIGINS)).toBe(WEBSITE_ORIGIN);
  });

  it('lets the billing route read only the Recurly secret, by name', () => {
    const policy = resourcesOfType(dev.template, 'AWS::IAM::Policy').find(([id]) => id.startsWith('RestApiGetPlansFunctionRole'));
    const statements = (policy?.[1].Properties.PolicyDocument as { Statement: { Action: string[]; Resource: unknown }[] }).Statement;
    const secret = statements.find((s) => s.Action.includes('secretsmanager:GetSecretValue'));
    expect(flatten(secret?.Resource)).toMatch(
      /:secretsmanager:us-east-2:\$\{AWS::AccountId\}:secret:talentpilot\/dev\/recurly-api-key-\?{6}$/,
    );
    expect(statements.flatMap((s) => s.Action).filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
  });

  describe('subscription routes', () => {
    const SUBSCRIPTION_ROUTES = {
      CreateChangeSubscriptionFunction: {
        method: 'POST',
        path: '/subscription/create-change',
        tables: ['ACTIVITY_TABLE', 'ORGANIZATIONS_TABLE', 'SUBSCRIPTIONS_TABLE', 'USERS_TABLE'],
      },
      CancelSubscriptionFunction: {
        method: 'POST',
        path: '/subscription/cancel',
        tables: ['ACTIVITY_TABLE', 'SUBSCRIPTIONS_TABLE', 'USERS_TABLE'],
      },
      ReactivateSubscriptionFunction: {
        method: 'POST',
        path: '/subscription/reactivate',
        tables: ['ACTIVITY_TABLE', 'SUBSCRIPTIONS_TABLE', 'USERS_TABLE'],
      },
      // The firm's access (issue 18): the user's firm and its stored subscriptions, read only.
      GetUserSubscriptionsFunction: {
        method: 'GET',
        path: '/user/subscriptions/{id}',
        tables: ['ORGANIZATIONS_TABLE', 'SUBSCRIPTIONS_TABLE', 'USERS_TABLE'],
      },
      // It only verifies and queues (the webhook queue's consumer reads Recurly and writes the tables).
      SubscriptionWebhookFunction: { method: 'POST', path: '/subscription/webhook', tables: [] },
    } as const;
    const propertiesOf = (logicalId: string | undefined) => resourceOf(dev, logicalId) as { Properties: Record<string, unknown> };
    const policyOf = (functionId: string) =>
      JSON.stringify(
        resourcesOfType(dev.template, 'AWS::IAM::Policy').find(([id]) => id.startsWith(`RestApi${functionId}Role`))?.[1].Properties
          .PolicyDocument,
      );

    it.each(Object.entries(SUBSCRIPTION_ROUTES))('serves %s behind the Cognito authorizer, except the webhook', (functionId, route) => {
      // A function serving several routes (create-change and the seats) has a method per route.
      const methods = dev.logicalIds.restApiMethods;
      const method = propertiesOf(methods[functionId] ?? methods[`${functionId} ${route.method} ${route.path}`]);
      expect(method.Properties).toMatchObject({ HttpMethod: route.method, Integration: { Type: 'AWS_PROXY' } });
      if (functionId === 'SubscriptionWebhookFunction') {
        expect(method.Properties).toMatchObject({ AuthorizationType: 'NONE' });
        expect(method.Properties.AuthorizerId).toBeUndefined();
        // No request model: the raw JSON body reaches the handler as signed.
        expect(method.Properties.RequestModels).toBeUndefined();
      } else {
        expect(method.Properties).toMatchObject({
          AuthorizationType: 'COGNITO_USER_POOLS',
          AuthorizerId: { Ref: expect.stringMatching(/^RestApiUserPoolAuthorizer/) },
        });
      }
    });

    it.each(Object.entries(SUBSCRIPTION_ROUTES))(
      'gives %s the product slug, the plan suffix, its tables and the Recurly key (the webhook: the queue instead)',
      (functionId, route) => {
        const variables = (
          propertiesOf(dev.logicalIds.restApiFunctions[functionId]).Properties.Environment as { Variables: Record<string, unknown> }
        ).Variables;
        expect(variables).toMatchObject({ PRODUCT_SLUG: 'talentpilot', PLAN_CODE_SUFFIX: '_dev', BILLING_ADAPTER: 'recurly' });
        if (functionId === 'SubscriptionWebhookFunction') {
          expect(variables.RECURLY_API_KEY_SECRET_NAME).toBeUndefined();
          expect(variables.WEBHOOK_QUEUE_URL).toEqual({ Ref: expect.stringMatching(/^WebhookQueue[0-9A-F]{8}$/) });
        } else expect(variables.RECURLY_API_KEY_SECRET_NAME).toBe('talentpilot/dev/recurly-api-key');
        expect(
          Object.keys(variables)
            .filter((name) => name.endsWith('_TABLE'))
            .sort(),
        ).toEqual([...route.tables]);
        if (functionId === 'SubscriptionWebhookFunction')
          expect(variables.RECURLY_WEBHOOK_SECRET_NAME).toBe('talentpilot/dev/recurly-webhook-secret');
        else expect(variables.RECURLY_WEBHOOK_SECRET_NAME).toBeUndefined();
      },
    );

    it('lets only the webhook read the webhook secret, by name', () => {
      expect(policyOf('SubscriptionWebhookFunction')).toContain(':secret:talentpilot/dev/recurly-webhook-secret-??????');
      for (const functionId of Object.keys(SUBSCRIPTION_ROUTES).filter((id) => id !== 'SubscriptionWebhookFunction')) {
        expect(policyOf(functionId)).not.toContain('recurly-webhook-secret');
      }
    });

    it('lets the read-only routes read users without writing them', () => {
      for (const functionId of ['GetUserSubscriptionsFunction', 'CancelSubscriptionFunction', 'ReactivateSubscriptionFunction']) {
        const statements = (JSON.parse(policyOf(functionId)) as { Statement: { Action: string | string[]; Resource: unknown }[] })
          .Statement;
        const onUsers = statements.filter((statement) => JSON.stringify(statement.Resource).includes('DataUsersTable'));
        expect(onUsers.flatMap((statement) => [statement.Action].flat())).not.toContain('dynamodb:PutItem');
        expect(onUsers.flatMap((statement) => [statement.Action].flat())).not.toContain('dynamodb:UpdateItem');
      }
      const lookup = (
        JSON.parse(policyOf('GetUserSubscriptionsFunction')) as { Statement: { Action: string | string[]; Resource: unknown }[] }
      ).Statement;
      const onFirmTables = lookup.filter((statement) => /Data(Subscriptions|Organizations)Table/.test(JSON.stringify(statement.Resource)));
      expect(onFirmTables.length).toBeGreaterThan(0);
      for (const action of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'])
        expect(onFirmTables.flatMap((statement) => [statement.Action].flat())).not.toContain(action);
    });
  });

  it('answers CORS preflight for the website origin only, with the shared headers and max age', () => {
    const options = resourcesOfType(dev.template, 'AWS::ApiGateway::Method').filter(([, m]) => m.Properties.HttpMethod === 'OPTIONS');
    expect(options.length).toBeGreaterThan(0);
    for (const [, method] of options) {
      const headers = (method.Properties.Integration as { IntegrationResponses: { ResponseParameters: Record<string, unknown> }[] })
        .IntegrationResponses[0].ResponseParameters;
      expect(flatten(headers['method.response.header.Access-Control-Allow-Origin'])).toBe(`'${WEBSITE_ORIGIN}'`);
      expect(headers['method.response.header.Access-Control-Allow-Headers']).toBe(`'${CORS_ALLOW_HEADERS.join(',')}'`);
      expect(headers['method.response.header.Access-Control-Max-Age']).toBe(`'${CORS_MAX_AGE_SECONDS}'`);
    }
  });

  it('adds the CORS origin to the errors API Gateway answers itself (401, 403, 429, 5xx)', () => {
    const responses = resourcesOfType(dev.template, 'AWS::ApiGateway::GatewayResponse').map(([, r]) => r.Properties);
    expect(responses.map((r) => r.ResponseType).sort()).toEqual(['DEFAULT_4XX', 'DEFAULT_5XX']);
    for (const response of responses) {
      expect(flatten((response.ResponseParameters as Record<string, unknown>)['gatewayresponse.header.Access-Control-Allow-Origin'])).toBe(
        `'${WEBSITE_ORIGIN}'`,
      );
    }
  });

  it.each([
    'REST API routes',
    'REST handlers /subscription and /user',
    'REST handlers /admin',
    'REST handlers /assistant',
    'REST handlers /ats',
  ])('matches the reviewed snapshot of the %s (dev, compact view)', (concern) => {
    expect(concernSnapshot(dev, concern)).toMatchSnapshot();
  });
});

describe('RestApi routes that need a user or tables', () => {
  const entry = REST_ROUTES[0].entry;
  const routes: RestRouteDefinition[] = [
    {
      functionId: 'GetAccountFunction',
      method: 'GET',
      path: '/user/subscriptions/{id}',
      entry,
      auth: 'user',
      tables: [{ table: 'users', access: 'read' }],
      billing: true,
    },
    {
      functionId: 'CreateUserFunction',
      method: 'POST',
      path: '/admin/user/create',
      entry,
      auth: 'admin',
      tables: [{ table: 'users', access: 'readWrite' }],
      billing: false,
    },
  ];
  let template: Template;
  beforeAll(() => {
    template = Template.fromStack(stackWithRoutes('RoutesTest', routes));
  });

  it('puts user and admin routes behind one Cognito user pool authorizer', () => {
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
    });
    const methods = resourcesOfType(template, 'AWS::ApiGateway::Method').filter(([, m]) => m.Properties.HttpMethod !== 'OPTIONS');
    expect(methods).toHaveLength(2);
    for (const [, method] of methods) {
      expect(method.Properties).toMatchObject({
        AuthorizationType: 'COGNITO_USER_POOLS',
        AuthorizerId: { Ref: expect.stringMatching(/^RestApiUserPoolAuthorizer/) },
      });
    }
  });

  it('requires declared path parameters', () => {
    template.hasResourceProperties('AWS::ApiGateway::Method', { HttpMethod: 'GET', RequestParameters: { 'method.request.path.id': true } });
  });

  it('passes each listed table name in its env var and grants exactly the declared access', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'GET /user/subscriptions/{id}',
      Environment: { Variables: Match.objectLike({ USERS_TABLE: { Ref: Match.stringLikeRegexp('^DataUsersTable') } }) },
    });
    const policies = resourcesOfType(template, 'AWS::IAM::Policy');
    const actionsOf = (prefix: string) => JSON.stringify(policies.find(([id]) => id.startsWith(prefix))?.[1].Properties.PolicyDocument);
    expect(actionsOf('RestApiGetAccountFunctionRole')).toContain('dynamodb:Query');
    expect(actionsOf('RestApiGetAccountFunctionRole')).not.toContain('dynamodb:PutItem');
    expect(actionsOf('RestApiCreateUserFunctionRole')).toContain('dynamodb:PutItem');
    expect(actionsOf('RestApiCreateUserFunctionRole')).not.toContain('secretsmanager:');
  });
});

/**
 * cdk-nag's findings on the RestApi of a stack built by stackWithRoutes, but APIG3: the product
 * stack associates the stage with its web ACL (WebAcls, see web-acls.test.ts); routes alone have none.
 */
function nagFindings(stack: Stack): string[] {
  return new AwsSolutionsChecks()
    .validateScope(stack.node.findChild('RestApi'))
    .violations.filter((v) => v.ruleName !== 'AwsSolutions-APIG3')
    .map((v) => `${v.ruleName} ${v.violatingResources.map((r) => r.constructPath).join(',')}`);
}

describe('RestApi routes that need a user or tables (cdk-nag)', () => {
  it("acknowledges only the intended wildcards: the granted tables' indexes and the secret's name suffix", () => {
    const stack = stackWithRoutes('RoutesNag', [
      {
        functionId: 'ReadUsersFunction',
        method: 'GET',
        path: '/users',
        entry: REST_ROUTES[0].entry,
        auth: 'user',
        tables: [{ table: 'users', access: 'read' }],
        billing: true,
      },
    ]);
    expect(nagFindings(stack)).toEqual([]);
  });
});

describe('RestApi routes that call the user pool', () => {
  const entry = REST_ROUTES[0].entry;

  it('refuses, at synth, a user-pool route whose actions are not declared', () => {
    expect(() =>
      stackWithRoutes('Undeclared', [
        {
          functionId: 'MysteryFunction',
          method: 'POST',
          path: '/admin/mystery',
          entry,
          auth: 'admin',
          tables: [],
          billing: false,
          userPoolAccess: true,
        },
      ]),
    ).toThrow(/MysteryFunction calls the user pool but USER_POOL_ACTIONS/);
  });

  it('leaves no cdk-nag finding: the grant names one pool and no wildcard', () => {
    const stack = stackWithRoutes('AdminNag', [
      {
        functionId: 'AdminGetUserFunction',
        method: 'POST',
        path: '/admin/user',
        entry,
        auth: 'admin',
        tables: [{ table: 'users', access: 'read' }],
        billing: false,
        userPoolAccess: true,
      },
    ]);
    expect(nagFindings(stack)).toEqual([]);
  });
});

describe("RestApi: the recruiting assistant's routes", () => {
  const ASSISTANT_ROUTES = REST_ROUTES.filter((route) => route.path.startsWith('/assistant/'));
  /** A route's method: by its function's id, or for a function's later routes `<functionId> <METHOD> <path>`. */
  const methodIdOf = (route: RestRouteDefinition) =>
    dev.logicalIds.restApiMethods[`${route.functionId} ${route.method} ${route.path}`] ?? dev.logicalIds.restApiMethods[route.functionId];
  const MODEL_ROUTES = REST_ROUTES.filter((route) => route.languageModel);
  const PROFILE = 'us.amazon.nova-lite-v1:0';
  let dev: SynthesizedApp;
  let offline: SynthesizedApp;
  let nova: SynthesizedApp;
  beforeAll(async () => {
    dev = await synthesizedApp('dev');
    offline = await synthesizedApp('dev-deterministic');
    nova = await synthesizedApp('dev-nova-pro');
  }, SYNTHESIS_TIMEOUT_MS);

  const functionOf = (app: SynthesizedApp, functionId: string) =>
    resourceOf(app, app.logicalIds.restApiFunctions[functionId]) as {
      Properties: { Environment: { Variables: Record<string, unknown> }; Timeout: number };
    };
  const bedrockStatements = (app: SynthesizedApp, functionId: string) => {
    const policy = resourcesOfType(app.template, 'AWS::IAM::Policy').find(([id]) => id.startsWith(`RestApi${functionId}Role`));
    const statements =
      (policy?.[1].Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] } | undefined)?.Statement ??
      [];
    return statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('bedrock:')));
  };

  it('serves the fourteen assistant routes behind the Cognito authorizer; the seven capabilities ask a language model, jobs and results do not', () => {
    expect(ASSISTANT_ROUTES).toHaveLength(14);
    expect(MODEL_ROUTES.map((route) => route.path).sort()).toEqual(
      [
        '/assistant/best-fit',
        '/assistant/candidate-summary',
        '/assistant/evaluations',
        '/assistant/job-description',
        '/assistant/must-haves',
        '/assistant/screening-questions',
        '/assistant/sourcing-terms',
      ].sort(),
    );
    expect(
      ASSISTANT_ROUTES.filter((route) => !route.languageModel)
        .map((route) => `${route.method} ${route.path}`)
        .sort(),
    ).toEqual(
      [
        'GET /assistant/jobs',
        'GET /assistant/results',
        'POST /assistant/jobs',
        'PATCH /assistant/jobs/{id}',
        'DELETE /assistant/jobs/{id}',
        'POST /assistant/results/delete',
        'POST /assistant/results/share',
      ].sort(),
    );
    for (const route of ASSISTANT_ROUTES) {
      const method = resourceOf(dev, methodIdOf(route));
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

  it('serves every results route with one function: a method each, invoking the same Lambda', () => {
    const results = ASSISTANT_ROUTES.filter((route) => route.path.startsWith('/assistant/results'));
    expect(results.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /assistant/results',
      'POST /assistant/results/delete',
      'POST /assistant/results/share',
    ]);
    const targets = results.map((route) => JSON.stringify(resourceOf(dev, methodIdOf(route)).Properties.Integration.Uri));
    expect(targets[0]).toContain(dev.logicalIds.restApiFunctions.AssistantResultsFunction);
    expect(targets.slice(1)).toEqual(targets.slice(1).map(() => targets[0]));
    expect(Object.keys(dev.logicalIds.restApiFunctions).filter((id) => id.startsWith('AssistantResults'))).toEqual([
      'AssistantResultsFunction',
    ]);
  });

  it("tells each language-model handler to use Bedrock with the configured model, with a time-out under API Gateway's 29 s", () => {
    for (const { functionId } of MODEL_ROUTES) {
      const fn = functionOf(dev, functionId);
      expect({ functionId, variables: fn.Properties.Environment.Variables }).toMatchObject({
        functionId,
        variables: { ASSISTANT_ENGINE: 'bedrock', BEDROCK_MODEL_ID: PROFILE },
      });
      expect({ functionId, timeout: fn.Properties.Timeout }).toEqual({ functionId, timeout: 28 });
    }
  });

  it('lets each language-model handler invoke exactly the one model: the US inference profile here and the foundation model in the three regions it routes to', () => {
    for (const { functionId } of MODEL_ROUTES) {
      const statements = bedrockStatements(dev, functionId);
      expect(statements).toHaveLength(1);
      expect(statements[0].Action).toBe('bedrock:InvokeModel');
      expect((statements[0].Resource as unknown[]).map(flatten).sort()).toEqual(
        [
          'arn:${AWS::Partition}:bedrock:us-east-2:${AWS::AccountId}:inference-profile/us.amazon.nova-lite-v1:0',
          'arn:${AWS::Partition}:bedrock:us-east-1::foundation-model/amazon.nova-lite-v1:0',
          'arn:${AWS::Partition}:bedrock:us-east-2::foundation-model/amazon.nova-lite-v1:0',
          'arn:${AWS::Partition}:bedrock:us-west-2::foundation-model/amazon.nova-lite-v1:0',
        ].sort(),
      );
    }
  });

  it('gives every other route neither the engine settings nor any Bedrock permission', () => {
    for (const route of restFunctions(REST_ROUTES).filter((candidate) => !candidate.languageModel)) {
      const fn = functionOf(dev, route.functionId);
      expect({
        route: route.path,
        engine: fn.Properties.Environment.Variables.ASSISTANT_ENGINE,
        model: fn.Properties.Environment.Variables.BEDROCK_MODEL_ID,
      }).toEqual({
        route: route.path,
        engine: undefined,
        model: undefined,
      });
      expect({ route: route.path, bedrock: bedrockStatements(dev, route.functionId) }).toEqual({ route: route.path, bedrock: [] });
      // Routes that declare their own time-out (the ATS ones) are tested in ats-credentials-key.test.ts.
      if (route.timeoutSeconds === undefined)
        expect({ route: route.path, timeout: fn.Properties.Timeout }).toEqual({ route: route.path, timeout: 10 });
    }
  });

  it('grants a foundation model id (no inference profile) in this region only', () => {
    for (const { functionId } of MODEL_ROUTES) {
      const [statement] = bedrockStatements(nova, functionId);
      expect([statement.Resource].flat().map(flatten)).toEqual([
        'arn:${AWS::Partition}:bedrock:us-east-2::foundation-model/amazon.nova-pro-v1:0',
      ]);
      expect(functionOf(nova, functionId).Properties.Environment.Variables.BEDROCK_MODEL_ID).toBe('amazon.nova-pro-v1:0');
    }
  });

  it('with -c assistantEngine=deterministic, makes no model call possible: the engine variable only, no model id, no Bedrock permission, the usual time-out', () => {
    for (const { functionId } of MODEL_ROUTES) {
      const fn = functionOf(offline, functionId);
      expect(fn.Properties.Environment.Variables.ASSISTANT_ENGINE).toBe('deterministic');
      expect(fn.Properties.Environment.Variables.BEDROCK_MODEL_ID).toBeUndefined();
      expect(fn.Properties.Timeout).toBe(10);
    }
    expect(JSON.stringify(offline.template.findResources('AWS::IAM::Policy'))).not.toContain('bedrock:');
    expect(offline.logicalIds.bedrockFunctions).toEqual({});
  });
});

describe('RestApi routes that ask a language model (cdk-nag)', () => {
  const route: RestRouteDefinition = {
    functionId: 'AssistantMustHavesFunction',
    method: 'POST',
    path: '/assistant/must-haves',
    entry: REST_ROUTES[0].entry,
    auth: 'user',
    tables: [],
    billing: false,
    languageModel: true,
  };

  it('refuses, at synth, a language-model route without engine settings', () => {
    expect(() => stackWithRoutes('NoModelSettings', [route])).toThrow(
      /AssistantMustHavesFunction asks a language model .* no languageModel settings/,
    );
  });

  it('leaves no cdk-nag finding: the Bedrock grant names one model and no wildcard', () => {
    const stack = stackWithRoutes('ModelNag', [route], {
      languageModel: { engine: 'bedrock', bedrockModelId: 'us.amazon.nova-lite-v1:0' },
    });
    expect(nagFindings(stack)).toEqual([]);
    expect(JSON.stringify(Template.fromStack(stack).findResources('AWS::IAM::Policy'))).toContain('bedrock:InvokeModel');
  });
});

describe('RestApi: least privilege for the ATS routes', () => {
  /** DynamoDB actions that change data (grantReadWriteData adds them; grantReadData does not). */
  const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
  /**
   * The ATS routes whose handlers only read (lambdas/ats/routes: no store, connection or settings
   * write); like every subscriber route they count the request in the assistant table's rate limit.
   */
  const READ_ONLY_ROUTES = ['AtsGetConnectionFunction', 'AtsListJobsFunction', 'AtsListCandidatesFunction', 'AtsPredictFunction'];
  let dev: SynthesizedApp;
  beforeAll(async () => {
    dev = await synthesizedApp('dev');
  }, SYNTHESIS_TIMEOUT_MS);

  type Statement = { Action: string | string[]; Resource: unknown };
  const statementsOf = (functionId: string): Statement[] =>
    (
      resourcesOfType(dev.template, 'AWS::IAM::Policy').find(([id]) => id.startsWith(`RestApi${functionId}Role`))?.[1].Properties
        .PolicyDocument as { Statement: Statement[] } | undefined
    )?.Statement ?? [];
  /** The logical-id prefixes of the tables this function may write. */
  const writtenTables = (functionId: string) =>
    [
      ...new Set(
        statementsOf(functionId)
          .filter((statement) => [statement.Action].flat().some((action) => WRITE_ACTIONS.includes(action)))
          .flatMap((statement) => JSON.stringify(statement.Resource).match(/Data\w+?Table/g) ?? []),
      ),
    ].sort();

  it.each(READ_ONLY_ROUTES)('lets %s read its tables and write nothing but the rate counter', (functionId) => {
    const route = REST_ROUTES.find((candidate) => candidate.functionId === functionId);
    expect(route?.tables.filter(({ access }) => access === 'readWrite').map(({ table }) => table)).toEqual(['assistant']);
    expect(writtenTables(functionId)).toEqual(['DataAssistantTable']);
    const reads = statementsOf(functionId).filter((statement) => JSON.stringify(statement.Resource).includes('DataAtsTable'));
    expect(reads.flatMap((statement) => [statement.Action].flat())).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetItem']));
  });

  it("keeps write access where a route writes: connecting, Bullhorn's sign-in and removing change the settings, testing and syncing the ATS table", () => {
    const writers = REST_ROUTES.filter((route) => route.path.startsWith('/ats/') && !READ_ONLY_ROUTES.includes(route.functionId));
    expect(writers.map((route) => route.functionId).sort()).toEqual([
      'AtsBullhornAuthorizeFunction',
      'AtsBullhornCallbackFunction',
      'AtsConnectFunction',
      'AtsRemoveConnectionFunction',
      'AtsSyncFunction',
      'AtsTestConnectionFunction',
    ]);
    for (const { functionId } of writers) expect(writtenTables(functionId)).toEqual(expect.arrayContaining(['DataAtsTable']));
  });
});
