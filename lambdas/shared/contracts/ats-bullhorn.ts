import * as z from '../zod';
import { ATS_LIMITS } from './ats';

/**
 * Bullhorn's browser authorization (OAuth 2 authorization code), the two routes besides the
 * other ATS routes (same gate: signed-in subscribers; docs/ats-connectors.md, Bullhorn):
 *
 * | Method | Path | Body | Answer |
 * |---|---|---|---|
 * | POST | /ats/bullhorn/authorize | {@link StartBullhornAuthorizationRequest} | {@link StartBullhornAuthorizationResponse} |
 * | POST | /ats/bullhorn/callback  | {@link CompleteBullhornAuthorizationRequest} | `AtsConnectionResponse` (connected) |
 *
 * The browser goes to `authorizeUrl`; Bullhorn sends it back to `redirectUri` (our account page,
 * {@link BULLHORN_CALLBACK_PATH}) with `?code&state` (or `?error&state` when the recruiter
 * refused), and the page posts them to the callback route.
 */

/** The web page Bullhorn redirects back to: the account page, where the ATS settings are. */
export const BULLHORN_CALLBACK_PATH = '/account';

/** A Bullhorn API user name: printable, no spaces (Bullhorn's user names are logins). */
export const BULLHORN_USERNAME_PATTERN = /^[\x21-\x7e]{1,100}$/;

/** The `state` we send: 32 random bytes, base64url. */
export const BULLHORN_STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function text(label: string, max: number) {
  return z.string({ error: `${label} must be text.` }).check(z.maxLength(max, `${label} has at most ${max} characters.`));
}

/**
 * `POST /ats/bullhorn/authorize`: the OAuth client id and secret Bullhorn issued to the firm, the
 * Bullhorn API user name (its data centre is asked of Bullhorn), and the page Bullhorn is to send
 * the browser back to (an origin of the web app, {@link BULLHORN_CALLBACK_PATH}).
 */
export const StartBullhornAuthorizationRequestSchema = z.strictObject(
  {
    apikey1: text('The OAuth client id', ATS_LIMITS.keyMaxChars),
    apikey2: text('The OAuth client secret', ATS_LIMITS.keyMaxChars),
    username: text('The Bullhorn API user name', 200),
    redirectUri: text('The return address', 2048),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Send only apikey1, apikey2, username and redirectUri.' : undefined) },
);
export type StartBullhornAuthorizationRequest = z.infer<typeof StartBullhornAuthorizationRequestSchema>;

export interface StartBullhornAuthorizationResponse {
  /** Bullhorn's authorize page for this firm's data centre: where the browser goes next. */
  readonly authorizeUrl: string;
  /** When the pending authorization expires (ISO 8601). */
  readonly expiresAt: string;
}

/**
 * `POST /ats/bullhorn/callback`: what Bullhorn's redirect carried: `state` and either `code`
 * (the recruiter allowed) or `error` (refused or failed; `error_description` is not needed).
 */
export const CompleteBullhornAuthorizationRequestSchema = z.strictObject(
  {
    state: z
      .string({ error: 'The state must be text.' })
      .check(z.regex(BULLHORN_STATE_PATTERN, 'This Bullhorn sign-in was not started here: start again from your ATS settings.')),
    code: z.optional(text('The authorization code', 2048)),
    error: z.optional(text('The error', 200)),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Send only state and code (or error).' : undefined) },
);
export type CompleteBullhornAuthorizationRequest = z.infer<typeof CompleteBullhornAuthorizationRequestSchema>;
