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
import { createAtsConnectionStore } from '../../../../../lambdas/ats/store/ats-connection-store';
import { ATS_RATE_LIMIT_BUCKET, type AtsCredentialDependencies } from '../../../../../lambdas/ats/routes/ats-dependencies';
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
}

export interface AtsRouteServices {
  readonly assistant: AssistantServices;
  readonly greenhouse: FakeGreenhouse;
  readonly lever: FakeLever;
  /** Handler dependencies on the test tables (rate limit 1,000 a minute unless told). */
  dependencies(overrides?: DependencyOverrides): AtsCredentialDependencies;
  /** Every route's handler on {@link dependencies}. */
  handlers(overrides?: DependencyOverrides): Record<AtsRoute, ApiGatewayHandler>;
  /** An ACTIVE user with a live (trial) subscription. */
  subscriber(id: string): Promise<User>;
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
  const cipher = createLocalCipher({ key: randomBytes(32) });
  const atsTable = { client, tableName: tableNames.ats };

  const dependencies = (overrides: DependencyOverrides = {}): AtsCredentialDependencies => ({
    users: assistant.services.users,
    subscriptions: assistant.services.subscriptions,
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
      baseUrls: overrides.baseUrls ?? { greenhouse: greenhouse.url, lever: lever.url },
      sleep: async () => undefined,
      random: () => 0,
    },
    syncBudgetMs: overrides.syncBudgetMs,
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
    };
  };

  return {
    assistant,
    greenhouse,
    lever,
    dependencies,
    handlers,
    subscriber: (id) => assistant.subscriber(id),
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
      await Promise.all([greenhouse.close(), lever.close()]);
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
    default:
      return { method, resource, body: method === 'POST' ? {} : undefined };
  }
}
