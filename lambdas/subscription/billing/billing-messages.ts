import { ACCOUNT_CODE_MAX_LENGTH } from '../../shared/domain/account-codes';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors';

/**
 * What both billing adapters say when a request cannot be done, so the product reads the same
 * in AWS and locally. Messages are shown to the person subscribing.
 */
export const BILLING_MESSAGES = {
  cardRequired: 'Please enter your card details.',
  invalidToken: 'Your card details have expired or are not valid. Please enter them again.',
  declined: 'Your card was declined.',
  unknownPlan: 'That plan does not exist.',
  subscriptionNotFound: 'We could not find that subscription.',
  accountCode: `The billing account code must be 1 to ${ACCOUNT_CODE_MAX_LENGTH} letters, digits, or @ - _ . characters.`,
  busy: 'This subscription is being changed by another request. Please try again.',
  noBillingAccount: 'You have no billing account yet. Choose a plan to add a card.',
  invoiceNotFound: 'We could not find that invoice.',
} as const;

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

export const billingErrors = {
  cardRequired: () =>
    new ValidationError(BILLING_MESSAGES.cardRequired, { billingToken: BILLING_MESSAGES.cardRequired }, { code: 'billing_info_required' }),
  invalidToken: (cause?: unknown) =>
    new ValidationError(
      BILLING_MESSAGES.invalidToken,
      { billingToken: BILLING_MESSAGES.invalidToken },
      { code: 'invalid_billing_token', cause },
    ),
  declined: (message: string = BILLING_MESSAGES.declined, cause?: unknown) =>
    new ValidationError(message, { billingToken: message }, { code: 'card_declined', cause }),
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
} as const;
