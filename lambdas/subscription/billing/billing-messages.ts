import { ACCOUNT_CODE_MAX_LENGTH } from '../../shared/domain/account-codes';
import { ConflictError, NotFoundError, PaymentAuthenticationRequiredError, ValidationError } from '../../shared/errors';

/**
 * What both billing adapters say when a request cannot be done, so the product reads the same
 * in AWS and locally. Messages are shown to the person subscribing.
 */
export const BILLING_MESSAGES = {
  cardRequired: 'Please enter your card details.',
  invalidToken: 'Your card details have expired or are not valid. Please enter them again.',
  declined: 'Your card was declined. Please use a different card or contact your bank.',
  authenticationRequired: 'Your bank wants you to confirm this payment. Please complete the check your bank shows.',
  unknownPlan: 'That plan does not exist.',
  subscriptionNotFound: 'We could not find that subscription.',
  accountCode: `The billing account code must be 1 to ${ACCOUNT_CODE_MAX_LENGTH} letters, digits, or @ - _ . characters.`,
  busy: 'This subscription is being changed by another request. Please try again.',
  noBillingAccount: 'You have no billing account yet. Choose a plan to add a card.',
  invoiceNotFound: 'We could not find that invoice.',
  purchaseNotFound: 'Something this subscription needs could not be found. Please reload the page and choose your plan again.',
} as const;

/**
 * Why a card payment was refused, in terms the subscriber can act on: each kind has one API code
 * and one message, shown next to the card fields (`fields.billingToken`). recurly-errors.ts maps
 * every transaction error code Recurly documents to one of these kinds; the local adapter uses
 * them for its test cards.
 */
export const CARD_REFUSALS = {
  /** The bank declined without a reason the subscriber can fix here. */
  declined: { code: 'card_declined', message: BILLING_MESSAGES.declined },
  insufficientFunds: {
    code: 'card_insufficient_funds',
    message: 'Your card was declined for insufficient funds. Please use a different card or contact your bank.',
  },
  expired: {
    code: 'card_expired',
    message: 'Your card has expired or the expiry date does not match. Please check the expiry date or use a different card.',
  },
  invalidNumber: { code: 'card_number_invalid', message: 'Your card number is not valid. Please check it and enter it again.' },
  securityCode: {
    code: 'card_security_code_mismatch',
    message: 'The security code (CVC) does not match your card. Please check it and try again.',
  },
  address: {
    code: 'card_address_mismatch',
    message: 'Your bank could not verify the billing address of this card. Please contact your bank or use a different card.',
  },
  fraud: {
    code: 'card_blocked_as_risky',
    message: 'This payment was blocked by fraud protection. Please use a different card or contact your bank.',
  },
  tooManyAttempts: {
    code: 'card_too_many_attempts',
    message: 'This card was tried too many times. Please wait 15 minutes before trying it again, or use a different card.',
  },
  notAccepted: { code: 'card_not_accepted', message: 'This card cannot be used for this purchase. Please use a different card.' },
  /** The card details were refused as incomplete or malformed. */
  checkDetails: {
    code: 'card_details_invalid',
    message: 'Your bank refused some of the card details. Please check the number, expiry, security code and name, and enter them again.',
  },
  /** The card token expired, was used, or does not match: the card must be entered again. */
  reenter: { code: 'invalid_billing_token', message: BILLING_MESSAGES.invalidToken },
  /** The 3-D Secure check failed, was abandoned or could not be completed. */
  authenticationFailed: {
    code: 'three_d_secure_failed',
    message:
      'Your bank could not confirm this payment, so nothing was charged. Please try again and complete your bank’s check, or use a different card.',
  },
  /** The payment network did not answer or was busy; the card itself may be fine. */
  processingUnavailable: {
    code: 'payment_processing_unavailable',
    message: 'Your payment could not be processed right now. Please try again in a few minutes.',
  },
} as const satisfies Record<string, { readonly code: string; readonly message: string }>;

export type CardRefusal = keyof typeof CARD_REFUSALS;

/** When the subscription's state does not allow an operation (`ConflictError`). */
export const STATE_MESSAGES = {
  notChangeable: 'This subscription has ended, so its plan cannot be changed. Please subscribe again.',
  notCancelable: 'Only an active subscription can be canceled.',
  notReactivatable: 'This subscription has ended and cannot be reactivated. Please subscribe again.',
} as const;

/** Recurly's account code rule: at most 50 characters, letters, digits and `@ - _ .`. */
const ACCOUNT_CODE_PATTERN = new RegExp(`^[A-Za-z0-9@._-]{1,${ACCOUNT_CODE_MAX_LENGTH}}$`);

/** Throws a ValidationError unless `code` is a valid billing account code. */
export function checkAccountCode(code: string): void {
  if (!ACCOUNT_CODE_PATTERN.test(code))
    throw new ValidationError(BILLING_MESSAGES.accountCode, { accountCode: BILLING_MESSAGES.accountCode });
}

/** A refused card payment, shown next to the card fields. */
function cardRefused(refusal: CardRefusal, cause?: unknown): ValidationError {
  const { code, message } = CARD_REFUSALS[refusal];
  return new ValidationError(message, { billingToken: message }, { code, cause });
}

export const billingErrors = {
  cardRequired: () =>
    new ValidationError(BILLING_MESSAGES.cardRequired, { billingToken: BILLING_MESSAGES.cardRequired }, { code: 'billing_info_required' }),
  invalidToken: (cause?: unknown) => cardRefused('reenter', cause),
  declined: (cause?: unknown) => cardRefused('declined', cause),
  cardRefused,
  /** The bank wants a 3-D Secure challenge first (see `PaymentAuthenticationRequiredError`). */
  authenticationRequired: (actionTokenId: string, cause?: unknown) =>
    new PaymentAuthenticationRequiredError(BILLING_MESSAGES.authenticationRequired, actionTokenId, { cause }),
  unknownPlan: (cause?: unknown) =>
    new ValidationError(BILLING_MESSAGES.unknownPlan, { planCode: BILLING_MESSAGES.unknownPlan }, { code: 'unknown_plan', cause }),
  currencyNotOffered: (currency: string, cause?: unknown) => {
    const message = `This plan is not offered in ${currency}.`;
    return new ValidationError(message, { currency: message }, { code: 'currency_not_offered', cause });
  },
  subscriptionNotFound: (cause?: unknown) =>
    new NotFoundError(BILLING_MESSAGES.subscriptionNotFound, { code: 'subscription_not_found', cause }),
  busy: (cause?: unknown) => new ConflictError(BILLING_MESSAGES.busy, { code: 'subscription_busy', cause }),
  noBillingAccount: (cause?: unknown) => new NotFoundError(BILLING_MESSAGES.noBillingAccount, { code: 'no_billing_account', cause }),
  invoiceNotFound: (cause?: unknown) => new NotFoundError(BILLING_MESSAGES.invoiceNotFound, { code: 'invoice_not_found', cause }),
  purchaseNotFound: (cause?: unknown) => new NotFoundError(BILLING_MESSAGES.purchaseNotFound, { code: 'purchase_not_found', cause }),
} as const;
