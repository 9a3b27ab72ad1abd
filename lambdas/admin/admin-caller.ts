import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ForbiddenError } from '../shared/errors';
import { callerFromEvent } from '../shared/http/caller';
import type { AdminActor } from './admin-users';

/**
 * The signed-in admin (see `callerFromEvent` for how the authorizer's claims are read), or a 401
 * (no verified claims: the route was called without the authorizer) / 403 (not in Admins).
 */
export function requireAdmin(event: APIGatewayProxyEvent): AdminActor {
  const { sub, isAdmin } = callerFromEvent(event);
  if (!isAdmin) throw new ForbiddenError('Only administrators may manage users.');
  return { sub };
}
