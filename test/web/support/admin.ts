import type { InviteUserRequestInput } from '@contracts/admin';
import type { AdminContact, AdminPage, AdminRegistrationCode, AdminUserSummary } from '@contracts/admin-console';
import type { AdminApi } from '../../../web/src/features/admin/api/admin-api';

export function adminContact(overrides: Partial<AdminContact> = {}): AdminContact {
  return {
    id: 'msg-1',
    name: 'Rosa Díaz',
    email: 'rosa@harbor.example',
    phoneNumber: null,
    message: 'Do you integrate with our ATS?',
    createdAt: '2026-11-24T09:30:00.000Z',
    handledAt: null,
    handledBy: null,
    ...overrides,
  };
}

export function adminUser(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  return {
    id: 'sub-quinn',
    email: 'quinn@northwind.example',
    firstName: 'Quinn',
    lastName: 'Lopez',
    companyName: 'Northwind Talent',
    status: 'ACTIVE',
    createdAt: '2026-11-01T00:00:00.000Z',
    subscription: null,
    ...overrides,
  };
}

export function adminCode(overrides: Partial<AdminRegistrationCode> = {}): AdminRegistrationCode {
  return {
    code: 'K7QH-3XRM-PZ2A-9WTE',
    group: 'Beta_Customer_R1',
    maxUses: 25,
    uses: 3,
    expiresAt: '2026-12-24T00:00:00.000Z',
    createdAt: '2026-11-24T00:00:00.000Z',
    updatedAt: '2026-11-24T00:00:00.000Z',
    standing: 'admits_sign_ups',
    ...overrides,
  };
}

/** 20 rows from the cursor on (the fake's cursor is the offset; the server's is opaque too). */
function page<T>(rows: readonly T[], cursor: string | undefined): AdminPage<T> {
  const start = cursor === undefined ? 0 : Number(cursor.replace('offset-', ''));
  const end = start + 20;
  return { items: rows.slice(start, end), nextCursor: end < rows.length ? `offset-${end}` : null };
}

const contains = (search: string | undefined, ...fields: (string | null)[]) =>
  !search || fields.some((field) => field?.toLowerCase().includes(search.toLowerCase()));

/** An in-memory admin API: it filters, pages and changes its rows as the server would, and records every call. */
export class FakeAdmin {
  contacts: AdminContact[] = [];
  users: AdminUserSummary[] = [];
  codes: AdminRegistrationCode[] = [];
  /** What the next invitation answers instead (e.g. a RestApiError with fields). */
  inviteError: unknown = undefined;

  api(): AdminApi & { [K in keyof AdminApi]: jest.Mock } {
    return {
      listContacts: jest.fn(async ({ search, state = 'all', cursor }) =>
        page(
          this.contacts.filter(
            (contact) =>
              (state === 'all' || (state === 'handled') === (contact.handledAt !== null)) &&
              contains(search, contact.name, contact.email, contact.message),
          ),
          cursor,
        ),
      ),
      setContactHandled: jest.fn(async ({ id, handled }) => {
        const index = this.contacts.findIndex((contact) => contact.id === id);
        const contact = {
          ...this.contacts[index],
          handledAt: handled ? '2026-11-26T12:00:00.000Z' : null,
          handledBy: handled ? 'sub-admin' : null,
        };
        this.contacts[index] = contact;
        return { contact };
      }),
      listUsers: jest.fn(async ({ search, cursor }) =>
        page(
          this.users.filter((user) => contains(search, user.firstName, user.lastName, user.email, user.companyName)),
          cursor,
        ),
      ),
      listRegistrationCodes: jest.fn(async ({ cursor }) => ({ ...page(this.codes, cursor), defaults: { maxUses: 25, validDays: 30 } })),
      createRegistrationCode: jest.fn(async (request) => {
        const code = adminCode({ code: 'NEW0-CODE-0000-0001', group: request.group, maxUses: request.maxUses ?? 25, uses: 0 });
        this.codes = [code, ...this.codes];
        return { code };
      }),
      expireRegistrationCode: jest.fn(async ({ code }) => {
        const index = this.codes.findIndex((candidate) => candidate.code === code);
        this.codes[index] = { ...this.codes[index], standing: 'expired', expiresAt: '2026-11-26T12:00:00.000Z' };
        return { code: this.codes[index] };
      }),
      inviteUser: jest.fn(async (request: InviteUserRequestInput) => {
        if (this.inviteError !== undefined) throw this.inviteError;
        const user = adminUser({
          id: `sub-${request.email}`,
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
        });
        this.users = [user, ...this.users];
        return {
          user: { ...user, companyName: request.companyName, updatedAt: user.createdAt },
          cognito: { username: user.id, status: 'FORCE_CHANGE_PASSWORD' },
        };
      }),
      removeUser: jest.fn(async (username: string) => {
        this.users = this.users.map((user) => (user.email === username ? { ...user, status: 'REMOVED' } : user));
        return { username, removed: true as const };
      }),
    };
  }
}
