import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityDetails } from './activity';
import { formatCount } from './format-count';

/**
 * What an activity entry says in plain words, one sentence template per action: the Activity
 * page shows it and the CSV export writes it, so both say the same. Plain TypeScript: the web
 * imports it through `@shared-domain/activity-sentences`.
 */

/** A person as an entry names them: from their User record (null fields when it is gone). */
export interface ActivityPerson {
  readonly userId: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
}

/** An entry as the sentences read it: who, what, about what, with which facts. */
export interface DescribableActivity {
  readonly action: ActivityAction;
  readonly actor: ActivityPerson;
  readonly subject: { readonly kind: string; readonly id: string; readonly person: ActivityPerson | null } | null;
  readonly details: ActivityDetails;
}

/** The actor id of entries written for the billing provider's notifications (lambdas/shared/domain/activity.ts). */
export const SYSTEM_ACTOR_ID = 'system';

/** How a person is named: their name, else their address, else a neutral word. */
export function activityPersonName(person: ActivityPerson): string {
  if (person.userId === SYSTEM_ACTOR_ID) return 'The billing system';
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || person.email || 'A former member';
}

/** What each capability's result is called in a sentence ("… generated screening questions for …"). */
const CAPABILITY_WORDS: Readonly<Record<string, string>> = {
  'must-haves': 'must-haves',
  'sourcing-terms': 'sourcing terms',
  'job-description': 'a job description',
  'screening-questions': 'screening questions',
  'interview-evaluation': 'an interview evaluation',
  'best-fit': 'a best-fit ranking',
  'candidate-summary': 'a candidate summary',
};

function capabilityWords(capability: ActivityDetails['capability']): string {
  if (typeof capability !== 'string') return 'a result';
  return CAPABILITY_WORDS[capability] ?? capability.replace(/-/g, ' ');
}

/** `greenhouse` → `the ATS (Greenhouse)`; no vendor → `the ATS`. */
function atsWords(vendor: ActivityDetails['vendor']): string {
  if (typeof vendor !== 'string' || !vendor) return 'the ATS';
  return `the ATS (${vendor.charAt(0).toUpperCase()}${vendor.slice(1)})`;
}

/** Why an ATS test or sync failed, by its kind (lambdas/ats/routes/ats-activity.ts). */
const ATS_FAILURE_WORDS: Readonly<Record<string, string>> = {
  credentials: 'the ATS refused the keys',
  account: 'the ATS account was not found',
  'rate-limited': 'the ATS asked to slow down',
  unavailable: 'the ATS did not answer',
  response: 'the ATS answered something unreadable',
  unexpected: 'an unexpected error',
};

function failureWords(failure: ActivityDetails['failure']): string {
  if (typeof failure !== 'string') return 'it failed';
  return `it failed (${ATS_FAILURE_WORDS[failure] ?? failure.replace(/-/g, ' ')})`;
}

function counted(value: ActivityDetails[keyof ActivityDetails], one: string, many: string): string | undefined {
  if (typeof value !== 'number') return undefined;
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/** A job named by its title when the entry has one. */
function jobWords(details: ActivityDetails): string {
  return typeof details.jobTitle === 'string' ? `the job “${details.jobTitle}”` : 'a job';
}

/** The sentence of an entry, e.g. "Dana Reyes invited sam@example.com as recruiter". */
export function activitySentence(entry: DescribableActivity): string {
  const actor = activityPersonName(entry.actor);
  const subject = entry.subject ? (entry.subject.person ? activityPersonName(entry.subject.person) : entry.subject.id) : 'someone';
  const { details } = entry;
  const role = typeof details.role === 'string' ? details.role : undefined;
  switch (entry.action) {
    case 'member.invited':
      return `${actor} invited ${subject}${role ? ` as ${role}` : ''}`;
    case 'invitation.resent':
      return `${actor} resent the invitation to ${subject}`;
    case 'invitation.revoked':
      return `${actor} revoked the invitation to ${subject}`;
    case 'invitation.accepted':
      return `${actor} accepted the invitation${role ? ` and joined as ${role}` : ''}`;
    case 'member.role_changed':
      return typeof details.previousRole === 'string' && role
        ? `${actor} changed ${subject}’s role from ${details.previousRole} to ${role}`
        : `${actor} changed ${subject}’s role${role ? ` to ${role}` : ''}`;
    case 'member.removed':
      return `${actor} removed ${subject} from the team`;
    case 'ownership.transferred':
      return `${actor} transferred ownership to ${subject}`;
    case 'seats.changed': {
      const to = counted(details.seats, 'seat', 'seats');
      const from = typeof details.previousSeats === 'number' ? formatCount(details.previousSeats) : undefined;
      return to ? `${actor} changed the seats${from ? ` from ${from}` : ''} to ${to}` : `${actor} changed the seats`;
    }
    case 'subscription.created': {
      const seats = counted(details.quantity, 'seat', 'seats');
      return `${actor} subscribed${typeof details.planCode === 'string' ? ` to ${details.planCode}` : ''}${seats ? ` with ${seats}` : ''}`;
    }
    case 'subscription.changed':
      return typeof details.planCode === 'string'
        ? `${actor} changed the subscription${typeof details.previousPlanCode === 'string' ? ` from ${details.previousPlanCode}` : ''} to ${details.planCode}`
        : `${actor} changed the subscription`;
    case 'subscription.canceled':
      return `${actor} canceled the subscription`;
    case 'subscription.reactivated':
      return `${actor} reactivated the subscription`;
    case 'ats.connected':
      return `${actor} connected ${atsWords(details.vendor)}`;
    case 'ats.tested':
      return `${actor} tested the connection to ${atsWords(details.vendor)}${details.outcome === 'failed' ? `: ${failureWords(details.failure)}` : details.outcome === 'ok' ? ': it works' : ''}`;
    case 'ats.synced': {
      if (details.outcome === 'failed') return `${actor} tried to sync ${atsWords(details.vendor)}, but ${failureWords(details.failure)}`;
      const counts = [
        counted(details.jobs, 'job', 'jobs'),
        counted(details.candidates, 'candidate', 'candidates'),
        typeof details.skipped === 'number' && details.skipped > 0 ? `${formatCount(details.skipped)} skipped` : undefined,
      ].filter(Boolean);
      const what = details.pass === 'full' ? 'all of ' : details.pass === 'incremental' ? 'the changes in ' : '';
      return `${actor} synced ${what}${atsWords(details.vendor)}${counts.length > 0 ? `: ${counts.join(', ')}` : ''}`;
    }
    case 'ats.disconnected':
      return `${actor} disconnected ${atsWords(details.vendor)}`;
    case 'result.generated':
      return `${actor} generated ${capabilityWords(details.capability)}${typeof details.jobTitle === 'string' ? ` for “${details.jobTitle}”` : ''}`;
    case 'result.shared':
      return `${actor} shared ${capabilityWords(details.capability)} with the firm`;
    case 'result.unshared':
      return `${actor} stopped sharing ${capabilityWords(details.capability)} with the firm`;
    case 'job.saved':
      return `${actor} saved ${jobWords(details)}`;
    case 'job.deleted':
      return `${actor} deleted ${jobWords(details)}`;
  }
}

const ACTION_GROUP_LABELS = {
  team: 'Team changes',
  billing: 'Subscription and seats',
  ats: 'ATS connection',
  work: 'Jobs and results',
} as const;
type ActivityActionGroup = keyof typeof ACTION_GROUP_LABELS;

/** The group of each kind of action (the part of its name before the dot). */
const GROUP_OF_KIND: Readonly<Record<string, ActivityActionGroup>> = {
  member: 'team',
  invitation: 'team',
  ownership: 'team',
  seats: 'billing',
  subscription: 'billing',
  ats: 'ats',
  result: 'work',
  job: 'work',
};

/** The action types the Activity page filters by: each a group of actions, in the page's words. */
export const ACTIVITY_ACTION_GROUPS: readonly {
  readonly id: ActivityActionGroup;
  readonly label: string;
  readonly actions: readonly ActivityAction[];
}[] = (Object.keys(ACTION_GROUP_LABELS) as ActivityActionGroup[]).map((id) => ({
  id,
  label: ACTION_GROUP_LABELS[id],
  actions: ACTIVITY_ACTIONS.filter((action) => GROUP_OF_KIND[action.split('.')[0] ?? ''] === id),
}));
