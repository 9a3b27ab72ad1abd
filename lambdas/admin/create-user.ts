import { InviteUserRequestSchema, InviteUserResponseSchema } from '../shared/contracts/admin';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { adminRoute } from './admin-route';
import { inviteUser, type AdminUsersDependencies } from './admin-users';
import { lazyAdminDependencies } from './dependencies';

/**
 * `POST /admin/user/create` (admins only): invites a person to a beta group. 201 with the User
 * record and the Cognito username and status; 400 bad body, 403 not an admin, 409 email taken.
 */
export function createCreateUserHandler(dependencies: () => AdminUsersDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return adminRoute(
    { request: InviteUserRequestSchema, response: InviteUserResponseSchema, statusCode: 201, run: inviteUser },
    dependencies,
    options,
  );
}

export const handler = createCreateUserHandler(lazyAdminDependencies());
