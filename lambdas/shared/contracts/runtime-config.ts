import { z } from 'zod';

/**
 * The web app's runtime `config.json`, written by the Website construct from the stacks' outputs
 * (AWS) or by the local runtime (offline). One web build serves every stage. The app validates
 * it before `Amplify.configure`.
 */
export const RuntimeConfigSchema = z.object({
  productName: z.string().min(1),
  stage: z.enum(['dev', 'stage', 'prod', 'local']),
  region: z.string().min(1),
  restApiUrl: z.url(),
  graphqlUrl: z.url(),
  graphqlApiKey: z.string().min(1),
  supportPortalUrl: z.url(),
  /** `_dev`, `_stage` or empty: the stage's plan-code suffix. */
  planCodeSuffix: z.enum(['', '_dev', '_stage']),
  /** Google Analytics 4 measurement id; absent means no analytics and no network call. */
  analyticsMeasurementId: z.string().optional(),
  /** Identity (filled by the identity issue). */
  userPoolId: z.string().optional(),
  userPoolClientId: z.string().optional(),
  identityPoolId: z.string().optional(),
  /** Local runtime only: cognito-local's endpoint. */
  cognitoEndpoint: z.url().optional(),
});

export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
