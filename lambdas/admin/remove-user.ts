import { RemoveUserRequestSchema, RemoveUserResponseSchema } from '../shared/contracts/admin';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { adminRoute } from './admin-route';
import { removeUser, type AdminUsersDependencies } from './admin-users';
import { lazyAdminDependencies } from './dependencies';

/**
 * `POST /admin/user/remove` (admins only): deletes the Cognito user and marks their record
 * REMOVED (kept with its subscriptions). 200 `{ username, removed: true }`; 404 unknown user.
 */
export function createRemoveUserHandler(dependencies: () => AdminUsersDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return adminRoute(
    { request: RemoveUserRequestSchema, response: RemoveUserResponseSchema, statusCode: 200, run: removeUser },
    dependencies,
    options,
  );
}

export const handler = createRemoveUserHandler(lazyAdminDependencies());
