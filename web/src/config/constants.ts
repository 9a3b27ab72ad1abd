/**
 * Business constants from the specification (section 9), named once. CSS that depends on the
 * mobile breakpoint repeats the literal `640px` in media queries (CSS cannot import it).
 */

/** Narrow screens: at this width and below, the main navigation moves into a menu. */
export const MOBILE_BREAKPOINT_PX = 640;

/** Default toast durations per type, in milliseconds. `loading` stays until dismissed. */
export const TOAST_DURATIONS_MS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
  custom: 4000,
} as const;

/** At most this many toasts are shown at once; older ones are dismissed first. */
export const TOAST_LIMIT = 20;

/** A dismissed toast is removed from the page this long after dismissal. */
export const TOAST_REMOVE_DELAY_MS = 1000;

/**
 * Maximum toast width. The spec gives both 270px and "maximum 350px"; we use 350px as the
 * maximum (toasts shrink to their content, so short messages stay narrow). See docs/decisions.md.
 */
export const TOAST_MAX_WIDTH_PX = 350;

/** A stored error message (auth state) clears itself after this long. */
export const ERROR_MESSAGE_AUTO_CLEAR_MS = 7000;

/** Page code that has not loaded after this long counts as a load error. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

/** Year shown in the footer's copyright line. */
export const COPYRIGHT_YEAR = 2024;

/** Fallback text for errors without a readable message (spec error catalogue). */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';

/** Identity service password policy: at least this many characters, no required classes. */
export const PASSWORD_MIN_LENGTH = 8;

/** Cognito refuses longer passwords. */
export const PASSWORD_MAX_LENGTH = 256;
