/**
 * The subscription terms the pages use, from the zod-free shared module: importing values from
 * the zod contract would pull the schema library into every page's chunks.
 */
export { CURRENCY_SYMBOLS, isInTrial } from '@shared-domain/subscription-terms';
