import type { ApiErrorBody } from '@contracts/api-error';
import { FALLBACK_ERROR_MESSAGE } from '../config/constants';
import type { RuntimeConfig } from '../config/runtime-config';
import { getIdToken } from './amplify';
import { NOT_LOGGED_IN_MESSAGE } from './auth/auth-state';
import { UserFacingError } from './errors';

/**
 * The app's one client for the REST API. It resolves paths against `restApiUrl`, sends and reads
 * JSON, attaches the signed-in user's id token as `Authorization` (what API Gateway's Cognito
 * authorizer checks; Amplify REST would send none without an identity pool), and turns every
 * failure into a {@link RestApiError}.
 */

export const NETWORK_ERROR_MESSAGE = 'We could not reach our servers. Check your connection and try again.';

/** A failed REST call: the server's `ApiErrorBody` when it sent one, else a generic message. */
export class RestApiError extends UserFacingError {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The body's stable `code`, or `NETWORK`, `UNAUTHENTICATED`, `HTTP_<status>`. */
  readonly code: string;
  /** Per-field problems of a rejected payload. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, fields: Readonly<Record<string, string>> = {}, cause?: unknown) {
    super(message, { cause });
    this.name = 'RestApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/**
 * Reads an `ApiErrorBody` (lambdas/shared/contracts/api-error.ts). Checked by hand rather than
 * with its zod schema: the full zod build would add about 20 kB to the pages that call the API.
 */
export function parseApiErrorBody(value: unknown): ApiErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { message, code, fields } = value as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return undefined;
  if (fields === undefined) return { message, code };
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
  const entries = Object.entries(fields);
  if (!entries.every(([, text]) => typeof text === 'string')) return undefined;
  return { message, code, fields: Object.fromEntries(entries) as Record<string, string> };
}

export interface RestRequest {
  /** `user` (default): the id token is required; `none`: a public call, no token, no Amplify. */
  readonly auth?: 'user' | 'none';
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Extra request headers (e.g. `Idempotency-Key`); they cannot replace the client's own. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/** A file the API answered (a CSV export): its bytes and the name its `Content-Disposition` gives. */
export interface RestDownload {
  readonly blob: Blob;
  /** `undefined` when the answer names none. */
  readonly fileName: string | undefined;
}

export interface RestClient {
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options?: RestRequest): Promise<T>;
  get<T>(path: string, options?: Omit<RestRequest, 'body'>): Promise<T>;
  post<T>(path: string, body: unknown, options?: Omit<RestRequest, 'body'>): Promise<T>;
  /** A GET whose answer is a file, not JSON; a refusal is still a JSON `ApiErrorBody` and rejects as {@link request} does. */
  download(path: string, options?: Omit<RestRequest, 'body'>): Promise<RestDownload>;
}

/** The file name of `attachment; filename="…"`. */
export function attachmentFileName(disposition: string | null): string | undefined {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1];
}

export interface RestClientOptions {
  /** The API's base URL (`restApiUrl`, e.g. `https://…/prod/`). */
  readonly baseUrl: string;
  /** The signed-in user's id token, `undefined` when nobody is signed in. */
  readonly getIdToken: () => Promise<string | undefined>;
  readonly fetch?: typeof fetch;
}

function resolveUrl(baseUrl: string, path: string, query: RestRequest['query']): string {
  const url = new URL(path.replace(/^\/+/, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A REST client over `fetch` (tests pass their own `fetch` and token source). */
export function createRestClient({ baseUrl, getIdToken: idToken, fetch: fetchImpl }: RestClientOptions): RestClient {
  /** Sends the request; resolves with a successful answer, rejects with a {@link RestApiError} otherwise. */
  const send = async (
    method: string,
    path: string,
    { auth = 'user', query, body, signal, headers: extraHeaders }: RestRequest,
    accept: string,
  ): Promise<Response> => {
    const headers: Record<string, string> = { ...extraHeaders, Accept: accept };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (auth === 'user') {
      const token = await idToken();
      if (!token) throw new RestApiError(401, 'UNAUTHENTICATED', NOT_LOGGED_IN_MESSAGE);
      headers.Authorization = token;
    }
    let response: Response;
    try {
      response = await (fetchImpl ?? fetch)(resolveUrl(baseUrl, path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RestApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE, {}, error);
    }
    if (response.ok) return response;
    const payload = await readJson(response);
    const problem = parseApiErrorBody(payload);
    // The whole body is the cause: some answers carry more than the message (e.g. a 3-D Secure action token).
    if (problem) throw new RestApiError(response.status, problem.code, problem.message, problem.fields ?? {}, payload);
    throw new RestApiError(
      response.status,
      `HTTP_${response.status}`,
      response.status === 401 ? NOT_LOGGED_IN_MESSAGE : FALLBACK_ERROR_MESSAGE,
      {},
      payload,
    );
  };
  const request = async <T>(method: string, path: string, options: RestRequest = {}): Promise<T> =>
    (await readJson(await send(method, path, options, 'application/json'))) as T;
  return {
    request: (method, path, options) => request(method, path, options),
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    async download(path, options = {}) {
      const response = await send('GET', path, options, '*/*');
      return { blob: await response.blob(), fileName: attachmentFileName(response.headers.get('Content-Disposition')) };
    },
  };
}

/** The app's REST client for a runtime config: id tokens from Amplify (loaded only when signed in). */
export function createAppRestClient(config: RuntimeConfig): RestClient {
  return createRestClient({ baseUrl: config.restApiUrl, getIdToken: () => getIdToken(config) });
}
