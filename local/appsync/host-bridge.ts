/**
 * The contract between the local `util` shim (bundled INTO each resolver and evaluated in its own
 * `vm` context, like AppSync's isolated APPSYNC_JS runtime) and the runner that hosts it.
 *
 * The shim cannot import npm packages (resolvers are bundled for `platform: 'neutral'`), so the
 * runner installs a {@link ResolverHost} as a global of the resolver's context. Everything here is
 * plain, import-free TypeScript because it is bundled into resolvers too.
 */

/** Name of the global through which the runner hands the host to the shim. */
export const RESOLVER_HOST_GLOBAL = '__appsyncLocalHost';

/** Marker property of the values the shim throws to stop a handler (util.error & co.). */
export const SIGNAL_MARKER = '__appsyncLocalSignal';

/** AppSync's names for the authorization modes (what `util.authType()` reports). */
export type AuthMode = 'API_KEY' | 'AMAZON_COGNITO_USER_POOLS';

/** An error as AppSync reports it in the GraphQL response. */
export interface AppSyncErrorDetails {
  message: string;
  errorType: string | null;
  data: unknown;
  errorInfo: unknown;
}

/**
 * What the shim throws. `error` aborts the resolver with a field error (util.error),
 * `unauthorized` with AppSync's "Not Authorized" error (util.unauthorized), `earlyReturn` ends the
 * handler with a value (runtime.earlyReturn).
 */
export type ResolverSignal =
  | ({ [SIGNAL_MARKER]: 'error' } & AppSyncErrorDetails)
  | { [SIGNAL_MARKER]: 'unauthorized' }
  | { [SIGNAL_MARKER]: 'earlyReturn'; value: unknown };

/** Services the runner provides to the shim, per resolver context. */
export interface ResolverHost {
  /** `@aws-sdk/util-dynamodb`'s marshall, for a map of values. */
  toMapValues(value: Record<string, unknown>): Record<string, unknown>;
  /** `@aws-sdk/util-dynamodb`'s convertToAttr, for one value. */
  toAttributeValue(value: unknown): unknown;
  /** A random UUID v4 (node:crypto). */
  randomUUID(): string;
  /** Records an error of the running handler (util.appendError). */
  appendError(error: AppSyncErrorDetails): void;
  /** Authorization mode of the running request. */
  authMode(): AuthMode;
}

/** Tells whether a thrown value is one of the shim's signals. */
export function isResolverSignal(value: unknown): value is ResolverSignal {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[SIGNAL_MARKER] === 'string';
}
