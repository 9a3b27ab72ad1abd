/**
 * Greenhouse Harvest v3's access token (OAuth 2 client credentials, issue 15): the ONE request the
 * product makes to Greenhouse that is not a GET, kept out of the GET-only client on purpose (as
 * the Bullhorn design in `bullhorn.ts` keeps its token POST). It reads nothing of the recruiter's
 * data and writes nothing: it exchanges the client id and secret for a token that acts on behalf of
 * one Greenhouse user, per https://harvestdocs.greenhouse.io/docs/authentication:
 *
 *   POST https://auth.greenhouse.io/token
 *   Authorization: Basic base64(<client id>:<client secret>)
 *   Content-Type: application/x-www-form-urlencoded
 *   grant_type=client_credentials&sub=<Greenhouse user id>
 *
 * The answer's `access_token` then goes in `Authorization: Bearer`. The token is kept until a
 * minute before `expires_at` (or `expires_in` seconds; an hour, Greenhouse's documented token
 * lifetime, when it says neither) and fetched once for callers asking at the same time. One
 * attempt per token: the read that needs it is retried by the sync, not here. No message carries
 * a credential, the token or the token URL's answer.
 */
import { AtsError } from '../ats-port';
import * as z from '../../shared/zod';

/** Greenhouse's authorization server. */
export const GREENHOUSE_TOKEN_URL = 'https://auth.greenhouse.io/token';

const LABEL = 'Greenhouse';
/** A token is renewed this long before it expires, so a read never starts with a dying token. */
const RENEW_BEFORE_MS = 60_000;
/** Greenhouse's access tokens live an hour (harvest-partner-oauth guide); used when the answer does not say. */
const DEFAULT_LIFETIME_MS = 3_600_000;
/** A token is a header value: visible ASCII, no spaces; and not absurdly long. */
const TOKEN_PATTERN = /^[\x21-\x7e]{1,8192}$/;

const TokenAnswerSchema = z.object({
  access_token: z.string().check(z.regex(TOKEN_PATTERN)),
  token_type: z.nullish(z.string()),
  expires_at: z.nullish(z.string()),
  expires_in: z.nullish(z.number()),
});

/** A failed token request (its reason and message as any {@link AtsError}), told apart from the API's own refusals. */
export class GreenhouseTokenError extends AtsError {}

export interface GreenhouseTokenSourceOptions {
  /** Greenhouse's by default; a stand-in's in the local runtime and tests. */
  readonly tokenUrl?: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The Greenhouse user the token acts on behalf of (`sub`). */
  readonly userId: string;
  readonly fetch?: typeof fetch;
  /** The clock (ms since the epoch). */
  readonly now?: () => number;
  /** For the token request, answer included. Default 10 s. */
  readonly timeoutMs?: number;
}

export interface GreenhouseTokenSource {
  /** A token that is not about to expire: the cached one, or a new one. */
  token(): Promise<string>;
  /** Forgets the cached token (Greenhouse refused it), so the next {@link token} asks for a new one. */
  invalidate(): void;
}

/** Creates the token source of one connection; nothing is requested until {@link GreenhouseTokenSource.token}. */
export function createGreenhouseTokenSource(options: GreenhouseTokenSourceOptions): GreenhouseTokenSource {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const tokenUrl = options.tokenUrl ?? GREENHOUSE_TOKEN_URL;
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`, 'utf8').toString('base64');
  let cached: { readonly token: string; readonly renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function request(): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await doFetch(tokenUrl, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'client_credentials', sub: options.userId }).toString(),
        redirect: 'manual',
        signal: controller.signal,
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
    } catch {
      // The raw error is dropped: it can quote the URL or a header value.
      throw new GreenhouseTokenError('unavailable', `${LABEL} could not be reached for an access token; try again in a few minutes.`);
    } finally {
      clearTimeout(timer);
    }
    if (status === 400 || status === 401 || status === 403) {
      throw new GreenhouseTokenError(
        'credentials',
        `${LABEL} refused the client ID, client secret or user ID: check that the Harvest v3 credentials are active and that the user exists in Greenhouse.`,
      );
    }
    if (status === 429) {
      const seconds = /^\d+$/.test(retryAfter?.trim() ?? '') ? Number(retryAfter) : null;
      throw new GreenhouseTokenError('rate-limited', `${LABEL} is limiting token requests right now; try again in a few minutes.`, seconds);
    }
    if (status !== 200) {
      throw new GreenhouseTokenError(
        'unavailable',
        `${LABEL} could not issue an access token (HTTP ${status}); try again in a few minutes.`,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    const parsed = TokenAnswerSchema.safeParse(body);
    const type = parsed.success ? (parsed.data.token_type ?? 'bearer').toLowerCase() : '';
    if (!parsed.success || type !== 'bearer') {
      throw new GreenhouseTokenError('response', `${LABEL} answered the token request with something we could not read; try again later.`);
    }
    const issuedAt = now();
    const expiresAt = parsed.data.expires_at ? Date.parse(parsed.data.expires_at) : NaN;
    const lifetime = Number.isFinite(expiresAt)
      ? expiresAt - issuedAt
      : typeof parsed.data.expires_in === 'number'
        ? parsed.data.expires_in * 1000
        : DEFAULT_LIFETIME_MS;
    // A token that expires within the margin is still used once, never cached.
    cached = { token: parsed.data.access_token, renewAt: issuedAt + Math.max(0, lifetime - RENEW_BEFORE_MS) };
    return parsed.data.access_token;
  }

  return {
    async token() {
      if (cached && now() < cached.renewAt) return cached.token;
      pending ??= request().finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate() {
      cached = null;
    },
  };
}
