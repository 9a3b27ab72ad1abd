/**
 * The one HTTP client every ATS connector reads through. It can only GET: nothing the product
 * does can write to a recruiter's ATS, whatever a connector's code says (an OAuth token
 * exchange, where an ATS needs one, is a separate explicit function, not part of this client).
 *
 * It owns what every ATS has in common: auth headers, retries (429 honouring Retry-After,
 * 5xx/network errors/time-outs with exponential backoff and jitter), mapping failures to
 * {@link AtsError}s a recruiter can act on, JSON parsing, and keeping credentials on the ATS's
 * own origin (a `next` link or redirect elsewhere is refused, so a hostile or compromised
 * answer cannot make us send the key to another host). No message or cause it produces ever
 * contains a credential or a request URL (a query string may carry one).
 */
import { AtsError } from '../ats-port';

/** A query value; an array repeats the parameter (`expand=a&expand=b`, as Lever wants). */
export type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface ReadOnlyClientOptions {
  /** The API root, e.g. `https://harvest.greenhouse.io/v3`; paths are appended to it. */
  readonly baseUrl: string;
  /** The ATS's name as a recruiter knows it ("Greenhouse"), used in every error message. */
  readonly atsLabel: string;
  /** The auth headers for one request (called per attempt, so a token can be refreshed). */
  readonly authorize: () => Record<string, string> | Promise<Record<string, string>>;
  /** Injectable for tests; the global (undici) `fetch` by default. */
  readonly fetch?: typeof fetch;
  /** Waits between attempts; injected in tests so delays are recorded, not waited. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** The clock (ms since the epoch), for Retry-After HTTP-dates. */
  readonly now?: () => number;
  /** [0, 1) for the backoff jitter. */
  readonly random?: () => number;
  /** Attempts per request, the first included. Default 4. */
  readonly maxAttempts?: number;
  /** A Retry-After longer than this is not waited for: the call fails 'rate-limited' at once. */
  readonly maxRetryAfterSeconds?: number;
  /** Per attempt, response body included. Default 10 s. */
  readonly timeoutMs?: number;
  /** The first backoff step; doubles per attempt. Default 500 ms. */
  readonly baseDelayMs?: number;
  /** A larger answer is refused ('response'), so a broken or hostile ATS cannot exhaust memory. Default 20 MB. */
  readonly maxBodyBytes?: number;
}

export interface ReadOnlyResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body. */
  readonly body: unknown;
}

export interface ReadOnlyClient {
  /**
   * GETs a path under the base URL (`/jobs`) or an absolute URL on the base URL's origin (a
   * `next` link), with `query` appended (`null`/`undefined` values left out).
   */
  get(pathOrAbsoluteUrl: string, query?: Readonly<Record<string, QueryValue>>): Promise<ReadOnlyResponse>;
}

/**
 * A 4xx other than 401/403/429. Its reason is 'response' so that, unmapped, it still reads well;
 * connectors map the statuses that mean something for their ATS (404 → 'account' or "not found").
 */
export class AtsHttpStatusError extends AtsError {
  constructor(
    atsLabel: string,
    readonly status: number,
  ) {
    super('response', `${atsLabel} refused the request (HTTP ${status}). If it keeps happening, contact support.`);
  }
}

/**
 * A 401: the credentials were refused. A connector whose token can expire (Greenhouse v3) catches
 * it to fetch a new token once; for every other connector it is the 'credentials' error it always was.
 */
export class AtsUnauthorizedError extends AtsError {
  constructor(atsLabel: string) {
    super('credentials', `${atsLabel} refused the API key: check that it is correct, active and has read access.`);
  }
}

const MAX_REDIRECTS = 3;
/** Header values a credential may hold: visible ASCII and spaces (no CR/LF, no non-Latin-1). */
const SAFE_HEADER_VALUE = /^[\x20-\x7e]*$/;

/** How patient a client is unless told otherwise. */
const DEFAULT_LIMITS = { maxAttempts: 4, maxRetryAfterSeconds: 30, timeoutMs: 10_000, baseDelayMs: 500 } as const;

type RetryLimits = Pick<ReadOnlyClientOptions, 'maxAttempts' | 'maxRetryAfterSeconds' | 'timeoutMs' | 'baseDelayMs'>;

function retryLimits(options: RetryLimits): Required<RetryLimits> {
  return {
    maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_LIMITS.maxAttempts),
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? DEFAULT_LIMITS.maxRetryAfterSeconds,
    timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    baseDelayMs: options.baseDelayMs ?? DEFAULT_LIMITS.baseDelayMs,
  };
}

/** The wait before attempt `attemptNumber + 1`: the backoff step, doubling, plus up to as much jitter. */
function backoffMs(baseDelayMs: number, attemptNumber: number, random: number): number {
  const exponential = baseDelayMs * 2 ** (attemptNumber - 1);
  return Math.round(exponential + random * exponential);
}

/**
 * The longest one `get` can take with these limits: every attempt running to its time-out, and
 * before each next one the longest wait (the backoff at its most jitter, or the longest
 * Retry-After still waited for). What a caller with a deadline must leave room for.
 */
export function longestRequestMs(options: RetryLimits): number {
  const { maxAttempts, maxRetryAfterSeconds, timeoutMs, baseDelayMs } = retryLimits(options);
  let total = maxAttempts * timeoutMs;
  for (let attemptNumber = 1; attemptNumber < maxAttempts; attemptNumber++) {
    total += Math.max(backoffMs(baseDelayMs, attemptNumber, 1), maxRetryAfterSeconds * 1000);
  }
  return total;
}

/** Creates a GET-only client for one ATS account. */
export function createReadOnlyClient(options: ReadOnlyClientOptions): ReadOnlyClient {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const { maxAttempts, maxRetryAfterSeconds, timeoutMs, baseDelayMs } = retryLimits(options);
  const maxBodyBytes = options.maxBodyBytes ?? 20 * 1024 * 1024;
  const label = options.atsLabel;
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);

  function resolve(pathOrAbsoluteUrl: string, query: Readonly<Record<string, QueryValue>> | undefined): URL {
    let url: URL;
    if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrAbsoluteUrl)) {
      try {
        url = new URL(pathOrAbsoluteUrl);
      } catch {
        throw new AtsError('response', `${label} sent a link to the next page that is not a valid address.`);
      }
    } else {
      url = new URL(pathOrAbsoluteUrl.replace(/^\/+/, ''), base);
    }
    // Every URL, relative ones too: `\\host/x` (a backslash is a slash in a URL) or `//host` resolve to another host.
    assertSameOrigin(url);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === null || value === undefined) continue;
      if (Array.isArray(value)) {
        url.searchParams.delete(key);
        for (const item of value as readonly string[]) url.searchParams.append(key, item);
      } else {
        url.searchParams.set(key, String(value));
      }
    }
    return url;
  }

  function assertSameOrigin(url: URL): void {
    if (url.origin !== base.origin) {
      throw new AtsError(
        'response',
        `${label} pointed us to another website (${url.host}); we did not follow it, so your credentials stay with ${label}.`,
      );
    }
  }

  async function headersFor(): Promise<Record<string, string>> {
    const auth = await options.authorize();
    for (const value of Object.values(auth)) {
      if (!SAFE_HEADER_VALUE.test(value)) {
        throw new AtsError(
          'credentials',
          `The ${label} API key contains characters an API key cannot have (a line break or a special character); paste it again.`,
        );
      }
    }
    return { accept: 'application/json', ...auth };
  }

  /** One attempt: follows same-origin redirects, reads the body as text, all under the time-out. */
  async function attempt(url: URL): Promise<{ status: number; headers: Headers; text: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      let current = url;
      for (let hop = 0; ; hop++) {
        const response = await doFetch(current, {
          method: 'GET',
          headers: await headersFor(),
          redirect: 'manual',
          signal: controller.signal,
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
          await response.body?.cancel();
          current = new URL(location, current);
          assertSameOrigin(current);
          continue;
        }
        const declared = Number(response.headers.get('content-length') ?? '0');
        if (declared > maxBodyBytes) {
          await response.body?.cancel();
          throw tooLarge();
        }
        const text = await response.text();
        if (Buffer.byteLength(text, 'utf8') > maxBodyBytes) throw tooLarge();
        return { status: response.status, headers: response.headers, text };
      }
    } catch (error) {
      // The abort's own error may come from another realm (undici's DOMException); the signal is sure.
      if (controller.signal.aborted) throw new AttemptTimedOut();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  function tooLarge(): AtsError {
    return new AtsError(
      'response',
      `${label} sent a far larger answer than a page of records; try again later, and contact support if it keeps happening.`,
    );
  }

  async function get(pathOrAbsoluteUrl: string, query?: Readonly<Record<string, QueryValue>>): Promise<ReadOnlyResponse> {
    const url = resolve(pathOrAbsoluteUrl, query);
    let lastProblem = '';
    let lastRetryAfter: number | null = null;
    let rateLimited = false;
    for (let attemptNumber = 1; attemptNumber <= maxAttempts; attemptNumber++) {
      const isLast = attemptNumber === maxAttempts;
      let result: { status: number; headers: Headers; text: string };
      try {
        result = await attempt(url);
      } catch (error) {
        if (error instanceof AtsError) throw error;
        // The raw error is not kept: undici's messages can quote a URL or a header value.
        rateLimited = false;
        lastProblem = error instanceof AttemptTimedOut ? 'did not answer in time' : 'could not be reached';
        if (!isLast) await sleep(backoffMs(baseDelayMs, attemptNumber, random()));
        continue;
      }
      const { status, headers, text } = result;
      if (status === 429) {
        rateLimited = true;
        const retryAfter = retryAfterSeconds(headers.get('retry-after'), now());
        lastRetryAfter = retryAfter;
        if (retryAfter !== null && retryAfter > maxRetryAfterSeconds) break;
        if (!isLast) await sleep(retryAfter !== null ? retryAfter * 1000 : backoffMs(baseDelayMs, attemptNumber, random()));
        continue;
      }
      if (status >= 500) {
        rateLimited = false;
        lastProblem = `had a server error (HTTP ${status})`;
        if (!isLast) await sleep(backoffMs(baseDelayMs, attemptNumber, random()));
        continue;
      }
      if (status === 401) throw new AtsUnauthorizedError(label);
      if (status === 403) {
        throw new AtsError(
          'credentials',
          `${label} accepted the API key but refused access: check that the key has read permission for jobs, candidates and applications.`,
        );
      }
      if (status >= 300) throw new AtsHttpStatusError(label, status);
      return { status, headers, body: parseJson(text) };
    }
    if (rateLimited) {
      const when = lastRetryAfter !== null ? `in ${lastRetryAfter} seconds` : 'in a few minutes';
      throw new AtsError('rate-limited', `${label} is limiting how often it can be read right now; try again ${when}.`, lastRetryAfter);
    }
    throw new AtsError('unavailable', `${label} ${lastProblem} after ${maxAttempts} attempts; try again in a few minutes.`);
  }

  function parseJson(text: string): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AtsError(
        'response',
        `${label} answered with something that is not the JSON its API returns; try again later, and contact support if it keeps happening.`,
      );
    }
  }

  return { get };
}

/**
 * Retry-After as seconds from now: either delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * `null` when absent or unreadable (the caller falls back to backoff).
 */
export function retryAfterSeconds(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

class AttemptTimedOut extends Error {}

/** `Authorization: Basic` with the key as the user name and an empty password (Greenhouse, Lever). */
export function basicAuthHeader(apiKey: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${apiKey}:`, 'utf8').toString('base64')}` };
}
