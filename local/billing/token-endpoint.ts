import type { IncomingHttpHeaders } from 'node:http';
import { allowedOriginFor, CORS_MAX_AGE_SECONDS } from '../../lambdas/shared/http/cors';
import type { LocalBillingStore } from '../../lambdas/subscription/billing/local-billing-store';
import { threeDSecureResultTokenOf, tokenizeTestCard, type CardInput } from '../../lambdas/subscription/billing/local-test-cards';
import type { LocalEndpointAnswer, LocalEndpointRoute } from '../identity/lambda-endpoint';

/**
 * The local runtime's "Recurly.js": where the local card form sends the card, so that, as in
 * AWS, card data goes to the billing provider and our API only ever sees a token.
 *
 * `POST /_local/billing/tokens` with JSON `{ number, month, year, cvv, firstName, lastName }`:
 * - 201 `{ id: 'tok_local_…', type: 'credit_card' }` for a test card (4111 1111 1111 1111 is
 *   approved; 4000 0000 0000 0002 is tokenized and then declined by the local billing adapter);
 * - 400 `{ message, code: 'invalid_card', fields }` for anything else (a real card number, a past
 *   expiry, a missing field); 413 for a body over 16 KB; 405 for other methods.
 * CORS for the web app's origins (the browser calls it directly, like Recurly.js calls Recurly).
 * The card number is never stored or logged: the token keeps brand, last four and expiry.
 *
 * `POST /_local/billing/three-d-secure` with JSON `{ actionTokenId, outcome: 'authenticate' | 'fail' }`:
 * the cardholder's side of a 3-D Secure challenge (what Recurly.js's `risk.ThreeDSecure` and the
 * bank's page do in AWS; the web app's test challenge has a button for each outcome):
 * - 201 `{ id: '3dsr_…', type: 'three_d_secure_action_result' }` for a passed challenge: the
 *   result token create-change takes as `threeDSecureActionResultTokenId`;
 * - 422 `{ code: 'three_d_secure_failed', message }` for a failed one (Recurly.js emits `error`);
 * - 404 for an unknown or expired action token, 409 for one already answered, 400 for a bad body.
 * CORS as for the tokens.
 *
 * `GET /_local/billing/clock` → `{ now, offsetMs }`; `PUT` with `{ now: ISO instant | null }` moves
 * the local billing clock (trial ends, renewals, expiry) for everything that bills locally;
 * `null` puts it back on real time. For scripts and tests; not called by the web app.
 */

export const LOCAL_BILLING_PATHS = {
  tokens: '/_local/billing/tokens',
  /** Beside the tokens path: the web app derives it from `localBillingTokenUrl` (`three-d-secure` relative to it). */
  threeDSecure: '/_local/billing/three-d-secure',
  clock: '/_local/billing/clock',
} as const;

const MAX_TOKEN_BODY_BYTES = 16 * 1024;

export interface LocalBillingRoutesOptions {
  readonly store: LocalBillingStore;
  /** The web app's origins (read per request: the runtime knows them once the web server listens). */
  readonly allowedOrigins: () => readonly string[];
}

function parseJsonObject(body: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const problem = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): LocalEndpointAnswer => ({
  status,
  body: { message, code, ...extra },
});

export function localBillingRoutes(options: LocalBillingRoutesOptions): Record<string, LocalEndpointRoute> {
  const cors = (headers: IncomingHttpHeaders): Record<string, string> => ({
    'access-control-allow-origin': allowedOriginFor(
      typeof headers.origin === 'string' ? headers.origin : undefined,
      options.allowedOrigins(),
    ),
    vary: 'Origin',
  });

  /** A POST route the browser calls directly: CORS, preflight, method and size checks, then `answer`. */
  const browserPost =
    (answer: (input: Record<string, unknown> | undefined) => Promise<LocalEndpointAnswer>): LocalEndpointRoute =>
    async ({ method, headers, body }) => {
      const withCors = (reply: LocalEndpointAnswer): LocalEndpointAnswer => ({
        ...reply,
        headers: { ...cors(headers), ...reply.headers },
      });
      if (method === 'OPTIONS') {
        return withCors({
          status: 204,
          headers: {
            'access-control-allow-methods': 'POST, OPTIONS',
            'access-control-allow-headers': 'Content-Type, Accept',
            'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
          },
          body: undefined,
        });
      }
      if (method !== 'POST') return withCors({ ...problem(405, 'method_not_allowed', 'Use POST.'), headers: { allow: 'POST, OPTIONS' } });
      if (Buffer.byteLength(body) > MAX_TOKEN_BODY_BYTES) return withCors(problem(413, 'payload_too_large', 'The card form is too large.'));
      return withCors(await answer(parseJsonObject(body)));
    };

  const tokens = browserPost(async (input) => {
    if (!input) return problem(400, 'invalid_card', 'The body must be a JSON object with the card fields.');
    const now = await options.store.now();
    const result = tokenizeTestCard(input as CardInput, now);
    if ('problems' in result) return problem(400, 'invalid_card', result.problems.message, { fields: result.problems.fields });
    const token = await options.store.createToken(result.card, now);
    return { status: 201, body: { id: token.id, type: 'credit_card' } };
  });

  const threeDSecure = browserPost(async (input) => {
    const actionTokenId = input?.actionTokenId;
    const outcome = input?.outcome;
    if (typeof actionTokenId !== 'string' || !actionTokenId || (outcome !== 'authenticate' && outcome !== 'fail')) {
      return problem(400, 'validation_failed', 'Send { "actionTokenId": "<token>", "outcome": "authenticate" | "fail" }.');
    }
    const action = await options.store.getThreeDSecureAction(actionTokenId);
    if (!action || (await options.store.now()).getTime() >= Date.parse(action.expiresAt)) {
      return problem(404, 'not_found', 'This 3-D Secure check has expired. Please try the payment again.');
    }
    if (!(await options.store.completeThreeDSecureAction(actionTokenId, outcome === 'authenticate' ? 'authenticated' : 'failed'))) {
      return problem(409, 'conflict', 'This 3-D Secure check was already answered.');
    }
    if (outcome === 'fail') return problem(422, 'three_d_secure_failed', 'The cardholder failed the 3-D Secure check.');
    return { status: 201, body: { id: threeDSecureResultTokenOf(actionTokenId), type: 'three_d_secure_action_result' } };
  });

  const clock: LocalEndpointRoute = async ({ method, body }) => {
    if (method === 'GET') {
      const offsetMs = await options.store.clockOffset();
      return { status: 200, body: { now: (await options.store.now()).toISOString(), offsetMs } };
    }
    if (method !== 'PUT') return { ...problem(405, 'method_not_allowed', 'Use GET or PUT.'), headers: { allow: 'GET, PUT' } };
    const input = parseJsonObject(body);
    const target = input?.now;
    if (target !== null && (typeof target !== 'string' || Number.isNaN(Date.parse(target)))) {
      return problem(400, 'validation_failed', 'Send { "now": "<ISO 8601 instant>" }, or { "now": null } to go back to real time.');
    }
    await options.store.setClockOffset(target === null ? 0 : Date.parse(target) - Date.now());
    return { status: 200, body: { now: (await options.store.now()).toISOString(), offsetMs: await options.store.clockOffset() } };
  };

  return { [LOCAL_BILLING_PATHS.tokens]: tokens, [LOCAL_BILLING_PATHS.threeDSecure]: threeDSecure, [LOCAL_BILLING_PATHS.clock]: clock };
}
