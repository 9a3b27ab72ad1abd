import { App, Stack } from 'aws-cdk-lib';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AtsCredentialsKey } from '../../../lib/constructs/ats-credentials-key';
import { Data } from '../../../lib/constructs/data';
import { RestApi, type LanguageModelSettings } from '../../../lib/constructs/rest-api';
import type { RestRouteDefinition } from '../../../lib/definitions/rest-routes';

export interface RestApiStackOptions {
  /** The assistant's model settings, for routes that call Bedrock. */
  readonly languageModel?: LanguageModelSettings;
  /** Adds the ATS credentials key and hands it to the RestApi, for routes that decrypt ATS keys. */
  readonly withAtsCredentialsKey?: boolean;
}

/**
 * A stack holding only a RestApi with the given routes and what they need (the tables, a user
 * pool, and optionally the ATS credentials key), bundling skipped: for the construct tests that
 * build their own routes instead of reading the shared synthesis.
 */
export function stackWithRoutes(id: string, routes: RestRouteDefinition[], options: RestApiStackOptions = {}): Stack {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, id, { env: { region: 'us-east-2' } });
  const data = new Data(stack, 'Data', { retainData: false });
  const key = options.withAtsCredentialsKey ? new AtsCredentialsKey(stack, 'AtsCredentialsKey', { name: 'talentpilot-test' }) : undefined;
  new RestApi(stack, 'RestApi', {
    name: id.toLowerCase(),
    tables: data.tables,
    userPool: new UserPool(stack, 'Pool'),
    websiteOrigin: 'https://example.cloudfront.net',
    planCodeSuffix: '_dev',
    productSlug: 'talentpilot',
    recurlyApiKeySecretName: 'talentpilot/dev/recurly-api-key',
    recurlyWebhookSecretName: 'talentpilot/dev/recurly-webhook-secret',
    retainLogs: false,
    routes,
    languageModel: options.languageModel,
    atsCredentialsKey: key?.key,
  });
  return stack;
}
