import { ApiError } from './recurly-client';
import {
  BillingUnavailableError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
  type DomainError,
} from '../../shared/errors';
import { createLogger } from '../../shared/logger';
import { billingErrors, type CardRefusal } from './billing-messages';

/**
 * Recurly's failures (node_modules/recurly/lib/recurly/api_errors.js, the `Error` schema of API
 * v2021-02-25) as the billing port's domain errors:
 * - 401/403 (the key is wrong, revoked or lacks permission): `BillingUnavailableError`, not
 *   retryable; the caller drops its cached key so a rotated secret is picked up;
 * - 429: `RateLimitedError`, with the wait taken from `X-RateLimit-Reset`;
 * - 5xx, time-outs and network failures: `BillingUnavailableError`, retryable;
 * - 404: the call's own meaning (`NotFoundError` by default);
 * - 422 `transaction`: by the transaction error's code (else its category), one of the card
 *   refusals of billing-messages.ts (`TRANSACTION_ERROR_REFUSALS`); a card payment the bank
 *   wants authenticated (`three_d_secure_action_required` with a `three_d_secure_action_token_id`)
 *   is a `PaymentAuthenticationRequiredError` carrying the token; a site misconfiguration is a
 *   non-retryable `BillingUnavailableError`; 422 `invalid_token`: `ValidationError`
 *   `invalid_billing_token` (enter the card again);
 * - 422 `simultaneous_request`: `ConflictError` `subscription_busy`; 422 `immutable_subscription`:
 *   `ConflictError`; 422 `validation` on a state change (cancel, reactivate): `ConflictError`;
 * - any other 400 or 422: `ValidationError` with Recurly's message and per-field messages;
 * - anything else (402, 406, 412...): `BillingUnavailableError`, not retryable.
 */

const logger = createLogger({ component: 'recurly-billing' });

/** A transaction error the subscriber cannot fix: the site or its gateway is set up wrong. */
type SiteProblem = 'site';

/**
 * Recurly's transaction error codes (its "API transaction errors" page,
 * https://docs.recurly.com/recurly-subscriptions/docs/api-transaction-errors, and the
 * `ErrorCodeEnum` of the API v2021-02-25 OpenAPI document) as what the subscriber can do about
 * them. Only the codes their category's refusal ({@link CATEGORY_REFUSALS}) would not describe are
 * listed, as space-separated lists (the handler bundle's budget): the soft and hard declines that
 * only say "declined", the configuration codes, the fraud and the communication codes take their
 * category's. Codes of other payment methods (PayPal, Amazon, ACH, Roku) mostly do too.
 */
const CODES_BY_REFUSAL: Readonly<Partial<Record<CardRefusal | SiteProblem, string>>> = {
  insufficientFunds: 'insufficient_funds partial_approval',
  tooManyAttempts: 'too_many_attempts fraud_too_many_attempts',
  securityCode: 'declined_security_code fraud_security_code',
  address: 'roku_zip_code_mismatch fraud_address fraud_address_recurly',
  invalidNumber: 'roku_invalid_card_number declined_card_number invalid_card_number invalid_issuer',
  expired: 'expired_card declined_expiration_date',
  notAccepted:
    'invalid_merchant_type invalid_transaction card_type_not_accepted payment_not_accepted restricted_card restricted_card_chargeback cardholder_requested_stop card_blocked',
  checkDetails: 'declined_missing_data invalid_data invalid_email invalid_name gateway_validation_exception',
  // The card token (Recurly.js) or the stored card cannot be used: enter the card again.
  reenter:
    'rjs_token_expired recurly_token_not_found recurly_token_mismatch recurly_failed_to_get_token gateway_token_not_found lifecycle_decline no_billing_information customer_canceled_transaction authorization_expired',
  authenticationFailed: 'payer_authentication_rejected three_d_secure_connection_error three_d_secure_action_result_token_mismatch',
  // Soft-category codes about the payment network, not the card.
  processingUnavailable:
    'simultaneous processor_not_available issuer_unavailable unmapped_partner_error batch_processing_error transaction_stale_at_gateway',
  // Soft, hard and skles codes that need someone of ours, like the configuration category.
  site: 'no_gateway_found_for_transaction_amount merch_max_transaction_limit_exceeded recurly_credentials_not_found invalid_amount',
};

export const TRANSACTION_ERROR_REFUSALS: ReadonlyMap<string, CardRefusal | SiteProblem> = new Map(
  Object.entries(CODES_BY_REFUSAL).flatMap(([refusal, codes]) =>
    (codes ?? '').split(' ').map((code) => [code, refusal as CardRefusal | SiteProblem] as const),
  ),
);

/** A code missing from the table (a new one, another payment method's): by its category (`ErrorCategoryEnum`). */
export const CATEGORY_REFUSALS: Readonly<Record<string, CardRefusal | SiteProblem>> = {
  soft: 'declined',
  hard: 'declined',
  referral: 'declined',
  fraud: 'fraud',
  invalid: 'checkDetails',
  communication: 'processingUnavailable',
  duplicate: 'processingUnavailable',
  unknown: 'processingUnavailable',
  recurly: 'processingUnavailable',
  api_error: 'processingUnavailable',
  skles: 'processingUnavailable',
  configuration: 'site',
  not_enabled: 'site',
  not_supported: 'site',
  three_d_secure_required: 'authenticationFailed',
  three_d_secure_action_required: 'authenticationFailed',
};

const THREE_D_SECURE_ACTION_REQUIRED = 'three_d_secure_action_required';

export const RECURLY_MESSAGES = {
  unavailable: 'Billing is temporarily unavailable. Please try again in a minute.',
  broken: 'Billing is unavailable right now. Please try again later or contact support.',
  rateLimited: 'Billing is busy right now. Please try again shortly.',
  immutable: 'This subscription can no longer be changed.',
} as const;

export interface RecurlyErrorContext {
  /** What a 404 means for this call (given Recurly's error); a generic `NotFoundError` by default. */
  readonly notFound?: (error: unknown) => DomainError | BillingUnavailableError;
  /** For state changes: a 422 `validation` means the subscription's state does not allow it. */
  readonly stateConflict?: { readonly code: string; readonly message: string };
}

interface RecurlyResponseDetails {
  readonly status?: number;
  readonly requestId?: string | null;
  readonly rateLimitReset?: Date | null;
}

interface RecurlyErrorFields {
  readonly type?: string;
  readonly params?: readonly { readonly param?: string; readonly message?: string }[];
  readonly transactionError?: TransactionErrorFields | null;
}

interface TransactionErrorFields {
  readonly message?: string | null;
  readonly category?: string | null;
  readonly code?: string | null;
  readonly declineCode?: string | null;
  readonly threeDSecureActionTokenId?: string | null;
}

function responseOf(error: unknown): RecurlyResponseDetails | undefined {
  if (!(error instanceof ApiError) || typeof error.getResponse !== 'function') return undefined;
  const response = error.getResponse() as unknown;
  return response && typeof response === 'object' ? (response as RecurlyResponseDetails) : undefined;
}

/** Seconds until `reset`, between 1 and 300; undefined when Recurly did not say. */
function secondsUntil(reset: Date | null | undefined, now = Date.now()): number | undefined {
  if (!(reset instanceof Date) || Number.isNaN(reset.getTime())) return undefined;
  return Math.min(300, Math.max(1, Math.ceil((reset.getTime() - now) / 1000)));
}

/** Recurly's parameter names as the product's field names (`plan_code` → `planCode`). */
export function fieldOfParam(param: string): string {
  if (/(^|\.)billing_info(\.|$)/.test(param) || param === 'token_id') return 'billingToken';
  if (param === 'account.code') return 'accountCode';
  const last = param.split('.').pop() ?? param;
  return last.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function fieldsOf(params: RecurlyErrorFields['params']): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { param, message } of params ?? []) {
    if (param) fields[fieldOfParam(param)] = message ?? 'is invalid';
  }
  return fields;
}

/** Maps a failure of the Recurly client to the billing port's domain errors. */
export function translateRecurlyError(
  error: unknown,
  operation: string,
  forgetApiKey: () => void,
  context: RecurlyErrorContext = {},
): Error {
  const response = responseOf(error);
  const status = response?.status;
  const recurly = (error instanceof ApiError ? error : {}) as RecurlyErrorFields;
  const type = recurly.type;
  const details = { operation, status, recurlyRequestId: response?.requestId ?? undefined, recurlyErrorType: type };

  if (status === 401 || status === 403) {
    forgetApiKey();
    logger.error('Recurly rejected the API key', details);
    return new BillingUnavailableError(RECURLY_MESSAGES.broken, { retryable: false, cause: error });
  }
  if (status === 429) {
    const retryAfterSeconds = secondsUntil(response?.rateLimitReset);
    logger.warn('Recurly rate limit reached', { ...details, retryAfterSeconds });
    return new RateLimitedError(RECURLY_MESSAGES.rateLimited, { retryAfterSeconds, cause: error });
  }
  if (status === undefined || status >= 500) {
    // No answer at all (time-out, connection refused, reset) or a server-side failure.
    logger.warn('Recurly is unavailable', details);
    return new BillingUnavailableError(RECURLY_MESSAGES.unavailable, { retryable: true, cause: error });
  }
  if (status === 404) {
    logger.info('Recurly found no such resource', details);
    return context.notFound?.(error) ?? new NotFoundError('Not found.', { cause: error });
  }
  if (status === 400 || status === 422) {
    const refusal = refusalOf(recurly, error, context);
    logger.warn('Recurly refused the request', {
      ...details,
      params: (recurly.params ?? []).map((param) => param.param),
      // Decline reasons, never card data.
      transactionCategory: recurly.transactionError?.category ?? undefined,
      transactionCode: recurly.transactionError?.code ?? undefined,
      declineCode: recurly.transactionError?.declineCode ?? undefined,
      mappedTo: refusal.name,
    });
    return refusal;
  }
  logger.error('Recurly refused the request', details);
  return new BillingUnavailableError(RECURLY_MESSAGES.broken, { retryable: false, cause: error });
}

function refusalOf(recurly: RecurlyErrorFields, error: unknown, context: RecurlyErrorContext): Error {
  switch (recurly.type) {
    case 'transaction':
      return transactionRefusalOf(recurly.transactionError ?? {}, error);
    case 'invalid_token':
      return billingErrors.invalidToken(error);
    case 'simultaneous_request':
      return billingErrors.busy(error);
    case 'immutable_subscription':
      return new ConflictError(RECURLY_MESSAGES.immutable, { code: 'subscription_immutable', cause: error });
    case 'validation':
      if (context.stateConflict)
        return new ConflictError(context.stateConflict.message, { code: context.stateConflict.code, cause: error });
      break;
  }
  // The client says "Unknown Error. Requrly Request Id: …" when the body was not Recurly's JSON.
  const recurlyMessage = error instanceof Error ? error.message.trim() : '';
  const message =
    recurlyMessage && !recurlyMessage.startsWith('Unknown Error') ? recurlyMessage : 'The billing provider refused the request.';
  return new ValidationError(message, fieldsOf(recurly.params), { cause: error });
}

/** A declined or interrupted payment (422 `transaction`) as the subscriber can act on it. */
function transactionRefusalOf(transaction: TransactionErrorFields, error: unknown): Error {
  const actionTokenId = transaction.threeDSecureActionTokenId?.trim();
  if (actionTokenId && (transaction.category === THREE_D_SECURE_ACTION_REQUIRED || transaction.code === THREE_D_SECURE_ACTION_REQUIRED)) {
    return billingErrors.authenticationRequired(actionTokenId, error);
  }
  const refusal = TRANSACTION_ERROR_REFUSALS.get(transaction.code ?? '') ?? entryOf(CATEGORY_REFUSALS, transaction.category) ?? 'declined';
  if (refusal === 'site') return new BillingUnavailableError(RECURLY_MESSAGES.broken, { retryable: false, cause: error });
  return billingErrors.cardRefused(refusal, error);
}

/** The table's own entry for `key` (never one of `Object.prototype`'s). */
function entryOf<T>(table: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined {
  return key && Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * What a 404 on a purchase (`POST /subscriptions`, a subscription change) means: Recurly answers
 * `not_found` naming what it could not find, e.g. the plan (`params: [{ param: 'plan_code' }]`).
 * An unknown plan is the request's mistake (400); anything else is asked for again from fresh.
 */
export function purchaseNotFound(error: unknown, otherwise: () => DomainError): DomainError {
  const recurly = (error instanceof ApiError ? error : {}) as RecurlyErrorFields & { readonly message?: string };
  const namesPlan =
    (recurly.params ?? []).some((param) => /(^|\.)plan(_code)?$/.test(param.param ?? '')) || /\bplan\b/i.test(recurly.message ?? '');
  return namesPlan ? billingErrors.unknownPlan(error) : otherwise();
}
