import type { ResourcesConfig } from 'aws-amplify';
import type { RuntimeConfig } from '../config/runtime-config';
import { hasUserPool, mayHaveStoredSession } from './auth/stored-session';
import { UserFacingError } from './errors';

/**
 * Amplify, loaded and configured on first use only. The entry bundle never imports
 * `aws-amplify`: features call these functions, which pull Amplify in as separate chunks and
 * configure it once with the validated runtime config.
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
    resources.Auth = config.identityPoolId ? { Cognito: { ...userPool, identityPoolId: config.identityPoolId } } : { Cognito: userPool };
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

/**
 * A GraphQL client that authorises with the signed-in user's Cognito tokens (Amplify sends the
 * access token). Every user-data operation goes through it; the API key reaches no user data.
 */
export async function getUserPoolGraphqlClient(config: RuntimeConfig) {
  const [{ generateClient }] = await Promise.all([import('aws-amplify/api'), loadAuth(config)]);
  return generateClient({ authMode: 'userPool' });
}

/** The Amplify Auth calls the app uses (`aws-amplify/auth`), with Amplify configured. */
export type AmplifyAuth = typeof import('./amplify-auth-calls');

/**
 * Loads the Amplify Auth calls and configures Amplify. Rejects with a message for people when the
 * config has no user pool (nobody can sign in then).
 */
export async function loadAuth(config: RuntimeConfig): Promise<AmplifyAuth> {
  if (!hasUserPool(config)) throw new UserFacingError('Signing in is not available right now. Please try again later.');
  const [auth] = await Promise.all([import('./amplify-auth-calls'), configureAmplify(config)]);
  return auth;
}

/** Starts loading Amplify Auth early (a sign-in page was opened); failures are ignored here. */
export function preloadAuth(config: RuntimeConfig): void {
  if (hasUserPool(config)) loadAuth(config).catch(() => undefined);
}

const INTERACTIONS = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * Starts loading Amplify Auth when the visitor first turns to the page (a focus, a tap, a key),
 * well before they can submit; returns the clean-up. Not on opening the page: evaluating Amplify
 * (about 55 kB gzip) as the page appeared blocked the main thread (Lighthouse blocking time).
 */
export function preloadAuthOnInteraction(config: RuntimeConfig, target: Document = document): () => void {
  const preload = () => {
    remove();
    preloadAuth(config);
  };
  const remove = () => {
    for (const type of INTERACTIONS) target.removeEventListener(type, preload, true);
  };
  for (const type of INTERACTIONS) target.addEventListener(type, preload, true);
  return remove;
}

/**
 * The sign-in flow for `signIn`'s options: cognito-local (the local runtime, `cognitoEndpoint`
 * set) supports only USER_PASSWORD_AUTH; in AWS Amplify's default, SRP, keeps the password off
 * the wire.
 */
export function signInFlowOptions(config: RuntimeConfig): { authFlowType?: 'USER_PASSWORD_AUTH' } {
  return config.cognitoEndpoint ? { authFlowType: 'USER_PASSWORD_AUTH' } : {};
}

/**
 * The signed-in user's Cognito id token (what API Gateway's Cognito authorizer checks), or
 * `undefined` when nobody is signed in. Amplify REST sends no token without an identity pool, so
 * the REST client attaches this one itself. Does not load Amplify for a signed-out visitor.
 */
export async function getIdToken(config: RuntimeConfig): Promise<string | undefined> {
  if (!mayHaveStoredSession(config)) return undefined;
  const { fetchAuthSession } = await loadAuth(config);
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString();
}
