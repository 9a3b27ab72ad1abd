import { ApiError } from 'recurly';
import {
  BillingUnavailableError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
  type DomainError,
} from '../../shared/errors';
import { createLogger } from '../../shared/logger';
import { billingErrors } from './billing-messages';

/**
 * Recurly's failures (node_modules/recurly/lib/recurly/api_errors.js, the `Error` schema of API
 * v2021-02-25) as the billing port's domain errors:
 * - 401/403 (the key is wrong, revoked or lacks permission): `BillingUnavailableError`, not
 *   retryable; the caller drops its cached key so a rotated secret is picked up;
 * - 429: `RateLimitedError`, with the wait taken from `X-RateLimit-Reset`;
 * - 5xx, time-outs and network failures: `BillingUnavailableError`, retryable;
 * - 404: the call's own meaning (`NotFoundError` by default);
 * - 422 `transaction` (the card was declined): `ValidationError` `card_declined` with Recurly's
 *   customer message; 422 `invalid_token`: `ValidationError` `invalid_billing_token`;
 * - 422 `simultaneous_request`: `ConflictError` `subscription_busy`; 422 `immutable_subscription`:
 *   `ConflictError`; 422 `validation` on a state change (cancel, reactivate): `ConflictError`;
 * - any other 400 or 422: `ValidationError` with Recurly's message and per-field messages;
 * - anything else (402, 406, 412...): `BillingUnavailableError`, not retryable.
 */

const logger = createLogger({ component: 'recurly-billing' });

export const RECURLY_MESSAGES = {
  unavailable: 'Billing is temporarily unavailable. Please try again in a minute.',
  broken: 'Billing is unavailable right now. Please try again later or contact support.',
  rateLimited: 'Billing is busy right now. Please try again shortly.',
  immutable: 'This subscription can no longer be changed.',
} as const;

export interface RecurlyErrorContext {
  /** What a 404 means for this call; a generic `NotFoundError` by default. */
  readonly notFound?: () => DomainError | BillingUnavailableError;
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
  readonly transactionError?: {
    readonly message?: string | null;
    readonly category?: string | null;
    readonly code?: string | null;
    readonly declineCode?: string | null;
  } | null;
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
    return context.notFound?.() ?? new NotFoundError('Not found.', { cause: error });
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
      return billingErrors.declined(recurly.transactionError?.message?.trim() || undefined, error);
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
