import * as z from '../../shared/zod';
import type { PlanCodeSuffix } from '../../shared/domain/plans';
import { ENV } from '../../shared/environment';
import { EnvironmentError, planCodeSuffixVariable, readEnvironment, type EnvironmentSource } from '../../shared/read-environment';
import { createDocumentClient } from '../../shared/dynamodb/document-client';
import type { BillingPort } from './billing-port';
import { createLocalBilling } from './local-billing';
import { createLocalBillingStore } from './local-billing-store';
import { secretsManagerApiKeySource } from './recurly-api-key';
import { createRecurlyBilling } from './recurly-billing';

/** Which billing adapter a handler uses, from its environment. */
export type BillingSettings =
  | {
      readonly adapter: 'local';
      readonly planCodeSuffix: PlanCodeSuffix;
      /** The local billing table; absent: only the plans are served (no accounts, no subscriptions). */
      readonly localBillingTable?: string;
      readonly dynamodbEndpoint?: string;
    }
  | { readonly adapter: 'recurly'; readonly planCodeSuffix: PlanCodeSuffix; readonly recurlyApiKeySecretName: string };

const BillingEnvironmentSchema = z
  .object({
    [ENV.billingAdapter]: z.enum(['recurly', 'local']),
    [ENV.recurlyApiKeySecretName]: z.optional(z.string().check(z.trim(), z.minLength(1))),
    [ENV.planCodeSuffix]: planCodeSuffixVariable,
    [ENV.localBillingTable]: z.optional(z.string().check(z.trim(), z.minLength(3))),
    [ENV.dynamodbEndpoint]: z.optional(z.url()),
  })
  .check(
    z.superRefine((env, context) => {
      if (env[ENV.billingAdapter] === 'recurly' && !env[ENV.recurlyApiKeySecretName]) {
        context.addIssue({
          code: 'custom',
          path: [ENV.recurlyApiKeySecretName],
          message: `required when ${ENV.billingAdapter}=recurly`,
        });
      }
    }),
  );

/**
 * Reads `BILLING_ADAPTER` (`recurly` | `local`), `RECURLY_API_KEY_SECRET_NAME` (required for
 * recurly), `PLAN_CODE_SUFFIX`, and for local `LOCAL_BILLING_TABLE` and `DYNAMODB_ENDPOINT`.
 * Throws an error naming each missing or invalid variable.
 */
export function readBillingSettings(source: EnvironmentSource = process.env): BillingSettings {
  const env = readEnvironment(BillingEnvironmentSchema, source);
  const planCodeSuffix = env[ENV.planCodeSuffix];
  const secretName = env[ENV.recurlyApiKeySecretName];
  return env[ENV.billingAdapter] === 'recurly' && secretName
    ? { adapter: 'recurly', planCodeSuffix, recurlyApiKeySecretName: secretName }
    : {
        adapter: 'local',
        planCodeSuffix,
        localBillingTable: env[ENV.localBillingTable],
        dynamodbEndpoint: env[ENV.dynamodbEndpoint],
      };
}

/**
 * Set to `recurly` at build time in deployed bundles (`define` in PRODUCT_FUNCTION_BUNDLING,
 * lib/constructs/product-function.ts): deployed functions only ever talk to Recurly, so esbuild
 * drops the local adapter (~11 kB, code for the offline runtime) from them. Unset in the local
 * runtime and in tests, where both adapters exist.
 */
export const BUNDLED_BILLING_ADAPTERS_DEFINE = 'process.env.BUNDLED_BILLING_ADAPTERS';

/** The billing adapter the settings ask for. Call once per module and keep it. */
export function createBilling(settings: BillingSettings): BillingPort {
  // Written out (not via the constant above) so that esbuild's `define` replaces it and drops
  // this whole branch from deployed bundles.
  if (process.env.BUNDLED_BILLING_ADAPTERS !== 'recurly' && settings.adapter === 'local') {
    return createLocalBilling({
      planCodeSuffix: settings.planCodeSuffix,
      store: settings.localBillingTable
        ? createLocalBillingStore({
            tableName: settings.localBillingTable,
            documentClient: createDocumentClient({ endpoint: settings.dynamodbEndpoint }),
          })
        : undefined,
    });
  }
  if (settings.adapter !== 'recurly') {
    throw new EnvironmentError(`Invalid Lambda environment: ${ENV.billingAdapter}=local exists only in the local runtime`);
  }
  return createRecurlyBilling({ apiKey: secretsManagerApiKeySource(settings.recurlyApiKeySecretName) });
}
