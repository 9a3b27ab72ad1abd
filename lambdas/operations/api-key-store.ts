import { AppSyncClient, ListApiKeysCommand, UpdateApiKeyCommand, type AppSyncClientConfig } from '@aws-sdk/client-appsync';
import { fromEpochSeconds, toEpochSeconds, type ApiKeyExpiry } from './api-key-expiry';

/**
 * The port through which the renewal job sees an API's keys: list them with their expiry, and
 * move one key's expiry. The AppSync adapter below is the only production implementation; the
 * tests point it at a local AppSync-like HTTP server.
 */
export interface ApiKeyStore {
  /** Every key of the API (all pages). */
  listKeys(): Promise<ApiKeyExpiry[]>;
  /** Sets a key's expiry; resolves to the expiry AppSync stored. */
  updateExpiry(id: string, expires: Date): Promise<Date>;
}

export interface AppSyncApiKeyStoreOptions {
  /** The GraphQL API's id (not its URL). */
  readonly apiId: string;
  /** Client settings: region, and in tests an endpoint and credentials. */
  readonly client?: AppSyncClientConfig;
}

/** The AppSync adapter: ListApiKeys (paginated) and UpdateApiKey. */
export function createAppSyncApiKeyStore(options: AppSyncApiKeyStoreOptions): ApiKeyStore {
  const client = new AppSyncClient(options.client ?? {});
  const { apiId } = options;
  return {
    async listKeys() {
      const keys: ApiKeyExpiry[] = [];
      let nextToken: string | undefined;
      do {
        const page = await client.send(new ListApiKeysCommand({ apiId, nextToken }));
        for (const key of page.apiKeys ?? []) {
          if (key.id && typeof key.expires === 'number') keys.push({ id: key.id, expires: fromEpochSeconds(key.expires) });
        }
        nextToken = page.nextToken;
      } while (nextToken);
      return keys;
    },
    async updateExpiry(id, expires) {
      const answer = await client.send(new UpdateApiKeyCommand({ apiId, id, expires: toEpochSeconds(expires) }));
      if (typeof answer.apiKey?.expires !== 'number')
        throw new Error(`AppSync answered UpdateApiKey for ${maskKeyId(id)} without an expiry.`);
      return fromEpochSeconds(answer.apiKey.expires);
    },
  };
}

/**
 * A key id for logs: AppSync key ids are the key values. The web app's key is public (it ships in
 * config.json), but other keys may not be, so only the prefix and the last four characters show.
 */
export function maskKeyId(id: string): string {
  return id.length <= 8 ? '****' : `${id.slice(0, 4)}…${id.slice(-4)}`;
}
