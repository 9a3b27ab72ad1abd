import { UserFacingError } from '../../../lib/errors';
import { THREE_D_SECURE_MESSAGES, ThreeDSecureFailedError } from '../three-d-secure';

/**
 * The local runtime's stand-in for Recurly.js tokenization. The test card form sends the card to
 * the local billing adapter's token endpoint (`localBillingTokenUrl`), never to our API, and gets
 * a token id back, which is all that create-change receives, exactly as with Recurly.js in AWS.
 */

/** A card as the test card form collects it. Strings, as typed (digits only for the number). */
export interface TestCard {
  /** Digits only. */
  readonly number: string;
  /** Two digits, `01`–`12`. */
  readonly month: string;
  /** Four digits. */
  readonly year: string;
  readonly cvv: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** The field names of {@link TestCard}. */
export type TestCardField = keyof TestCard;

/** The token endpoint refused the card; `fields` says which fields and why. */
export class CardTokenError extends UserFacingError {
  readonly fields: Readonly<Partial<Record<TestCardField, string>>>;
  constructor(message: string, fields: Readonly<Partial<Record<TestCardField, string>>> = {}, cause?: unknown) {
    super(message, { cause });
    this.name = 'CardTokenError';
    this.fields = fields;
  }
}

const CARD_FIELDS: readonly TestCardField[] = ['number', 'month', 'year', 'cvv', 'firstName', 'lastName'];

function fieldMessages(value: unknown): Partial<Record<TestCardField, string>> {
  if (typeof value !== 'object' || value === null) return {};
  const fields: Partial<Record<TestCardField, string>> = {};
  for (const field of CARD_FIELDS) {
    const message = (value as Record<string, unknown>)[field];
    if (typeof message === 'string' && message.trim()) fields[field] = message;
  }
  return fields;
}

export interface TestCardTokenizer {
  /**
   * The token id for the card; rejects with a {@link CardTokenError} when the card is refused
   * (e.g. not a test number), or a {@link UserFacingError} when the service cannot be reached.
   */
  tokenize(card: TestCard): Promise<string>;
  /**
   * The cardholder's answer to a local 3-D Secure challenge (the stand-in for Recurly.js's
   * `risk.ThreeDSecure`): the result token when `authenticate`d; rejects with a
   * {@link ThreeDSecureFailedError} when failed, expired or unreachable.
   */
  completeThreeDSecure(actionTokenId: string, outcome: 'authenticate' | 'fail'): Promise<string>;
}

/** The local 3-D Secure route, beside the tokens route (local/billing/token-endpoint.ts). */
export function threeDSecureUrlOf(tokenUrl: string): string {
  return new URL('three-d-secure', tokenUrl).toString();
}

export const CARD_SERVICE_UNREACHABLE_MESSAGE = 'We could not reach the card service. Check your connection and try again.';
export const CARD_REJECTED_MESSAGE = 'Your card could not be verified. Please check the details and try again.';
export const CARD_SERVICE_UNAVAILABLE_MESSAGE = 'The card service is not available right now. Please try again in a moment.';

/**
 * The real tokenizer: `POST {tokenUrl}` with the card as JSON → `{ id }` or 4xx `{ message }`;
 * `POST {tokenUrl}/../three-d-secure` with `{ actionTokenId, outcome }` → `{ id }` or 4xx.
 */
export function createTestCardTokenizer(tokenUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): TestCardTokenizer {
  return {
    async completeThreeDSecure(actionTokenId, outcome) {
      let response: Response;
      try {
        response = await fetchImpl(threeDSecureUrlOf(tokenUrl), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ actionTokenId, outcome }),
        });
      } catch (error) {
        throw new ThreeDSecureFailedError(THREE_D_SECURE_MESSAGES.unavailable, error);
      }
      const payload: unknown = await response.json().catch(() => undefined);
      const id = (payload as { id?: unknown } | undefined)?.id;
      if (response.ok && typeof id === 'string' && id) return id;
      throw new ThreeDSecureFailedError(
        response.status >= 500 ? THREE_D_SECURE_MESSAGES.unavailable : THREE_D_SECURE_MESSAGES.failed,
        payload,
      );
    },
    async tokenize(card) {
      let response: Response;
      try {
        response = await fetchImpl(tokenUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(card),
        });
      } catch (error) {
        throw new UserFacingError(CARD_SERVICE_UNREACHABLE_MESSAGE, { cause: error });
      }
      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        payload = undefined;
      }
      const body = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
      if (response.ok && typeof body.id === 'string' && body.id) return body.id;
      if (response.status >= 400 && response.status < 500) {
        const message = typeof body.message === 'string' && body.message.trim() ? body.message : CARD_REJECTED_MESSAGE;
        throw new CardTokenError(message, fieldMessages(body.fields), payload);
      }
      throw new UserFacingError(CARD_SERVICE_UNAVAILABLE_MESSAGE, { cause: payload });
    },
  };
}
