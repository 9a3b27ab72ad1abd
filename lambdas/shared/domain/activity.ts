/**
 * A firm's activity (audit) log (issue 18): who invited, removed or changed whom, who connected,
 * tested, synced or disconnected the ATS, who changed the subscription or the seats, who generated
 * which result for which job. This module owns what an entry may say: the actions, the detail
 * keys, how long entries are kept. An entry never holds secrets or candidate text: details are a
 * closed set of keys with short scalar values (ids, roles, counts, plan codes, vendor names, job
 * titles), and {@link activityEntry} drops anything else. Plain TypeScript, no AWS types.
 */

export const ACTIVITY_ACTIONS = [
  // The team (lambdas/organizations)
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'member.role_changed',
  'member.removed',
  'ownership.transferred',
  // Billing (lambdas/subscription)
  'seats.changed',
  'subscription.created',
  'subscription.changed',
  'subscription.canceled',
  'subscription.reactivated',
  // The firm's ATS connection (lambdas/ats)
  'ats.connected',
  'ats.tested',
  'ats.synced',
  'ats.disconnected',
  // The assistant's work (lambdas/assistant)
  'result.generated',
  'result.shared',
  'result.unshared',
  'job.saved',
  'job.deleted',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What an entry is about: its kind and our id for it (a user id, an address, a job or result id). */
export const ACTIVITY_SUBJECT_KINDS = ['member', 'invitation', 'subscription', 'seats', 'ats', 'job', 'result'] as const;
export type ActivitySubjectKind = (typeof ACTIVITY_SUBJECT_KINDS)[number];

/**
 * The only detail keys an entry may carry. Each names a fact, not free text: roles, counts, plan
 * and capability codes, the ATS vendor, the sync's outcome, the job's title (a requisition's title
 * is the firm's, not a candidate's).
 */
export const ACTIVITY_DETAIL_KEYS = [
  'role',
  'previousRole',
  'seats',
  'previousSeats',
  'planCode',
  'previousPlanCode',
  'quantity',
  'vendor',
  'outcome',
  // Why an ATS test or sync failed: a kind (`credentials`, `unavailable`, …), never the ATS's words.
  'failure',
  // Whether an ATS sync read everything (`full`) or only what changed since the last one (`incremental`).
  'pass',
  'capability',
  'jobId',
  'jobTitle',
  'jobs',
  'candidates',
  'skipped',
] as const;
export type ActivityDetailKey = (typeof ACTIVITY_DETAIL_KEYS)[number];
export type ActivityDetails = Partial<Record<ActivityDetailKey, string | number | boolean>>;

/** The longest text value a detail keeps (a job title, a code); longer ones are cut. */
export const ACTIVITY_DETAIL_MAX_LENGTH = 120;

/**
 * How long entries are kept: 400 days, so a full year of history (and a yearly review a little
 * late) is always there. Each entry expires by itself (DynamoDB TTL in AWS; readers skip expired
 * entries, so the local runtime keeps the same window).
 */
export const ACTIVITY_RETENTION_DAYS = 400;

/** What a recorder is given: the firm, who acted, what they did, to what, and facts about it. */
export interface ActivityInput {
  readonly organizationId: string;
  /** The acting user's id (the Cognito sub), or `system` for the billing provider's notifications. */
  readonly actorId: string;
  readonly action: ActivityAction;
  readonly subject?: { readonly kind: ActivitySubjectKind; readonly id: string };
  readonly details?: ActivityDetails;
}

/** A stored entry: the input made safe, with when it happened and when it expires. */
export interface ActivityEntry {
  readonly organizationId: string;
  /** `<ISO time>#<random>`: sorts by time, unique within the firm. */
  readonly entryId: string;
  readonly at: string;
  readonly actorId: string;
  readonly action: ActivityAction;
  readonly subject?: { readonly kind: ActivitySubjectKind; readonly id: string };
  readonly details: ActivityDetails;
  /** Epoch seconds after which the entry is gone ({@link ACTIVITY_RETENTION_DAYS}). */
  readonly ttl: number;
}

const DETAIL_KEYS: ReadonlySet<string> = new Set(ACTIVITY_DETAIL_KEYS);
const ACTIONS: ReadonlySet<string> = new Set(ACTIVITY_ACTIONS);
const SUBJECT_KINDS: ReadonlySet<string> = new Set(ACTIVITY_SUBJECT_KINDS);

export function isActivityAction(value: string): value is ActivityAction {
  return ACTIONS.has(value);
}

/** Only the allowed keys, each a number, a boolean or a trimmed single line of at most the maximum length. */
export function safeActivityDetails(details: Readonly<Record<string, unknown>> | undefined): ActivityDetails {
  const safe: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(details ?? {})) {
    if (!DETAIL_KEYS.has(key)) continue;
    if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) safe[key] = value;
    else if (typeof value === 'string') {
      const line = value.replace(/\s+/g, ' ').trim().slice(0, ACTIVITY_DETAIL_MAX_LENGTH);
      if (line) safe[key] = line;
    }
  }
  return safe;
}

/**
 * The entry to store for `input` at `now` (`random` makes the id unique), or a reason it is not
 * one: an unknown action or subject kind, or no firm or actor.
 */
export function activityEntry(
  input: ActivityInput,
  now: Date,
  random: string,
): { readonly ok: true; readonly entry: ActivityEntry } | { readonly ok: false; readonly problem: string } {
  if (!input.organizationId.trim()) return { ok: false, problem: 'no organization' };
  if (!input.actorId.trim()) return { ok: false, problem: 'no actor' };
  if (!isActivityAction(input.action)) return { ok: false, problem: `unknown action ${String(input.action)}` };
  if (input.subject && (!SUBJECT_KINDS.has(input.subject.kind) || !input.subject.id.trim())) return { ok: false, problem: 'bad subject' };
  const at = now.toISOString();
  return {
    ok: true,
    entry: {
      organizationId: input.organizationId,
      entryId: `${at}#${random}`,
      at,
      actorId: input.actorId,
      action: input.action,
      ...(input.subject ? { subject: { kind: input.subject.kind, id: input.subject.id } } : {}),
      details: safeActivityDetails(input.details),
      ttl: Math.floor(now.getTime() / 1000) + ACTIVITY_RETENTION_DAYS * 24 * 60 * 60,
    },
  };
}

/** Whether an entry is still within its retention at `now` (readers skip expired ones). */
export function isActivityKept(entry: Pick<ActivityEntry, 'ttl'>, now: Date): boolean {
  return entry.ttl * 1000 > now.getTime();
}
