import { ASSISTANT_ENGINE_ENV } from '../../../lambdas/assistant/engine/environment';
import { ATS_ENV } from '../../../lambdas/ats/routes/ats-environment-names';
import { ENV } from '../../../lambdas/shared/environment';
import { USER_DIRECTORY_ENV } from '../../../lambdas/shared/user-directory/environment';
import { WEBHOOK_ENV } from '../../../lambdas/shared/webhooks/environment';
import { REST_ROUTES, restFunctions, type RestRouteDefinition } from '../../../lib/definitions/rest-routes';
import { routeEnvironment, routeTimeoutSeconds } from '../../../lib/definitions/route-function';
import { localTableNames } from '../../../local/dynamodb/tables';
import { lambdaEnvironment } from '../../../local/runtime';
import { resourceOf, synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';

/**
 * The RestApi construct and the local runtime give each route's function its environment through
 * one function (lib/definitions/route-function.ts). These tests compare what each side really
 * builds, route by route, so a variable added on one side only fails here.
 */

/** Variables that carry the same thing in AWS and offline, each side from its own adapter. */
const SAME_CONCERN: Readonly<Record<string, string>> = {
  [ENV.recurlyApiKeySecretName]: 'the billing provider',
  [ENV.localBillingTable]: 'the billing provider',
  [WEBHOOK_ENV.recurlyWebhookSecretName]: 'the webhook signing secret',
  [WEBHOOK_ENV.recurlyWebhookSecrets]: 'the webhook signing secret',
  [WEBHOOK_ENV.webhookQueueUrl]: 'the webhook queue',
  [WEBHOOK_ENV.localWebhookQueueTable]: 'the webhook queue',
  [ATS_ENV.kmsKeyId]: 'the ATS credential key',
  [ATS_ENV.localKeyFile]: 'the ATS credential key',
};

/** Only the deployed functions have these, and why. */
const AWS_ONLY: Readonly<Record<string, string>> = {
  NODE_OPTIONS: 'ProductFunction turns source maps on for every function',
  [ASSISTANT_ENGINE_ENV.bedrockModelId]: 'offline, the deterministic engine calls no model',
};

/** Only the local functions have these, and why. */
const LOCAL_ONLY: Readonly<Record<string, string>> = {
  [ENV.dynamodbEndpoint]: 'dynalite instead of DynamoDB',
  [USER_DIRECTORY_ENV.cognitoEndpoint]: 'cognito-local instead of Cognito',
  [ATS_ENV.baseUrls]: 'the ATS stand-ins instead of each ATS’s own origin',
  [ENV.rateLimitPerMinute]: 'the security tests raise the limit; AWS keeps the handlers’ default',
  AWS_REGION: 'the Lambda service sets it in AWS',
  AWS_DEFAULT_REGION: 'the Lambda service sets it in AWS',
  AWS_ACCESS_KEY_ID: 'the Lambda service sets it in AWS',
  AWS_SECRET_ACCESS_KEY: 'the Lambda service sets it in AWS',
  AWS_LAMBDA_FUNCTION_NAME: 'the Lambda service sets it in AWS',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'the local Node.js is older than Lambda’s',
  PATH: 'the host’s, as the Lambda service sets its own',
  LOG_LEVEL: 'the host’s, to quiet handlers under load',
};

/** What a function's variables provide, side-specific names left out and adapters' names merged. */
function concerns(variables: readonly string[], only: Readonly<Record<string, string>>): string[] {
  return [...new Set(variables.filter((name) => !(name in only)).map((name) => SAME_CONCERN[name] ?? name))].sort();
}

let deployed: SynthesizedApp;

/** One route per function (routes may share one: restFunctions). */
const FUNCTION_ROUTES = restFunctions(REST_ROUTES);

// The prod app with its default engine, Bedrock: the one engine-dependent variable is seen on the AWS side.
beforeAll(async () => {
  deployed = await synthesizedApp('prod');
  if (deployed.config.assistantEngine !== 'bedrock') throw new Error('The prod variant no longer runs the assistant on Bedrock');
}, SYNTHESIS_TIMEOUT_MS);

function deployedFunction(route: RestRouteDefinition): { Environment: { Variables: Record<string, unknown> }; Timeout: number } {
  return resourceOf(deployed, deployed.logicalIds.restApiFunctions[route.functionId]).Properties as never;
}

function localVariables(route: RestRouteDefinition): Record<string, string> {
  return lambdaEnvironment(route, {
    productSlug: 'talentpilot',
    tableNames: localTableNames('talentpilot'),
    allowedOrigins: ['http://127.0.0.1:5180'],
    dynamodbEndpoint: 'http://127.0.0.1:5183',
    billingTable: 'talentpilot-local-billing',
    webhookQueueTable: 'talentpilot-local-webhook-queue',
    assistantRateLimitPerMinute: 30,
    ats: { keyFile: '/data/ats.key', baseUrls: { greenhouse: 'http://127.0.0.1:5186/v1' } },
    userPool: { userPoolId: 'us-east-2_LocalPool1', endpoint: 'http://127.0.0.1:5184' },
  });
}

describe('a route’s function, deployed and local', () => {
  it.each(FUNCTION_ROUTES.map((route) => [route.functionId, route] as const))(
    '%s gets the same variables in AWS as in the local runtime, but for each side’s adapters',
    (_functionId, route) => {
      const aws = Object.keys(deployedFunction(route).Environment.Variables);
      const local = Object.keys(localVariables(route));
      expect(concerns(aws, AWS_ONLY)).toEqual(concerns(local, LOCAL_ONLY));
    },
  );

  it('is built by the one shared function on both sides: nothing in a deployed environment that it does not give', () => {
    for (const route of FUNCTION_ROUTES) {
      const shared = routeEnvironment(route, {
        productSlug: 'talentpilot',
        planCodeSuffix: '',
        allowedOrigins: ['https://example.com'],
        tableNames: localTableNames('talentpilot'),
        billing: { adapter: 'recurly', apiKeySecretName: 'secret' },
        webhookSecret: { secretName: 'secret' },
        webhookQueue: { queueUrl: 'https://sqs.us-east-2.amazonaws.com/123456789012/queue' },
        userPool: { userPoolId: 'pool' },
        languageModel: { engine: 'bedrock', bedrockModelId: 'us.amazon.nova-lite-v1:0' },
        atsCredentials: { kmsKeyId: 'key' },
      });
      const aws = Object.keys(deployedFunction(route).Environment.Variables).filter((name) => name !== 'NODE_OPTIONS');
      expect({ route: route.functionId, variables: aws.sort() }).toEqual({
        route: route.functionId,
        variables: Object.keys(shared).sort(),
      });
    }
  });

  it('runs each route as long in AWS as the shared rule says, the local runtime applying it with the deterministic engine', () => {
    for (const route of FUNCTION_ROUTES) {
      const timeout = deployedFunction(route).Timeout;
      expect({ route: route.functionId, timeout }).toEqual({ route: route.functionId, timeout: routeTimeoutSeconds(route, 'bedrock') });
      if (!route.languageModel) expect(routeTimeoutSeconds(route, 'deterministic')).toBe(timeout);
    }
  });
});
