import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { LocalEndpointRoute } from './identity/lambda-endpoint';

/**
 * How the local runtime learns who a caller is. `startLocalRuntime` starts the identity service
 * of local/identity/local-identity.ts by default (cognito-local, the Cognito triggers, the
 * outbox, the production token verifier). Without one ({@link NO_LOCAL_IDENTITY}, `identity:
 * false`) every token is refused: user-pool GraphQL calls and 'user'/'admin' REST routes answer
 * 401, as in AWS without a valid token.
 */

/** A Cognito user pool token that passed verification (signature, issuer, expiry, client). */
export interface VerifiedUserPoolToken {
  readonly sub: string;
  /** `cognito:username` (id token) or `username` (access token). */
  readonly username: string;
  /** `cognito:groups`, empty when the user is in no group. */
  readonly groups: readonly string[];
  /** `iss`. */
  readonly issuer: string;
  /** `token_use`: API Gateway's Cognito authorizer accepts id tokens; AppSync accepts both. */
  readonly tokenUse: 'id' | 'access';
  /** Every claim of the token, as decoded. */
  readonly claims: Readonly<Record<string, unknown>>;
}

/**
 * `requestContext.authorizer.claims` of a v1 proxy event: what API Gateway's Cognito authorizer
 * passes on from a verified id token, every value a string.
 */
export type AuthorizerClaims = Readonly<Record<string, string>>;

export interface LocalIdentity {
  /**
   * AppSync's AMAZON_COGNITO_USER_POOLS mode: verifies the raw `Authorization` header value (no
   * "Bearer"), an id or access token. `undefined` means 401 UnauthorizedException.
   */
  verifyUserPoolToken(token: string): Promise<VerifiedUserPoolToken | undefined>;
  /**
   * API Gateway's Cognito authorizer for 'user' and 'admin' routes: the claims of the verified
   * id token in the `Authorization` header, or `undefined` for 401 {"message":"Unauthorized"}.
   */
  resolveAuthorizerClaims(headers: IncomingHttpHeaders): Promise<AuthorizerClaims | undefined>;
}

/** What the runtime has started when it creates the identity service. */
export interface LocalIdentityContext {
  /** The runtime's data folder; absent when the runtime keeps its data in memory. */
  readonly dataDir: string | undefined;
  readonly dynamodbEndpoint: string;
  readonly tableNames: Readonly<Record<string, string>>;
  /** `--reset`: the identity data must start empty too. */
  readonly reset: boolean;
  /**
   * Local-only routes other services of the runtime serve on the identity's Lambda endpoint
   * (e.g. the local billing's card tokenization), by exact path.
   */
  readonly localRoutes?: Readonly<Record<string, LocalEndpointRoute>>;
}

/** A started identity service (cognito-local, its trigger endpoint, the outbox page...). */
export interface LocalIdentityService extends LocalIdentity {
  /** Added to `endpoints.json` (e.g. cognitoEndpoint, userPoolId, userPoolClientId, seed). */
  readonly endpoints?: Readonly<Record<string, unknown>>;
  /** Added to the web app's `config.json` (userPoolId, userPoolClientId, cognitoEndpoint). */
  readonly webConfig?: Readonly<Record<string, string>>;
  /** The user pool the routes with `userPoolAccess` call (USER_POOL_ID, COGNITO_ENDPOINT in their environment). */
  readonly userPool?: { readonly userPoolId: string; readonly endpoint: string };
  /** Base URL where the context's `localRoutes` are served (the Lambda endpoint). */
  readonly localRoutesUrl?: string;
  /** Pages the web server serves at exact paths (e.g. `/_local/outbox`). */
  readonly webPages?: Readonly<Record<string, (req: IncomingMessage, res: ServerResponse) => void>>;
  stop(): Promise<void>;
}

/** Starts the identity service once DynamoDB is up and before the APIs start. */
export type LocalIdentityFactory = (context: LocalIdentityContext) => Promise<LocalIdentityService>;

/** No identity service: every token is refused. */
export const NO_LOCAL_IDENTITY: LocalIdentity = {
  verifyUserPoolToken: async () => undefined,
  resolveAuthorizerClaims: async () => undefined,
};
