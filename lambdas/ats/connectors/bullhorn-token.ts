/**
 * Bullhorn's OAuth token exchange: the ONE request to an ATS that is not a GET. It is a POST to
 * `{oauthUrl}/token` that writes nothing in the ATS (it trades an authorization code or a refresh
 * token for an access token), kept here, outside the GET-only client every read goes through
 * (http/read-only-client.ts), so that client stays GET-only by construction.
 *
 * Bullhorn's documentation (bullhorn.github.io/Getting-Started-with-REST) puts the parameters in
 * the URL; here they go in an `application/x-www-form-urlencoded` body, the standard OAuth form
 * (RFC 6749 §4.1.3, §6) that public Bullhorn clients use too, so the client secret and the refresh
 * token never sit in a URL a proxy may log. The answer follows
 * `local/ats/fixtures/bullhorn/token-*.json`: `access_token` (valid 10 minutes), `token_type`,
 * `expires_in` and the NEXT `refresh_token` (single-use: the caller must store it before it uses
 * the access token). No message here quotes a token, a secret or the URL.
 */
import * as z from '../../shared/zod';
import { AtsError } from '../ats-port';

export const BullhornTokenSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.optional(z.string()),
  expires_in: z.optional(z.number()),
  refresh_token: z.string().check(z.minLength(1)),
});
export type BullhornTokens = z.infer<typeof BullhornTokenSchema>;

/** What is traded: the code from the browser's redirect, or the stored refresh token. */
export type BullhornTokenGrant =
  | { readonly grant_type: 'authorization_code'; readonly code: string; readonly redirect_uri: string }
  | { readonly grant_type: 'refresh_token'; readonly refresh_token: string };

export interface BullhornTokenOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/**
 * POSTs one token exchange to `{oauthUrl}/token`. Rejects with an {@link AtsError}: `credentials`
 * when Bullhorn refuses the grant (400/401: a used, expired or revoked refresh token, a wrong
 * client secret), `rate-limited` on 429, `unavailable` on 5xx or no answer, `response` otherwise.
 * Never retried: a refresh token may have been spent by a request whose answer was lost.
 */
export async function requestBullhornTokens(
  oauthUrl: string,
  grant: BullhornTokenGrant,
  options: BullhornTokenOptions,
): Promise<BullhornTokens> {
  const doFetch = options.fetch ?? fetch;
  const body = new URLSearchParams({ ...grant, client_id: options.clientId, client_secret: options.clientSecret });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  let status: number;
  let text: string;
  try {
    const response = await doFetch(`${oauthUrl.replace(/\/+$/, '')}/token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      // A redirect would carry the secret to wherever it points: refused, not followed.
      redirect: 'manual',
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch {
    // The raw error is dropped: it can quote the request.
    throw new AtsError('unavailable', 'Bullhorn’s sign-in service could not be reached; try again in a few minutes.');
  } finally {
    clearTimeout(timer);
  }
  if (status === 400 || status === 401 || status === 403) {
    throw new AtsError(
      'credentials',
      'Bullhorn no longer accepts TalentPilot’s authorization (it was revoked, expired or used elsewhere): connect Bullhorn again.',
    );
  }
  if (status === 429) throw new AtsError('rate-limited', 'Bullhorn is limiting sign-ins right now; try again in a minute.', 60);
  if (status >= 500)
    throw new AtsError('unavailable', `Bullhorn’s sign-in service had a server error (HTTP ${status}); try again in a few minutes.`);
  if (status !== 200)
    throw new AtsError(
      'response',
      `Bullhorn’s sign-in service answered HTTP ${status}; connect Bullhorn again, and contact support if it keeps happening.`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = null;
  }
  const parsed = BullhornTokenSchema.safeParse(json);
  if (!parsed.success) {
    throw new AtsError('response', 'Bullhorn’s sign-in service answered without the tokens it should send; connect Bullhorn again.');
  }
  return parsed.data;
}
