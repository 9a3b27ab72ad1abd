import type { RuntimeConfig } from './runtime-config';

/** The product slug when the runtime config names none. */
export const DEFAULT_PRODUCT_SLUG = 'talentpilot';

/**
 * The product slug: the prefix of billing account codes (`{slug}-{userId}`), which the web app
 * needs to look up a user's subscriptions. Optional in `config.json`; read it only through here.
 */
export function productSlugOf(config: Pick<RuntimeConfig, 'productSlug'>): string {
  return config.productSlug ?? DEFAULT_PRODUCT_SLUG;
}
