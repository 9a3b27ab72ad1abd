/**
 * Named domain errors. Handlers and adapters throw these; one mapper
 * (`lambdas/shared/http/response.ts`) turns them into HTTP answers. No AWS or HTTP types here.
 *
 * The `message` of a domain error is shown to the caller, so write it for a person and keep
 * internals (upstream bodies, ids, stack traces) in `cause`, which is only logged.
 */

export interface DomainErrorOptions {
  /** A more specific stable code than the class default, e.g. `subscription_exists`. */
  readonly code?: string;
  /** The underlying failure; logged, never sent to the caller. */
  readonly cause?: unknown;
}

/** Base of every error whose message is safe to show to the caller. */
export abstract class DomainError extends Error {
  /** Stable, machine-readable code sent as `ApiErrorBody.code`. */
  readonly code: string;

  protected constructor(message: string, defaultCode: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code ?? defaultCode;
  }
}

/** The caller's input is wrong. `fields` maps a field path to a message about it. */
export class ValidationError extends DomainError {
  override readonly name = 'ValidationError';
  readonly fields: Readonly<Record<string, string>>;

  constructor(message: string, fields: Record<string, string> = {}, options?: DomainErrorOptions) {
    super(message, 'validation_failed', options);
    this.fields = { ...fields };
  }
}

/** The caller is not signed in, or the credentials are not valid. */
export class UnauthorizedError extends DomainError {
  override readonly name = 'UnauthorizedError';

  constructor(message = 'Please sign in to continue.', options?: DomainErrorOptions) {
    super(message, 'unauthorized', options);
  }
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';

  constructor(message = 'You do not have access to this.', options?: DomainErrorOptions) {
    super(message, 'forbidden', options);
  }
}

/** The thing asked for does not exist (or the caller may not know that it does). */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';

  constructor(message = 'Not found.', options?: DomainErrorOptions) {
    super(message, 'not_found', options);
  }
}

/** The request clashes with the current state (a duplicate, a concurrent change). */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';

  constructor(message: string, options?: DomainErrorOptions) {
    super(message, 'conflict', options);
  }
}

export interface RetryableErrorOptions extends DomainErrorOptions {
  /** Whether the same request may succeed later without anyone changing anything. */
  readonly retryable: boolean;
  /** How long the caller should wait before retrying, when known. */
  readonly retryAfterSeconds?: number;
}

/**
 * The payment needs the cardholder to authenticate with their bank (3-D Secure) before it can go
 * through: nothing was charged or created. The caller runs the challenge with
 * `actionTokenId` (Recurly.js) and repeats the request with the challenge's result token.
 */
export class PaymentAuthenticationRequiredError extends DomainError {
  override readonly name = 'PaymentAuthenticationRequiredError';
  /** Recurly's `three_d_secure_action_token_id`, for Recurly.js (or the local stand-in). */
  readonly actionTokenId: string;

  constructor(message: string, actionTokenId: string, options?: DomainErrorOptions) {
    super(message, 'three_d_secure_required', options);
    this.actionTokenId = actionTokenId;
  }
}

/** Too many requests, here or at a provider we depend on. Always worth retrying later. */
export class RateLimitedError extends DomainError {
  override readonly name = 'RateLimitedError';
  readonly retryable = true;
  readonly retryAfterSeconds?: number;

  constructor(
    message = 'Too many requests right now. Please try again shortly.',
    options: DomainErrorOptions & { readonly retryAfterSeconds?: number } = {},
  ) {
    super(message, 'rate_limited', options);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * A service we depend on failed. `retryable` tells a transient outage (time-out, 5xx) from a
 * failure that needs a person (a rejected API key, a request the provider refuses).
 */
export class UpstreamError extends DomainError {
  override readonly name: string = 'UpstreamError';
  readonly retryable: boolean;
  readonly retryAfterSeconds?: number;

  constructor(message: string, options: RetryableErrorOptions, defaultCode = 'upstream_error') {
    super(message, defaultCode, options);
    this.retryable = options.retryable;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The billing provider (Recurly) could not be used. */
export class BillingUnavailableError extends UpstreamError {
  override readonly name: string = 'BillingUnavailableError';

  constructor(message: string, options: RetryableErrorOptions) {
    super(message, options, 'billing_unavailable');
  }
}
