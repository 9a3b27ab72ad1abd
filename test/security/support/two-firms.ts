import fc from 'fast-check';
import { SENIOR_BACKEND_ENGINEER } from '../../../lambdas/assistant/samples/sample-jobs';
import { sampleCandidatesFor } from '../../../lambdas/assistant/samples/sample-candidates';
import { documentClientFor } from '../../../lambdas/shared/dynamodb/document-client';
import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { ATS_DEMO_CREDENTIALS } from '../../../local/ats/ats-stand-ins';
import { restAnswerProblem, send, type HttpAnswer } from './answer-checks';
import type { RestCall, SecurityRuntime, SignedInUser } from './authz-runtime';
import { percentEncode } from './callers';
import { firmSeed } from './firm-seed';
import { abbreviate, snapshotTarget } from './fuzz-runner';
import { fuzzSeed } from './fuzz-config';
import { hostileString } from './hostile-values';
import { changesBetween, describeChanges, restoreSnapshot, takeSnapshot, type TableSnapshot } from './table-snapshot';
import { syncUntilComplete } from '../../support/ats-sync';

/**
 * Two staffing firms on the whole local runtime (issue 18: "nothing of one firm is reachable from
 * another"), for a property-based test: firm A (the owner subscribed, an admin and a recruiter)
 * and firm B (the same), plus a recruiter the owner of A removed, whose token is still valid. A
 * run is a sequence of calls, each by one of the seven people, on a route of the REST route table,
 * with arguments drawn from BOTH firms' ids and from hostile values. After every call:
 * 1. no answer to someone outside a firm holds any marker of that firm (its ids, its members' subs
 *    and emails, its name, its job titles), except what the caller sent itself (an echo);
 * 2. a call by someone outside a firm leaves every item of that firm's as it was;
 * 3. the removed member gets no 2xx from a gated route (assistant, ATS), and no firm route answers
 *    them with firm A;
 * 4. never a 5xx, and every refusal a readable 4xx.
 * A run's writes are undone after it, so every run starts from the seeded firms.
 */

export type FirmName = 'A' | 'B';
export const PEOPLE = ['ownerA', 'adminA', 'recruiterA', 'ownerB', 'adminB', 'recruiterB', 'removedA'] as const;
export type Person = (typeof PEOPLE)[number];

/** The firm a person is an active member of (the removed member is in neither). */
export function firmOf(person: Person): FirmName | undefined {
  return person === 'removedA' ? undefined : person.endsWith('A') ? 'A' : 'B';
}

/** Kinds of ids a firm's data has; calls draw their arguments from them. */
export const ID_KINDS = ['job', 'result', 'question', 'atsJob', 'atsCandidate', 'user', 'email', 'subscription', 'invoice'] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** A distinctive word in every job title of a firm (a title in an answer names the firm's job). */
export const TITLE_MARKERS: Readonly<Record<FirmName, string>> = { A: 'Aldermoor', B: 'Birchwick' };

export interface FirmData {
  /** The firm's id (its founder's user id). */
  readonly id: string;
  readonly name: string;
  /** Known ids by kind; a run adds what its calls create. */
  readonly ids: Record<IdKind, string[]>;
  /**
   * What only this firm's data holds: `text` (its name, title marker, members' emails) is looked
   * for anywhere; an `id` shorter than 12 characters only as a whole JSON string, so a vendor's
   * "12" does not match a date.
   */
  readonly markers: Map<string, 'text' | 'id'>;
  /** The active members' subs: an item holding one belongs to the firm (its partition or its record). */
  readonly memberSubs: readonly string[];
  /** The mask the ATS answers for the firm's saved key (sent back by another firm, it must keep nothing). */
  readonly atsKeyMask: string;
}

export interface TwoFirms {
  readonly api: SecurityRuntime;
  readonly people: Readonly<Record<Person, SignedInUser>>;
  readonly firms: Readonly<Record<FirmName, FirmData>>;
}

/**
 * The plan both owners hold: Enterprise includes every service, so a refusal shows what
 * membership allows, not what a plan leaves out (as in the authorization matrix).
 */
const FULL_PLAN = 'enterprise_2weeksfree_monthly_onetimesetup_dev';
/** Each firm's ATS: different fake vendors, so no synced id is shared by chance. */
const FIRM_ATS = { A: ATS_DEMO_CREDENTIALS.workable, B: ATS_DEMO_CREDENTIALS.lever } as const;
const SAMPLE = SENIOR_BACKEND_ENGINEER;

async function expectOk<T>(api: SecurityRuntime, call: RestCall, who: SignedInUser, what: string): Promise<T> {
  const answer = await api.rest<T>(call, who);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

function maskOf(key: string): string {
  return `\u2022\u2022\u2022\u2022${key.slice(-4)}`;
}

/** A firm's owner subscribes (founding the firm), saves a job, gets screening questions, connects and syncs its ATS. */
async function seedFirm(api: SecurityRuntime, firm: FirmName, owner: SignedInUser, members: readonly SignedInUser[]): Promise<FirmData> {
  const subscribed = await expectOk<{ subscription: { id: string } }>(
    api,
    {
      method: 'POST',
      path: '/subscription/create-change',
      body: { planCode: FULL_PLAN, currency: 'USD', billingToken: await api.cardToken() },
    },
    owner,
    `The owner of ${firm} could not subscribe`,
  );
  const billing = await expectOk<{ invoices: { id: string }[] }>(api, { method: 'GET', path: '/user/billing' }, owner, 'Billing');
  const { job } = await expectOk<{ job: { id: string } }>(
    api,
    { method: 'POST', path: '/assistant/jobs', body: jobBodyTitled(`${TITLE_MARKERS[firm]} Payments Platform Lead`) },
    owner,
    `The owner of ${firm} could not save a job`,
  );
  const screening = await expectOk<{ result: { id: string; output: { questions: { id: string }[] } } }>(
    api,
    { method: 'POST', path: '/assistant/screening-questions', body: { jobId: job.id } },
    owner,
    'Screening questions',
  );
  const ats = FIRM_ATS[firm];
  await expectOk(api, { method: 'POST', path: '/ats/connection', body: ats }, owner, `${firm} connecting ${ats.atsname}`);
  await syncUntilComplete(() => expectOk<{ outcome: string }>(api, { method: 'POST', path: '/ats/sync' }, owner, `${firm} syncing`), {
    maxCalls: 10,
    what: `${firm}'s ATS`,
  });
  const { jobs: atsJobs } = await expectOk<{ jobs: { id: string; activeApplications: number }[] }>(
    api,
    { method: 'GET', path: '/ats/jobs' },
    owner,
    'ATS jobs',
  );
  const active = atsJobs.filter((atsJob) => atsJob.activeApplications > 0).slice(0, 3);
  const candidates = await Promise.all(
    active.map((atsJob) =>
      expectOk<{ candidates: { id: string }[] }>(
        api,
        { method: 'GET', path: `/ats/candidates?jobId=${encodeURIComponent(atsJob.id)}` },
        owner,
        'ATS candidates',
      ),
    ),
  );
  const organization = await expectOk<{ organization: { id: string; name: string } }>(
    api,
    { method: 'GET', path: '/user/organization' },
    owner,
    'The firm',
  );
  const everyone = [owner, ...members];
  const ids: Record<IdKind, string[]> = {
    job: [job.id],
    result: [screening.result.id],
    question: screening.result.output.questions.map((question) => question.id),
    atsJob: atsJobs.map((atsJob) => atsJob.id),
    atsCandidate: candidates.flatMap((answer) => answer.candidates.map((candidate) => candidate.id)),
    user: everyone.map((person) => person.sub),
    email: everyone.map((person) => person.email),
    subscription: [subscribed.subscription.id],
    invoice: billing.invoices.map((invoice) => invoice.id),
  };
  const atsKeyMask = maskOf(ats.apikey1);
  return {
    id: organization.organization.id,
    name: organization.organization.name,
    ids,
    markers: new Map([
      ...Object.values(ids)
        .flat()
        .map((id) => [id, 'id'] as const),
      ...[organization.organization.name, TITLE_MARKERS[firm], atsKeyMask, ...ids.email].map((text) => [text, 'text'] as const),
    ]),
    memberSubs: everyone.map((person) => person.sub),
    atsKeyMask,
  };
}

/** Signs the seven people up, founds both firms through their subscriptions and seeds membership through the organization rules. */
export async function seedTwoFirms(api: SecurityRuntime): Promise<TwoFirms> {
  const people = {} as Record<Person, SignedInUser>;
  // Labels become emails, last names and (for owners) firm names: distinct per firm, and the
  // removed member's own (a firm of their own) holds no word of A's.
  const labels: Record<Person, string> = {
    ownerA: 'aldermoor-owner',
    adminA: 'aldermoor-admin',
    recruiterA: 'aldermoor-recruiter',
    ownerB: 'birchwick-owner',
    adminB: 'birchwick-admin',
    recruiterB: 'birchwick-recruiter',
    removedA: 'exmember',
  };
  for (const person of PEOPLE) people[person] = await api.inviteAndSignIn(labels[person]);
  const seed = firmSeed(documentClientFor(api.runtime.dynamodb), api.runtime.endpoints.tables.organizations);
  const a = await seedFirm(api, 'A', people.ownerA, [people.adminA, people.recruiterA]);
  const b = await seedFirm(api, 'B', people.ownerB, [people.adminB, people.recruiterB]);
  for (const firm of ['A', 'B'] as const) {
    const owner = people[`owner${firm}`].sub;
    await seed.join(owner, people[`admin${firm}`], 'admin');
    await seed.join(owner, people[`recruiter${firm}`], 'recruiter');
  }
  await seed.join(people.ownerA.sub, people.removedA, 'recruiter');
  await seed.remove(people.ownerA.sub, people.removedA);
  // A marker both firms hold (e.g. an id two fake vendors happen to share) tells nothing: dropped.
  for (const marker of [...a.markers.keys()])
    if (b.markers.has(marker)) [a.markers, b.markers].forEach((markers) => markers.delete(marker));
  return { api, people, firms: { A: a, B: b } };
}

/** What one generated call draws: who calls, what, on whose ids, and the hostile values it may use. */
export interface TwoFirmAction {
  readonly actor: Person;
  readonly route: FuzzedRoute;
  /** Whose ids the arguments are drawn from. */
  readonly target: FirmName;
  /** Which id of the kind (modulo how many are known). */
  readonly pick: number;
  /** When set, an id argument is this hostile value instead. */
  readonly hostile: string | undefined;
  readonly text: string;
  readonly flag: boolean;
}

/** What a route's call is built from. */
interface CallContext {
  /** An id of `kind` of the target firm, or the hostile value. */
  id(kind: IdKind): string;
  /** A job title of the caller's own firm (the removed member has none: a neutral one). */
  readonly title: string;
  readonly text: string;
  readonly flag: boolean;
  /** The target firm's ATS vendor, and its key's mask (or the hostile value). */
  readonly ats: { readonly atsname: string; readonly apikeytype: string; readonly apikey2: string | null; readonly mask: string };
}

const get = (path: string): RestCall => ({ method: 'GET', path });
const post = (path: string, body?: unknown): RestCall => ({ method: 'POST', path, body: body ?? {} });

/**
 * The routes the fuzz calls, each built from the drawn arguments. Cancel and reactivate act only
 * on the other firm's subscription (see {@link CROSS_FIRM_ONLY}).
 */
const FUZZED_CALLS = {
  'GET /subscription/plans': () => get('/subscription/plans'),
  'POST /subscription/cancel': (c: CallContext) => post('/subscription/cancel', { subscriptionId: c.id('subscription') }),
  'POST /subscription/reactivate': (c: CallContext) => post('/subscription/reactivate', { subscriptionId: c.id('subscription') }),
  'GET /user/subscriptions/{id}': (c: CallContext) => get(`/user/subscriptions/${percentEncode(c.id('subscription'))}`),
  'GET /user/billing': () => get('/user/billing'),
  'GET /user/billing/invoices/{id}/pdf': (c: CallContext) => get(`/user/billing/invoices/${percentEncode(c.id('invoice'))}/pdf`),
  'GET /user/organization': () => get('/user/organization'),
  'GET /user/invitations': () => get('/user/invitations'),
  'GET /user/organization/activity': () => get('/user/organization/activity'),
  'GET /user/organization/activity/export': () => get('/user/organization/activity/export'),
  'POST /user/organization/seats/preview': () => post('/user/organization/seats/preview', { seats: 6 }),
  'POST /user/invitations/accept': (c: CallContext) => post('/user/invitations/accept', { organizationId: c.id('user') }),
  'POST /user/organization/invitations/resend': (c: CallContext) => post('/user/organization/invitations/resend', { email: c.id('email') }),
  'POST /user/organization/invitations/revoke': (c: CallContext) => post('/user/organization/invitations/revoke', { email: c.id('email') }),
  'PATCH /user/organization/members/{userId}': (c: CallContext) =>
    ({
      method: 'PATCH',
      path: `/user/organization/members/${percentEncode(c.id('user'))}`,
      body: { role: c.flag ? 'admin' : 'recruiter' },
    }) as const,
  'DELETE /user/organization/members/{userId}': (c: CallContext) =>
    ({ method: 'DELETE', path: `/user/organization/members/${percentEncode(c.id('user'))}` }) as const,
  'PUT /user/organization/owner': (c: CallContext) =>
    ({ method: 'PUT', path: '/user/organization/owner', body: { userId: c.id('user') } }) as const,
  'GET /assistant/jobs': () => get('/assistant/jobs'),
  'POST /assistant/jobs': (c: CallContext) =>
    post('/assistant/jobs', { ...jobBodyTitled(c.title), ...(c.flag ? { id: c.id('job') } : {}) }),
  'PATCH /assistant/jobs/{id}': (c: CallContext) =>
    ({
      method: 'PATCH',
      path: `/assistant/jobs/${percentEncode(c.id('job'))}`,
      body: c.flag ? { archived: true } : { title: c.title },
    }) as const,
  'DELETE /assistant/jobs/{id}': (c: CallContext) => ({ method: 'DELETE', path: `/assistant/jobs/${percentEncode(c.id('job'))}` }) as const,
  'POST /assistant/must-haves': (c: CallContext) => post('/assistant/must-haves', { title: c.title, description: SAMPLE.description }),
  'POST /assistant/sourcing-terms': (c: CallContext) => post('/assistant/sourcing-terms', { jobId: c.id('job') }),
  'POST /assistant/job-description': (c: CallContext) =>
    post('/assistant/job-description', { jobId: c.id('job'), clientNames: SAMPLE.clientNames }),
  'POST /assistant/screening-questions': (c: CallContext) => post('/assistant/screening-questions', { jobId: c.id('job') }),
  'POST /assistant/evaluations': (c: CallContext) =>
    post('/assistant/evaluations', {
      jobId: c.id('job'),
      screeningResultId: c.id('result'),
      candidateName: 'Priya Raman',
      answers: [{ questionId: c.id('question'), answer: 'Eight years of Node.js on AWS.' }],
    }),
  'POST /assistant/best-fit': (c: CallContext) =>
    post('/assistant/best-fit', {
      jobId: c.id('job'),
      candidates: sampleCandidatesFor(SAMPLE.id)
        .slice(0, 2)
        .map(({ name, profile }) => ({ name, profile })),
    }),
  'POST /assistant/candidate-summary': (c: CallContext) =>
    post('/assistant/candidate-summary', { jobId: c.id('job'), profile: sampleCandidatesFor(SAMPLE.id)[0].profile }),
  'GET /assistant/results': (c: CallContext) =>
    get(c.flag ? `/assistant/results?jobId=${percentEncode(c.id('job'))}` : `/assistant/results?q=${percentEncode(c.text)}`),
  'POST /assistant/results/delete': (c: CallContext) => post('/assistant/results/delete', { resultId: c.id('result') }),
  'POST /assistant/results/share': (c: CallContext) => post('/assistant/results/share', { resultId: c.id('result'), shared: true }),
  'GET /ats/connection': () => get('/ats/connection'),
  // The other firm's mask sent back: saved keys are per firm, so it must keep nothing of theirs.
  'POST /ats/connection': (c: CallContext) =>
    post('/ats/connection', { atsname: c.ats.atsname, apikeytype: c.ats.apikeytype, apikey1: c.ats.mask, apikey2: c.ats.apikey2 }),
  'POST /ats/connection/test': () => post('/ats/connection/test'),
  'POST /ats/connection/remove': () => post('/ats/connection/remove'),
  'POST /ats/sync': () => post('/ats/sync'),
  'GET /ats/jobs': () => get('/ats/jobs'),
  'GET /ats/candidates': (c: CallContext) => get(`/ats/candidates?jobId=${percentEncode(c.id('atsJob'))}`),
  'POST /ats/predict': (c: CallContext) => post('/ats/predict', { jobId: c.id('atsJob') }),
} satisfies Readonly<Record<string, (context: CallContext) => RestCall>>;

export type FuzzedRoute = keyof typeof FUZZED_CALLS;
export const FUZZED_ROUTES = Object.keys(FUZZED_CALLS) as FuzzedRoute[];

/**
 * Routes of the route table the fuzz does not call, and why. A route in neither list fails the
 * test (two-firms.test.ts), so a new route is either fuzzed or excluded here with a reason.
 */
export const NOT_FUZZED: Readonly<Record<string, string>> = {
  'POST /subscription/create-change':
    'founds or resizes a firm through a charge at the billing stand-in, which a table restore cannot undo; who may replay whose request is in the authorization matrix',
  'PUT /user/billing/card': "needs a fresh card token per call; the account is always the caller's own (authorization matrix)",
  'POST /subscription/webhook': 'authenticated by its HMAC signature, not by a person: no caller of either firm',
  'POST /admin/user/create': 'platform administrators only, none of the seven; the matrix covers every caller',
  'POST /admin/user/remove': 'platform administrators only, none of the seven; the matrix covers every caller',
  'POST /admin/user': 'platform administrators only, none of the seven; the matrix covers every caller',
  'POST /admin/console': 'platform administrators only, none of the seven; the matrix covers every caller and action',
  'POST /ats/bullhorn/authorize': "starts a sign-in at the fake Bullhorn for the caller's own state; its round trip has its own tests",
  'POST /ats/bullhorn/callback': 'consumes a state only its starter holds (bullhorn-authorization.test.ts, the matrix)',
  'POST /user/organization/invitations': "creates a Cognito user and mails it, which the run's table undo cannot take back",
  'POST /user/organization/seats':
    "changes the subscription's quantity at the billing stand-in, which the run's table undo cannot take back; its preview is fuzzed, and the matrix covers every caller",
};

/** Routes called only on the other firm's ids: a firm canceling its own subscription would end its gate past the run's undo (the billing stand-in keeps it). */
const CROSS_FIRM_ONLY: ReadonlySet<FuzzedRoute> = new Set(['POST /subscription/cancel', 'POST /subscription/reactivate']);

/** Routes behind the subscription (firm) gate. */
const isGated = (route: string) => route.includes(' /assistant/') || route.includes(' /ats/');
/** Routes about the caller's firm itself (the Team routes; the Activity routes join them as they land). */
const isFirmRoute = (route: string) => route.includes(' /user/organization') || route.includes(' /user/invitations');

/** The sample posting as a job titled `title` (a firm's title carries its marker word). */
function jobBodyTitled(title: string) {
  return {
    title,
    companyInfo: SAMPLE.companyInfo,
    description: SAMPLE.description,
    location: SAMPLE.location,
    mustHaves: [...SAMPLE.expectedMustHaves],
    niceToHaves: [],
  };
}

/** Every REST route of the route table, as `<METHOD> <path>`. */
export function routeTable(): string[] {
  return REST_ROUTES.map((route) => `${route.method} ${route.path}`);
}

/**
 * Who calls: the owners (whose calls get past the gate and create what the others then reach for)
 * and the removed member (the one person outside both firms) twice as often as each teammate.
 */
const actor: fc.Arbitrary<Person> = fc.oneof(
  { arbitrary: fc.constantFrom<Person>('ownerA', 'ownerB', 'removedA'), weight: 6 },
  { arbitrary: fc.constantFrom<Person>('adminA', 'recruiterA', 'adminB', 'recruiterB'), weight: 4 },
);

/**
 * One call: mostly a known id of either firm (so the handlers' ownership checks are reached),
 * one in five a hostile value instead.
 */
export const twoFirmAction: fc.Arbitrary<TwoFirmAction> = fc.record({
  actor,
  route: fc.constantFrom(...FUZZED_ROUTES),
  target: fc.constantFrom<FirmName>('A', 'B'),
  pick: fc.nat({ max: 1_000 }),
  hostile: fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: hostileString(undefined, { huge: false }), weight: 1 }),
  text: fc.string({ maxLength: 30 }),
  flag: fc.boolean(),
});

/** The firm whose ids a call uses: drawn, except where only the other firm's may be used. */
function targetOf(action: TwoFirmAction): FirmName {
  if (!CROSS_FIRM_ONLY.has(action.route)) return action.target;
  const own = firmOf(action.actor);
  return own === undefined ? action.target : own === 'A' ? 'B' : 'A';
}

export function buildCall(world: TwoFirms, action: TwoFirmAction): RestCall {
  const target = targetOf(action);
  const firm = world.firms[target];
  const own = firmOf(action.actor);
  const context: CallContext = {
    id(kind) {
      if (action.hostile !== undefined) return action.hostile;
      const known = firm.ids[kind];
      return known.length === 0 ? 'no-such-id' : known[action.pick % known.length];
    },
    title: `${own ? TITLE_MARKERS[own] : 'Freelance'} ${action.text.trim() || 'Lead'}`.slice(0, 200),
    text: action.text,
    flag: action.flag,
    ats: { ...FIRM_ATS[target], mask: action.hostile ?? firm.atsKeyMask },
  };
  return FUZZED_CALLS[action.route](context);
}

/** One call as made, with its answer. */
export interface TwoFirmCall {
  readonly action: TwoFirmAction;
  readonly request: RestCall;
  readonly answer: HttpAnswer;
}

/** The firms whose data `person` must not see nor change: every firm they are not an active member of. */
export function outsideFirms(person: Person): FirmName[] {
  return (['A', 'B'] as const).filter((firm) => firmOf(person) !== firm);
}

function holds(text: string, marker: string, kind: 'text' | 'id'): boolean {
  return kind === 'text' || marker.length >= 12 ? text.includes(marker) : text.includes(JSON.stringify(marker));
}

/**
 * Invariants 1, 3 and 4 for one answer (2 needs the tables: {@link foreignChanges}). Returns the
 * problems found, empty when none.
 */
export function answerProblems(world: TwoFirms, call: TwoFirmCall): string[] {
  const { action, request, answer } = call;
  const problems: string[] = [];
  const problem = restAnswerProblem(answer);
  if (problem) problems.push(problem);
  const sent = `${request.path} ${JSON.stringify(request.body ?? '')}`;
  for (const firm of outsideFirms(action.actor)) {
    const leaked = [...world.firms[firm].markers]
      .filter(([marker, kind]) => !sent.includes(marker) && holds(answer.text, marker, kind))
      .map(([marker]) => marker);
    if (leaked.length > 0)
      problems.push(
        `${action.actor} got firm ${firm}'s ${leaked.map((marker) => JSON.stringify(marker)).join(', ')} in a ${answer.status}`,
      );
  }
  const ok = answer.status >= 200 && answer.status < 300;
  if (action.actor === 'removedA' && ok && isGated(action.route))
    problems.push(`the removed member got ${answer.status} from a gated route`);
  if (action.actor === 'removedA' && ok && isFirmRoute(action.route)) {
    const organization = (answer.json as { organization?: { id?: string } } | undefined)?.organization;
    if (organization?.id === world.firms.A.id) problems.push(`the removed member got firm A from ${action.route}`);
  }
  return problems;
}

/** The items of each firm (those holding one of its active members' subs: their partitions and records). */
function firmItems(snapshot: TableSnapshot, firm: FirmData): TableSnapshot {
  const mine = (item: unknown) => {
    const text = JSON.stringify(item);
    return firm.memberSubs.some((sub) => text.includes(sub));
  };
  return {
    tables: Object.fromEntries(
      Object.entries(snapshot.tables).map(([table, items]) => [table, new Map([...items].filter(([, item]) => mine(item)))]),
    ),
  };
}

/** Invariant 2: what changed in a firm the actor is outside of. */
export function foreignChanges(world: TwoFirms, actor: Person, before: TableSnapshot, after: TableSnapshot): string[] {
  return outsideFirms(actor).flatMap((firm) => {
    const changes = changesBetween(firmItems(before, world.firms[firm]), firmItems(after, world.firms[firm]));
    return changes.length > 0 ? [`${actor} changed firm ${firm}'s data: ${describeChanges(changes)}`] : [];
  });
}

/** New ids an insider's accepted call created: later calls may use them, and they are the firm's markers. */
function learn(world: TwoFirms, call: TwoFirmCall): void {
  const firm = firmOf(call.action.actor);
  if (!firm || call.answer.status >= 300) return;
  const body = call.answer.json as { job?: { id?: unknown }; result?: { id?: unknown; output?: { questions?: { id?: unknown }[] } } };
  const known = world.firms[firm];
  const add = (kind: IdKind, id: unknown) => {
    if (typeof id !== 'string' || known.ids[kind].includes(id)) return;
    known.ids[kind].push(id);
    known.markers.set(id, 'id');
  };
  add('job', body?.job?.id);
  add('result', body?.result?.id);
  for (const question of body?.result?.output?.questions ?? []) add('question', question.id);
}

function copyIds(world: TwoFirms) {
  return Object.fromEntries(
    (['A', 'B'] as const).map((firm) => [
      firm,
      { ids: structuredClone(world.firms[firm].ids), markers: new Map(world.firms[firm].markers) },
    ]),
  ) as Record<FirmName, { ids: Record<IdKind, string[]>; markers: Map<string, 'text' | 'id'> }>;
}

function resetIds(world: TwoFirms, saved: ReturnType<typeof copyIds>): void {
  for (const firm of ['A', 'B'] as const) {
    const data = world.firms[firm];
    for (const kind of ID_KINDS) data.ids[kind].splice(0, data.ids[kind].length, ...saved[firm].ids[kind]);
    data.markers.clear();
    for (const [marker, kind] of saved[firm].markers) data.markers.set(marker, kind);
  }
}

async function callAs(world: TwoFirms, action: TwoFirmAction): Promise<TwoFirmCall> {
  const request = buildCall(world, action);
  const headers: Record<string, string> = { authorization: world.people[action.actor].idToken, ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await send(`${world.api.runtime.endpoints.restUrl}${request.path}`, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  return { action, request, answer };
}

export interface TwoFirmFuzzResult {
  /** Sequences run (shrinking's replays not counted). */
  readonly runs: number;
  /** Calls made, shrinking's included. */
  readonly calls: number;
  /** Calls answered 2xx. */
  readonly accepted: number;
  /** Calls whose arguments were ids of a firm the caller is not in. */
  readonly crossFirmCalls: number;
  readonly failed: boolean;
  readonly report?: string;
  /** The time limit ended the fuzz before the runs `calls` asked for. */
  readonly stoppedAtTimeLimit: boolean;
  readonly durationMs: number;
}

/** Calls per run at most: long enough for a create-then-reach sequence, short enough to shrink. */
export const MAX_CALLS_PER_RUN = 8;
const AVERAGE_CALLS_PER_RUN = (1 + MAX_CALLS_PER_RUN) / 2;
/** Runs per fast-check batch: a time limit is checked between batches, never inside a run. */
const BATCH_RUNS = 100;

/**
 * Makes at least `calls` calls (sequences of 1 to {@link MAX_CALLS_PER_RUN}, about `calls / 4.5`),
 * or fewer when `timeLimitMs` has passed (the bench's cap). Never throws for a property failure:
 * see `failed` and `report`.
 */
export async function runTwoFirmFuzz(
  world: TwoFirms,
  calls: number,
  options: { readonly timeLimitMs?: number } = {},
): Promise<TwoFirmFuzzResult> {
  const startedAt = Date.now();
  const deadline = startedAt + (options.timeLimitMs ?? Number.POSITIVE_INFINITY);
  const target = snapshotTarget(world.api);
  const baseline = await takeSnapshot(target);
  const seeded = copyIds(world);
  const counts = { calls: 0, accepted: 0, crossFirmCalls: 0 };
  const property = fc.asyncProperty(fc.array(twoFirmAction, { minLength: 1, maxLength: MAX_CALLS_PER_RUN }), async (actions) => {
    let before = baseline;
    /** The tables after the last call, when every call went through (then the undo needs no new read). */
    let finished: TableSnapshot | undefined;
    try {
      for (const [index, action] of actions.entries()) {
        const call = await callAs(world, action);
        const after = await takeSnapshot(target);
        counts.calls += 1;
        if (call.answer.status < 300) counts.accepted += 1;
        if (firmOf(action.actor) !== targetOf(action)) counts.crossFirmCalls += 1;
        const problems = [...answerProblems(world, call), ...foreignChanges(world, action.actor, before, after)];
        if (problems.length > 0)
          throw new Error(
            `Call ${index + 1}, ${action.actor}: ${call.request.method} ${call.request.path.slice(0, 200)}: ${problems.join('; ')}`,
          );
        learn(world, call);
        before = after;
      }
      finished = before;
    } finally {
      await restoreSnapshot(target, baseline, finished ?? (await takeSnapshot(target)));
      resetIds(world, seeded);
    }
  });
  const baseSeed = fuzzSeed() ?? Math.floor(Math.random() * 2 ** 31);
  let runs = 0;
  let report: string | undefined;
  // Batches until `calls` calls are made: a batch of short sequences (fast-check draws many) is
  // followed by another, so the count never falls short (7 runs alone made under 15 of 30 calls
  // about once in 65).
  for (let batch = 0; counts.calls < calls && Date.now() < deadline; batch += 1) {
    const size = Math.min(BATCH_RUNS, Math.max(1, Math.round((calls - counts.calls) / AVERAGE_CALLS_PER_RUN)));
    const details = await fc.check(property, { numRuns: size, seed: baseSeed + batch, endOnFailure: false });
    runs += details.numRuns;
    if (details.failed) {
      report = [
        `The two-firm fuzz failed after ${details.numRuns} run(s) of a batch; replay with FUZZ_SEED=${details.seed} FUZZ_RUNS=${Math.round(size * AVERAGE_CALLS_PER_RUN)} (path ${details.counterexamplePath}).`,
        `Counterexample (shrunk ${details.numShrinks} times): ${abbreviate(details.counterexample?.[0])}`,
        `Problem: ${String(details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance).slice(0, 3000)}`,
      ].join('\n');
      break;
    }
  }
  const stoppedAtTimeLimit = report === undefined && counts.calls < calls;
  return { runs, ...counts, failed: report !== undefined, report, stoppedAtTimeLimit, durationMs: Date.now() - startedAt };
}
