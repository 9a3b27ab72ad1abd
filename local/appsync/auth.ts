import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { VerifiedUserPoolToken } from '../identity';
import type { AuthMode } from './host-bridge';
import type { AuthRule } from './schema';

/**
 * AppSync's request authorization, for the two modes of this API: the API key (default mode)
 * and Cognito user pools (additional mode).
 */

/** Who is calling, once the request is authenticated. */
export type Caller =
  | { readonly mode: Extract<AuthMode, 'API_KEY'> }
  | { readonly mode: Extract<AuthMode, 'AMAZON_COGNITO_USER_POOLS'>; readonly token: VerifiedUserPoolToken };

export interface AuthenticationConfig {
  readonly apiKey: string;
  readonly verifyUserPoolToken: (token: string) => Promise<VerifiedUserPoolToken | undefined>;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The caller, or `undefined` for AppSync's 401. An `Authorization` header selects the user-pool
 * mode (its token must verify); otherwise `x-api-key` must be the API's key.
 */
export async function authenticate(headers: IncomingHttpHeaders, config: AuthenticationConfig): Promise<Caller | undefined> {
  const authorization = header(headers, 'authorization');
  if (authorization) {
    const token = await config.verifyUserPoolToken(authorization);
    return token ? { mode: 'AMAZON_COGNITO_USER_POOLS', token } : undefined;
  }
  const apiKey = header(headers, 'x-api-key');
  if (apiKey !== undefined && sameSecret(apiKey, config.apiKey)) return { mode: 'API_KEY' };
  return undefined;
}

/** Whether `caller` may resolve a field with `rule` (AppSync's per-field check). */
export function isAuthorized(rule: AuthRule, caller: Caller): boolean {
  if (caller.mode === 'API_KEY') return rule.apiKey;
  if (!rule.userPools) return false;
  const groups = rule.userPools.groups;
  return !groups || groups.some((group) => caller.token.groups.includes(group));
}

/** `ctx.identity` as AppSync builds it: null for the API key, the Cognito identity otherwise. */
export function resolverIdentity(caller: Caller, sourceIp: string): Record<string, unknown> | null {
  if (caller.mode === 'API_KEY') return null;
  return {
    sub: caller.token.sub,
    issuer: caller.token.issuer,
    username: caller.token.username,
    claims: caller.token.claims,
    sourceIp: [sourceIp],
    defaultAuthStrategy: 'ALLOW',
    groups: caller.token.groups.length > 0 ? [...caller.token.groups] : null,
  };
}
