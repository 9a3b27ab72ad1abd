/**
 * The product slug: the prefix of resource names and billing account codes (`{slug}-{userId}`),
 * 2-20 lower-case letters, digits or dashes, starting with a letter. The stage config, the
 * runtime config contract, the web's config check and the billing handlers all hold it to this.
 */
export const PRODUCT_SLUG_PATTERN = /^[a-z][a-z0-9-]{1,19}$/;
export const PRODUCT_SLUG_RULE = 'must be 2-20 lower-case letters, digits or dashes';
