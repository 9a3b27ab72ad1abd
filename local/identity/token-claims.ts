import type { IncomingHttpHeaders } from 'node:http';
import type { AuthorizerClaims, VerifiedUserPoolToken } from '../identity';

/**
 * What AppSync and API Gateway make of a verified Cognito token.
 *
 * API Gateway's Cognito user pool authorizer (REST, v1 proxy events) passes the id token's claims
 * in `requestContext.authorizer.claims` with every value a string:
 * - `exp` and `iat` as Java's `Date.toString()` in UTC (`Fri Jul 29 18:52:53 UTC 2016`);
 *   other numbers as decimal strings (`auth_time: "1469814773"`);
 * - booleans as `"true"` / `"false"` (`email_verified`);
 * - arrays (`cognito:groups`) joined with commas (`"Admins,Beta_Customer_R1"`). (API Gateway
 *   HTTP APIs' JWT authorizer writes `"[Admins Beta_Customer_R1]"` instead; handlers that parse
 *   groups should accept both.)
 */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Fri Jul 29 18:52:53 UTC 2016` for seconds since the epoch. */
export function gatewayDate(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

function claimString(name: string, value: unknown): string {
  if ((name === 'exp' || name === 'iat') && typeof value === 'number') return gatewayDate(value);
  if (Array.isArray(value)) return value.map(String).join(',');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The id token's claims as API Gateway's Cognito authorizer passes them on. */
export function authorizerClaims(payload: Readonly<Record<string, unknown>>): AuthorizerClaims {
  return Object.fromEntries(
    Object.entries(payload)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => [name, claimString(name, value)]),
  );
}

/** The token of an `Authorization` header: the raw token, or the value after `Bearer `. */
export function authorizationToken(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers.authorization;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(value);
  return bearer ? bearer[1] : value;
}

/** A verified token's payload as the runtime's AppSync and REST adapters consume it. */
export function verifiedToken(payload: Readonly<Record<string, unknown>>): VerifiedUserPoolToken {
  const tokenUse = payload.token_use === 'id' ? 'id' : 'access';
  const groups = Array.isArray(payload['cognito:groups']) ? payload['cognito:groups'].map(String) : [];
  const username = tokenUse === 'id' ? payload['cognito:username'] : payload.username;
  return {
    sub: String(payload.sub),
    username: typeof username === 'string' ? username : String(payload.sub),
    groups,
    issuer: String(payload.iss),
    tokenUse,
    claims: { ...payload },
  };
}
