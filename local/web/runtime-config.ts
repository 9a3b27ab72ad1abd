import { DEFAULT_PRODUCT_NAME, DEFAULT_SUPPORT_PORTAL_URL, REGION } from '../../lib/config';
import { RuntimeConfigSchema, type RuntimeConfig } from '../../lambdas/shared/contracts/runtime-config';
import { LOCAL_PLAN_CODE_SUFFIX } from '../stage';

export interface LocalWebConfigInput {
  readonly restUrl: string;
  readonly graphqlUrl: string;
  readonly graphqlApiKey: string;
  /** The product slug the handlers use for billing account codes. */
  readonly productSlug: string;
  /** Identity fields (userPoolId, userPoolClientId, cognitoEndpoint) once identity runs locally. */
  readonly extra?: Readonly<Record<string, string>>;
}

/**
 * The web app's `config.json` for the local runtime: stage `local`, the local endpoints, the
 * dev plan codes. Validated with the same schema the web app validates it with.
 */
export function localRuntimeConfig(input: LocalWebConfigInput): RuntimeConfig {
  return RuntimeConfigSchema.parse({
    productName: DEFAULT_PRODUCT_NAME,
    productSlug: input.productSlug,
    stage: 'local',
    region: REGION,
    restApiUrl: input.restUrl,
    graphqlUrl: input.graphqlUrl,
    graphqlApiKey: input.graphqlApiKey,
    supportPortalUrl: DEFAULT_SUPPORT_PORTAL_URL,
    planCodeSuffix: LOCAL_PLAN_CODE_SUFFIX,
    ...input.extra,
  });
}
