import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ADMIN_GROUP } from '../domain/groups';
import { UnauthorizedError } from '../errors';

/**
 * Who calls a route behind the Cognito authorizer. API Gateway has verified the id token and
 * passes its claims in `requestContext.authorizer.claims`, every value a string; the caller is
 * never taken from the body or the path. `cognito:groups` arrives as `Admins`,
 * `Admins,Beta_Customer_R1` or `[Admins Beta_Customer_R1]` depending on the path it took (the
 * local runtime may pass an array).
 */
export interface Caller {
  /** The Cognito sub: the id of their User record. */
  readonly sub: string;
  /** The Cognito username (`cognito:username`; the sub when the claim is absent). */
  readonly username: string;
  /** The token says Admins. A claim, not a right: admin routes check the directory too (`lambdas/admin/admin-caller.ts`). */
  readonly isAdmin: boolean;
}

/** The groups in a `cognito:groups` claim, whatever its shape. */
export function parseGroupsClaim(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((group): group is string => typeof group === 'string' && group !== '');
  if (typeof claim !== 'string') return [];
  const inner = claim.trim().replace(/^\[(.*)\]$/s, '$1');
  return inner.split(/[\s,]+/).filter((group) => group !== '');
}

/** The caller from the authorizer's claims; 401 when there are none (no authorizer in front). */
export function callerFromEvent(event: APIGatewayProxyEvent): Caller {
  const claims = (event.requestContext?.authorizer as { claims?: Record<string, unknown> } | null | undefined)?.claims;
  const sub = claims?.sub;
  if (!claims || typeof sub !== 'string' || sub.trim() === '') throw new UnauthorizedError();
  const username = typeof claims['cognito:username'] === 'string' && claims['cognito:username'] !== '' ? claims['cognito:username'] : sub;
  return { sub, username, isAdmin: parseGroupsClaim(claims['cognito:groups']).includes(ADMIN_GROUP) };
}
