/**
 * Reading what Amplify's GraphQL client threw. Amplify v6 rejects with the GraphQL result
 * (`{ data, errors }`) both for server errors and, wrapped, for network failures; our resolvers
 * reject bad input with `errorType: 'ValidationError'` and per-field messages in
 * `errorInfo.fields` (either `{ field: message }` or `[{ field, message }]`).
 */

export interface GraphqlErrorLike {
  readonly message?: unknown;
  readonly errorType?: unknown;
  readonly errorInfo?: unknown;
  readonly originalError?: unknown;
}

export interface GraphqlFailure {
  /** The errors of the GraphQL result (empty when the request itself failed). */
  readonly errors: readonly GraphqlErrorLike[];
  /** The first `ValidationError`: its message and per-field messages. */
  readonly validation?: { readonly message: string; readonly fields: Readonly<Record<string, string>> };
  /** The server could not be reached (or the client's code could not be loaded). */
  readonly network: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fieldsOf(errorInfo: unknown): Record<string, string> {
  const fields = isRecord(errorInfo) ? errorInfo.fields : undefined;
  const result: Record<string, string> = {};
  if (Array.isArray(fields)) {
    for (const entry of fields) {
      if (isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string') result[entry.field] ??= entry.message;
    }
  } else if (isRecord(fields)) {
    for (const [field, message] of Object.entries(fields)) {
      if (typeof message === 'string') result[field] = message;
    }
  }
  return result;
}

/** Whether an error (or the error it wraps) is a failure to reach the server. */
export function looksLikeNetworkFailure(error: unknown): boolean {
  if (!isRecord(error)) return false;
  const name = typeof error.name === 'string' ? error.name : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (name === 'NetworkError' || /network|failed to fetch|load failed|fetch failed|dynamically imported module/i.test(message)) {
    return true;
  }
  return error.originalError !== undefined && error.originalError !== error && looksLikeNetworkFailure(error.originalError);
}

/** Classifies whatever the GraphQL client threw. */
export function readGraphqlFailure(thrown: unknown): GraphqlFailure {
  const errors: GraphqlErrorLike[] = isRecord(thrown) && Array.isArray(thrown.errors) ? thrown.errors.filter(isRecord) : [];
  const first = errors.find((error) => error.errorType === 'ValidationError');
  const validation = first
    ? { message: typeof first.message === 'string' ? first.message.trim() : '', fields: fieldsOf(first.errorInfo) }
    : undefined;
  return { errors, validation, network: looksLikeNetworkFailure(thrown) || errors.some(looksLikeNetworkFailure) };
}
