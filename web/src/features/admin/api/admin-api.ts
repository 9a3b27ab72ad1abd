import type { InviteUserRequestInput, InviteUserResponse, RemoveUserResponse } from '@contracts/admin';
import type { AdminConsoleAction, AdminConsoleRequestOf, AdminConsoleResponses } from '@contracts/admin-console';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { createAppRestClient, type RestClient } from '../../../lib/rest-client';

/** A console request without its `action` (the method names it). */
type Arguments<A extends AdminConsoleAction> = Omit<AdminConsoleRequestOf<A>, 'action'>;

/**
 * The admin console's calls on the REST API: `POST /admin/console` (one action per call,
 * lambdas/shared/contracts/admin-console.ts) and the admin user routes for inviting and removing
 * people. Every call needs an admin's token; the server checks the caller is an admin now and
 * answers 403 otherwise. Implementations reject with a `RestApiError`; tests pass a fake.
 */
export interface AdminApi {
  listContacts(request: Arguments<'listContacts'>): Promise<AdminConsoleResponses['listContacts']>;
  setContactHandled(request: Arguments<'setContactHandled'>): Promise<AdminConsoleResponses['setContactHandled']>;
  listUsers(request: Arguments<'listUsers'>): Promise<AdminConsoleResponses['listUsers']>;
  listRegistrationCodes(request: Arguments<'listRegistrationCodes'>): Promise<AdminConsoleResponses['listRegistrationCodes']>;
  createRegistrationCode(request: Arguments<'createRegistrationCode'>): Promise<AdminConsoleResponses['createRegistrationCode']>;
  expireRegistrationCode(request: Arguments<'expireRegistrationCode'>): Promise<AdminConsoleResponses['expireRegistrationCode']>;
  /** `POST /admin/user/create`: Cognito e-mails the invitation with a temporary password. */
  inviteUser(request: InviteUserRequestInput): Promise<InviteUserResponse>;
  /** `POST /admin/user/remove`: by username or e-mail. */
  removeUser(username: string): Promise<RemoveUserResponse>;
}

export const ADMIN_CONSOLE_PATH = 'admin/console';

export function createRestAdminApi(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): AdminApi {
  const run = <A extends AdminConsoleAction>(action: A, request: Arguments<A>) =>
    client.post<AdminConsoleResponses[A]>(ADMIN_CONSOLE_PATH, { action, ...request });
  return {
    listContacts: (request) => run('listContacts', request),
    setContactHandled: (request) => run('setContactHandled', request),
    listUsers: (request) => run('listUsers', request),
    listRegistrationCodes: (request) => run('listRegistrationCodes', request),
    createRegistrationCode: (request) => run('createRegistrationCode', request),
    expireRegistrationCode: (request) => run('expireRegistrationCode', request),
    inviteUser: (request) => client.post<InviteUserResponse>('admin/user/create', request),
    removeUser: (username) => client.post<RemoveUserResponse>('admin/user/remove', { username }),
  };
}
