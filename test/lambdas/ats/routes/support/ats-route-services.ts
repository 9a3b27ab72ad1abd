import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createRateLimiter } from '../../../../../lambdas/shared/dynamodb/rate-limiter';
import { createLocalCipher } from '../../../../../lambdas/ats/credentials/local-cipher';
import { createConnectAtsHandler } from '../../../../../lambdas/ats/routes/connect-ats';
import { createGetConnectionHandler } from '../../../../../lambdas/ats/routes/get-connection';
import { createListAtsCandidatesHandler } from '../../../../../lambdas/ats/routes/list-ats-candidates';
import { createListAtsJobsHandler } from '../../../../../lambdas/ats/routes/list-ats-jobs';
import { createPredictPlacementsHandler } from '../../../../../lambdas/ats/routes/predict-placements';
import { createRemoveConnectionHandler } from '../../../../../lambdas/ats/routes/remove-connection';
import { createSyncAtsHandler } from '../../../../../lambdas/ats/routes/sync-ats';
import { createTestConnectionHandler } from '../../../../../lambdas/ats/routes/test-connection';
import type { BullhornAuthorizationDependencies } from '../../../../../lambdas/ats/routes/bullhorn-authorization';
import type { AtsActivityDependencies } from '../../../../../lambdas/ats/routes/ats-activity';
import { createActivityRecorder, type ActivityRecorder } from '../../../../../lambdas/shared/activity/activity-log';
import { createCompleteBullhornAuthorizationHandler } from '../../../../../lambdas/ats/routes/complete-bullhorn-authorization';
import { createStartBullhornAuthorizationHandler } from '../../../../../lambdas/ats/routes/start-bullhorn-authorization';
import { createBullhornGrantStore } from '../../../../../lambdas/ats/store/bullhorn-grant-store';
import { createBullhornPendingStore } from '../../../../../lambdas/ats/store/bullhorn-pending-store';
import { BULLHORN_CALLBACK_PATH } from '../../../../../lambdas/shared/contracts/ats-bullhorn';
import { startFakeBullhorn, type FakeBullhorn } from '../../../../../local/ats/fake-bullhorn';
import { bullhornDemoHistory } from '../../../../../local/ats/bullhorn-history';
import { WEB_ORIGIN } from '../../../subscription/support/subscription-services';
import { createAtsConnectionStore } from '../../../../../lambdas/ats/store/ats-connection-store';
import { ATS_RATE_LIMIT_BUCKET } from '../../../../../lambdas/ats/routes/ats-dependencies';
import { createAtsUserSettings } from '../../../../../lambdas/ats/store/ats-user-settings';
import { createDynamoDbSyncStore } from '../../../../../lambdas/ats/store/dynamodb-sync-store';
import type { AtsName } from '../../../../../lambdas/ats/ats-port';
import type { User } from '../../../../../lambdas/shared/contracts/user';
import type { ApiGatewayHandler } from '../../../../../lambdas/shared/http/handler';
import {
  greenhouseApplication,
  greenhouseCandidate,
  greenhouseJob,
  startFakeGreenhouse,
  type FakeGreenhouse,
  type FakeGreenhouseData,
} from '../../../../../local/ats/fake-greenhouse';
import { joinClientIdAndUserId } from '../../../../../lambdas/shared/contracts/ats';
import { startFakeLever, type FakeLever } from '../../../../../local/ats/fake-lever';
import { HANDLER_OPTIONS, startAssistantServices, type AssistantServices } from '../../../assistant/support/assistant-services';

import { call } from '../../../assistant/support/assistant-services';

export { call, type Answer, type AssistantCall } from '../../../assistant/support/assistant-services';

/**
 * Real stand-ins for the ATS route tests: dynalite with every table (the ATS table included), the
 * local billing adapter for subscribers, the real repositories, the local AES-256-GCM cipher with
 * a fresh key, and fake Greenhouse and Lever servers on 127.0.0.1 answering as the vendors do.
 * Nothing of ours is mocked; the connectors' waits between retries are skipped.
 */

/** The ATS REST routes, as `lib/definitions/rest-routes.ts` names them. */
export const ATS_ROUTES = [
  'GET /ats/connection',
  'POST /ats/connection',
  'POST /ats/connection/test',
  'POST /ats/connection/remove',
  'POST /ats/sync',
  'GET /ats/jobs',
  'GET /ats/candidates',
  'POST /ats/predict',
  'POST /ats/bullhorn/authorize',
  'POST /ats/bullhorn/callback',
] as const;
export type AtsRoute = (typeof ATS_ROUTES)[number];

/** The Greenhouse Harvest v3 client the fake accepts; `GREENHOUSE_KEY` is its `apikey1` (client ID and user ID). */
export const GREENHOUSE_CLIENT = {
  clientId: 'gh7Qw2Lx9Pz4Rk8Vm3Nt6Bc1Yd5Hf0Js',
  clientSecret: 'ghs-2Rk8Vm3Nt6Bc1Yd5Hf0Js7Qw2Lx9Pz4',
  userId: '4407731',
};
export const GREENHOUSE_KEY = joinClientIdAndUserId(GREENHOUSE_CLIENT.clientId, GREENHOUSE_CLIENT.userId);
export const GREENHOUSE_SECRET = GREENHOUSE_CLIENT.clientSecret;
export const LEVER_KEY = 'lv3Kp8Wq1Zx6Tn4Rm9Gc2Vb7Hd5Fy0Ls';
/** The OAuth client the fake Bullhorn accepts, and an API user name of its demo staffing firm. */
export const BULLHORN_CLIENT = { clientId: 'bh-client-8Qw2Lx9Pz4Rk', clientSecret: 'bh-secret-Vm3Nt6Bc1Yd5Hf0Js7' };
export const BULLHORN_USERNAME = 'talentpilot.api';
/** Where Bullhorn sends the browser back (the account page of the web app). */
export const BULLHORN_REDIRECT_URI = `${WEB_ORIGIN}${BULLHORN_CALLBACK_PATH}`;
/** A valid `POST /ats/bullhorn/authorize` body. */
export const BULLHORN_START = {
  apikey1: BULLHORN_CLIENT.clientId,
  apikey2: BULLHORN_CLIENT.clientSecret,
  username: BULLHORN_USERNAME,
  redirectUri: BULLHORN_REDIRECT_URI,
};

/** A Greenhouse account with one job (ATS id `7`), one candidate and one application to it. */
export function oneJobGreenhouse(): FakeGreenhouseData {
  return {
    jobs: [greenhouseJob({ id: 7 })],
    candidates: [greenhouseCandidate({ id: 70 })],
    applications: [greenhouseApplication({ id: 700, candidate_id: 70, job_id: 7 })],
  };
}

export interface DependencyOverrides {
  readonly rateLimitPerMinute?: number;
  readonly now?: () => Date;
  readonly syncBudgetMs?: number;
  readonly baseUrls?: Partial<Record<AtsName, string>>;
  /** The firm's activity log (the test table's recorder unless told). */
  readonly activity?: ActivityRecorder;
}

export interface AtsRouteServices {
  readonly assistant: AssistantServices;
  readonly greenhouse: FakeGreenhouse;
  readonly lever: FakeLever;
  /** The fake Bullhorn, with the demo staffing firm's records. */
  readonly bullhorn: FakeBullhorn;
  /** Handler dependencies on the test tables (rate limit 1,000 a minute unless told). */
  dependencies(overrides?: DependencyOverrides): BullhornAuthorizationDependencies & AtsActivityDependencies;
  /**
   * Starts a Bullhorn authorization as `as` and follows the authorize URL as a browser would: the
   * fake approves at once and redirects back with `code` and `state`.
   */
  authorizeBullhorn(as: string, body?: Record<string, unknown>): Promise<{ code: string; state: string }>;
  /** Every route's handler on {@link dependencies}. */
  handlers(overrides?: DependencyOverrides): Record<AtsRoute, ApiGatewayHandler>;
  /** An ACTIVE user with a live (trial) subscription. */
  /** See AssistantServices.subscriber: Enterprise unless `tier` says otherwise. */
  subscriber(id: string, tier?: 'starter' | 'professional' | 'enterprise'): Promise<User>;
  /** The User record as stored. */
  storedUser(id: string): Promise<Record<string, unknown> | undefined>;
  /** Every item in the user's partition of the ATS table. */
  atsItemsOf(userId: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

export async function startAtsRouteServices(
  options: { readonly greenhouseData?: FakeGreenhouseData; readonly greenhousePageSize?: number } = {},
): Promise<AtsRouteServices> {
  const assistant = await startAssistantServices();
  const { client, tableNames } = assistant.services;
  const greenhouse = await startFakeGreenhouse({
    ...GREENHOUSE_CLIENT,
    data: options.greenhouseData,
    pageSize: options.greenhousePageSize,
  });
  const lever = await startFakeLever({ apiKey: LEVER_KEY });
  const bullhorn = await startFakeBullhorn({ ...BULLHORN_CLIENT, data: bullhornDemoHistory().data });
  const cipher = createLocalCipher({ key: randomBytes(32) });
  const atsTable = { client, tableName: tableNames.ats };

  const dependencies = (overrides: DependencyOverrides = {}): BullhornAuthorizationDependencies & AtsActivityDependencies => ({
    users: assistant.services.users,
    subscriptions: assistant.services.subscriptions,
    organizations: assistant.services.organizations,
    rateLimiter: createRateLimiter({
      client,
      tableName: tableNames.assistant,
      limitPerMinute: overrides.rateLimitPerMinute ?? 1_000,
      bucket: ATS_RATE_LIMIT_BUCKET,
    }),
    now: overrides.now ?? (() => new Date()),
    store: createDynamoDbSyncStore({ ...atsTable, sleep: async () => undefined }),
    connections: createAtsConnectionStore(atsTable),
    settings: createAtsUserSettings({ client, tableName: tableNames.users }),
    cipher,
    connectorOptions: {
      baseUrls: overrides.baseUrls ?? { greenhouse: greenhouse.url, lever: lever.url, bullhorn: bullhorn.loginInfoRoot },
      bullhornOrigins: bullhorn.origins,
      sleep: async () => undefined,
      random: () => 0,
    },
    syncBudgetMs: overrides.syncBudgetMs,
    bullhornGrants: (userId) => createBullhornGrantStore({ ...atsTable, cipher, userId }),
    bullhornPending: createBullhornPendingStore(atsTable),
    webOrigins: [WEB_ORIGIN],
    activity: overrides.activity ?? createActivityRecorder({ client, tableName: tableNames.activity }),
  });

  const handlers = (overrides: DependencyOverrides = {}): Record<AtsRoute, ApiGatewayHandler> => {
    const deps = () => dependencies(overrides);
    return {
      'GET /ats/connection': createGetConnectionHandler(deps, HANDLER_OPTIONS),
      'POST /ats/connection': createConnectAtsHandler(deps, HANDLER_OPTIONS),
      'POST /ats/connection/test': createTestConnectionHandler(deps, HANDLER_OPTIONS),
      'POST /ats/connection/remove': createRemoveConnectionHandler(deps, HANDLER_OPTIONS),
      'POST /ats/sync': createSyncAtsHandler(deps, HANDLER_OPTIONS),
      'GET /ats/jobs': createListAtsJobsHandler(deps, HANDLER_OPTIONS),
      'GET /ats/candidates': createListAtsCandidatesHandler(deps, HANDLER_OPTIONS),
      'POST /ats/predict': createPredictPlacementsHandler(deps, HANDLER_OPTIONS),
      'POST /ats/bullhorn/authorize': createStartBullhornAuthorizationHandler(deps, HANDLER_OPTIONS),
      'POST /ats/bullhorn/callback': createCompleteBullhornAuthorizationHandler(deps, HANDLER_OPTIONS),
    };
  };

  const defaultHandlers = handlers();
  async function authorizeBullhorn(as: string, body: Record<string, unknown> = BULLHORN_START) {
    const started = await call<{ authorizeUrl: string }>(defaultHandlers['POST /ats/bullhorn/authorize'], {
      method: 'POST',
      resource: '/ats/bullhorn/authorize',
      body,
      as,
    });
    if (started.status !== 200) throw new Error(`authorize answered ${started.status}: ${JSON.stringify(started.body)}`);
    const redirect = await fetch(started.body.authorizeUrl, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location') ?? '');
    return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
  }

  return {
    assistant,
    greenhouse,
    lever,
    bullhorn,
    dependencies,
    handlers,
    authorizeBullhorn,
    subscriber: (id, tier) => assistant.subscriber(id, tier),
    async storedUser(id) {
      const { Item } = await client.send(new GetCommand({ TableName: tableNames.users, Key: { id }, ConsistentRead: true }));
      return Item;
    },
    async atsItemsOf(userId) {
      const { Items = [] } = await client.send(
        new QueryCommand({
          TableName: tableNames.ats,
          KeyConditionExpression: 'userId = :u',
          ExpressionAttributeValues: { ':u': userId },
          ConsistentRead: true,
        }),
      );
      return Items;
    },
    async stop() {
      await Promise.all([greenhouse.close(), lever.close(), bullhorn.close()]);
      await assistant.stop();
    },
  };
}

/** A valid request of each route (the caller's own job id where one is needed). */
export function validRequest(
  route: AtsRoute,
  jobId: string,
): { method: 'GET' | 'POST'; resource: string; body?: unknown; query?: Record<string, string> } {
  const [method, resource] = route.split(' ') as ['GET' | 'POST', string];
  switch (route) {
    case 'POST /ats/connection':
      return {
        method,
        resource,
        body: { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: GREENHOUSE_KEY, apikey2: GREENHOUSE_SECRET },
      };
    case 'GET /ats/candidates':
      return { method, resource, query: { jobId } };
    case 'POST /ats/predict':
      return { method, resource, body: { jobId } };
    case 'POST /ats/bullhorn/authorize':
      return { method, resource, body: BULLHORN_START };
    case 'POST /ats/bullhorn/callback':
      // A state no authorization was started with: the gate's refusals come first (see ats-access.test.ts).
      return { method, resource, body: { state: 'not-started', code: 'code' } };
    default:
      return { method, resource, body: method === 'POST' ? {} : undefined };
  }
}
