import * as z from '../zod';
import { CreateRegistrationCodeRequestSchema, GetRegistrationCodeRequestSchema } from './admin';
import type { RegistrationCodeRecord } from './registration-code';
import type { SubscriptionState } from './subscriptions';

/**
 * `POST /admin/console` (admins only): the admin console's reads and small writes, one action per
 * request (`action` names it). One function serves them all: the stack is near CloudFormation's
 * 500-resource limit and a route costs about nine resources (docs/decisions.md, "Admin console").
 * Inviting and removing people stay on `POST /admin/user/create` and `/admin/user/remove`.
 */

/** Rows per page of every console list. */
export const ADMIN_CONSOLE_PAGE_SIZE = 20;

/**
 * The most items one list request reads from its table (a window, in the table's scan order).
 * Rows are ordered within a window; a table larger than a window is listed window after window
 * (docs/decisions.md, "Admin console lists: paged by windows").
 */
export const ADMIN_CONSOLE_WINDOW = 500;

/** The longest search text: what people type into a search box, not a document. */
export const ADMIN_SEARCH_MAX_LENGTH = 100;

const SearchSchema = z.optional(
  z
    .string({ error: 'The search must be text.' })
    .check(z.trim(), z.maxLength(ADMIN_SEARCH_MAX_LENGTH, `A search has at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`)),
);

/** What a list answers to a cursor it did not give (or one altered on the way). */
export const ADMIN_CURSOR_MESSAGE = 'The cursor must be one the console gave.';

/**
 * Where a list goes on: the previous page's `nextCursor`, opaque to the client (base64url; the
 * server reads and checks it, lambdas/admin/console-window.ts). Absent: the first page.
 */
const CursorSchema = z.optional(
  z
    .string({ error: ADMIN_CURSOR_MESSAGE })
    .check(z.maxLength(1_000, ADMIN_CURSOR_MESSAGE), z.regex(/^[A-Za-z0-9_-]+$/, ADMIN_CURSOR_MESSAGE)),
);

/** Which contact messages to list. */
export const CONTACT_STATE_FILTERS = ['open', 'handled', 'all'] as const;
export type ContactStateFilter = (typeof CONTACT_STATE_FILTERS)[number];

/** A contact message's id as the contact form stores it (a UUID, or a short client-chosen token). */
const ContactIdSchema = z
  .string({ error: 'Please give the id of the message.' })
  .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'A message id has 1 to 64 letters, digits, dashes or underscores.'));

/** Every action, in the order the console shows them (the schema below has one member each). */
export const ADMIN_CONSOLE_ACTIONS = [
  'listContacts',
  'setContactHandled',
  'listUsers',
  'listRegistrationCodes',
  'createRegistrationCode',
  'expireRegistrationCode',
] as const;

export const AdminConsoleRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('listContacts'),
      search: SearchSchema,
      state: z.optional(z.enum(CONTACT_STATE_FILTERS, { error: `The state must be one of ${CONTACT_STATE_FILTERS.join(', ')}.` })),
      cursor: CursorSchema,
    }),
    z.strictObject({
      action: z.literal('setContactHandled'),
      id: ContactIdSchema,
      handled: z.boolean({ error: 'handled must be true or false.' }),
    }),
    z.strictObject({ action: z.literal('listUsers'), search: SearchSchema, cursor: CursorSchema }),
    z.strictObject({ action: z.literal('listRegistrationCodes'), cursor: CursorSchema }),
    z.extend(CreateRegistrationCodeRequestSchema, { action: z.literal('createRegistrationCode') }),
    z.extend(GetRegistrationCodeRequestSchema, { action: z.literal('expireRegistrationCode') }),
  ],
  { error: `The action must be one of ${ADMIN_CONSOLE_ACTIONS.join(', ')}.` },
);

export type AdminConsoleRequest = z.output<typeof AdminConsoleRequestSchema>;
export type AdminConsoleAction = AdminConsoleRequest['action'];

// The list above and the schema's members name the same actions (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _actionsListed: Same<AdminConsoleAction, (typeof ADMIN_CONSOLE_ACTIONS)[number]> = true;
void _actionsListed;
export type AdminConsoleRequestOf<A extends AdminConsoleAction> = Extract<AdminConsoleRequest, { action: A }>;

/** One page of a console list: at most {@link ADMIN_CONSOLE_PAGE_SIZE} rows. */
export interface AdminPage<T> {
  readonly items: readonly T[];
  /**
   * The `cursor` of the next page, `null` after the last. A page may hold fewer rows (none, even)
   * and still have a next one: a request reads one window of the table, and a search may find
   * nothing in it.
   */
  readonly nextCursor: string | null;
}

/** A contact message as the console shows it. */
export interface AdminContact {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phoneNumber: string | null;
  readonly message: string;
  readonly createdAt: string;
  /** When an admin marked it handled; null while it is open. */
  readonly handledAt: string | null;
  /** The sub of that admin. */
  readonly handledBy: string | null;
}

/** A person's latest subscription, from the subscriptions table (our copy of the provider's). */
export interface AdminSubscriptionSummary {
  readonly state: SubscriptionState;
  readonly planCode: string;
  readonly currentPeriodEndsAt: string | null;
  readonly trialEndsAt: string | null;
}

/** A user as the console lists them. */
export interface AdminUserSummary {
  readonly id: string;
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly companyName: string;
  /** ACTIVE or REMOVED. */
  readonly status: string;
  readonly createdAt: string;
  /** Their newest subscription; null when they never subscribed. */
  readonly subscription: AdminSubscriptionSummary | null;
}

/** A registration code with how it stands now (the operator's view: never shown to people signing up). */
export type AdminRegistrationCode = RegistrationCodeRecord & {
  readonly standing: 'admits_sign_ups' | 'expired' | 'used_up';
};

/** The answer of each action. */
export interface AdminConsoleResponses {
  readonly listContacts: AdminPage<AdminContact>;
  readonly setContactHandled: { readonly contact: AdminContact };
  readonly listUsers: AdminPage<AdminUserSummary>;
  readonly listRegistrationCodes: AdminPage<AdminRegistrationCode> & {
    /** What a new code gets when the admin leaves the limit or the expiry empty. */
    readonly defaults: { readonly maxUses: number; readonly validDays: number };
  };
  readonly createRegistrationCode: { readonly code: AdminRegistrationCode };
  readonly expireRegistrationCode: { readonly code: AdminRegistrationCode };
}
