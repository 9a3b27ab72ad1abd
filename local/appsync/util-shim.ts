/**
 * Local stand-in for the runtime surface of `@aws-appsync/utils` (`util`, `runtime`,
 * `extensions`). The local AppSync runner bundles every resolver with `@aws-appsync/utils`
 * aliased to this file, then evaluates the bundle in its own `vm` context where the runner has
 * installed a {@link ResolverHost} (marshalling, UUIDs, per-request state).
 *
 * Only what the resolvers of this product need (and a little more) is implemented; calling
 * anything else fails loudly with the name of the missing helper, so a gap is never silent.
 * This module is bundled into resolvers: no npm imports, only relative ones.
 */
import { RESOLVER_HOST_GLOBAL, SIGNAL_MARKER, type AppSyncErrorDetails, type ResolverHost, type ResolverSignal } from './host-bridge';
import { toDynamoDBExpressionJson } from './util-transform';

function host(): ResolverHost {
  const installed = (globalThis as Record<string, unknown>)[RESOLVER_HOST_GLOBAL] as ResolverHost | undefined;
  if (!installed) {
    throw new Error('The local @aws-appsync/utils shim only runs inside the local AppSync runner.');
  }
  return installed;
}

function signal(value: ResolverSignal): never {
  throw value;
}

function errorDetails(message: string, errorType?: string, data?: unknown, errorInfo?: unknown): AppSyncErrorDetails {
  return {
    message: String(message),
    errorType: errorType ?? null,
    data: data ?? null,
    errorInfo: errorInfo ?? null,
  };
}

/** Java's `String.matches`: the whole value must match. Java regexes work on code points (`u`). */
function matches(pattern: string, value: string): boolean {
  let regExp: RegExp;
  try {
    regExp = new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    // Escapes such as `\-` are legal in Java and in non-unicode JS regexes, not with `u`.
    regExp = new RegExp(`^(?:${pattern})$`);
  }
  return regExp.test(String(value));
}

function isNull(value: unknown): boolean {
  return value === null || value === undefined;
}

function isNullOrEmpty(value: unknown): boolean {
  return isNull(value) || value === '';
}

function isNullOrBlank(value: unknown): boolean {
  return isNull(value) || (typeof value === 'string' && value.trim() === '');
}

function toAttributeValueOrNull(value: unknown): unknown {
  return isNull(value) ? null : host().toAttributeValue(value);
}

function typedSet(type: 'SS' | 'NS', values: unknown): unknown {
  if (!Array.isArray(values)) return null;
  return { [type]: values.map((value) => String(value)) };
}

function notAvailableLocally(name: string): never {
  throw new Error(`util.${name} is not implemented by the local AppSync runner (local/appsync/util-shim.ts).`);
}

const time = {
  nowISO8601: (): string => new Date().toISOString(),
  nowEpochSeconds: (): number => Math.floor(Date.now() / 1000),
  nowEpochMilliSeconds: (): number => Date.now(),
  epochMilliSecondsToSeconds: (milliseconds: number): number => Math.floor(milliseconds / 1000),
  epochMilliSecondsToISO8601: (milliseconds: number): string => new Date(milliseconds).toISOString(),
  nowFormatted: (): never => notAvailableLocally('time.nowFormatted'),
  parseFormattedToEpochMilliSeconds: (): never => notAvailableLocally('time.parseFormattedToEpochMilliSeconds'),
  epochMilliSecondsToFormatted: (): never => notAvailableLocally('time.epochMilliSecondsToFormatted'),
};

const dynamodb = {
  toDynamoDB: (value: unknown): unknown => host().toAttributeValue(value),
  toDynamoDBJson: (value: unknown): string => JSON.stringify(host().toAttributeValue(value)),
  toMapValues: (value: Record<string, unknown>): Record<string, unknown> => host().toMapValues(value),
  toMapValuesJson: (value: Record<string, unknown>): string => JSON.stringify(host().toMapValues(value)),
  toString: (value: unknown): unknown => (isNull(value) ? null : { S: String(value) }),
  toStringSet: (values: unknown): unknown => typedSet('SS', values),
  toNumber: (value: unknown): unknown => (isNull(value) ? null : { N: String(value) }),
  toNumberSet: (values: unknown): unknown => typedSet('NS', values),
  toBoolean: (value: unknown): unknown => (isNull(value) ? null : { BOOL: Boolean(value) }),
  toNull: (): unknown => ({ NULL: true }),
  toList: (value: unknown): unknown => (Array.isArray(value) ? toAttributeValueOrNull(value) : null),
  toMap: (value: unknown): unknown => (typeof value === 'object' && value !== null ? toAttributeValueOrNull(value) : null),
};

const transform = {
  toDynamoDBFilterExpression: (filter: unknown): string => toDynamoDBExpressionJson(filter, (value) => host().toAttributeValue(value)),
  toDynamoDBConditionExpression: (condition: unknown): string =>
    toDynamoDBExpressionJson(condition, (value) => host().toAttributeValue(value)),
};

/** The `util` object resolvers import from `@aws-appsync/utils`. */
export const util = {
  autoId: (): string => host().randomUUID(),
  error(message: string, errorType?: string, data?: unknown, errorInfo?: unknown): never {
    return signal({ [SIGNAL_MARKER]: 'error', ...errorDetails(message, errorType, data, errorInfo) });
  },
  appendError(message: string, errorType?: string, data?: unknown, errorInfo?: unknown): void {
    host().appendError(errorDetails(message, errorType, data, errorInfo));
  },
  unauthorized(): never {
    return signal({ [SIGNAL_MARKER]: 'unauthorized' });
  },
  matches,
  authType(): string {
    return host().authMode() === 'API_KEY' ? 'API Key Authorization' : 'User Pool Authorization';
  },
  isNull,
  isNullOrEmpty,
  isNullOrBlank,
  defaultIfNull: <T>(value: T | null | undefined, fallback: T): T => (isNull(value) ? fallback : (value as T)),
  defaultIfNullOrEmpty: <T>(value: T | null | undefined, fallback: T): T => (isNullOrEmpty(value) ? fallback : (value as T)),
  defaultIfNullOrBlank: <T>(value: T | null | undefined, fallback: T): T => (isNullOrBlank(value) ? fallback : (value as T)),
  time,
  dynamodb,
  transform,
};

/** The `runtime` object (`runtime.earlyReturn`). */
export const runtime = {
  earlyReturn(value?: unknown): never {
    return signal({ [SIGNAL_MARKER]: 'earlyReturn', value: value ?? null });
  },
};

/** The `extensions` object: subscriptions and caching do not exist locally. */
export const extensions = {
  evictFromApiCache: (): void => undefined,
  setSubscriptionFilter: (): never => notAvailableLocally('extensions.setSubscriptionFilter'),
  setSubscriptionInvalidationFilter: (): never => notAvailableLocally('extensions.setSubscriptionInvalidationFilter'),
  invalidateSubscriptions: (): never => notAvailableLocally('extensions.invalidateSubscriptions'),
};
