import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ADMIN_GROUP } from '../shared/domain/groups';
import { ForbiddenError, UnauthorizedError } from '../shared/errors';
import type { AdminActor } from './admin-users';

/**
 * Who calls an admin route. API Gateway's Cognito authorizer has already verified the id token;
 * its claims arrive in `requestContext.authorizer.claims`, every value a string. The group list
 * `cognito:groups` arrives as `Admins`, `Admins,Beta_Customer_R1` or `[Admins Beta_Customer_R1]`
 * depending on the path it took (the local runtime may pass an array).
 */

/** The groups in a `cognito:groups` claim, whatever its shape. */
export function parseGroupsClaim(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((group): group is string => typeof group === 'string' && group !== '');
  if (typeof claim !== 'string') return [];
  const inner = claim.trim().replace(/^\[(.*)\]$/s, '$1');
  return inner.split(/[\s,]+/).filter((group) => group !== '');
}

/**
 * The signed-in admin, or a 401 (no verified claims: the route was called without the
 * authorizer) / 403 (signed in, but not in the Admins group).
 */
export function requireAdmin(event: APIGatewayProxyEvent): AdminActor {
  const claims = (event.requestContext?.authorizer as { claims?: Record<string, unknown> } | null | undefined)?.claims;
  const sub = claims?.sub;
  if (!claims || typeof sub !== 'string' || sub === '') throw new UnauthorizedError();
  if (!parseGroupsClaim(claims['cognito:groups']).includes(ADMIN_GROUP)) {
    throw new ForbiddenError('Only administrators may manage users.');
  }
  return { sub };
}
