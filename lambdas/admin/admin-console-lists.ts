import {
  ADMIN_CONSOLE_PAGE_SIZE,
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
import type { User } from '../shared/contracts/user';
import type { AdminActor } from './admin-users';

/**
 * The admin console's lists (contact messages, users) and its one write on them (a message
 * handled or open again). Plain TypeScript over the repositories: the handler
 * (admin-console.ts) validates the request and checks the admin first.
 */

export interface AdminConsoleListDependencies {
  readonly contacts: Pick<ContactsRepository, 'listAll' | 'setHandled'>;
  readonly users: { listAll(): Promise<{ readonly items: User[]; readonly complete: boolean }> };
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

/** One page of already ordered rows; a page past the end is the last page. */
export function pageOf<T>(rows: readonly T[], requestedPage: number | undefined): AdminPage<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / ADMIN_CONSOLE_PAGE_SIZE));
  const page = Math.min(requestedPage ?? 1, pageCount);
  const start = (page - 1) * ADMIN_CONSOLE_PAGE_SIZE;
  return { items: rows.slice(start, start + ADMIN_CONSOLE_PAGE_SIZE), page, pageCount, total: rows.length };
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

function warnIfIncomplete(deps: AdminConsoleListDependencies, what: string, complete: boolean): void {
  if (!complete)
    (deps.logger ?? defaultLogger).warn(`The ${what} table holds more items than the console reads; the list is cut short`, { what });
}

/** Contact messages, newest first, searched in name, email, phone and message, open or handled or all. */
export async function listContacts(
  deps: AdminConsoleListDependencies,
  input: AdminConsoleRequestOf<'listContacts'>,
): Promise<AdminPage<AdminContact>> {
  const { items, complete } = await deps.contacts.listAll();
  warnIfIncomplete(deps, 'contacts', complete);
  const state = input.state ?? 'all';
  const rows = items
    .map(contactView)
    .filter((contact) => state === 'all' || (state === 'handled') === (contact.handledAt !== null))
    .filter((contact) => matchesSearch(input.search, [contact.name, contact.email, contact.phoneNumber, contact.message]))
    .sort(newestFirst);
  return pageOf(rows, input.page);
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
 * Users, newest first, searched in name, email and company, each with their newest subscription
 * (read for the page's rows only). Removed people are listed too, with their status.
 */
export async function listUsers(
  deps: AdminConsoleListDependencies,
  input: AdminConsoleRequestOf<'listUsers'>,
): Promise<AdminPage<AdminUserSummary>> {
  const { items, complete } = await deps.users.listAll();
  warnIfIncomplete(deps, 'users', complete);
  const rows = items
    .filter((user) => matchesSearch(input.search, [user.firstName, user.lastName, user.email, user.companyName]))
    .sort(newestFirst);
  const page = pageOf(rows, input.page);
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
