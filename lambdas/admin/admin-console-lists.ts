import {
  type AdminContact,
  type AdminConsoleRequestOf,
  type AdminPage,
  type AdminSubscriptionSummary,
  type AdminUserSummary,
} from '../shared/contracts/admin-console';
import type { ContactsRepository, StoredContact } from '../shared/contacts/contacts-repository';
import { NotFoundError } from '../shared/errors';
import { createLogger, type Logger } from '../shared/logger';
import type { SubscriptionRecord } from '../shared/subscriptions/subscription-record';
import type { UsersRepository } from '../shared/users/users-repository';
import type { AdminActor } from './admin-users';
import { windowPage } from './console-window';

/**
 * The admin console's lists (contact messages, users) and its one write on them (a message
 * handled or open again). Plain TypeScript over the repositories: the handler
 * (admin-console.ts) validates the request and checks the admin first.
 */

export interface AdminConsoleListDependencies {
  readonly contacts: Pick<ContactsRepository, 'readWindow' | 'setHandled'>;
  readonly users: Pick<UsersRepository, 'readWindow'>;
  readonly subscriptions: { listByUserId(userId: string): Promise<SubscriptionRecord[]> };
  readonly now?: () => Date;
  readonly logger?: Logger;
}

const defaultLogger = createLogger({ component: 'admin-console' });

/** Case- and accent-insensitive text for searching ("José" is found by "jose"). */
export function searchable(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether every word of the search occurs in one of the fields; an empty search matches all. */
export function matchesSearch(search: string | undefined, fields: readonly (string | null | undefined)[]): boolean {
  const words = searchable(search ?? '')
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return true;
  const haystack = searchable(fields.filter((field): field is string => typeof field === 'string').join('\n'));
  return words.every((word) => haystack.includes(word));
}

function newestFirst(a: { readonly createdAt: string }, b: { readonly createdAt: string }): number {
  return b.createdAt.localeCompare(a.createdAt);
}

function contactView(contact: StoredContact): AdminContact {
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phoneNumber: contact.phoneNumber ?? null,
    message: contact.message,
    createdAt: contact.createdAt,
    handledAt: contact.handledAt ?? null,
    handledBy: contact.handledBy ?? null,
  };
}

/**
 * Contact messages, newest first (within a window, console-window.ts), searched in name, email,
 * phone and message, open or handled or all.
 */
export async function listContacts(
  deps: AdminConsoleListDependencies,
  input: AdminConsoleRequestOf<'listContacts'>,
): Promise<AdminPage<AdminContact>> {
  const state = input.state ?? 'all';
  const wanted = (contact: AdminContact) =>
    (state === 'all' || (state === 'handled') === (contact.handledAt !== null)) &&
    matchesSearch(input.search, [contact.name, contact.email, contact.phoneNumber, contact.message]);
  return windowPage(input.cursor, {
    read: (window) => deps.contacts.readWindow(window),
    rowOf: (stored) => {
      const contact = contactView(stored);
      return wanted(contact) ? contact : null;
    },
    order: newestFirst,
  });
}

/** Marks a message handled by the admin, or open again. Unknown message: NotFoundError. */
export async function setContactHandled(
  deps: AdminConsoleListDependencies,
  input: AdminConsoleRequestOf<'setContactHandled'>,
  actor: AdminActor,
): Promise<{ contact: AdminContact }> {
  const updated = await deps.contacts.setHandled(input.id, input.handled, actor.sub, deps.now?.() ?? new Date());
  if (!updated) throw new NotFoundError('No contact message with this id.');
  (deps.logger ?? defaultLogger).info(input.handled ? 'Contact message handled' : 'Contact message reopened', {
    id: input.id,
    by: actor.sub,
  });
  return { contact: contactView(updated) };
}

function subscriptionSummary(records: readonly SubscriptionRecord[]): AdminSubscriptionSummary | null {
  // The repository answers newest first; the first is the person's current subscription.
  const latest = records[0];
  if (!latest) return null;
  return {
    state: latest.state,
    planCode: latest.planCode,
    currentPeriodEndsAt: latest.currentPeriodEndsAt,
    trialEndsAt: latest.trialEndsAt,
  };
}

/**
 * Users, newest first (within a window, console-window.ts), searched in name, email and company,
 * each with their newest subscription (read for the page's rows only). Removed people are listed
 * too, with their status.
 */
export async function listUsers(
  deps: AdminConsoleListDependencies,
  input: AdminConsoleRequestOf<'listUsers'>,
): Promise<AdminPage<AdminUserSummary>> {
  const page = await windowPage(input.cursor, {
    read: (window) => deps.users.readWindow(window),
    rowOf: (user) => (matchesSearch(input.search, [user.firstName, user.lastName, user.email, user.companyName]) ? user : null),
    order: newestFirst,
  });
  const withSubscriptions = await Promise.all(
    page.items.map(async (user): Promise<AdminUserSummary> => ({
      id: user.id,
      email: user.email,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      companyName: user.companyName,
      status: user.status ?? 'ACTIVE',
      createdAt: user.createdAt,
      subscription: subscriptionSummary(await deps.subscriptions.listByUserId(user.id)),
    })),
  );
  return { ...page, items: withSubscriptions };
}
