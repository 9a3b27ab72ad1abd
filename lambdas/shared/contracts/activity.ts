import * as z from '../zod';
import {
  ACTIVITY_ACTIONS,
  isActivityAction,
  type ActivityAction,
  type ActivityDetails,
  type ActivitySubjectKind,
} from '../domain/activity';
import type { ActivityPerson } from '../domain/activity-sentences';
import type { MemberState, OrganizationRole } from '../domain/organization-rules';

/**
 * The firm's activity (audit) log as owners and admins read it (issue 18):
 * - `GET /user/organization/activity?actor=&action=&subject=&from=&to=&cursor=`: a page of
 *   entries, newest first ({@link ActivityPageResponse});
 * - `GET /user/organization/activity/export?…` (the same filters, no cursor): every entry within
 *   them as `text/csv; charset=utf-8`, at most {@link ACTIVITY_EXPORT_MAX_ROWS} rows.
 * The firm is always the caller's own (their active membership), never a parameter.
 */

/** Entries per page. */
export const ACTIVITY_PAGE_SIZE = 50;
/**
 * The most entries one page request reads from the table, matching the filters or not: a page of
 * a narrow filter over a long history may hold fewer entries (none, even) and still have a next one.
 */
export const ACTIVITY_PAGE_READ_LIMIT = 500;
/** The most rows one export holds; a larger history is cut there, and the file says so. */
export const ACTIVITY_EXPORT_MAX_ROWS = 10_000;

export const ACTIVITY_CURSOR_MESSAGE = 'The cursor must be one the activity log gave.';
export const ACTIVITY_ACTION_MESSAGE = `action must be one or several of ${ACTIVITY_ACTIONS.join(', ')}, separated by commas.`;
export const ACTIVITY_RANGE_MESSAGE = 'from must not be after to.';
const INSTANT_MESSAGE = 'Use an ISO 8601 date and time with its offset, e.g. 2026-11-27T00:00:00Z.';

/** The actions of an `action` parameter (`a,b,c`); empty parts are ignored. */
export function activityActionsOf(value: string | undefined): ActivityAction[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part): part is ActivityAction => part !== '' && isActivityAction(part));
}

const Instant = z.string({ error: INSTANT_MESSAGE }).check(z.iso.datetime({ offset: true, error: INSTANT_MESSAGE }));

/** The filters both routes take, as query parameters. */
const FILTER_FIELDS = {
  /** A member's user id: only what they did. */
  actor: z.optional(z.string({ error: 'actor must be a user id.' }).check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'actor must be a user id.'))),
  /** One or several actions, comma-separated. */
  action: z.optional(
    z.string({ error: ACTIVITY_ACTION_MESSAGE }).check(
      z.maxLength(1_000, ACTIVITY_ACTION_MESSAGE),
      z.refine(
        (value) =>
          value
            .split(',')
            .map((part) => part.trim())
            .every((part) => part === '' || isActivityAction(part)) && activityActionsOf(value).length > 0,
        ACTIVITY_ACTION_MESSAGE,
      ),
    ),
  ),
  /** What the entry is about: our id of it (a user id, an address, a job or result id). */
  subject: z.optional(z.string({ error: 'subject must be text.' }).check(z.minLength(1), z.maxLength(320, 'subject is too long.'))),
  /** The earliest moment (inclusive). */
  from: z.optional(Instant),
  /** The latest moment (inclusive). */
  to: z.optional(Instant),
};

/** From no later than to. */
function isOrderedRange(query: { readonly from?: string; readonly to?: string }): boolean {
  return !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to);
}
const RANGE_PROBLEM = { message: ACTIVITY_RANGE_MESSAGE, path: ['from'] };

export const ActivityFilterQuerySchema = z.strictObject(FILTER_FIELDS).check(z.refine(isOrderedRange, RANGE_PROBLEM));

/** The page route's query: the filters and where the page starts (the previous page's `nextCursor`). */
export const ActivityPageQuerySchema = z
  .strictObject({
    ...FILTER_FIELDS,
    cursor: z.optional(
      z
        .string({ error: ACTIVITY_CURSOR_MESSAGE })
        .check(z.maxLength(200, ACTIVITY_CURSOR_MESSAGE), z.regex(/^[A-Za-z0-9_-]+$/, ACTIVITY_CURSOR_MESSAGE)),
    ),
  })
  .check(z.refine(isOrderedRange, RANGE_PROBLEM));
export type ActivityFilterQuery = z.infer<typeof ActivityFilterQuerySchema>;
export type ActivityPageQuery = z.infer<typeof ActivityPageQuerySchema>;

/** One entry as the page shows it: who acted and whom it is about, named from their User records. */
export interface ActivityEntryView {
  readonly entryId: string;
  readonly at: string;
  readonly action: ActivityAction;
  readonly actor: ActivityPerson;
  /** `person` for a member subject (a user id), else null. */
  readonly subject: { readonly kind: ActivitySubjectKind; readonly id: string; readonly person: ActivityPerson | null } | null;
  readonly details: ActivityDetails;
  /** The entry in plain words (lambdas/shared/domain/activity-sentences.ts). */
  readonly sentence: string;
}

/** A member (active or removed) for the page's person filter. */
export interface ActivityMemberView extends ActivityPerson {
  readonly role: OrganizationRole;
  readonly state: MemberState;
}

export interface ActivityPageResponse {
  readonly entries: readonly ActivityEntryView[];
  /** The `cursor` of the next page; `null` after the last. */
  readonly nextCursor: string | null;
  /** The firm's members, removed ones too, for the person filter: on the first page only (null after). */
  readonly members: readonly ActivityMemberView[] | null;
}

/** The columns of the CSV export, in order. */
export const ACTIVITY_CSV_COLUMNS = [
  'When (UTC)',
  'Who',
  'Email',
  'Action',
  'What happened',
  'Subject type',
  'Subject',
  'Details',
] as const;

/** The header telling the export was cut at {@link ACTIVITY_EXPORT_MAX_ROWS} rows (its last row says so too). */
export const ACTIVITY_EXPORT_TRUNCATED_HEADER = 'X-Activity-Export-Truncated';
