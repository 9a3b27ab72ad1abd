import { randomBytes } from 'node:crypto';

/**
 * The local runtime's stand-in for Recurly.js: which card numbers the local card form accepts
 * and what the local billing adapter does with their tokens. Plain TypeScript.
 *
 * Only three test numbers exist, all Recurly's own test cards (Recurly's "Test gateway" page,
 * https://docs.recurly.com/docs/test):
 * - 4111 1111 1111 1111: approved;
 * - 4000 0000 0000 0002: tokenized, then declined by the adapter ("Your card was declined. …");
 * - 4000 0000 0000 3220: "triggers the 3DS2 challenge flow": the first purchase with it asks for
 *   a 3-D Secure challenge (a 402 with an action token, as Recurly's 422
 *   `three_d_secure_action_required`); the local challenge (token-endpoint.ts) is passed or
 *   failed by a button, and the purchase repeated with the result token goes through only after
 *   a passed challenge of that same card token.
 * Any other number is refused at tokenization, so a real card number is never accepted, stored
 * or logged by the local runtime: only the brand, the last four digits and the expiry are kept.
 */

export const LOCAL_TEST_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  threeDSecureChallenge: '4000000000003220',
} as const;

export type CardOutcome = 'approve' | 'decline' | 'challenge';

/**
 * The local 3-D Secure tokens: an action token `3dsa_<16>` and its result token `3dsr_<16>`,
 * within Recurly's 22 characters. The result token names its action; it is worth something only
 * once that action's challenge was passed (the store keeps the outcome).
 */
const ACTION_PREFIX = '3dsa_';
const RESULT_PREFIX = '3dsr_';

export function newThreeDSecureActionTokenId(): string {
  return `${ACTION_PREFIX}${randomBytes(12).toString('base64url')}`;
}

/** The result token the local Recurly.js gives for a passed challenge of `actionTokenId`. */
export function threeDSecureResultTokenOf(actionTokenId: string): string {
  return `${RESULT_PREFIX}${actionTokenId.slice(ACTION_PREFIX.length)}`;
}

/** The action a result token belongs to; undefined for anything else. */
export function threeDSecureActionOf(resultTokenId: string): string | undefined {
  return resultTokenId.startsWith(RESULT_PREFIX) ? `${ACTION_PREFIX}${resultTokenId.slice(RESULT_PREFIX.length)}` : undefined;
}

/** What the local billing keeps of a card: never the number. */
export interface TokenizedCard {
  readonly brand: 'visa';
  readonly lastFour: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly firstName: string;
  readonly lastName: string;
  /** What happens when the adapter charges it. */
  readonly outcome: CardOutcome;
}

/** The card form's fields, as Recurly.js takes them. */
export interface CardInput {
  readonly number?: unknown;
  readonly month?: unknown;
  readonly year?: unknown;
  readonly cvv?: unknown;
  readonly firstName?: unknown;
  readonly lastName?: unknown;
}

export interface CardProblems {
  readonly message: string;
  /** Field → message, for the form. */
  readonly fields: Readonly<Record<string, string>>;
}

export const CARD_MESSAGES = {
  unknownNumber:
    'Use a test card: 4111 1111 1111 1111 (approved), 4000 0000 0000 0002 (declined) or 4000 0000 0000 3220 (3-D Secure check). Real cards are never accepted locally.',
  month: 'Enter the expiry month (1-12).',
  year: 'Enter the expiry year (e.g. 2030).',
  expired: 'This card has expired.',
  cvv: 'Enter the 3 or 4 digit security code.',
  firstName: 'Enter the first name on the card.',
  lastName: 'Enter the last name on the card.',
  invalid: 'Please check your card details.',
} as const;

const NAME_MAX_LENGTH = 50;

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/**
 * Checks the card form's fields and returns what the token keeps, or the problems. `now` decides
 * whether the card has expired (cards are valid through the last day of their expiry month).
 */
export function tokenizeTestCard(input: CardInput, now: Date): { card: TokenizedCard } | { problems: CardProblems } {
  const fields: Record<string, string> = {};
  const number = text(input.number).replace(/[\s-]/g, '');
  let outcome: CardOutcome | undefined;
  if (number === LOCAL_TEST_CARDS.approved) outcome = 'approve';
  else if (number === LOCAL_TEST_CARDS.declined) outcome = 'decline';
  else if (number === LOCAL_TEST_CARDS.threeDSecureChallenge) outcome = 'challenge';
  else fields.number = CARD_MESSAGES.unknownNumber;

  const monthText = text(input.month);
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  if (!(month >= 1 && month <= 12)) fields.month = CARD_MESSAGES.month;

  const yearText = text(input.year);
  const year = /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  if (Number.isNaN(year)) fields.year = CARD_MESSAGES.year;
  else if (!fields.month && Date.UTC(year, month, 1) <= now.getTime()) fields.year = CARD_MESSAGES.expired;

  if (!/^\d{3,4}$/.test(text(input.cvv))) fields.cvv = CARD_MESSAGES.cvv;

  const firstName = text(input.firstName);
  const lastName = text(input.lastName);
  if (!firstName || firstName.length > NAME_MAX_LENGTH) fields.firstName = CARD_MESSAGES.firstName;
  if (!lastName || lastName.length > NAME_MAX_LENGTH) fields.lastName = CARD_MESSAGES.lastName;

  if (Object.keys(fields).length > 0 || !outcome) {
    const message = fields.number ?? (Object.keys(fields).length === 1 ? Object.values(fields)[0] : CARD_MESSAGES.invalid);
    return { problems: { message, fields } };
  }
  return { card: { brand: 'visa', lastFour: number.slice(-4), expMonth: month, expYear: year, firstName, lastName, outcome } };
}
