import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { AdminPage } from '@contracts/admin-console';
import type { AdminApi } from './api/admin-api';

/** The query keys of the console's lists; a write invalidates its list's prefix. */
export const adminKeys = {
  contacts: ['admin', 'contacts'],
  users: ['admin', 'users'],
  codes: ['admin', 'codes'],
} as const;

type ContactsRequest = Omit<Parameters<AdminApi['listContacts']>[0], 'cursor'>;
type UsersRequest = Omit<Parameters<AdminApi['listUsers']>[0], 'cursor'>;

/** "Load more" pages: each page's `nextCursor` asks for the next (null: there is none). */
const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: AdminPage<unknown>) => last.nextCursor ?? undefined,
};

/** The console's lists as server state; a new search keeps the old rows until the new ones arrive. */
export const adminQueries = {
  contacts: (api: Pick<AdminApi, 'listContacts'>, request: ContactsRequest) =>
    infiniteQueryOptions({
      queryKey: [...adminKeys.contacts, request],
      queryFn: ({ pageParam }) => api.listContacts({ ...request, cursor: pageParam }),
      ...cursorPaging,
      placeholderData: keepPreviousData,
    }),
  users: (api: Pick<AdminApi, 'listUsers'>, request: UsersRequest) =>
    infiniteQueryOptions({
      queryKey: [...adminKeys.users, request],
      queryFn: ({ pageParam }) => api.listUsers({ ...request, cursor: pageParam }),
      ...cursorPaging,
      placeholderData: keepPreviousData,
    }),
  codes: (api: Pick<AdminApi, 'listRegistrationCodes'>) =>
    infiniteQueryOptions({
      queryKey: adminKeys.codes,
      queryFn: ({ pageParam }) => api.listRegistrationCodes({ cursor: pageParam }),
      ...cursorPaging,
    }),
};
