import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminApi } from './api/admin-api';

/** The query keys of the console's lists; a write invalidates its list's prefix. */
export const adminKeys = {
  contacts: ['admin', 'contacts'],
  users: ['admin', 'users'],
  codes: ['admin', 'codes'],
} as const;

type ContactsRequest = Parameters<AdminApi['listContacts']>[0];
type UsersRequest = Parameters<AdminApi['listUsers']>[0];

/** The console's lists as server state; a new page or search keeps the old rows until the new ones arrive. */
export const adminQueries = {
  contacts: (api: Pick<AdminApi, 'listContacts'>, request: ContactsRequest) =>
    queryOptions({
      queryKey: [...adminKeys.contacts, request],
      queryFn: () => api.listContacts(request),
      placeholderData: keepPreviousData,
    }),
  users: (api: Pick<AdminApi, 'listUsers'>, request: UsersRequest) =>
    queryOptions({ queryKey: [...adminKeys.users, request], queryFn: () => api.listUsers(request), placeholderData: keepPreviousData }),
  codes: (api: Pick<AdminApi, 'listRegistrationCodes'>) =>
    queryOptions({ queryKey: adminKeys.codes, queryFn: () => api.listRegistrationCodes() }),
};
