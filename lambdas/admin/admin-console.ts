import * as z from '../shared/zod';
import { TABLES } from '../../lib/definitions/tables';
import {
  AdminConsoleRequestSchema,
  type AdminConsoleAction,
  type AdminConsoleRequest,
  type AdminConsoleResponses,
} from '../shared/contracts/admin-console';
import { createContactsRepository } from '../shared/contacts/contacts-repository';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { ENV } from '../shared/environment';
import { httpHandler, parseJsonBody, validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { readEnvironment, requiredNameVariable, type EnvironmentSource } from '../shared/read-environment';
import { createRegistrationCodesRepository } from '../shared/registration-codes/registration-codes-repository';
import { createSubscriptionsRepository } from '../shared/subscriptions/subscriptions-repository';
import { createUsersRepository, type UsersRepository } from '../shared/users/users-repository';
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
import { userDirectoryFromEnvironment } from './dependencies';

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
      return { statusCode: 200, body: { items: await listRegistrationCodes(deps), defaults: REGISTRATION_CODE_DEFAULTS } };
    case 'createRegistrationCode': {
      const { action: _action, ...input } = request;
      const record = await createRegistrationCode(deps, input);
      return { statusCode: 201, body: { code: withStanding(record, deps.now?.() ?? new Date()) } };
    }
    case 'expireRegistrationCode':
      return { statusCode: 200, body: { code: await expireRegistrationCode(deps, request) } };
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

const AdminConsoleEnvironmentSchema = z.object({
  [TABLES.users.envVar]: requiredNameVariable,
  [TABLES.contacts.envVar]: requiredNameVariable,
  [TABLES.subscriptions.envVar]: requiredNameVariable,
  [TABLES.registrationCodes.envVar]: requiredNameVariable,
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
});

/** The console's dependencies from its environment (the four tables, the user pool); throws naming a missing variable. */
export function adminConsoleDependenciesFromEnvironment(source: EnvironmentSource = process.env): AdminConsoleDependencies {
  const env = readEnvironment(AdminConsoleEnvironmentSchema, source);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  return {
    directory: userDirectoryFromEnvironment(source),
    users: createUsersRepository({ client, tableName: env[TABLES.users.envVar] }),
    contacts: createContactsRepository({ client, tableName: env[TABLES.contacts.envVar] }),
    subscriptions: createSubscriptionsRepository({ client, tableName: env[TABLES.subscriptions.envVar] }),
    codes: createRegistrationCodesRepository({ client, tableName: env[TABLES.registrationCodes.envVar] }),
  };
}

export const handler = createAdminConsoleHandler(lazily(adminConsoleDependenciesFromEnvironment));
