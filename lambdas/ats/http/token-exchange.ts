/**
 * The one POST an ATS connector may make: an OAuth 2.0 token request (RFC 6749 §4.4, client
 * credentials), for ATSs whose API wants a bearer token rather than a key (Greenhouse Harvest v3;
 * Bullhorn's OAuth step is built on {@link postTokenForm} too). It is deliberately not part of
 * the read-only client: it posts only a form to the one token URL it was created with, and reads
 * only the token out of the answer. Nothing it produces (message, cause) carries the client
 * secret or a token.
 */
import { AtsError } from '../ats-port';

export interface TokenRequestOptions {
  /** The ATS's name as a recruiter knows it, used in every error message. */
  readonly atsLabel: string;
  readonly fetch?: typeof fetch;
  /** Per request, answer included. Default 10 s. */
  readonly timeoutMs?: number;
}

/**
 * POSTs `form` (application/x-www-form-urlencoded) to `tokenUrl` with `headers` and returns the
 * JSON answer. 400/401 (`invalid_client`, `invalid_grant`…) → 'credentials'; 429 →
 * 'rate-limited'; 5xx, time-outs, network errors → 'unavailable'; anything not JSON → 'response'.
 * No redirects are followed: a token endpoint that redirects is not trusted with a secret.
 */
export async function postTokenForm(
  tokenUrl: string,
  form: Readonly<Record<string, string>>,
  headers: Readonly<Record<string, string>>,
  options: TokenRequestOptions,
): Promise<Record<string, unknown>> {
  const label = options.atsLabel;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  let status: number;
  let text: string;
  try {
    const response = await (options.fetch ?? fetch)(tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch {
    // The raw error is not kept: it can quote the request.
    const what = controller.signal.aborted ? 'did not answer the sign-in request in time' : 'could not be reached to sign in';
    throw new AtsError('unavailable', `${label} ${what}; try again in a few minutes.`);
  } finally {
    clearTimeout(timer);
  }
  if (status === 400 || status === 401 || status === 403) {
    throw new AtsError(
      'credentials',
      `${label} refused the client ID and secret: check that they are correct, active and allowed to read.`,
    );
  }
  if (status === 429) throw new AtsError('rate-limited', `${label} is limiting sign-ins right now; try again in a few minutes.`);
  if (status >= 500)
    throw new AtsError('unavailable', `${label} had a server error while signing in (HTTP ${status}); try again in a few minutes.`);
  if (status < 200 || status >= 300) throw new AtsError('response', `${label} answered the sign-in request unexpectedly (HTTP ${status}).`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AtsError('response', `${label} answered the sign-in request with something that is not JSON.`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AtsError('response', `${label} answered the sign-in request with data we could not read.`);
  }
  return body as Record<string, unknown>;
}

export interface ClientCredentialsOptions extends TokenRequestOptions {
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Extra form fields (Greenhouse's `sub`, a `scope`). */
  readonly form?: Readonly<Record<string, string>>;
  /** The clock (ms since the epoch), for expiry. */
  readonly now?: () => number;
  /** Renew this long before the token expires, so a page never starts with a dying token. Default 60 s. */
  readonly refreshMarginSeconds?: number;
}

export interface TokenSource {
  /** A valid access token: the cached one, or a new one when it is about to expire. */
  token(): Promise<string>;
  /** Forgets the cached token (after the API refused it). */
  invalidate(): void;
}

/**
 * A cached client-credentials token: the client authenticates with HTTP Basic (RFC 6749
 * §2.3.1, form-encoded id and secret), one request at a time even when pages ask concurrently.
 */
export function createClientCredentialsTokenSource(options: ClientCredentialsOptions): TokenSource {
  const now = options.now ?? Date.now;
  const margin = (options.refreshMarginSeconds ?? 60) * 1000;
  const basic = Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`, 'utf8').toString(
    'base64',
  );
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const body = await postTokenForm(
      options.tokenUrl,
      { grant_type: 'client_credentials', ...options.form },
      { authorization: `Basic ${basic}` },
      options,
    );
    const token = body.access_token;
    if (typeof token !== 'string' || token === '' || !/^[\x21-\x7e]+$/.test(token)) {
      throw new AtsError('response', `${options.atsLabel} answered the sign-in request without a usable access token.`);
    }
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    cached = { token, expiresAt: now() + expiresIn * 1000 };
    return token;
  }

  return {
    async token() {
      if (cached && now() < cached.expiresAt - margin) return cached.token;
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate() {
      cached = null;
    },
  };
}
