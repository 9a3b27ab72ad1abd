import { TABLES } from '../../../lib/definitions/tables';
import type { SubscriberGateDependencies } from '../../shared/http/subscriber-route';
import { SUBSCRIBER_ROUTE_ENVIRONMENT, subscriberGateDependencies } from '../../shared/http/subscriber-route-dependencies';
import { lazily } from '../../shared/lazily';
import { ENV } from '../../shared/environment';
import { readEnvironment, requiredNameVariable, type EnvironmentSource } from '../../shared/read-environment';
import { createDocumentClient } from '../../shared/dynamodb/document-client';
import * as z from '../../shared/zod';
import type { CreateConnectorOptions } from '../connectors';
import type { CredentialCipher } from '../credentials/credential-cipher';
import { createDynamoDbSyncStore } from '../store/dynamodb-sync-store';
import type { AtsSyncStore } from '../sync/sync-store';
import { parseAtsBaseUrls, parseBullhornOrigins } from './ats-base-urls';
import { createBullhornGrantStore, type SealedBullhornGrantStore } from '../store/bullhorn-grant-store';
import { createAtsConnectionStore, type AtsConnectionStore } from '../store/ats-connection-store';
import { ATS_ENV } from './ats-environment-names';
import { createAtsUserSettings, type AtsUserSettings } from '../store/ats-user-settings';

/** What every ATS handler works with (tests pass their own, on dynalite). */
export interface AtsDependencies extends SubscriberGateDependencies {
  /** The synced records, checkpoints, sync status and lease (the ATS table). */
  readonly store: AtsSyncStore;
  /** The connection's details and the counts of what is synced (the ATS table). */
  readonly connections: AtsConnectionStore;
  /** The ATS fields of the User record (the users table). */
  readonly settings: AtsUserSettings;
}

/** The handlers that seal or open keys and call the ATS also have these. */
export interface AtsCredentialDependencies extends AtsDependencies {
  readonly cipher: CredentialCipher;
  /** API roots (`ATS_BASE_URLS`, the local fakes) and, in tests, the client's clock and waits. */
  readonly connectorOptions: CreateConnectorOptions;
  /**
   * How long one `POST /ats/sync` call reads before it stops as `partial`; `SYNC_TIME_BUDGET_MS`
   * (ats-time-limits.ts) by default. Tests set 0 to see a partial sync without waiting for it.
   */
  readonly syncBudgetMs?: number;
  /** The caller's Bullhorn grant (the ATS table, sealed by `cipher`): what a Bullhorn connector reads and rotates. */
  readonly bullhornGrants?: (userId: string) => SealedBullhornGrantStore;
}

const AtsEnvironmentSchema = z.object({ ...SUBSCRIBER_ROUTE_ENVIRONMENT, [TABLES.ats.envVar]: requiredNameVariable });

/** The ATS routes' own per-user budget (as many a minute as the assistant's, counted apart). */
export const ATS_RATE_LIMIT_BUCKET = 'ats';

/**
 * The dependencies from the handler's environment: the gated routes' variables (`USERS_TABLE`,
 * `SUBSCRIPTIONS_TABLE`, `ORGANIZATIONS_TABLE`, `ASSISTANT_TABLE` where the rate limit counts, in the ATS routes' own
 * bucket, optionally `ASSISTANT_RATE_LIMIT_PER_MINUTE` and `DYNAMODB_ENDPOINT`) and `ATS_TABLE`.
 * Read on the first request, so a deployment mistake is a logged 500 naming the variable.
 */

export function atsDependenciesFromEnvironment(source: EnvironmentSource = process.env): AtsDependencies {
  const env = readEnvironment(AtsEnvironmentSchema, source);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  const atsTable = { client, tableName: env[TABLES.ats.envVar] };
  return {
    ...subscriberGateDependencies(env, client, ATS_RATE_LIMIT_BUCKET),
    store: createDynamoDbSyncStore(atsTable),
    connections: createAtsConnectionStore(atsTable),
    settings: createAtsUserSettings({ client, tableName: env[TABLES.users.envVar] }),
  };
}

/**
 * {@link atsDependenciesFromEnvironment} plus the cipher `cipher()` builds from the environment
 * (see ats-cipher.ts) and `ATS_BASE_URLS` (local runtime only), resolved on first use.
 */
export function atsCredentialDependencies(cipher: (source: EnvironmentSource) => CredentialCipher): () => AtsCredentialDependencies {
  return lazily(() => {
    const base = atsDependenciesFromEnvironment();
    const sealer = cipher(process.env);
    const client = createDocumentClient({ endpoint: process.env[ENV.dynamodbEndpoint] });
    const tableName = readEnvironment(AtsEnvironmentSchema)[TABLES.ats.envVar];
    return {
      ...base,
      cipher: sealer,
      connectorOptions: {
        baseUrls: parseAtsBaseUrls(process.env[ATS_ENV.baseUrls]),
        bullhornOrigins: parseBullhornOrigins(process.env[ATS_ENV.bullhornOrigins]),
      },
      bullhornGrants: (userId) => createBullhornGrantStore({ client, tableName, cipher: sealer, userId }),
    };
  });
}
