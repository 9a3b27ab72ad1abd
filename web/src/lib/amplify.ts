import type { ResourcesConfig } from 'aws-amplify';
import type { RuntimeConfig } from '../config/runtime-config';

/**
 * Amplify, loaded and configured on first use only. The entry bundle never imports
 * `aws-amplify`: the contact form (and, later, authentication) call these functions, which pull
 * Amplify in as separate chunks and configure it once with the validated runtime config.
 */

/** The Amplify configuration for a runtime config: GraphQL with the API key, Cognito when present. */
export function toAmplifyConfig(config: RuntimeConfig): ResourcesConfig {
  const resources: ResourcesConfig = {
    API: {
      GraphQL: {
        endpoint: config.graphqlUrl,
        region: config.region,
        defaultAuthMode: 'apiKey',
        apiKey: config.graphqlApiKey,
      },
    },
  };
  if (config.userPoolId && config.userPoolClientId) {
    const userPool = {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
      loginWith: { email: true },
    };
    resources.Auth = config.identityPoolId
      ? { Cognito: { ...userPool, identityPoolId: config.identityPoolId } }
      : { Cognito: userPool };
  }
  return resources;
}

let configured: Promise<void> | undefined;

/** Loads Amplify and configures it once. A failed load is retried on the next call. */
export function configureAmplify(config: RuntimeConfig): Promise<void> {
  configured ??= import('aws-amplify')
    .then(({ Amplify }) => Amplify.configure(toAmplifyConfig(config)))
    .catch((error: unknown) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

/** A GraphQL client that authorises with the API key (the public contact form). */
export async function getApiKeyGraphqlClient(config: RuntimeConfig) {
  const [{ generateClient }] = await Promise.all([import('aws-amplify/api'), configureAmplify(config)]);
  return generateClient({ authMode: 'apiKey' });
}
