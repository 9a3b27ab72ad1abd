import { Kind, parse, type ObjectTypeDefinitionNode } from 'graphql';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sampleCandidatesFor } from '../../lambdas/assistant/samples/sample-candidates';
import { SENIOR_BACKEND_ENGINEER } from '../../lambdas/assistant/samples/sample-jobs';
import { REST_ROUTES } from '../../lib/definitions/rest-routes';
import { ADMIN_CONSOLE_ACTIONS, type AdminConsoleAction } from '../../lambdas/shared/contracts/admin-console';
import { BULLHORN_CALLBACK_PATH } from '../../lambdas/shared/contracts/ats-bullhorn';
import { ATS_DEMO_CREDENTIALS, BULLHORN_DEMO_CLIENT } from '../../local/ats/ats-stand-ins';
import { REPO_ROOT } from '../../local/paths';
import { documentClientFor } from '../../lambdas/shared/dynamodb/document-client';
import { migrateOrganizations, organizationMigrationDependencies } from '../../lambdas/shared/organizations/organization-migration';
import { firmSeed, type FirmSeed } from './support/firm-seed';
import { createOrganizationsRepository, type OrganizationsRepository } from '../../lambdas/shared/organizations/organizations-repository';
import { createActivityRecorder } from '../../lambdas/shared/activity/activity-log';
import { startSecurityRuntime, type Credentials, type RestCall, type SecurityRuntime, type SignedInUser } from './support/authz-runtime';
import { stateChanges, type StateDigest } from './support/state-digest';

/**
 * Who may call what: every REST route and every Query and Mutation field, called by five callers
 * against the whole local runtime (real handlers and resolvers, cognito-local tokens). The
 * expected answer of each cell is written down below; a route or field without a row fails the
 * test, so a new entry point cannot ship without deciding who may call it. A refused call must
 * also leave every table and the user pool as they were.
 *
 * Callers: `anonymous` (no credentials), `apiKey` (the web app's public AppSync key; REST routes
 * ignore it), `user` (the owner, on their own record, subscription or account), `otherUser`
 * (another beta customer, on the owner's resource), `admin` (the seeded member of Admins).
 * The assistant and the ATS routes require a live subscription: on their rows `otherUser` is another *subscribed*
 * beta customer (so the cell shows what ownership allows, not the subscription gate), and the
 * gate has its own table below (`UNSUBSCRIBED_MATRIX`); the admin has no subscription.
 */

const CALLERS = ['anonymous', 'apiKey', 'user', 'otherUser', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Row<T> = Readonly<Record<Caller, T>>;

/**
 * REST: the HTTP status of each cell. What each row sends is in `REST_CALLS`.
 * - create-change: everyone replays the owner's first request (same Idempotency-Key and body).
 *   The owner gets the stored answer (201, replayed); for anyone else the key is theirs alone,
 *   so the owner's answer is never handed out and the spent card token is refused (400).
 * - cancel / reactivate: the owner's subscription; admins cannot act on another's billing.
 * - webhook: unsigned; the HMAC signature is its only authentication, whoever calls.
 * - admin routes: `user` names themselves, `otherUser` the owner, `admin` a fresh invitee.
 * - billing self-service (/user/billing…): the account is always the caller's own. `otherUser`
 *   and `admin` read their own (empty) billing, cannot put a card on an account they do not have
 *   (404), and get 404 for the owner's invoice, exactly as for an unknown one.
 */
const REST_MATRIX: Readonly<Record<string, Row<number>>> = {
  'GET /subscription/plans': /*            */ { anonymous: 200, apiKey: 200, user: 200, otherUser: 200, admin: 200 },
  'POST /subscription/create-change': /*   */ { anonymous: 401, apiKey: 401, user: 201, otherUser: 400, admin: 400 },
  'POST /subscription/cancel': /*          */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 403, admin: 403 },
  'POST /subscription/reactivate': /*      */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 403, admin: 403 },
  'GET /user/subscriptions/{id}': /*       */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 403, admin: 200 },
  'GET /user/billing': /*                  */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 200 },
  'PUT /user/billing/card': /*             */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 404 },
  'GET /user/billing/invoices/{id}/pdf': /**/ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 404 },
  // Each person's own firm (the organizations migration gives everyone invited so far one); nothing of the owner's reaches anyone else.
  'GET /user/organization': /*             */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 200 },
  // The seats of the caller's own firm (issue 18): the owner previews and sets their subscription's
  // quantity (the same seats: unchanged); anyone else acts on their own firm, which has no
  // subscription (409). The roles inside the owner's firm: TEAM_REST_MATRIX.
  'POST /user/organization/seats/preview': { anonymous: 401, apiKey: 401, user: 200, otherUser: 409, admin: 409 },
  'POST /user/organization/seats': /*      */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 409, admin: 409 },
  // The team (issue 18) acts on the caller's own firm only, whatever the request names: `user`
  // manages their firm (a teammate, a pending invitation, spare seats); `otherUser` and `admin`
  // name the owner's teammate and invitation, which are not in their firms (409, nothing changes),
  // and their one-seat firms have no seat for an invitation (409 seats_required). TEAM_MATRIX
  // below has the roles of one firm, a manager of another, and a removed member.
  'POST /user/organization/invitations': /**/ { anonymous: 401, apiKey: 401, user: 201, otherUser: 409, admin: 409 },
  'POST /user/organization/invitations/resend': { anonymous: 401, apiKey: 401, user: 200, otherUser: 409, admin: 409 },
  'POST /user/organization/invitations/revoke': { anonymous: 401, apiKey: 401, user: 200, otherUser: 409, admin: 409 },
  'PATCH /user/organization/members/{userId}': { anonymous: 401, apiKey: 401, user: 200, otherUser: 409, admin: 409 },
  'DELETE /user/organization/members/{userId}': { anonymous: 401, apiKey: 401, user: 200, otherUser: 409, admin: 409 },
  // Everyone names the owner: the owner is the owner already, and nobody else's firm has them.
  'PUT /user/organization/owner': /*       */ { anonymous: 401, apiKey: 401, user: 409, otherUser: 409, admin: 409 },
  'GET /user/invitations': /*              */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 200 },
  // The owner's firm invited none of them.
  'POST /user/invitations/accept': /*      */ { anonymous: 401, apiKey: 401, user: 403, otherUser: 403, admin: 403 },
  // The activity log of each caller's own firm (everyone here owns one); the owner's entries reach nobody else.
  'GET /user/organization/activity': /*    */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 200 },
  'GET /user/organization/activity/export': { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 200 },
  'POST /subscription/webhook': /*         */ { anonymous: 401, apiKey: 401, user: 401, otherUser: 401, admin: 401 },
  'POST /admin/user/create': /*            */ { anonymous: 401, apiKey: 401, user: 403, otherUser: 403, admin: 201 },
  'POST /admin/user/remove': /*            */ { anonymous: 401, apiKey: 401, user: 403, otherUser: 403, admin: 200 },
  'POST /admin/user': /*                   */ { anonymous: 401, apiKey: 401, user: 403, otherUser: 403, admin: 200 },
  // The admin console, here listing contact messages; every action has its row in ADMIN_CONSOLE_MATRIX.
  'POST /admin/console': /*                */ { anonymous: 401, apiKey: 401, user: 403, otherUser: 403, admin: 200 },
  // The assistant: the owner's job and screening result; another subscriber gets 404 (their own
  // lists hold none of the owner's data), the admin 403 (no subscription).
  'GET /assistant/jobs': /*                */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 403 },
  'POST /assistant/jobs': /*               */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  // Rename/archive the owner's job; delete a job the owner saved for it (REST_PREPARE saves it again).
  'PATCH /assistant/jobs/{id}': /*         */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  'DELETE /assistant/jobs/{id}': /*        */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  'POST /assistant/must-haves': /*         */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 403 },
  'POST /assistant/sourcing-terms': /*     */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  'POST /assistant/job-description': /*    */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  'POST /assistant/screening-questions': /**/ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  'POST /assistant/evaluations': /*        */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  'POST /assistant/best-fit': /*           */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  'POST /assistant/candidate-summary': /*  */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  'GET /assistant/results': /*             */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 403 },
  'POST /assistant/results/delete': /*     */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  // Sharing with the firm: only one's own result (another firm's subscriber: 404, as for an unknown id).
  'POST /assistant/results/share': /*      */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  // The ATS: the owner's connection to the local fake Greenhouse, synced. Another subscriber
  // reaches none of it: their own connection is empty (409 where one is needed), the owner's
  // saved key cannot be kept by sending its mask (400), the owner's ATS job is not found (404).
  'GET /ats/connection': /*                */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 403 },
  'POST /ats/connection': /*               */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 400, admin: 403 },
  'POST /ats/connection/test': /*          */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 409, admin: 403 },
  'POST /ats/connection/remove': /*        */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 403 },
  'POST /ats/sync': /*                     */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 409, admin: 403 },
  'GET /ats/jobs': /*                      */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 403 },
  'GET /ats/candidates': /*                */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  'POST /ats/predict': /*                  */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 404, admin: 403 },
  // Bullhorn's sign-in: each caller starts their own (against the fake Bullhorn); a callback with a
  // state the caller did not start is refused (400) and consumes nothing. The full round trip is
  // in test/lambdas/ats/routes/bullhorn-authorization.test.ts.
  'POST /ats/bullhorn/authorize': /*       */ { anonymous: 401, apiKey: 401, user: 200, otherUser: 200, admin: 403 },
  'POST /ats/bullhorn/callback': /*        */ { anonymous: 401, apiKey: 401, user: 400, otherUser: 400, admin: 403 },
};

/**
 * GraphQL: what each cell answers. `HTTP 401` is AppSync's refusal of a request without valid
 * credentials; `Unauthorized` the field error "Not Authorized to access <field> on type <Type>";
 * `owner's record` an answer holding the owner's User record; `no record` an empty page;
 * `the contact` the stored message; `created` a new item.
 */
type GraphqlOutcome = 'HTTP 401' | 'Unauthorized' | "owner's record" | 'no record' | 'the contact' | 'created';
const GRAPHQL_MATRIX: Readonly<Record<string, Row<GraphqlOutcome>>> = {
  'Query.getContact': /*      */ {
    anonymous: 'HTTP 401',
    apiKey: 'Unauthorized',
    user: 'Unauthorized',
    otherUser: 'Unauthorized',
    admin: 'the contact',
  },
  'Query.listUsers': /*       */ {
    anonymous: 'HTTP 401',
    apiKey: 'Unauthorized',
    user: "owner's record",
    otherUser: 'no record',
    admin: "owner's record",
  },
  'Query.getUserByEmail': /*  */ {
    anonymous: 'HTTP 401',
    apiKey: 'Unauthorized',
    user: "owner's record",
    otherUser: 'no record',
    admin: "owner's record",
  },
  'Mutation.createContact': /**/ { anonymous: 'HTTP 401', apiKey: 'created', user: 'created', otherUser: 'created', admin: 'created' },
  'Mutation.createUser': /*   */ {
    anonymous: 'HTTP 401',
    apiKey: 'Unauthorized',
    user: 'Unauthorized',
    otherUser: 'Unauthorized',
    admin: 'created',
  },
  'Mutation.updateUser': /*   */ {
    anonymous: 'HTTP 401',
    apiKey: 'Unauthorized',
    user: "owner's record",
    otherUser: 'Unauthorized',
    admin: "owner's record",
  },
};

/**
 * Organization roles (issue 18): the owner's firm has an admin and a recruiter, neither holding a
 * subscription of their own, and a recruiter the owner removed, whose token is still valid. Each
 * calls every row as `otherUser` does (REST_CALLS, GRAPHQL_CALLS), that is on the owner's
 * resources, so a cell says what membership and role give in the owner's firm. Who may do what is
 * organization-rules.ts `PERMISSIONS`; a removed member reaches nothing of the firm at once. A
 * route or field without a row here fails, like the main matrix.
 * - the firm's subscription is the owner's own (billing, cancel, invoices): teammates get what any
 *   other person gets, their own empty billing and 403/404 for the owner's;
 * - `GET /user/organization`: teammates see the owner's firm in their role; the removed recruiter
 *   sees a firm of their own (the organizations migration founds one for anyone in none) and
 *   nothing of the owner's;
 * - the assistant and the ATS are behind the subscription gate, which checks the FIRM's
 *   subscription (shared/organizations/caller-firm.ts): the admin and the recruiter pass it on the
 *   owner's subscription; the removed recruiter is refused (403) at once;
 * - the assistant's jobs are the firm's (shared work): both teammates use the owner's job in every
 *   capability (200); the admin may change and delete it, the recruiter may not (403: only its
 *   creator, admins and the owner, organization-rules.ts `mayChangeJob`). Results stay private:
 *   the owner's screening result and the results to delete or share are nobody else's (404).
 */
const TEAM_CALLERS = ['teamAdmin', 'teamRecruiter', 'removedMember'] as const;
type TeamCaller = (typeof TEAM_CALLERS)[number];
type TeamRow<T> = Readonly<Record<TeamCaller, T>>;
const TEAM_EVERYONE = (status: number): TeamRow<number> => ({ teamAdmin: status, teamRecruiter: status, removedMember: status });
/** A route behind the subscriber gate: the firm's active members get `status`, the removed one 403. */
const TEAM_THROUGH_GATE = (status: number): TeamRow<number> => ({ teamAdmin: status, teamRecruiter: status, removedMember: 403 });

const TEAM_REST_MATRIX: Readonly<Record<string, TeamRow<number>>> = {
  'GET /subscription/plans': TEAM_EVERYONE(200),
  // The owner's first request replayed: the key is the caller's alone, the card token is spent.
  'POST /subscription/create-change': TEAM_EVERYONE(400),
  'POST /subscription/cancel': TEAM_EVERYONE(403),
  'POST /subscription/reactivate': TEAM_EVERYONE(403),
  'GET /user/subscriptions/{id}': TEAM_EVERYONE(403),
  'GET /user/billing': TEAM_EVERYONE(200),
  'PUT /user/billing/card': TEAM_EVERYONE(404),
  'GET /user/billing/invoices/{id}/pdf': TEAM_EVERYONE(404),
  'GET /user/organization': TEAM_EVERYONE(200),
  // The firm's seats (`changeSeats`): the admin may (the same seats: unchanged), the recruiter may
  // not (403, before any billing call); the removed recruiter only reaches a firm of their own,
  // which has no subscription (409).
  'POST /user/organization/seats/preview': { teamAdmin: 200, teamRecruiter: 403, removedMember: 409 },
  'POST /user/organization/seats': { teamAdmin: 200, teamRecruiter: 403, removedMember: 409 },
  // The team routes on the owner's team (a teammate, a pending invitation, spare seats): an admin
  // manages it, a recruiter may not (403); the removed recruiter is in a firm of their own now,
  // where the owner's teammate and invitation are not (409).
  'POST /user/organization/invitations': { teamAdmin: 201, teamRecruiter: 403, removedMember: 409 },
  'POST /user/organization/invitations/resend': { teamAdmin: 200, teamRecruiter: 403, removedMember: 409 },
  'POST /user/organization/invitations/revoke': { teamAdmin: 200, teamRecruiter: 403, removedMember: 409 },
  'PATCH /user/organization/members/{userId}': { teamAdmin: 200, teamRecruiter: 403, removedMember: 409 },
  'DELETE /user/organization/members/{userId}': { teamAdmin: 200, teamRecruiter: 403, removedMember: 409 },
  // Only the owner hands ownership over.
  'PUT /user/organization/owner': { teamAdmin: 403, teamRecruiter: 403, removedMember: 409 },
  'GET /user/invitations': TEAM_EVERYONE(200),
  // Their invitations were accepted (or, for the removed one, spent): nothing to accept again.
  'POST /user/invitations/accept': TEAM_EVERYONE(409),
  // The firm's log is for owners and admins (PERMISSIONS `viewActivity`): the admin reads the owner's
  // firm's, the recruiter is refused, the removed recruiter reads only the firm of their own.
  'GET /user/organization/activity': { teamAdmin: 200, teamRecruiter: 403, removedMember: 200 },
  'GET /user/organization/activity/export': { teamAdmin: 200, teamRecruiter: 403, removedMember: 200 },
  'POST /subscription/webhook': TEAM_EVERYONE(401),
  'POST /admin/user/create': TEAM_EVERYONE(403),
  'POST /admin/user/remove': TEAM_EVERYONE(403),
  'POST /admin/user': TEAM_EVERYONE(403),
  'POST /admin/console': TEAM_EVERYONE(403),
  'GET /assistant/jobs': TEAM_THROUGH_GATE(200),
  'POST /assistant/jobs': { teamAdmin: 200, teamRecruiter: 403, removedMember: 403 },
  'PATCH /assistant/jobs/{id}': { teamAdmin: 200, teamRecruiter: 403, removedMember: 403 },
  'DELETE /assistant/jobs/{id}': { teamAdmin: 200, teamRecruiter: 403, removedMember: 403 },
  'POST /assistant/must-haves': TEAM_THROUGH_GATE(200),
  'POST /assistant/sourcing-terms': TEAM_THROUGH_GATE(200),
  'POST /assistant/job-description': TEAM_THROUGH_GATE(200),
  'POST /assistant/screening-questions': TEAM_THROUGH_GATE(200),
  // The job is the firm's, the screening result the owner's own.
  'POST /assistant/evaluations': TEAM_THROUGH_GATE(404),
  'POST /assistant/best-fit': TEAM_THROUGH_GATE(200),
  'POST /assistant/candidate-summary': TEAM_THROUGH_GATE(200),
  'GET /assistant/results': TEAM_THROUGH_GATE(200),
  'POST /assistant/results/delete': TEAM_THROUGH_GATE(404),
  'POST /assistant/results/share': TEAM_THROUGH_GATE(404),
  // One ATS connection per firm: every member reads the owner's (the firm's) connection and synced
  // records; owners and admins manage it (the admin's mask keeps the saved key, their removal
  // disconnects the firm), a recruiter is refused (403 `ats_managers_only`).
  'GET /ats/connection': TEAM_THROUGH_GATE(200),
  'POST /ats/connection': { teamAdmin: 200, teamRecruiter: 403, removedMember: 403 },
  'POST /ats/connection/test': { teamAdmin: 200, teamRecruiter: 403, removedMember: 403 },
  'POST /ats/connection/remove': { teamAdmin: 200, teamRecruiter: 403, removedMember: 403 },
  'POST /ats/sync': { teamAdmin: 200, teamRecruiter: 403, removedMember: 403 },
  'GET /ats/jobs': TEAM_THROUGH_GATE(200),
  'GET /ats/candidates': TEAM_THROUGH_GATE(200),
  'POST /ats/predict': TEAM_THROUGH_GATE(200),
  'POST /ats/bullhorn/authorize': { teamAdmin: 200, teamRecruiter: 403, removedMember: 403 },
  // A state the admin did not start is refused (400), as for the owner.
  'POST /ats/bullhorn/callback': { teamAdmin: 400, teamRecruiter: 403, removedMember: 403 },
};

/**
 * Why a teammate's 403 is a 403, where the reason is the point of the cell. The removed recruiter
 * is in a firm of their own (founded for them by the migration before their removal), so the
 * subscriber gate weighs that firm's subscription, which does not exist (`subscription_required`):
 * the old firm's subscription no longer covers them. (A removed person in no other firm gets
 * `membership_removed`: test/lambdas/shared/http/subscriber-route-firm.test.ts.) A recruiter is
 * refused for their role where the firm's managers may act. Other 403s answer the same for everyone
 * (another person's subscription, the admin routes) and are not named here.
 */
function teamRefusalCode(route: string, caller: TeamCaller): string | undefined {
  const behindGate = route.includes(' /assistant/') || route.includes(' /ats/');
  if (caller === 'removedMember') return behindGate ? 'subscription_required' : undefined;
  if (caller !== 'teamRecruiter') return undefined;
  if (route.includes(' /ats/')) return 'ats_managers_only';
  if (route.includes(' /assistant/jobs')) return 'job_change_forbidden';
  if (route.includes(' /user/organization/activity')) return 'activity_forbidden';
  if (/ \/user\/organization\/(invitations|members|owner)/.test(route)) return 'team_forbidden';
  return undefined;
}

/** GraphQL for the same teammates: membership gives nobody another person's User record. */
const TEAM_GRAPHQL_MATRIX: Readonly<Record<string, TeamRow<GraphqlOutcome>>> = {
  'Query.getContact': { teamAdmin: 'Unauthorized', teamRecruiter: 'Unauthorized', removedMember: 'Unauthorized' },
  'Query.listUsers': { teamAdmin: 'no record', teamRecruiter: 'no record', removedMember: 'no record' },
  'Query.getUserByEmail': { teamAdmin: 'no record', teamRecruiter: 'no record', removedMember: 'no record' },
  'Mutation.createContact': { teamAdmin: 'created', teamRecruiter: 'created', removedMember: 'created' },
  'Mutation.createUser': { teamAdmin: 'Unauthorized', teamRecruiter: 'Unauthorized', removedMember: 'Unauthorized' },
  'Mutation.updateUser': { teamAdmin: 'Unauthorized', teamRecruiter: 'Unauthorized', removedMember: 'Unauthorized' },
};
const team = {} as Record<TeamCaller, SignedInUser>;

let api: SecurityRuntime;
let owner: SignedInUser;
let otherUser: SignedInUser;
/** Another beta customer with a subscription: `otherUser` on the assistant's rows. */
let otherSubscriber: SignedInUser;
/** The owner's saved job and screening questions (the assistant rows act on them), a result the delete row may remove and a job the job delete row may remove. */
const ownerAssistant = { jobId: '', screeningResultId: '', questionId: '', disposableResultId: '', disposableJobId: '' };
/** The owner's first create-change request, replayed by the create-change row. */
let ownerFirstRequest: RestCall;
let ownerSubscriptionId: string;
/** The invoice of the owner's setup fee (the PDF row asks for it). */
let ownerInvoiceId: string;
let contactId: string;
let sequence = 0;

/**
 * A seat change to the seats the owner's firm has (four: the seed's firm grows a seat per teammate,
 * and beforeAll sets the owner's subscription, on the full plan, to that quantity): answered
 * `unchanged` for the owner and the firm's admin, so no row changes seats; the body is what the
 * account page sends after the preview.
 */
const OWNER_FIRM_SEATS = 4;
const SAME_SEATS = { seats: OWNER_FIRM_SEATS, confirmedRecurringTotal: 399 * OWNER_FIRM_SEATS, confirmedChargedNow: 0 } as const;

/** The owner's synced ATS job with active applications (the candidates and predict rows use it). */
const ownerAts = { jobId: '' };

/** Routes behind the subscription gate: the assistant's and the ATS's. */
const isAssistantEntry = (entry: string) => entry.includes(' /assistant/') || entry.includes(' /ats/');
const isAtsEntry = (entry: string) => entry.includes(' /ats/');

function credentialsOf(caller: Caller, entry = ''): Credentials {
  if (caller === 'otherUser' && isAssistantEntry(entry)) return otherSubscriber;
  return caller === 'user' ? owner : caller === 'otherUser' ? otherUser : caller === 'admin' ? api.admin : caller;
}

const unique = (label: string) => `${label}.${Date.now().toString(36)}${++sequence}@example.com`;

/** The assistant's rows: each on the owner's job (and screening result), whoever calls. */
const ASSISTANT_CALLS: Readonly<Record<string, () => RestCall>> = {
  'GET /assistant/jobs': () => ({ method: 'GET', path: '/assistant/jobs' }),
  'POST /assistant/jobs': () => ({ method: 'POST', path: '/assistant/jobs', body: { ...sampleJobBody(), id: ownerAssistant.jobId } }),
  'PATCH /assistant/jobs/{id}': () => ({ method: 'PATCH', path: `/assistant/jobs/${ownerAssistant.jobId}`, body: { archived: false } }),
  'DELETE /assistant/jobs/{id}': () => ({ method: 'DELETE', path: `/assistant/jobs/${ownerAssistant.disposableJobId}` }),
  'POST /assistant/must-haves': () => ({
    method: 'POST',
    path: '/assistant/must-haves',
    body: { title: SAMPLE_JOB.title, description: SAMPLE_JOB.description },
  }),
  'POST /assistant/sourcing-terms': () => ({ method: 'POST', path: '/assistant/sourcing-terms', body: { jobId: ownerAssistant.jobId } }),
  'POST /assistant/job-description': () => ({
    method: 'POST',
    path: '/assistant/job-description',
    body: { jobId: ownerAssistant.jobId, clientNames: SAMPLE_JOB.clientNames },
  }),
  'POST /assistant/screening-questions': () => ({
    method: 'POST',
    path: '/assistant/screening-questions',
    body: { jobId: ownerAssistant.jobId },
  }),
  'POST /assistant/evaluations': () => ({
    method: 'POST',
    path: '/assistant/evaluations',
    body: {
      jobId: ownerAssistant.jobId,
      screeningResultId: ownerAssistant.screeningResultId,
      candidateName: 'Priya Raman',
      answers: [{ questionId: ownerAssistant.questionId, answer: 'Eight years of Node.js on AWS.' }],
    },
  }),
  'POST /assistant/best-fit': () => ({
    method: 'POST',
    path: '/assistant/best-fit',
    body: {
      jobId: ownerAssistant.jobId,
      candidates: sampleCandidatesFor(SAMPLE_JOB.id)
        .slice(0, 2)
        .map(({ name, profile }) => ({ name, profile })),
    },
  }),
  'POST /assistant/candidate-summary': () => ({
    method: 'POST',
    path: '/assistant/candidate-summary',
    body: { jobId: ownerAssistant.jobId, profile: sampleCandidatesFor(SAMPLE_JOB.id)[0].profile },
  }),
  'GET /assistant/results': () => ({ method: 'GET', path: `/assistant/results?jobId=${ownerAssistant.jobId}` }),
  'POST /assistant/results/delete': () => ({
    method: 'POST',
    path: '/assistant/results/delete',
    body: { resultId: ownerAssistant.disposableResultId },
  }),
  'POST /assistant/results/share': () => ({
    method: 'POST',
    path: '/assistant/results/share',
    body: { resultId: ownerAssistant.disposableResultId, shared: true },
  }),
};

const DEMO_GREENHOUSE = ATS_DEMO_CREDENTIALS.greenhouse;
/** The mask every answer shows for the owner's saved key. */
const OWNER_KEY_MASK = `\u2022\u2022\u2022\u2022${DEMO_GREENHOUSE.apikey1.slice(-4)}`;

/**
 * The ATS rows. The owner connects the demo Greenhouse; anyone else sends the owner's mask back,
 * which would keep the owner's key if saved keys were not per user.
 */
const ATS_CALLS: Readonly<Record<string, (caller?: Caller) => RestCall>> = {
  'GET /ats/connection': () => ({ method: 'GET', path: '/ats/connection' }),
  'POST /ats/connection': (caller) => ({
    method: 'POST',
    path: '/ats/connection',
    body: {
      atsname: DEMO_GREENHOUSE.atsname,
      apikeytype: DEMO_GREENHOUSE.apikeytype,
      apikey1: caller === 'user' ? DEMO_GREENHOUSE.apikey1 : OWNER_KEY_MASK,
      // Greenhouse Harvest v3's client secret (the mask of the owner's for anyone else).
      apikey2: caller === 'user' ? DEMO_GREENHOUSE.apikey2 : `\u2022\u2022\u2022\u2022${DEMO_GREENHOUSE.apikey2.slice(-4)}`,
    },
  }),
  'POST /ats/connection/test': () => ({ method: 'POST', path: '/ats/connection/test' }),
  'POST /ats/connection/remove': () => ({ method: 'POST', path: '/ats/connection/remove' }),
  'POST /ats/sync': () => ({ method: 'POST', path: '/ats/sync' }),
  'GET /ats/jobs': () => ({ method: 'GET', path: '/ats/jobs' }),
  'GET /ats/candidates': () => ({ method: 'GET', path: `/ats/candidates?jobId=${encodeURIComponent(ownerAts.jobId)}` }),
  'POST /ats/predict': () => ({ method: 'POST', path: '/ats/predict', body: { jobId: ownerAts.jobId } }),
  'POST /ats/bullhorn/authorize': () => ({
    method: 'POST',
    path: '/ats/bullhorn/authorize',
    body: {
      apikey1: BULLHORN_DEMO_CLIENT.clientId,
      apikey2: BULLHORN_DEMO_CLIENT.clientSecret,
      username: 'demo.api',
      redirectUri: `${new URL(api.runtime.endpoints.webUrl ?? '').origin}${BULLHORN_CALLBACK_PATH}`,
    },
  }),
  'POST /ats/bullhorn/callback': () => ({
    method: 'POST',
    path: '/ats/bullhorn/callback',
    body: { state: 'not-started-by-this-caller-0000000000000000', code: 'code' },
  }),
};

/** Every route behind the subscription gate, as the owner would call it. */
const GATED_CALLS: Readonly<Record<string, () => RestCall>> = {
  ...ASSISTANT_CALLS,
  ...Object.fromEntries(Object.entries(ATS_CALLS).map(([route, call]) => [route, () => call('user')])),
};

interface AtsConnectionAnswer {
  connection: { apikey1: string } | null;
  sync: { state: string };
}

/** The state when ensureOwnerAts last made sure of the owner's ATS: while nothing changed, it still holds. */
let ownerAtsEnsuredAt: StateDigest | undefined;

/** The owner's connection to the demo Greenhouse, synced, whatever the rows before did to it. */
async function ensureOwnerAts(): Promise<void> {
  // The checks below pass the subscriber gate, whose rate counters make the next digest read every table again.
  if (ownerAtsEnsuredAt && stateChanges(ownerAtsEnsuredAt, await api.stateDigest()).length === 0) return;
  const current = await api.rest<AtsConnectionAnswer>({ method: 'GET', path: '/ats/connection' }, owner);
  if (current.status !== 200)
    throw new Error(`The owner's ATS connection could not be read: ${current.status} ${JSON.stringify(current.body)}`);
  if (current.body.connection === null) {
    const connected = await api.rest(ATS_CALLS['POST /ats/connection']('user'), owner);
    if (connected.status !== 200)
      throw new Error(`The owner could not connect the demo Greenhouse: ${connected.status} ${JSON.stringify(connected.body)}`);
  }
  if (current.body.connection === null || current.body.sync.state !== 'complete') {
    for (let call = 0; call < 20; call++) {
      const synced = await api.rest<{ outcome: string }>({ method: 'POST', path: '/ats/sync' }, owner);
      if (synced.status !== 200) throw new Error(`The owner's sync failed: ${synced.status} ${JSON.stringify(synced.body)}`);
      if (synced.body.outcome === 'complete') break;
      if (synced.body.outcome !== 'partial') throw new Error(`The owner's sync ended ${synced.body.outcome}`);
    }
  }
  const jobs = await api.rest<{ jobs: { id: string; activeApplications: number }[] }>({ method: 'GET', path: '/ats/jobs' }, owner);
  const job = jobs.body.jobs.find((candidate) => candidate.activeApplications > 0);
  if (!job) throw new Error(`The owner's synced ATS has no job with active applications: ${JSON.stringify(jobs.body).slice(0, 300)}`);
  ownerAts.jobId = job.id;
  ownerAtsEnsuredAt = await api.stateDigest();
}

/** Whether the owner's ATS connection is still there, unchanged (another caller's row must not touch it). */
async function expectOwnerAtsIntact(): Promise<void> {
  const current = await api.rest<AtsConnectionAnswer>({ method: 'GET', path: '/ats/connection' }, owner);
  expect(current.body.connection?.apikey1).toBe(OWNER_KEY_MASK);
  const jobs = await api.rest<{ jobs: { id: string }[] }>({ method: 'GET', path: '/ats/jobs' }, owner);
  expect(jobs.body.jobs.map((job) => job.id)).toContain(ownerAts.jobId);
}

const SAMPLE_JOB = SENIOR_BACKEND_ENGINEER;
function sampleJobBody() {
  return {
    title: SAMPLE_JOB.title,
    companyInfo: SAMPLE_JOB.companyInfo,
    description: SAMPLE_JOB.description,
    location: SAMPLE_JOB.location,
    mustHaves: [...SAMPLE_JOB.expectedMustHaves],
    niceToHaves: [],
  };
}

/** The owner's team for the team rows: a teammate and a pending invitation (see ensureOwnerTeam). */
const ownerTeam = { teammateId: '', pendingEmail: '' };

/** The team rows' requests, each on the owner's team (a caller's firm is always their own). */
const TEAM_CALLS: Readonly<Record<string, () => RestCall>> = {
  'POST /user/organization/invitations': () => ({
    method: 'POST',
    path: '/user/organization/invitations',
    body: { email: unique('teammate'), role: 'recruiter' },
  }),
  'POST /user/organization/invitations/resend': () => ({
    method: 'POST',
    path: '/user/organization/invitations/resend',
    body: { email: ownerTeam.pendingEmail },
  }),
  'POST /user/organization/invitations/revoke': () => ({
    method: 'POST',
    path: '/user/organization/invitations/revoke',
    body: { email: ownerTeam.pendingEmail },
  }),
  'PATCH /user/organization/members/{userId}': () => ({
    method: 'PATCH',
    path: `/user/organization/members/${ownerTeam.teammateId}`,
    body: { role: 'admin' },
  }),
  'DELETE /user/organization/members/{userId}': () => ({ method: 'DELETE', path: `/user/organization/members/${ownerTeam.teammateId}` }),
  'PUT /user/organization/owner': () => ({ method: 'PUT', path: '/user/organization/owner', body: { userId: owner.sub } }),
  'GET /user/invitations': () => ({ method: 'GET', path: '/user/invitations' }),
  'POST /user/invitations/accept': () => ({ method: 'POST', path: '/user/invitations/accept', body: { organizationId: owner.sub } }),
};

function organizationsTable(): OrganizationsRepository {
  return createOrganizationsRepository({
    client: documentClientFor(api.runtime.dynamodb),
    tableName: api.runtime.endpoints.tables.organizations,
  });
}

/** The firms' membership seed (support/firm-seed.ts): the rules-based joins and the per-cell resets. */
function firms(): FirmSeed {
  return firmSeed(documentClientFor(api.runtime.dynamodb), api.runtime.endpoints.tables.organizations);
}

/** A pending invitation of `organizationId` to `email`, through the invite route (the account and outbox as the product makes them). */
async function ensurePendingInvitation(manager: SignedInUser, email: string) {
  const team = await api.rest<{ invitations: { email: string; status: string }[] | null }>(
    { method: 'GET', path: '/user/organization' },
    manager,
  );
  if (team.body.invitations?.some((invitation) => invitation.email === email && invitation.status === 'pending')) return;
  const invited = await api.rest({ method: 'POST', path: '/user/organization/invitations', body: { email, role: 'recruiter' } }, manager);
  if (invited.status !== 201) throw new Error(`Inviting ${email} failed: ${invited.status} ${JSON.stringify(invited.body)}`);
}

/**
 * The owner's firm as the seats rows expect it: OWNER_FIRM_SEATS seats, its subscription's quantity,
 * with no pending invitation (the team rows invite people and give the firm spare seats).
 */
async function restoreOwnerFirmSeats(): Promise<void> {
  await migrateUsersToOrganizations();
  const organizations = organizationsTable();
  const current = await organizations.getTeam(owner.sub);
  if (!current) throw new Error("The owner's firm is gone.");
  for (const invitation of current.invitations.filter((item) => item.state === 'pending'))
    await organizations.saveInvitation({ ...invitation, state: 'revoked', updatedAt: new Date().toISOString() });
  const active = current.members.filter((member) => member.state === 'active').length;
  if (active > OWNER_FIRM_SEATS) throw new Error(`The owner's firm has ${active} members, more than ${OWNER_FIRM_SEATS} seats.`);
  await firms().ensureFirm({ id: owner.sub, ownerId: owner.sub, seats: OWNER_FIRM_SEATS, members: [] });
}

let teamMigrated = false;
/**
 * The owner's firm with spare seats, an active teammate and a pending invitation; everyone else in
 * a firm of their own (the migration, once: a later run would found one for a removed teammate).
 */
async function ensureOwnerTeam(): Promise<void> {
  if (!teamMigrated) {
    ownerTeam.teammateId = (await api.inviteAndSignIn('teammate')).sub;
    ownerTeam.pendingEmail = unique('pending-teammate');
  }
  await firms().ensureFirm({
    id: owner.sub,
    ownerId: owner.sub,
    seats: 50,
    members: [{ userId: ownerTeam.teammateId, role: 'recruiter' }],
  });
  if (!teamMigrated) {
    // After the teammate joined: the migration founds firms for people in none.
    await migrateUsersToOrganizations();
    teamMigrated = true;
  }
  await ensurePendingInvitation(owner, ownerTeam.pendingEmail);
}

/** The request of each REST row for each caller (async: some need a fresh invitee first). */
const REST_CALLS: Readonly<Record<string, (caller: Caller) => Promise<RestCall> | RestCall>> = {
  'GET /subscription/plans': () => ({ method: 'GET', path: '/subscription/plans' }),
  'POST /subscription/create-change': () => ownerFirstRequest,
  'POST /subscription/cancel': () => ({ method: 'POST', path: '/subscription/cancel', body: { subscriptionId: ownerSubscriptionId } }),
  'POST /subscription/reactivate': () => ({
    method: 'POST',
    path: '/subscription/reactivate',
    body: { subscriptionId: ownerSubscriptionId },
  }),
  'GET /user/subscriptions/{id}': () => ({ method: 'GET', path: `/user/subscriptions/${ownerSubscriptionId}` }),
  'GET /user/billing': () => ({ method: 'GET', path: '/user/billing' }),
  'PUT /user/billing/card': async () => ({ method: 'PUT', path: '/user/billing/card', body: { billingToken: await api.cardToken() } }),
  'GET /user/billing/invoices/{id}/pdf': () => ({ method: 'GET', path: `/user/billing/invoices/${ownerInvoiceId}/pdf` }),
  'GET /user/organization': () => ({ method: 'GET', path: '/user/organization' }),
  'POST /user/organization/seats/preview': () => ({
    method: 'POST',
    path: '/user/organization/seats/preview',
    body: { seats: OWNER_FIRM_SEATS },
  }),
  'POST /user/organization/seats': () => ({ method: 'POST', path: '/user/organization/seats', body: SAME_SEATS }),
  ...TEAM_CALLS,
  'GET /user/organization/activity': () => ({ method: 'GET', path: '/user/organization/activity' }),
  'GET /user/organization/activity/export': () => ({ method: 'GET', path: '/user/organization/activity/export' }),
  'POST /subscription/webhook': () => ({
    method: 'POST',
    path: '/subscription/webhook',
    body: { id: 'unsigned-notification', object_type: 'subscription', event_type: 'canceled', uuid: '0123456789abcdef0123456789abcdef' },
  }),
  'POST /admin/user/create': () => ({
    method: 'POST',
    path: '/admin/user/create',
    body: { email: unique('invitee'), firstName: 'Ivy', lastName: 'Invitee', companyName: 'Invitee Staffing', group: 'Beta_Customer_R2' },
  }),
  'POST /admin/user/remove': async (caller) => {
    // The owner asks to remove themselves, the others to remove the owner; the admin removes a fresh invitee.
    const username = caller === 'admin' ? (await api.inviteAndSignIn('removable')).email : owner.email;
    return { method: 'POST', path: '/admin/user/remove', body: { username } };
  },
  'POST /admin/user': () => ({ method: 'POST', path: '/admin/user', body: { username: owner.email } }),
  'POST /admin/console': () => ({ method: 'POST', path: '/admin/console', body: { action: 'listContacts' } }),
  ...ASSISTANT_CALLS,
  ...ATS_CALLS,
};

/** A second job of the owner's for the delete row (saving the same job again finds the one kept, if any). */
async function ensureOwnerDisposableJob(): Promise<void> {
  const saved = await api.rest<{ job: { id: string } }>(
    { method: 'POST', path: '/assistant/jobs', body: { ...sampleJobBody(), title: 'A job to delete' } },
    owner,
  );
  if (saved.status !== 200 && saved.status !== 201)
    throw new Error(`The owner could not save the job to delete: ${saved.status} ${JSON.stringify(saved.body)}`);
  ownerAssistant.disposableJobId = saved.body.job.id;
}

/** The owner's job and screening questions, saved through the API as the web app saves them. */
async function prepareOwnerAssistant(): Promise<void> {
  const saved = await api.rest<{ job: { id: string } }>({ method: 'POST', path: '/assistant/jobs', body: sampleJobBody() }, owner);
  if (saved.status !== 201) throw new Error(`The owner could not save a job: ${saved.status} ${JSON.stringify(saved.body)}`);
  ownerAssistant.jobId = saved.body.job.id;
  const screening = await api.rest<{ result: { id: string; output: { questions: { id: string }[] } } }>(
    { method: 'POST', path: '/assistant/screening-questions', body: { jobId: ownerAssistant.jobId } },
    owner,
  );
  if (screening.status !== 200)
    throw new Error(`The owner could not get screening questions: ${screening.status} ${JSON.stringify(screening.body)}`);
  ownerAssistant.screeningResultId = screening.body.result.id;
  ownerAssistant.questionId = screening.body.result.output.questions[0].id;
}

/**
 * The plan the subscribers of the matrix hold: Enterprise includes every service
 * (lambdas/shared/domain/plan-entitlements.ts), so a cell shows what ownership allows, not what a
 * plan leaves out (the plan refusals have their own handler tests).
 */
const FULL_PLAN = 'enterprise_2weeksfree_monthly_onetimesetup_dev';

/** Subscribes a signed-in person as the Subscribe page does. */
async function subscribe(person: SignedInUser): Promise<string> {
  const answer = await api.rest<{ subscription: { id: string } }>(
    {
      method: 'POST',
      path: '/subscription/create-change',
      body: { planCode: FULL_PLAN, currency: 'USD', billingToken: await api.cardToken() },
    },
    person,
  );
  if (answer.status !== 201) throw new Error(`${person.email} could not subscribe: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.subscription.id;
}

/** State a row needs whatever ran before: cancel needs a live subscription, reactivate a canceled one. */
const REST_PREPARE: Readonly<Record<string, () => Promise<void>>> = {
  'POST /subscription/cancel': () => ownerSubscriptionAction('reactivate'),
  'POST /subscription/reactivate': () => ownerSubscriptionAction('cancel'),
  // Each cell of the delete row acts on a fresh result of the owner's.
  'POST /assistant/results/delete': ownerDisposableResult,
  'POST /assistant/results/share': ownerDisposableResult,
  // The owner's delete row deletes the job: every cell starts with it saved.
  'DELETE /assistant/jobs/{id}': ensureOwnerDisposableJob,
  // Everyone invited since the runtime started gets a firm of their own, as the migration gives it.
  'GET /user/organization': migrateUsersToOrganizations,
  ...Object.fromEntries(Object.keys(TEAM_CALLS).map((route) => [route, ensureOwnerTeam])),
  // The seats rows start from the owner's firm as beforeAll left it (the team rows grow it).
  'POST /user/organization/seats/preview': restoreOwnerFirmSeats,
  'POST /user/organization/seats': restoreOwnerFirmSeats,
  'GET /user/organization/activity': recordOwnerActivity,
  'GET /user/organization/activity/export': recordOwnerActivity,
  // The owner's remove row disconnects them: every ATS row starts from a connected, synced owner.
  ...Object.fromEntries(Object.keys(ATS_CALLS).map((route) => [route, ensureOwnerAts])),
};

/** The subject of the entry in the owner's firm's activity log: only the owner and the firm's admin may read it. */
const OWNER_ACTIVITY_MARKER = 'owner-activity-marker@example.com';

/**
 * Everyone has a firm (the migration), and the owner's firm's log holds an entry, written by the
 * real recorder before each activity cell: the newest entry, so it is on the first page however
 * many entries earlier cells recorded.
 */
async function recordOwnerActivity(): Promise<void> {
  await migrateUsersToOrganizations();
  const recorder = createActivityRecorder({
    client: documentClientFor(api.runtime.dynamodb),
    tableName: api.runtime.endpoints.tables.activity,
  });
  await recorder.record({
    organizationId: owner.sub,
    actorId: owner.sub,
    action: 'member.invited',
    subject: { kind: 'invitation', id: OWNER_ACTIVITY_MARKER },
    details: { role: 'recruiter' },
  });
}

/** Runs the organizations migration (issue 18) on the runtime's tables; idempotent. */
async function migrateUsersToOrganizations(): Promise<void> {
  const dependencies = organizationMigrationDependencies(documentClientFor(api.runtime.dynamodb), api.runtime.endpoints.tables);
  await migrateOrganizations(dependencies, { dryRun: false });
}

/** A new candidate summary of the owner's, for the delete row to remove. */
async function ownerDisposableResult(): Promise<void> {
  const answer = await api.rest<{ result: { id: string } }>(
    { method: 'POST', path: '/assistant/candidate-summary', body: { profile: sampleCandidatesFor(SAMPLE_JOB.id)[0].profile } },
    owner,
  );
  if (answer.status !== 200) throw new Error(`The owner could not get a summary: ${answer.status} ${JSON.stringify(answer.body)}`);
  ownerAssistant.disposableResultId = answer.body.result.id;
}

async function ownerSubscriptionAction(action: 'cancel' | 'reactivate'): Promise<void> {
  const answer = await api.rest({ method: 'POST', path: `/subscription/${action}`, body: { subscriptionId: ownerSubscriptionId } }, owner);
  // 409: the subscription is already in the wanted state.
  if (answer.status !== 200 && answer.status !== 409)
    throw new Error(`Preparing ${action} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

const GRAPHQL_CALLS: Readonly<Record<string, () => { query: string; variables: Record<string, unknown> }>> = {
  'Query.getContact': () => ({ query: 'query Q($id: ID!) { getContact(id: $id) { id } }', variables: { id: contactId } }),
  'Query.listUsers': () => ({
    query: 'query Q($filter: ModelUserFilterInput) { listUsers(filter: $filter) { items { id } nextToken } }',
    variables: { filter: { email: { eq: owner.email } } },
  }),
  'Query.getUserByEmail': () => ({
    query: 'query Q($email: String!) { getUserByEmail(email: $email) { items { id } nextToken } }',
    variables: { email: owner.email },
  }),
  'Mutation.createContact': () => ({
    query: 'mutation M($input: CreateContactInput!) { createContact(input: $input) { id } }',
    variables: { input: { name: 'Lee Park', email: 'lee@harborstaffing.com', message: 'Interested in the enterprise plan.' } },
  }),
  'Mutation.createUser': () => ({
    query: 'mutation M($input: CreateUserInput!) { createUser(input: $input) { id } }',
    variables: { input: { email: unique('created'), firstName: 'Cory', lastName: 'Created', companyName: 'Created Staffing' } },
  }),
  'Mutation.updateUser': () => ({
    query: 'mutation M($input: UpdateUserInput!) { updateUser(input: $input) { id } }',
    variables: { input: { id: owner.sub, profileRole: 'Sourcer' } },
  }),
};

/** The Query and Mutation fields `graphql/schema.graphql` declares, as `Type.field`. */
function schemaFields(): string[] {
  const document = parse(fs.readFileSync(path.join(REPO_ROOT, 'graphql', 'schema.graphql'), 'utf8'));
  return document.definitions
    .filter(
      (definition): definition is ObjectTypeDefinitionNode =>
        definition.kind === Kind.OBJECT_TYPE_DEFINITION && ['Query', 'Mutation'].includes(definition.name.value),
    )
    .flatMap((type) => (type.fields ?? []).map((field) => `${type.name.value}.${field.name.value}`));
}

/** What a GraphQL answer tells, in the words of the matrix. */
function graphqlOutcome(field: string, answer: { status: number; body: Record<string, unknown> }): string {
  if (answer.status === 401) return 'HTTP 401';
  const errors = answer.body.errors as { errorType?: string; message: string }[] | undefined;
  if (errors?.length) return String(errors[0].errorType);
  const value = (answer.body.data as Record<string, unknown>)[field.split('.')[1]] as { id?: string; items?: { id: string }[] } | null;
  if (!value) return 'null';
  if (value.items)
    return value.items.some((item) => item.id === owner.sub) ? "owner's record" : value.items.length === 0 ? 'no record' : 'other records';
  if (value.id === owner.sub) return "owner's record";
  return value.id === contactId ? 'the contact' : 'created';
}

/**
 * The team routes by organization role (issue 18), on firm A: its owner, an admin, a recruiter; a
 * manager (owner) of firm B; and a member removed from firm A whose token has not expired. Each
 * cell starts from the same firm A (reset in the table): a target recruiter, a pending
 * invitation, spare seats. Firm B's manager names firm A's member, invitation and firm: nothing of
 * firm A changes (their invitation goes to their own firm). The removed member is in no firm now.
 */
const TEAM_ROUTE_CALLERS = ['owner', 'admin', 'recruiter', 'otherFirm', 'removed'] as const;
type TeamRouteCaller = (typeof TEAM_ROUTE_CALLERS)[number];
const TEAM_ROUTES_MATRIX: Readonly<Record<string, Readonly<Record<TeamRouteCaller, number>>>> = {
  'GET /user/organization': /*                      */ { owner: 200, admin: 200, recruiter: 200, otherFirm: 200, removed: 404 },
  'POST /user/organization/invitations': /*         */ { owner: 201, admin: 201, recruiter: 403, otherFirm: 201, removed: 404 },
  'POST /user/organization/invitations/resend': /*  */ { owner: 200, admin: 200, recruiter: 403, otherFirm: 409, removed: 404 },
  'POST /user/organization/invitations/revoke': /*  */ { owner: 200, admin: 200, recruiter: 403, otherFirm: 409, removed: 404 },
  'PATCH /user/organization/members/{userId}': /*   */ { owner: 200, admin: 200, recruiter: 403, otherFirm: 409, removed: 404 },
  'DELETE /user/organization/members/{userId}': /*  */ { owner: 200, admin: 200, recruiter: 403, otherFirm: 409, removed: 404 },
  'PUT /user/organization/owner': /*                */ { owner: 200, admin: 403, recruiter: 403, otherFirm: 409, removed: 404 },
  'GET /user/invitations': /*                       */ { owner: 200, admin: 200, recruiter: 200, otherFirm: 200, removed: 200 },
  // Firm A invited firm B's manager, who works in a team of their own (409: leave it first); nobody else.
  'POST /user/invitations/accept': /*               */ { owner: 403, admin: 403, recruiter: 403, otherFirm: 409, removed: 403 },
};
const firmA = {
  owner: undefined as unknown as SignedInUser,
  admin: undefined as unknown as SignedInUser,
  recruiter: undefined as unknown as SignedInUser,
  target: '',
  pendingEmail: '',
};
let firmBManager: SignedInUser;
let removedMember: SignedInUser;

function teamCall(route: string): RestCall {
  const calls: Record<string, RestCall> = {
    ...Object.fromEntries(Object.entries(TEAM_CALLS).map(([entry, call]) => [entry, call()])),
    'GET /user/organization': { method: 'GET', path: '/user/organization' },
    'POST /user/organization/invitations': {
      method: 'POST',
      path: '/user/organization/invitations',
      body: { email: unique('firm-a-hire'), role: 'recruiter' },
    },
    'POST /user/organization/invitations/resend': {
      method: 'POST',
      path: '/user/organization/invitations/resend',
      body: { email: firmA.pendingEmail },
    },
    'POST /user/organization/invitations/revoke': {
      method: 'POST',
      path: '/user/organization/invitations/revoke',
      body: { email: firmA.pendingEmail },
    },
    'PATCH /user/organization/members/{userId}': {
      method: 'PATCH',
      path: `/user/organization/members/${firmA.target}`,
      body: { role: 'admin' },
    },
    'DELETE /user/organization/members/{userId}': { method: 'DELETE', path: `/user/organization/members/${firmA.target}` },
    'PUT /user/organization/owner': { method: 'PUT', path: '/user/organization/owner', body: { userId: firmA.target } },
    'POST /user/invitations/accept': { method: 'POST', path: '/user/invitations/accept', body: { organizationId: firmA.owner.sub } },
  };
  return calls[route];
}

function teamCredentials(caller: TeamRouteCaller): SignedInUser {
  return caller === 'otherFirm' ? firmBManager : caller === 'removed' ? removedMember : firmA[caller];
}

/** Firm A as every team cell starts: owner, admin, recruiter, target recruiter, one removed member, a pending invitation, spare seats. */
async function resetFirmA(): Promise<void> {
  if (!firmA.target) {
    [firmA.owner, firmA.admin, firmA.recruiter] = [
      await api.inviteAndSignIn('firm-a-owner'),
      await api.inviteAndSignIn('firm-a-admin'),
      await api.inviteAndSignIn('firm-a-recruiter'),
    ];
    firmA.target = (await api.inviteAndSignIn('firm-a-target')).sub;
    [firmBManager, removedMember] = [await api.inviteAndSignIn('firm-b-manager'), await api.inviteAndSignIn('firm-a-removed')];
    firmA.pendingEmail = unique('firm-a-pending');
    await firms().ensureFirm({
      id: firmBManager.sub,
      ownerId: firmBManager.sub,
      seats: 5,
      members: [
        { userId: firmBManager.sub, role: 'owner' },
        { userId: 'firm-b-colleague', role: 'recruiter' },
      ],
    });
  }
  const firm = firmA.owner.sub;
  await firms().ensureFirm({
    id: firm,
    ownerId: firm,
    seats: 50,
    members: [
      { userId: firm, role: 'owner' },
      { userId: firmA.admin.sub, role: 'admin' },
      { userId: firmA.recruiter.sub, role: 'recruiter' },
      { userId: firmA.target, role: 'recruiter' },
      { userId: removedMember.sub, role: 'recruiter', state: 'removed' },
    ],
  });
  await ensurePendingInvitation(firmA.owner, firmA.pendingEmail);
  await ensurePendingInvitation(firmA.owner, firmBManager.email);
}

/**
 * A person an admin removed keeps unexpired tokens (Cognito cannot recall an issued token before
 * it expires, up to an hour). With them they reach nothing of their own any more.
 */
const REMOVED_USER_MATRIX: Readonly<Record<string, number | string>> = {
  'POST /subscription/create-change': 403,
  'POST /subscription/cancel': 403,
  'POST /subscription/reactivate': 403,
  'GET /user/subscriptions/{id}': 403,
  'GET /user/billing': 403,
  'PUT /user/billing/card': 403,
  'GET /user/billing/invoices/{id}/pdf': 403,
  'GET /user/organization': 403,
  'POST /user/organization/seats/preview': 403,
  'POST /user/organization/seats': 403,
  'GET /user/organization/activity': 403,
  'GET /assistant/jobs': 403,
  'POST /assistant/must-haves': 403,
  'GET /ats/connection': 403,
  'POST /ats/sync': 403,
  'Query.listUsers': 'no record',
  'Query.getUserByEmail': 'no record',
  'Mutation.updateUser': 'DynamoDB:ConditionalCheckFailedException',
};
let removed: SignedInUser;
let removedSubscriptionId: string;
let removedInvoiceId: string;

/**
 * An admin removed, or demoted (taken out of Admins), keeps unexpired tokens that still say Admins.
 * The admin routes check the record and the directory at every call, so their rights end at once.
 */
const FORMER_ADMIN_MATRIX: Readonly<Record<string, Partial<Record<'removed' | 'demoted', number>>>> = {
  'POST /admin/user/create': { removed: 403, demoted: 403 },
  'POST /admin/user/remove': { removed: 403, demoted: 403 },
  'POST /admin/user': { removed: 403, demoted: 403 },
  'POST /admin/console': { removed: 403, demoted: 403 },
  // The owner's subscription: a removed admin has no ACTIVE record, a demoted one is an owner like any other.
  'GET /user/subscriptions/{id}': { removed: 403, demoted: 403 },
};

/**
 * The same former admins on GraphQL, each field called as `admin` calls it in `GRAPHQL_CALLS` (on
 * the owner's record, the stored contact). The schema lets their Admins token through; the admin
 * standing function asks the record and the user pool, so what is left is what any signed-in user
 * gets: nothing of the owner's.
 */
const FORMER_ADMIN_GRAPHQL_MATRIX: Readonly<Record<string, Record<'removed' | 'demoted', GraphqlOutcome>>> = {
  'Query.getContact': { removed: 'Unauthorized', demoted: 'Unauthorized' },
  'Query.listUsers': { removed: 'no record', demoted: 'no record' },
  'Query.getUserByEmail': { removed: 'no record', demoted: 'no record' },
  'Mutation.createUser': { removed: 'Unauthorized', demoted: 'Unauthorized' },
  'Mutation.updateUser': { removed: 'Unauthorized', demoted: 'Unauthorized' },
};
let removedAdmin: SignedInUser;
let demotedAdmin: SignedInUser;

function formerAdminCall(entry: string): RestCall {
  const calls: Record<string, RestCall> = {
    'POST /admin/user/create': {
      method: 'POST',
      path: '/admin/user/create',
      body: {
        email: unique('former-admin-invitee'),
        firstName: 'Ivy',
        lastName: 'Invitee',
        companyName: 'Invitee Staffing',
        group: 'Beta_Customer_R2',
      },
    },
    'POST /admin/user/remove': { method: 'POST', path: '/admin/user/remove', body: { username: owner.email } },
    'POST /admin/user': { method: 'POST', path: '/admin/user', body: { username: owner.email } },
    'POST /admin/console': { method: 'POST', path: '/admin/console', body: { action: 'listContacts' } },
    'GET /user/subscriptions/{id}': { method: 'GET', path: `/user/subscriptions/${ownerSubscriptionId}` },
  };
  return calls[entry];
}

/** Whether a token's payload lists the Admins group (the claim the former admins still hold). */
function tokenSaysAdmin(user: SignedInUser): boolean {
  const payload = JSON.parse(Buffer.from(user.idToken.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  return ([payload['cognito:groups']].flat() as unknown[]).includes('Admins');
}

async function removedUserCall(entry: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const subscriptionAction = { subscriptionId: removedSubscriptionId };
  const rest: Record<string, RestCall> = {
    'POST /subscription/create-change': {
      method: 'POST',
      path: '/subscription/create-change',
      body: { planCode: 'professional_2weeksfree_monthly_onetimesetup_dev', currency: 'USD' },
    },
    'POST /subscription/cancel': { method: 'POST', path: '/subscription/cancel', body: subscriptionAction },
    'POST /subscription/reactivate': { method: 'POST', path: '/subscription/reactivate', body: subscriptionAction },
    'GET /user/subscriptions/{id}': { method: 'GET', path: `/user/subscriptions/${removedSubscriptionId}` },
    'GET /user/billing': { method: 'GET', path: '/user/billing' },
    // No token is made for it: the refusal comes before any billing call, and the tables stay as they were.
    'PUT /user/billing/card': { method: 'PUT', path: '/user/billing/card', body: { billingToken: 'tok_local_never_issued' } },
    'GET /user/billing/invoices/{id}/pdf': { method: 'GET', path: `/user/billing/invoices/${removedInvoiceId}/pdf` },
    'GET /user/organization': { method: 'GET', path: '/user/organization' },
    'POST /user/organization/seats/preview': { method: 'POST', path: '/user/organization/seats/preview', body: { seats: 3 } },
    'POST /user/organization/seats': { method: 'POST', path: '/user/organization/seats', body: SAME_SEATS },
    'GET /user/organization/activity': { method: 'GET', path: '/user/organization/activity' },
    'GET /assistant/jobs': ASSISTANT_CALLS['GET /assistant/jobs'](),
    'POST /assistant/must-haves': ASSISTANT_CALLS['POST /assistant/must-haves'](),
    'GET /ats/connection': ATS_CALLS['GET /ats/connection'](),
    'POST /ats/sync': ATS_CALLS['POST /ats/sync'](),
  };
  if (rest[entry]) return api.rest(rest[entry], removed);
  const graphql: Record<string, [string, Record<string, unknown>]> = {
    'Query.listUsers': ['query Q { listUsers { items { id } nextToken } }', {}],
    'Query.getUserByEmail': [
      'query Q($email: String!) { getUserByEmail(email: $email) { items { id } nextToken } }',
      { email: removed.email },
    ],
    'Mutation.updateUser': [
      'mutation M($input: UpdateUserInput!) { updateUser(input: $input) { id } }',
      { input: { id: removed.sub, firstName: 'Ghost' } },
    ],
  };
  return api.graphql(graphql[entry][0], graphql[entry][1], removed);
}

/**
 * The admin console (`POST /admin/console`), action by action: only an admin now gets an answer;
 * the owner, another beta customer, and a removed or demoted admin with a token that still says
 * Admins get 403 and change nothing. Each action acts on real data: the stored contact, the
 * owner's record, a registration code the admin just made.
 */
type ConsoleCaller = 'user' | 'otherUser' | 'removedAdmin' | 'demotedAdmin' | 'admin';
const CONSOLE_REFUSED = { user: 403, otherUser: 403, removedAdmin: 403, demotedAdmin: 403 } as const;
const ADMIN_CONSOLE_MATRIX: Readonly<Record<AdminConsoleAction, Readonly<Record<ConsoleCaller, number>>>> = {
  listContacts: { ...CONSOLE_REFUSED, admin: 200 },
  setContactHandled: { ...CONSOLE_REFUSED, admin: 200 },
  listUsers: { ...CONSOLE_REFUSED, admin: 200 },
  listRegistrationCodes: { ...CONSOLE_REFUSED, admin: 200 },
  createRegistrationCode: { ...CONSOLE_REFUSED, admin: 201 },
  expireRegistrationCode: { ...CONSOLE_REFUSED, admin: 200 },
};

/** The body of each console row (a fresh code to expire is made by the admin first). */
async function consoleBody(action: AdminConsoleAction): Promise<Record<string, unknown>> {
  switch (action) {
    case 'setContactHandled':
      return { action, id: contactId, handled: true };
    case 'listUsers':
      return { action, search: owner.email };
    case 'createRegistrationCode':
      return { action, group: 'Beta_Customer_R1' };
    case 'expireRegistrationCode': {
      const made = await api.rest<{ code: { code: string } }>(
        { method: 'POST', path: '/admin/console', body: { action: 'createRegistrationCode', group: 'Beta_Customer_R1' } },
        api.admin,
      );
      if (made.status !== 201) throw new Error(`The admin could not make a code: ${made.status}`);
      return { action, code: made.body.code.code };
    }
    default:
      return { action };
  }
}

function consoleCredentials(caller: ConsoleCaller): Credentials {
  return caller === 'removedAdmin' ? removedAdmin : caller === 'demotedAdmin' ? demotedAdmin : credentialsOf(caller);
}

/** The id of the person's first invoice (their setup fee), as the account page lists it. */
async function setupFeeInvoiceOf(person: SignedInUser): Promise<string> {
  const billing = await api.rest<{ invoices: { id: string }[] }>({ method: 'GET', path: '/user/billing' }, person);
  const [invoice] = billing.body.invoices ?? [];
  if (billing.status !== 200 || !invoice)
    throw new Error(`${person.email} has no invoice: ${billing.status} ${JSON.stringify(billing.body)}`);
  return invoice.id;
}

beforeAll(async () => {
  // Many calls a minute from the same people: the assistant's rate limit is the handler tests' subject.
  api = await startSecurityRuntime({ assistantRateLimitPerMinute: 100_000 });
  removed = await api.inviteAndSignIn('removed');
  const removedSubscription = await api.rest<{ subscription: { id: string } }>(
    {
      method: 'POST',
      path: '/subscription/create-change',
      body: { planCode: 'starter_2weeksfree_monthly_onetimesetup_dev', currency: 'USD', billingToken: await api.cardToken() },
    },
    removed,
  );
  removedSubscriptionId = removedSubscription.body.subscription.id;
  removedInvoiceId = await setupFeeInvoiceOf(removed);
  const removal = await api.rest({ method: 'POST', path: '/admin/user/remove', body: { username: removed.email } }, api.admin);
  if (removal.status !== 200) throw new Error(`Removing ${removed.email} failed: ${removal.status}`);
  removedAdmin = await api.setGroupMembership(await api.inviteAndSignIn('removed-admin'), 'Admins', true);
  const adminRemoval = await api.rest({ method: 'POST', path: '/admin/user/remove', body: { username: removedAdmin.email } }, api.admin);
  if (adminRemoval.status !== 200) throw new Error(`Removing ${removedAdmin.email} failed: ${adminRemoval.status}`);
  const promoted = await api.setGroupMembership(await api.inviteAndSignIn('demoted-admin'), 'Admins', true);
  await api.setGroupMembership(promoted, 'Admins', false);
  demotedAdmin = promoted; // the token from before the demotion, still saying Admins
  [owner, otherUser] = [await api.inviteAndSignIn('owner'), await api.inviteAndSignIn('other')];
  ownerFirstRequest = {
    method: 'POST',
    path: '/subscription/create-change',
    headers: { 'Idempotency-Key': 'owner-first-subscription' },
    body: { planCode: FULL_PLAN, currency: 'USD', billingToken: await api.cardToken() },
  };
  const subscribed = await api.rest<{ subscription: { id: string } }>(ownerFirstRequest, owner);
  if (subscribed.status !== 201) throw new Error(`The owner could not subscribe: ${subscribed.status}`);
  ownerSubscriptionId = subscribed.body.subscription.id;
  ownerInvoiceId = await setupFeeInvoiceOf(owner);
  otherSubscriber = await api.inviteAndSignIn('other-subscriber');
  await subscribe(otherSubscriber);
  await prepareOwnerAssistant();
  const contact = await api.graphql<{ data: { createContact: { id: string } } }>(
    GRAPHQL_CALLS['Mutation.createContact']().query,
    GRAPHQL_CALLS['Mutation.createContact']().variables,
    'apiKey',
  );
  contactId = contact.body.data.createContact.id;
  team.teamAdmin = await api.inviteAndSignIn('team-admin');
  team.teamRecruiter = await api.inviteAndSignIn('team-recruiter');
  team.removedMember = await api.inviteAndSignIn('team-removed');
  // Seed until the Team routes exist: the owner's firm is the one their subscription founded.
  const seed = firms();
  await seed.join(owner.sub, team.teamAdmin, 'admin');
  await seed.join(owner.sub, team.teamRecruiter, 'recruiter');
  await seed.join(owner.sub, team.removedMember, 'recruiter');
  await seed.remove(owner.sub, team.removedMember);
  // The firm's subscription follows its seats (issue 18): the owner sets the quantity through the seat route.
  const seatChange = await api.rest({ method: 'POST', path: '/user/organization/seats', body: SAME_SEATS }, owner);
  if (seatChange.status !== 200 || (seatChange.body as { seats?: number }).seats !== OWNER_FIRM_SEATS)
    throw new Error(`The owner could not set ${OWNER_FIRM_SEATS} seats: ${seatChange.status} ${JSON.stringify(seatChange.body)}`);
}, 120_000);

afterAll(() => api?.stop());

/** The firm's summary (`?view=summary`, issue 18) answers a caller as the full view did: the same status, firm and role. */
async function expectSummaryAsFull(full: { status: number; body: unknown }, credentials: Parameters<typeof api.rest>[1]): Promise<void> {
  const summary = await api.rest({ method: 'GET', path: '/user/organization?view=summary' }, credentials);
  expect(summary.status).toBe(full.status);
  if (full.status !== 200) return;
  const { organization, role } = full.body as { organization: { id: string; name: string }; role: string };
  expect(summary.body).toEqual({ organization: { id: organization.id, name: organization.name }, role });
}

describe('the authorization matrix', () => {
  it('has a row for every REST route and every Query and Mutation field, and no other', () => {
    expect(Object.keys(REST_MATRIX).sort()).toEqual(REST_ROUTES.map((route) => `${route.method} ${route.path}`).sort());
    expect(Object.keys(REST_CALLS).sort()).toEqual(Object.keys(REST_MATRIX).sort());
    expect(Object.keys(GRAPHQL_MATRIX).sort()).toEqual(schemaFields().sort());
    expect(Object.keys(GRAPHQL_CALLS).sort()).toEqual(Object.keys(GRAPHQL_MATRIX).sort());
  });

  const restCells = Object.entries(REST_MATRIX).flatMap(([route, row]) => CALLERS.map((caller) => [route, caller, row[caller]] as const));
  it.each(restCells)('REST %s called as %s answers %d', async (route, caller, expected) => {
    await REST_PREPARE[route]?.();
    const call = await REST_CALLS[route](caller);
    const before = expected >= 400 ? await api.stateDigest() : undefined;

    const answer = await api.rest(call, credentialsOf(caller, route));
    // Read before the owner's own checks below, whose calls write the gate's rate counters (ignored
    // items, yet a write makes the digest scan every table again).
    const after = before ? await api.stateDigest() : undefined;

    expect([answer.status, answer.body]).toEqual([expected, expect.anything()]);
    if (isAssistantEntry(route) && caller !== 'user') {
      // Nothing of the owner's assistant data reaches anyone else, in an answer or an error.
      for (const id of [ownerAssistant.jobId, ownerAssistant.screeningResultId, ownerAssistant.disposableResultId].filter(Boolean))
        expect(JSON.stringify(answer.body)).not.toContain(id);
    }
    if (isAtsEntry(route) && caller !== 'user') {
      // Nothing of the owner's ATS reaches anyone else, and nobody else changes it.
      expect(JSON.stringify(answer.body)).not.toContain(`"${ownerAts.jobId}"`);
      expect(JSON.stringify(answer.body)).not.toContain(OWNER_KEY_MASK);
      await expectOwnerAtsIntact();
    }
    if (route === 'GET /user/organization') {
      // The owner sees their own firm; nobody else sees anything of it.
      if (caller === 'user') expect(answer.body).toMatchObject({ organization: { ownerId: owner.sub }, role: 'owner' });
      else for (const secret of [owner.sub, owner.email]) expect(JSON.stringify(answer.body)).not.toContain(secret);
      await expectSummaryAsFull(answer, credentialsOf(caller, route));
    }
    if (route.includes(' /user/organization/seats') && caller !== 'user') {
      // Another firm never reaches the owner's subscription.
      for (const secret of [ownerSubscriptionId, owner.sub]) expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    if (route.startsWith('GET /user/organization/activity')) {
      // The owner reads their firm's log; nobody else reads anything of it.
      if (caller === 'user') expect(JSON.stringify(answer.body)).toContain(OWNER_ACTIVITY_MARKER);
      else for (const secret of [OWNER_ACTIVITY_MARKER, owner.email]) expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    if (route.includes(' /user/billing') && caller !== 'user') {
      // Nothing of the owner's billing reaches anyone else.
      expect(JSON.stringify(answer.body)).not.toContain(ownerInvoiceId);
    }
    if (before && after) expect(stateChanges(before, after)).toEqual([]);
    if (route === 'POST /subscription/create-change' && caller !== 'user') {
      // The owner's stored answer never reaches anyone else.
      expect(JSON.stringify(answer.body)).not.toContain(ownerSubscriptionId);
    }
  });

  it('has a team-routes row for every route of the team function', () => {
    const teamRoutes = REST_ROUTES.filter((route) => route.functionId === 'OrganizationTeamFunction').map(
      (route) => `${route.method} ${route.path}`,
    );
    expect(Object.keys(TEAM_ROUTES_MATRIX).sort()).toEqual(teamRoutes.sort());
  });

  const teamRouteCells = Object.entries(TEAM_ROUTES_MATRIX).flatMap(([route, row]) =>
    TEAM_ROUTE_CALLERS.map((caller) => [route, caller, row[caller]] as const),
  );
  it.each(teamRouteCells)('team %s called by firm A’s %s answers %d', async (route, caller, expected) => {
    await resetFirmA();
    const before = expected >= 400 ? await api.stateDigest() : undefined;
    const firmBefore = await organizationsTable().getTeam(firmA.owner.sub);

    const call = teamCall(route);
    const answer = await api.rest(call, teamCredentials(caller));

    expect([answer.status, answer.body]).toEqual([expected, expect.anything()]);
    if (before) expect(stateChanges(before, await api.stateDigest())).toEqual([]);
    if (caller === 'otherFirm' || caller === 'removed') {
      // Nothing of firm A changes, and nothing of it reaches them (but what their own request named).
      expect(await organizationsTable().getTeam(firmA.owner.sub)).toEqual(firmBefore);
      const named = JSON.stringify(call.body ?? {}) + call.path;
      for (const secret of [firmA.target, firmA.pendingEmail, firmA.recruiter.email].filter((value) => !named.includes(value)))
        expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
  });

  it.each(Object.entries(REMOVED_USER_MATRIX))('%s called with a removed person’s unexpired token answers %s', async (entry, expected) => {
    const before = await api.stateDigest();

    const answer = await removedUserCall(entry);

    expect(entry.includes('.') ? graphqlOutcome(entry, answer) : answer.status).toBe(expected);
    expect(stateChanges(before, await api.stateDigest())).toEqual([]);
  });

  const formerAdminCells = Object.entries(FORMER_ADMIN_MATRIX).flatMap(([route, row]) =>
    (['removed', 'demoted'] as const).filter((who) => row[who] !== undefined).map((who) => [route, who, row[who]!] as const),
  );
  it.each(formerAdminCells)('%s called with a %s admin’s unexpired Admins token answers %d', async (route, who, expected) => {
    const formerAdmin = who === 'removed' ? removedAdmin : demotedAdmin;
    expect(tokenSaysAdmin(formerAdmin)).toBe(true);
    const before = await api.stateDigest();

    const answer = await api.rest(formerAdminCall(route), formerAdmin);

    expect(answer.status).toBe(expected);
    if (route.startsWith('POST /admin/')) expect(answer.body).toMatchObject({ message: 'Only administrators may manage users.' });
    expect(stateChanges(before, await api.stateDigest())).toEqual([]);
  });

  it('has an admin console row for every action of the contract', () => {
    expect(Object.keys(ADMIN_CONSOLE_MATRIX).sort()).toEqual([...ADMIN_CONSOLE_ACTIONS].sort());
  });

  const consoleCells = Object.entries(ADMIN_CONSOLE_MATRIX).flatMap(([action, row]) =>
    (Object.keys(row) as ConsoleCaller[]).map((caller) => [action as AdminConsoleAction, caller, row[caller]] as const),
  );
  it.each(consoleCells)('POST /admin/console %s called as %s answers %d', async (action, caller, expected) => {
    const body = await consoleBody(action);
    const before = expected >= 400 ? await api.stateDigest() : undefined;

    const answer = await api.rest({ method: 'POST', path: '/admin/console', body }, consoleCredentials(caller));

    expect(answer.status).toBe(expected);
    if (before) {
      expect(answer.body).toMatchObject({ message: 'Only administrators may manage users.' });
      expect(JSON.stringify(answer.body)).not.toContain(owner.email);
      expect(stateChanges(before, await api.stateDigest())).toEqual([]);
    }
  });

  it('has a former-admin GraphQL row for every field where being an admin changes the answer, and no other', () => {
    const adminFields = Object.entries(GRAPHQL_MATRIX).filter(([, row]) => row.admin !== row.otherUser);
    expect(Object.keys(FORMER_ADMIN_GRAPHQL_MATRIX).sort()).toEqual(adminFields.map(([field]) => field).sort());
  });

  const formerAdminGraphqlCells = Object.entries(FORMER_ADMIN_GRAPHQL_MATRIX).flatMap(([field, row]) =>
    (['removed', 'demoted'] as const).map((who) => [field, who, row[who]] as const),
  );
  it.each(formerAdminGraphqlCells)(
    'GraphQL %s called with a %s admin’s unexpired Admins token answers %s',
    async (field, who, expected) => {
      const formerAdmin = who === 'removed' ? removedAdmin : demotedAdmin;
      expect(tokenSaysAdmin(formerAdmin)).toBe(true);
      const { query, variables } = GRAPHQL_CALLS[field]();
      const before = await api.stateDigest();

      const answer = await api.graphql(query, variables, formerAdmin);

      expect(graphqlOutcome(field, answer)).toBe(expected);
      expect(JSON.stringify(answer.body)).not.toContain(owner.email);
      expect(stateChanges(before, await api.stateDigest())).toEqual([]);
    },
  );

  it.each(Object.keys(GATED_CALLS))(
    '%s called by a signed-in user without a subscription answers 403 subscription_required',
    async (route) => {
      await REST_PREPARE[route]?.();
      const before = await api.stateDigest();

      const answer = await api.rest(GATED_CALLS[route](), otherUser);

      expect([answer.status, answer.body.code]).toEqual([403, 'subscription_required']);
      expect(stateChanges(before, await api.stateDigest())).toEqual([]);
    },
  );

  const graphqlCells = Object.entries(GRAPHQL_MATRIX).flatMap(([field, row]) =>
    CALLERS.map((caller) => [field, caller, row[caller]] as const),
  );
  it.each(graphqlCells)('GraphQL %s called as %s answers %s', async (field, caller, expected) => {
    const { query, variables } = GRAPHQL_CALLS[field]();
    const refused = expected === 'HTTP 401' || expected === 'Unauthorized';
    const before = refused ? await api.stateDigest() : undefined;

    const answer = await api.graphql(query, variables, credentialsOf(caller));

    expect(graphqlOutcome(field, answer)).toBe(expected);
    if (before) expect(stateChanges(before, await api.stateDigest())).toEqual([]);
  });
  it('has a team row for every REST route and every Query and Mutation field, and no other', () => {
    expect(Object.keys(TEAM_REST_MATRIX).sort()).toEqual(Object.keys(REST_MATRIX).sort());
    expect(Object.keys(TEAM_GRAPHQL_MATRIX).sort()).toEqual(Object.keys(GRAPHQL_MATRIX).sort());
  });

  const teamRestCells = Object.entries(TEAM_REST_MATRIX).flatMap(([route, row]) =>
    TEAM_CALLERS.map((caller) => [route, caller, row[caller]] as const),
  );
  it.each(teamRestCells)('REST %s called by the owner’s firm’s %s answers %d', async (route, caller, expected) => {
    await REST_PREPARE[route]?.();
    const call = await REST_CALLS[route]('otherUser');
    const before = expected >= 400 ? await api.stateDigest() : undefined;

    const answer = await api.rest(call, team[caller]);
    // Before the owner's ATS checks below (see the main matrix).
    const after = before ? await api.stateDigest() : undefined;

    expect([answer.status, answer.body]).toEqual([expected, expect.anything()]);
    const refusalCode = expected === 403 ? teamRefusalCode(route, caller) : undefined;
    if (refusalCode) expect(answer.body).toMatchObject({ code: refusalCode });
    if (route === 'GET /user/organization') {
      if (caller === 'removedMember')
        for (const secret of [owner.sub, owner.email]) expect(JSON.stringify(answer.body)).not.toContain(secret);
      else expect(answer.body).toMatchObject({ organization: { id: owner.sub }, role: caller === 'teamAdmin' ? 'admin' : 'recruiter' });
      await expectSummaryAsFull(answer, team[caller]);
    }
    if (route.startsWith('GET /user/organization/activity')) {
      // The firm's admin reads the owner's entry (named by the owner's address); the others nothing of it.
      if (caller === 'teamAdmin') expect(JSON.stringify(answer.body)).toContain(OWNER_ACTIVITY_MARKER);
      else expect(JSON.stringify(answer.body)).not.toContain(OWNER_ACTIVITY_MARKER);
    }
    if (route.includes(' /user/billing')) expect(JSON.stringify(answer.body)).not.toContain(ownerInvoiceId);
    if (route.includes(' /user/organization/seats')) {
      if (caller === 'teamAdmin') expect(answer.body).toMatchObject({ seats: OWNER_FIRM_SEATS });
      else expect(JSON.stringify(answer.body)).not.toContain(ownerSubscriptionId);
      if (caller === 'teamRecruiter') expect(answer.body).toMatchObject({ message: 'A recruiter may not change the number of seats.' });
    }
    if (route === 'POST /ats/connection/remove' && caller === 'teamAdmin') {
      // The admin disconnected the firm's connection, the owner's (the next cell reconnects it).
      const gone = await api.rest<AtsConnectionAnswer>({ method: 'GET', path: '/ats/connection' }, owner);
      expect(gone.body.connection).toBeNull();
    } else if (isAtsEntry(route)) await expectOwnerAtsIntact();
    if (before && after) expect(stateChanges(before, after)).toEqual([]);
  });

  const teamGraphqlCells = Object.entries(TEAM_GRAPHQL_MATRIX).flatMap(([field, row]) =>
    TEAM_CALLERS.map((caller) => [field, caller, row[caller]] as const),
  );
  it.each(teamGraphqlCells)('GraphQL %s called by the owner’s firm’s %s answers %s', async (field, caller, expected) => {
    const { query, variables } = GRAPHQL_CALLS[field]();
    const refused = expected === 'Unauthorized';
    const before = refused ? await api.stateDigest() : undefined;

    const answer = await api.graphql(query, variables, team[caller]);

    expect(graphqlOutcome(field, answer)).toBe(expected);
    if (before) expect(stateChanges(before, await api.stateDigest())).toEqual([]);
  });
});
