import { TABLES } from '../../../lib/definitions/tables';
import { ASSISTANT_RATE_LIMIT_ENV, lazily } from '../../assistant/assistant-dependencies';
import type { RouteGateDependencies } from '../../assistant/assistant-route';
import { createRateLimiter, DEFAULT_RATE_LIMIT_PER_MINUTE } from '../../assistant/store/rate-limiter';
import { ENV } from '../../shared/environment';
import { readEnvironment, type EnvironmentSource } from '../../shared/read-environment';
import { createSubscriptionsRepository } from '../../shared/subscriptions/subscriptions-repository';
import { createDocumentClient } from '../../shared/users/document-client';
import { createUsersRepository } from '../../shared/users/users-repository';
import * as z from '../../shared/zod';
import type { CreateConnectorOptions } from '../connectors';
import type { CredentialCipher } from '../credentials/credential-cipher';
import { createDynamoDbSyncStore } from '../sync/dynamodb-sync-store';
import type { AtsSyncStore } from '../sync/sync-store';
import { parseAtsBaseUrls } from './ats-base-urls';
import { createAtsConnectionStore, type AtsConnectionStore } from './ats-connection-store';
import { ATS_ENV } from './ats-environment-names';
import { createAtsUserSettings, type AtsUserSettings } from './ats-user-settings';

/** What every ATS handler works with (tests pass their own, on dynalite). */
export interface AtsDependencies extends RouteGateDependencies {
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
  /** How long one `POST /ats/sync` call reads before it stops as `partial`; {@link SYNC_TIME_BUDGET_MS} by default. */
  readonly syncBudgetMs?: number;
}

/**
 * One sync call reads pages until this much time has passed, then stops as `partial`. API
 * Gateway ends a request at 29 s and the function at 28 s: a page begun just before the budget
 * ends must still finish (at most two attempts of {@link SYNC_CONNECTOR_LIMITS}' time-out) and be
 * stored by then.
 */
export const SYNC_TIME_BUDGET_MS = 17_000;

const tableName = z.string().check(z.trim(), z.minLength(1));

const AtsEnvironmentSchema = z.object({
  [TABLES.users.envVar]: tableName,
  [TABLES.subscriptions.envVar]: tableName,
  [TABLES.assistant.envVar]: tableName,
  [TABLES.ats.envVar]: tableName,
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
  [ASSISTANT_RATE_LIMIT_ENV]: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,5}$/, 'must be a whole number from 1 to 999999')), z.transform(Number)),
    DEFAULT_RATE_LIMIT_PER_MINUTE,
  ),
});

/**
 * The dependencies from the handler's environment: `USERS_TABLE`, `SUBSCRIPTIONS_TABLE`,
 * `ASSISTANT_TABLE` (where the per-user rate limit counts, in the ATS routes' own bucket), `ATS_TABLE`, optionally
 * `ASSISTANT_RATE_LIMIT_PER_MINUTE` and, in the local runtime, `DYNAMODB_ENDPOINT`. Read on the
 * first request, so a deployment mistake is a logged 500 naming the variable.
 */
/** The ATS routes' own per-user budget (as many a minute as the assistant's, counted apart). */
export const ATS_RATE_LIMIT_BUCKET = 'ats';

export function atsDependenciesFromEnvironment(source: EnvironmentSource = process.env): AtsDependencies {
  const env = readEnvironment(AtsEnvironmentSchema, source);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  const atsTable = { client, tableName: env[TABLES.ats.envVar] };
  return {
    users: createUsersRepository({ client, tableName: env[TABLES.users.envVar] }),
    subscriptions: createSubscriptionsRepository({ client, tableName: env[TABLES.subscriptions.envVar] }),
    rateLimiter: createRateLimiter({ client, tableName: env[TABLES.assistant.envVar], limitPerMinute: env[ASSISTANT_RATE_LIMIT_ENV], bucket: ATS_RATE_LIMIT_BUCKET }),
    store: createDynamoDbSyncStore(atsTable),
    connections: createAtsConnectionStore(atsTable),
    settings: createAtsUserSettings({ client, tableName: env[TABLES.users.envVar] }),
    now: () => new Date(),
  };
}

/**
 * {@link atsDependenciesFromEnvironment} plus the cipher `cipher()` builds from the environment
 * (see ats-cipher.ts) and `ATS_BASE_URLS` (local runtime only), resolved on first use.
 */
export function atsCredentialDependencies(cipher: (source: EnvironmentSource) => CredentialCipher): () => AtsCredentialDependencies {
  return lazily(() => ({
    ...atsDependenciesFromEnvironment(),
    cipher: cipher(process.env),
    connectorOptions: { baseUrls: parseAtsBaseUrls(process.env[ATS_ENV.baseUrls]) },
  }));
}

export { lazily };
