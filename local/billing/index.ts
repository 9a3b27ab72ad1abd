import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { documentClientFor } from '../../lambdas/shared/dynamodb/document-client';
import { createLocalBillingStore, type LocalBillingStore } from '../../lambdas/subscription/billing/local-billing-store';
import type { LocalEndpointRoute } from '../identity/lambda-endpoint';
import { ensureLocalBillingTable, localBillingTableName } from './billing-table';
import { LOCAL_BILLING_PATHS, localBillingRoutes } from './token-endpoint';

export { ensureLocalBillingTable, localBillingTableName } from './billing-table';
export { LOCAL_BILLING_PATHS, localBillingRoutes } from './token-endpoint';

/**
 * The local billing of `npm start` (the stand-in for the Recurly site): its table in dynalite,
 * the variables the billing handlers get, and the card tokenization and clock routes served on
 * the Lambda endpoint. See local/README.md, "Billing".
 */
export interface LocalBilling {
  readonly tableName: string;
  readonly store: LocalBillingStore;
  /** Whether the table was created by this start (absent before). */
  readonly created: boolean;
  /** For the Lambda endpoint (`LocalIdentityContext.localRoutes`). */
  readonly routes: Readonly<Record<string, LocalEndpointRoute>>;
  /** `config.json` and `endpoints.json` entries, once the routes' base URL is known. */
  webConfig(baseUrl: string): { readonly localBillingTokenUrl: string };
  endpoints(baseUrl: string): Readonly<Record<string, string>>;
}

export interface LocalBillingOptions {
  readonly dynamodb: DynamoDBClient;
  readonly productSlug: string;
  /** The web app's origins, allowed to call the tokenization route. */
  readonly allowedOrigins: () => readonly string[];
}

/** Creates the billing table when missing and prepares the rest. */
export async function prepareLocalBilling(options: LocalBillingOptions): Promise<LocalBilling> {
  const tableName = localBillingTableName(options.productSlug);
  const created = await ensureLocalBillingTable(options.dynamodb, tableName);
  const store = createLocalBillingStore({
    tableName,
    documentClient: documentClientFor(options.dynamodb),
  });
  return {
    tableName,
    store,
    created,
    routes: localBillingRoutes({ store, allowedOrigins: options.allowedOrigins }),
    webConfig: (baseUrl) => ({ localBillingTokenUrl: `${baseUrl}${LOCAL_BILLING_PATHS.tokens}` }),
    endpoints: (baseUrl) => ({
      localBillingTable: tableName,
      localBillingTokenUrl: `${baseUrl}${LOCAL_BILLING_PATHS.tokens}`,
      localBillingClockUrl: `${baseUrl}${LOCAL_BILLING_PATHS.clock}`,
    }),
  };
}
