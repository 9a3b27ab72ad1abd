import { GetUserRequestSchema, GetUserResponseSchema } from '../shared/contracts/admin';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { adminRoute } from './admin-route';
import { getUser, type AdminUsersDependencies } from './admin-users';
import { lazyAdminDependencies } from './dependencies';

/**
 * `POST /admin/user` (admins only): the Cognito user (status, attributes, groups) and their User
 * record (null when there is none). 404 unknown user.
 */
export function createGetUserHandler(dependencies: () => AdminUsersDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return adminRoute(
    { request: GetUserRequestSchema, response: GetUserResponseSchema, statusCode: 200, run: (deps, input) => getUser(deps, input) },
    dependencies,
    options,
  );
}

export const handler = createGetUserHandler(lazyAdminDependencies());
