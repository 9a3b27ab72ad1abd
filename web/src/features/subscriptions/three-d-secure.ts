import type { ThreeDSecureRequiredBody } from '@contracts/subscriptions';
import { UserFacingError } from '../../lib/errors';
import { RestApiError } from '../../lib/rest-client';

/**
 * 3-D Secure in the checkout: create-change answers 402 `three_d_secure_required` with an action
 * token when the card's bank wants the cardholder to confirm the payment (contracts/subscriptions.ts,
 * `THREE_D_SECURE_REQUIRED`); the challenge (Recurly.js's `risk.ThreeDSecure` in AWS, the test
 * challenge locally) turns it into a result token, and the same request is sent again with it.
 */

/** The contract's code, typed against it (a value import would bring zod into the page). */
const THREE_D_SECURE_REQUIRED_CODE: ThreeDSecureRequiredBody['code'] = 'three_d_secure_required';

/** The action token of a `three_d_secure_required` answer; undefined for any other failure. */
export function threeDSecureActionOf(error: unknown): string | undefined {
  if (!(error instanceof RestApiError) || error.code !== THREE_D_SECURE_REQUIRED_CODE) return undefined;
  const token = (error.cause as Partial<ThreeDSecureRequiredBody> | undefined)?.threeDSecureActionTokenId;
  return typeof token === 'string' && token ? token : undefined;
}

/** Shown next to the card fields when the challenge does not end with a result token. */
export const THREE_D_SECURE_MESSAGES = {
  failed: 'Your bank could not confirm this payment, so nothing was charged. Try again, or use a different card.',
  abandoned: 'You closed your bank’s check before it finished, so nothing was charged. Submit again when you are ready.',
  unavailable: 'Your bank’s check could not be opened, so nothing was charged. Please try again in a moment.',
} as const;

/** The challenge ended without a result token; the message says why. */
export class ThreeDSecureFailedError extends UserFacingError {
  constructor(message: string = THREE_D_SECURE_MESSAGES.failed, cause?: unknown) {
    super(message, { cause });
    this.name = 'ThreeDSecureFailedError';
  }
}
