import {
  AdminConsoleRequestSchema,
  type AdminConsoleAction,
  type AdminConsoleRequest,
  type AdminConsoleResponses,
} from '../shared/contracts/admin-console';
import { httpHandler, parseJsonBody, validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { createLogger } from '../shared/logger';
import type { UsersRepository } from '../shared/users/users-repository';
import { requireAdmin, type AdminCheckDependencies } from './admin-caller';
import { listContacts, listUsers, setContactHandled, type AdminConsoleListDependencies } from './admin-console-lists';
import {
  createRegistrationCode,
  expireRegistrationCode,
  listRegistrationCodes,
  REGISTRATION_CODE_DEFAULTS,
  withStanding,
  type RegistrationCodeDependencies,
} from './admin-registration-codes';
import type { AdminActor } from './admin-users';
import { adminConsoleDependenciesFromEnvironment } from './dependencies';

/**
 * `POST /admin/console` (admins only; contract in contracts/admin-console.ts). The caller must be
 * an admin now (401/403: the token's claim, their record and the directory, admin-caller.ts)
 * before the body is even read; then the body is validated (400, one message per field) and the
 * action runs. Creating a code answers 201, every other action 200; an unknown message or code
 * is a 404, an existing code a 409.
 */

export type AdminConsoleDependencies = AdminCheckDependencies &
  AdminConsoleListDependencies &
  RegistrationCodeDependencies & { readonly users: UsersRepository };

const defaultLogger = createLogger({ component: 'admin-console' });

type Answer = { readonly statusCode: number; readonly body: AdminConsoleResponses[AdminConsoleAction] };

async function runAction(deps: AdminConsoleDependencies, request: AdminConsoleRequest, actor: AdminActor): Promise<Answer> {
  switch (request.action) {
    case 'listContacts':
      return { statusCode: 200, body: await listContacts(deps, request) };
    case 'setContactHandled':
      return { statusCode: 200, body: await setContactHandled(deps, request, actor) };
    case 'listUsers':
      return { statusCode: 200, body: await listUsers(deps, request) };
    case 'listRegistrationCodes':
      return { statusCode: 200, body: { ...(await listRegistrationCodes(deps, request.cursor)), defaults: REGISTRATION_CODE_DEFAULTS } };
    case 'createRegistrationCode': {
      const { action: _action, ...input } = request;
      const record = await createRegistrationCode(deps, input);
      // Who made which group's code, until when; the code itself is a credential and stays out of the log.
      (deps.logger ?? defaultLogger).info('Registration code created', { group: record.group, expiresAt: record.expiresAt, by: actor.sub });
      return { statusCode: 201, body: { code: withStanding(record, deps.now?.() ?? new Date()) } };
    }
    case 'expireRegistrationCode': {
      const code = await expireRegistrationCode(deps, request);
      (deps.logger ?? defaultLogger).info('Registration code expired', { code: code.code, by: actor.sub });
      return { statusCode: 200, body: { code } };
    }
  }
}

export function createAdminConsoleHandler(dependencies: () => AdminConsoleDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const deps = dependencies();
    const actor = await requireAdmin(event, deps);
    const request = validateBody(parseJsonBody(event), AdminConsoleRequestSchema);
    return runAction(deps, request, actor);
  }, options);
}

export const handler = createAdminConsoleHandler(lazily(adminConsoleDependenciesFromEnvironment));
