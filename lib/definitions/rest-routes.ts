import { ATS_ROUTE_TIMEOUT_SECONDS } from '../../lambdas/ats/ats-time-limits';
import { OCCUPATIONS_DATA_PATH } from '../../lambdas/assistant/domain/occupations/occupations-data';
import { PERSON_NAMES_DATA_PATH } from '../../lambdas/assistant/domain/redaction/person-names-file';
import { SKILLS_DATA_PATH } from '../../lambdas/shared/text/skills-dictionary';
import type { TableUse } from './tables';

/**
 * The REST API's routes, described once. The RestApi construct creates one method and one
 * Lambda per route; the local runtime's REST adapter serves the same handler files with
 * API Gateway v1 proxy events. Both give each function its environment and time-out through
 * route-function.ts. Plain TypeScript: no aws-cdk-lib imports.
 */

/** The spec's REST stage name (SPEC 7: "a custom gateway, US-east region, stage prod"); URLs end with it. */
export const REST_STAGE_NAME = 'prod';

export type RouteAuth =
  /** Anyone may call it (no authorizer). */
  | 'public'
  /** A Cognito user pool authorizer checks the id token. */
  | 'user'
  /** Cognito authorizer plus the handler's admin-group check. */
  | 'admin';

export interface RestRouteDefinition {
  /**
   * Stable construct id of the route's function: never rename (it changes logical ids). Routes
   * of one family may name the same function (one Lambda, a method each): they then share its
   * entry, tables and grants ({@link restFunctions} checks), and the handler tells them apart.
   */
  readonly functionId: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Resource path as API Gateway writes it, `{param}` for path parameters. */
  readonly path: string;
  /** Handler file relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly auth: RouteAuth;
  /** Tables the handler reads or writes; each grants access and sets the table's env var. */
  readonly tables: readonly TableUse[];
  /** Whether the handler talks to the billing provider (grants the Recurly secret). */
  readonly billing: boolean;
  /** Whether the handler calls the Cognito user pool (admin user management, the live admin check). */
  readonly userPoolAccess?: boolean;
  /** Whether the handler verifies Recurly webhook signatures (grants the webhook secret). */
  readonly webhookSecret?: boolean;
  /**
   * Whether the handler stores verified webhook notifications in the webhook queue (grants
   * SendMessage on it and sets `WEBHOOK_QUEUE_URL`; locally the queue stand-in's table).
   */
  readonly webhookQueue?: boolean;
  /**
   * Whether the handler asks a language model (the assistant's capabilities): the construct
   * grants it Amazon Bedrock's Converse on the configured model; the engine's variables
   * (`ASSISTANT_ENGINE`, `BEDROCK_MODEL_ID`) come from the stage (`deterministic` locally).
   */
  readonly languageModel?: boolean;
  /**
   * Whether the handler seals or opens ATS credentials and calls the ATS (issue 7): the construct
   * grants it the ATS credential KMS key (encrypt, decrypt), whose id it gets as `ATS_KMS_KEY_ID`;
   * locally it gets `ATS_LOCAL_KEY_FILE` and `ATS_BASE_URLS` (the fake ATS servers) instead.
   */
  readonly atsCredentials?: boolean;
  /** Seconds the function may run; `routeTimeoutSeconds` (route-function.ts) decides otherwise. */
  readonly timeoutSeconds?: number;
  /**
   * Data files the handler reads beside its bundle (repository paths): deployed, run locally and
   * benched next to the bundle's `index.js`, so vocabularies stay out of the bundle's code.
   */
  readonly dataFiles?: readonly string[];
}

/**
 * What every assistant route reads and writes: the caller's User record (must be ACTIVE), their
 * Subscription records (a live one is required) and their own partition of the assistant table.
 */
const ASSISTANT_TABLES = [
  { table: 'users', access: 'read' },
  { table: 'subscriptions', access: 'read' },
  // The caller's firm, whose subscription the gate checks (issue 18).
  { table: 'organizations', access: 'read' },
  { table: 'assistant', access: 'readWrite' },
  // Jobs saved and deleted, results generated and shared go to the firm's activity log (issue 18).
  { table: 'activity', access: 'append' },
] as const satisfies RestRouteDefinition['tables'];

/** An assistant route (signed-in subscribers; see lambdas/shared/http/subscriber-route.ts). */
function assistantRoute(
  functionId: string,
  method: RestRouteDefinition['method'],
  path: string,
  file: string,
  languageModel: boolean,
  dataFiles?: readonly string[],
): RestRouteDefinition {
  return {
    functionId,
    method,
    path,
    entry: `lambdas/assistant/${file}`,
    auth: 'user',
    tables: ASSISTANT_TABLES,
    billing: false,
    ...(languageModel ? { languageModel } : {}),
    ...(dataFiles ? { dataFiles } : {}),
  };
}

/**
 * What every ATS route reads and writes: the caller's User record (the ATS settings live there,
 * spec section 3), their Subscription records (a live one is required), the assistant table (the
 * per-user rate limit, in the ATS routes' own bucket) and their own partition of the ATS table.
 * Connecting and removing write the User record's ATS fields; testing and syncing write only the
 * ATS table today, but keep the users grant because a connector that must store a rotated
 * credential (an OAuth refresh token) would write it there from those routes.
 */
const ATS_TABLES = [
  { table: 'users', access: 'readWrite' },
  { table: 'subscriptions', access: 'read' },
  // The caller's firm, whose subscription the gate checks (issue 18).
  { table: 'organizations', access: 'read' },
  { table: 'assistant', access: 'readWrite' },
  { table: 'ats', access: 'readWrite' },
  // Connect, test, sync, disconnect and Bullhorn's callback go to the firm's activity log (issue 18).
  { table: 'activity', access: 'append' },
] as const satisfies RestRouteDefinition['tables'];

/**
 * The ATS routes that only read the caller's settings and synced records: the same tables, read
 * only, but for the assistant table, where the gate's per-user rate counter is written.
 */
const ATS_READ_TABLES = [
  { table: 'users', access: 'read' },
  { table: 'subscriptions', access: 'read' },
  // The caller's firm, whose subscription the gate checks (issue 18).
  { table: 'organizations', access: 'read' },
  { table: 'assistant', access: 'readWrite' },
  { table: 'ats', access: 'read' },
] as const satisfies RestRouteDefinition['tables'];

/**
 * Starting Bullhorn's sign-in: it reads the caller's User record (a saved Bullhorn key may be kept
 * by its mask) and writes only the pending sign-in to the ATS table; the User record changes at
 * the callback, once Bullhorn said yes. Bullhorn's authorize step is a browser redirect with the
 * client id, `response_type=code`, the redirect URI and a state
 * (https://bullhorn.github.io/docs/oauth/, https://bullhorn.github.io/Getting-Started-with-REST):
 * nothing of ours is written before the code comes back.
 */
const ATS_BULLHORN_START_TABLES = [
  { table: 'users', access: 'read' },
  { table: 'subscriptions', access: 'read' },
  // The caller's firm, whose subscription the gate checks (issue 18).
  { table: 'organizations', access: 'read' },
  { table: 'assistant', access: 'readWrite' },
  { table: 'ats', access: 'readWrite' },
] as const satisfies RestRouteDefinition['tables'];

/** An ATS route (signed-in subscribers; see lambdas/ats/routes/ats-route.ts). */
function atsRoute(
  functionId: string,
  method: 'GET' | 'POST',
  path: string,
  file: string,
  extra: Partial<Pick<RestRouteDefinition, 'atsCredentials' | 'timeoutSeconds' | 'tables' | 'dataFiles'>> = {},
): RestRouteDefinition {
  return { functionId, method, path, entry: `lambdas/ats/routes/${file}`, auth: 'user', tables: ATS_TABLES, billing: false, ...extra };
}

/**
 * The subscriber's own billing (issue 17): the card on file, its update and the invoices with their
 * PDFs. Three routes served by one function (lambdas/subscription/manage-billing-account.ts): the
 * stack is near CloudFormation's 500-resource limit, and a function costs a role, a policy, a log
 * group and two alarms where a route on an existing one costs a method and a permission.
 */
const BILLING_ACCOUNT_FUNCTION = {
  functionId: 'ManageBillingAccountFunction',
  entry: 'lambdas/subscription/manage-billing-account.ts',
  auth: 'user',
  tables: [
    { table: 'users', access: 'read' },
    // GET /user/organization (issue 18): the caller's firm.
    { table: 'organizations', access: 'read' },
  ],
  billing: true,
} as const satisfies Omit<RestRouteDefinition, 'method' | 'path'>;

/**
 * The firm's team (issue 18): its view, invitations through Cognito (created, sent again, deleted
 * again when revoked unused), acceptance, roles, removals and ownership transfers. It writes the
 * invited people's User records and marks an unused one REMOVED, and records every change in the
 * activity log (append only).
 */
const TEAM_FUNCTION = {
  functionId: 'OrganizationTeamFunction',
  entry: 'lambdas/organizations/team-routes.ts',
  auth: 'user',
  tables: [
    { table: 'users', access: 'readWrite' },
    { table: 'organizations', access: 'readWrite' },
    { table: 'activity', access: 'append' },
  ],
  billing: false,
  userPoolAccess: true,
} as const satisfies Omit<RestRouteDefinition, 'method' | 'path'>;

/**
 * The subscription writes (lambdas/subscription/create-change-subscription.ts): subscribing or
 * changing plan, and the firm's seats (issue 18), which share the lock, the idempotency store, the
 * Recurly client and the 3-D Secure flow.
 */
const SUBSCRIPTION_WRITES_FUNCTION = {
  functionId: 'CreateChangeSubscriptionFunction',
  entry: 'lambdas/subscription/create-change-subscription.ts',
  auth: 'user',
  tables: [
    { table: 'users', access: 'readWrite' },
    { table: 'subscriptions', access: 'readWrite' },
    // The first subscriber founds their firm; an owner's quantity sets its seats (issue 18).
    { table: 'organizations', access: 'readWrite' },
    // subscription.created / subscription.changed / seats.changed in the firm's activity.
    { table: 'activity', access: 'append' },
  ],
  billing: true,
} as const satisfies Omit<RestRouteDefinition, 'method' | 'path'>;

/**
 * The firm's activity (audit) log for its owners and admins (issue 18): the page and the CSV export
 * on one function (lambdas/activity/activity-routes.ts). It reads the log, the caller's membership
 * and the people the entries name, and writes nothing; the functions that record only append.
 */
const ACTIVITY_FUNCTION = {
  functionId: 'OrganizationActivityFunction',
  entry: 'lambdas/activity/activity-routes.ts',
  auth: 'user',
  tables: [
    { table: 'users', access: 'read' },
    { table: 'organizations', access: 'read' },
    { table: 'activity', access: 'read' },
  ],
  billing: false,
  // An export reads up to 50,000 entries (lambdas/activity/activity-routes.ts), more than the default 10 s allow when the table is cold.
  timeoutSeconds: 20,
} as const satisfies Omit<RestRouteDefinition, 'method' | 'path'>;

export const REST_ROUTES: readonly RestRouteDefinition[] = [
  {
    functionId: 'GetPlansFunction',
    method: 'GET',
    path: '/subscription/plans',
    entry: 'lambdas/subscription/get-plans.ts',
    // Prices are public: the Products page and the subscribe page both show them.
    auth: 'public',
    tables: [],
    billing: true,
  },
  { ...SUBSCRIPTION_WRITES_FUNCTION, method: 'POST', path: '/subscription/create-change' },
  // The firm's seats as its subscription's quantity (issue 18): preview, then the confirmed change.
  { ...SUBSCRIPTION_WRITES_FUNCTION, method: 'POST', path: '/user/organization/seats/preview' },
  { ...SUBSCRIPTION_WRITES_FUNCTION, method: 'POST', path: '/user/organization/seats' },
  {
    functionId: 'CancelSubscriptionFunction',
    method: 'POST',
    path: '/subscription/cancel',
    entry: 'lambdas/subscription/cancel-subscription.ts',
    auth: 'user',
    tables: [
      { table: 'users', access: 'read' },
      { table: 'subscriptions', access: 'readWrite' },
      // subscription.canceled in the firm's activity (issue 18).
      { table: 'activity', access: 'append' },
    ],
    billing: true,
  },
  {
    functionId: 'ReactivateSubscriptionFunction',
    method: 'POST',
    path: '/subscription/reactivate',
    entry: 'lambdas/subscription/reactivate-subscription.ts',
    auth: 'user',
    tables: [
      { table: 'users', access: 'read' },
      { table: 'subscriptions', access: 'readWrite' },
      // subscription.reactivated in the firm's activity (issue 18).
      { table: 'activity', access: 'append' },
    ],
    billing: true,
  },
  {
    functionId: 'GetUserSubscriptionsFunction',
    method: 'GET',
    path: '/user/subscriptions/{id}',
    entry: 'lambdas/subscription/get-user-subscriptions.ts',
    auth: 'user',
    tables: [
      { table: 'users', access: 'read' },
      // Access through the firm (issue 18): the user's firm and its stored subscriptions.
      { table: 'subscriptions', access: 'read' },
      { table: 'organizations', access: 'read' },
    ],
    billing: true,
    // An admin's cross-user read checks the caller is an admin now (lambdas/admin/admin-caller.ts).
    userPoolAccess: true,
  },
  { ...BILLING_ACCOUNT_FUNCTION, method: 'GET', path: '/user/billing' },
  { ...BILLING_ACCOUNT_FUNCTION, method: 'PUT', path: '/user/billing/card' },
  { ...BILLING_ACCOUNT_FUNCTION, method: 'GET', path: '/user/billing/invoices/{id}/pdf' },
  // The firm's team (issue 18): one function, its routes told apart by byRoute (team-routes.ts).
  { ...TEAM_FUNCTION, method: 'GET', path: '/user/organization' },
  { ...TEAM_FUNCTION, method: 'POST', path: '/user/organization/invitations' },
  { ...TEAM_FUNCTION, method: 'POST', path: '/user/organization/invitations/resend' },
  { ...TEAM_FUNCTION, method: 'POST', path: '/user/organization/invitations/revoke' },
  { ...TEAM_FUNCTION, method: 'PATCH', path: '/user/organization/members/{userId}' },
  { ...TEAM_FUNCTION, method: 'DELETE', path: '/user/organization/members/{userId}' },
  { ...TEAM_FUNCTION, method: 'PUT', path: '/user/organization/owner' },
  { ...TEAM_FUNCTION, method: 'GET', path: '/user/invitations' },
  { ...TEAM_FUNCTION, method: 'POST', path: '/user/invitations/accept' },
  { ...ACTIVITY_FUNCTION, method: 'GET', path: '/user/organization/activity' },
  { ...ACTIVITY_FUNCTION, method: 'GET', path: '/user/organization/activity/export' },
  {
    functionId: 'SubscriptionWebhookFunction',
    method: 'POST',
    path: '/subscription/webhook',
    entry: 'lambdas/subscription/receive-webhook.ts',
    // Recurly calls it; requests are authenticated by their HMAC signature, not by Cognito.
    auth: 'public',
    // It only verifies and queues: the consumer (lib/definitions/webhook-queue.ts) reads Recurly and writes the tables.
    tables: [],
    billing: false,
    webhookSecret: true,
    webhookQueue: true,
  },
  {
    functionId: 'AdminCreateUserFunction',
    method: 'POST',
    path: '/admin/user/create',
    entry: 'lambdas/admin/create-user.ts',
    auth: 'admin',
    tables: [{ table: 'users', access: 'readWrite' }],
    billing: false,
    userPoolAccess: true,
  },
  {
    functionId: 'AdminRemoveUserFunction',
    method: 'POST',
    path: '/admin/user/remove',
    entry: 'lambdas/admin/remove-user.ts',
    auth: 'admin',
    tables: [{ table: 'users', access: 'readWrite' }],
    billing: false,
    userPoolAccess: true,
  },
  {
    functionId: 'AdminGetUserFunction',
    method: 'POST',
    path: '/admin/user',
    entry: 'lambdas/admin/get-user.ts',
    auth: 'admin',
    tables: [{ table: 'users', access: 'read' }],
    billing: false,
    userPoolAccess: true,
  },
  {
    // The admin console (issue 17): one function for its lists and small writes, an action per
    // request (contracts/admin-console.ts); one route instead of six keeps the stack under
    // CloudFormation's 500-resource limit.
    functionId: 'AdminConsoleFunction',
    method: 'POST',
    path: '/admin/console',
    entry: 'lambdas/admin/admin-console.ts',
    auth: 'admin',
    tables: [
      { table: 'users', access: 'read' },
      { table: 'contacts', access: 'readWrite' },
      { table: 'subscriptions', access: 'read' },
      { table: 'registrationCodes', access: 'readWrite' },
    ],
    billing: false,
    userPoolAccess: true,
  },
  // The recruiting assistant (issue 6). Function ids are construct ids: never rename them.
  assistantRoute('AssistantListJobsFunction', 'GET', '/assistant/jobs', 'list-jobs.ts', false),
  // The skills dictionary and the other vocabularies are data files beside the handlers that read them (issue 5's bundle budget).
  assistantRoute('AssistantSaveJobFunction', 'POST', '/assistant/jobs', 'save-job.ts', false, [SKILLS_DATA_PATH]),
  // Rename, archive and delete (issue 17), served by the save function (save-job.ts dispatches on the method).
  assistantRoute('AssistantSaveJobFunction', 'PATCH', '/assistant/jobs/{id}', 'save-job.ts', false, [SKILLS_DATA_PATH]),
  assistantRoute('AssistantSaveJobFunction', 'DELETE', '/assistant/jobs/{id}', 'save-job.ts', false, [SKILLS_DATA_PATH]),
  assistantRoute('AssistantMustHavesFunction', 'POST', '/assistant/must-haves', 'propose-must-haves.ts', true, [SKILLS_DATA_PATH]),
  assistantRoute('AssistantSourcingTermsFunction', 'POST', '/assistant/sourcing-terms', 'build-sourcing-terms.ts', true, [
    SKILLS_DATA_PATH,
    OCCUPATIONS_DATA_PATH,
  ]),
  assistantRoute('AssistantJobDescriptionFunction', 'POST', '/assistant/job-description', 'write-job-description.ts', true, [
    SKILLS_DATA_PATH,
    PERSON_NAMES_DATA_PATH,
  ]),
  assistantRoute('AssistantScreeningQuestionsFunction', 'POST', '/assistant/screening-questions', 'draft-screening-questions.ts', true, [
    SKILLS_DATA_PATH,
  ]),
  assistantRoute('AssistantEvaluationsFunction', 'POST', '/assistant/evaluations', 'evaluate-answers.ts', true, [SKILLS_DATA_PATH]),
  assistantRoute('AssistantBestFitFunction', 'POST', '/assistant/best-fit', 'recommend-best-fit.ts', true, [SKILLS_DATA_PATH]),
  assistantRoute('AssistantCandidateSummaryFunction', 'POST', '/assistant/candidate-summary', 'summarize-candidate.ts', true, [
    SKILLS_DATA_PATH,
  ]),
  // The results routes share one function (results-routes.ts): the stack is near CloudFormation's 500 resources.
  assistantRoute('AssistantResultsFunction', 'GET', '/assistant/results', 'results-routes.ts', false),
  assistantRoute('AssistantResultsFunction', 'POST', '/assistant/results/delete', 'results-routes.ts', false),
  assistantRoute('AssistantResultsFunction', 'POST', '/assistant/results/share', 'results-routes.ts', false),
  // ATS integration and placement prediction (issue 7). Function ids are construct ids: never rename them.
  atsRoute('AtsGetConnectionFunction', 'GET', '/ats/connection', 'get-connection.ts', { tables: ATS_READ_TABLES }),
  atsRoute('AtsConnectFunction', 'POST', '/ats/connection', 'connect-ats.ts', {
    atsCredentials: true,
    timeoutSeconds: ATS_ROUTE_TIMEOUT_SECONDS,
  }),
  atsRoute('AtsTestConnectionFunction', 'POST', '/ats/connection/test', 'test-connection.ts', {
    atsCredentials: true,
    timeoutSeconds: ATS_ROUTE_TIMEOUT_SECONDS,
  }),
  atsRoute('AtsRemoveConnectionFunction', 'POST', '/ats/connection/remove', 'remove-connection.ts'),
  atsRoute('AtsSyncFunction', 'POST', '/ats/sync', 'sync-ats.ts', { atsCredentials: true, timeoutSeconds: ATS_ROUTE_TIMEOUT_SECONDS }),
  atsRoute('AtsListJobsFunction', 'GET', '/ats/jobs', 'list-ats-jobs.ts', { tables: ATS_READ_TABLES }),
  atsRoute('AtsListCandidatesFunction', 'GET', '/ats/candidates', 'list-ats-candidates.ts', { tables: ATS_READ_TABLES }),
  atsRoute('AtsPredictFunction', 'POST', '/ats/predict', 'predict-placements.ts', {
    tables: ATS_READ_TABLES,
    timeoutSeconds: ATS_ROUTE_TIMEOUT_SECONDS,
    // Placement prediction matches skills with the assistant's dictionary.
    dataFiles: [SKILLS_DATA_PATH],
  }),
  // Bullhorn's browser authorization (OAuth 2 authorization code; docs/ats-connectors.md, Bullhorn).
  atsRoute('AtsBullhornAuthorizeFunction', 'POST', '/ats/bullhorn/authorize', 'start-bullhorn-authorization.ts', {
    tables: ATS_BULLHORN_START_TABLES,
    atsCredentials: true,
    timeoutSeconds: ATS_ROUTE_TIMEOUT_SECONDS,
  }),
  atsRoute('AtsBullhornCallbackFunction', 'POST', '/ats/bullhorn/callback', 'complete-bullhorn-authorization.ts', {
    atsCredentials: true,
    timeoutSeconds: ATS_ROUTE_TIMEOUT_SECONDS,
  }),
];

/** What shapes a route's function; routes sharing a function must agree on all of it. */
const FUNCTION_FIELDS = [
  'entry',
  'dataFiles',
  'tables',
  'billing',
  'userPoolAccess',
  'webhookSecret',
  'webhookQueue',
  'languageModel',
  'atsCredentials',
  'timeoutSeconds',
] as const satisfies readonly (keyof RestRouteDefinition)[];

/**
 * One route per function (the first with each `functionId`): what the RestApi construct and the
 * local runtime create functions from. Throws when routes that share a function disagree on
 * anything that shapes it (its entry, tables, grants or time-out).
 */
export function restFunctions(routes: readonly RestRouteDefinition[] = REST_ROUTES): RestRouteDefinition[] {
  const first = new Map<string, RestRouteDefinition>();
  for (const route of routes) {
    const owner = first.get(route.functionId);
    if (!owner) {
      first.set(route.functionId, route);
      continue;
    }
    const differing = FUNCTION_FIELDS.filter((field) => JSON.stringify(owner[field]) !== JSON.stringify(route[field]));
    if (differing.length > 0)
      throw new Error(
        `Routes ${owner.method} ${owner.path} and ${route.method} ${route.path} share ${route.functionId} but differ in ${differing.join(', ')}.`,
      );
  }
  return [...first.values()];
}

/**
 * The key of a route's method in `RestApi.methods`: its `functionId`, or
 * `<functionId> <METHOD> <path>` when its function serves several routes.
 */
export function restMethodKey(route: RestRouteDefinition, routes: readonly RestRouteDefinition[] = REST_ROUTES): string {
  const shared = routes.filter((candidate) => candidate.functionId === route.functionId).length > 1;
  return shared ? `${route.functionId} ${route.method} ${route.path}` : route.functionId;
}
