import * as z from 'zod/mini';
import { PLAN_CODE_SUFFIXES } from '../domain/plans';
import { PRODUCT_SLUG_PATTERN } from '../domain/product-slug';

/**
 * The web app's runtime `config.json`, written by the Website construct from the stacks' outputs
 * (AWS) or by the local runtime (offline). One web build serves every stage. The app validates
 * it before `Amplify.configure`. Written with `zod/mini` because every page load parses it: the
 * full zod build would add about 20 kB gzip to the home route.
 */
export const RuntimeConfigSchema = z.object({
  productName: z.string().check(z.minLength(1)),
  /** Lower-case product slug, the prefix of billing account codes (`{slug}-{userId}`). */
  productSlug: z.optional(z.string().check(z.regex(PRODUCT_SLUG_PATTERN))),
  stage: z.enum(['dev', 'stage', 'prod', 'local']),
  region: z.string().check(z.minLength(1)),
  restApiUrl: z.url(),
  graphqlUrl: z.url(),
  graphqlApiKey: z.string().check(z.minLength(1)),
  supportPortalUrl: z.url(),
  /** `_dev`, `_stage` or empty: the stage's plan-code suffix. */
  planCodeSuffix: z.enum(PLAN_CODE_SUFFIXES),
  /** Google Analytics 4 measurement id; absent means no analytics and no network call. */
  analyticsMeasurementId: z.optional(z.string()),
  /** Identity (filled by the identity issue). */
  userPoolId: z.optional(z.string()),
  userPoolClientId: z.optional(z.string()),
  identityPoolId: z.optional(z.string()),
  /** Local runtime only: cognito-local's endpoint. */
  cognitoEndpoint: z.optional(z.url()),
  /** AWS: the Recurly site's public key for Recurly.js (card entry); absent locally. */
  recurlyPublicKey: z.optional(z.string().check(z.minLength(1))),
  /**
   * Local runtime only: the local billing's card tokenization URL (the stand-in for Recurly.js;
   * POST the test card, get `{ id }` to send as `billingToken`).
   */
  localBillingTokenUrl: z.optional(z.url()),
});

export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
