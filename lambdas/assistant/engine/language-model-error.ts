/**
 * Why a language model could not answer. Each reason is something an operator can act on (or
 * wait out); the fallback engine answers the user in every case.
 */
export type LanguageModelFailure =
  /** The answer was not JSON, or not the JSON the task asked for (also: cut off at the token limit). */
  | 'invalid-answer'
  /** The model refused or a content filter stopped it. */
  | 'refused'
  /** Too many requests or tokens for the account's quota (429 ThrottlingException). */
  | 'throttled'
  /** Model access not enabled, or the role may not invoke it (403 AccessDeniedException). */
  | 'access-denied'
  /** The model id is unknown or the request was refused as malformed (400, 404). */
  | 'misconfigured'
  /** No answer within the time budget (the API Gateway limit is 29 s). */
  | 'timeout'
  /** Bedrock failed (5xx) or could not be reached. */
  | 'unavailable'
  /** This model has no task for the capability. */
  | 'unsupported';

/**
 * A language model failed to give a usable answer. Its message names the reason and the model,
 * never the document text or the model's answer (they may hold personal data).
 */
export class LanguageModelError extends Error {
  override readonly name = 'LanguageModelError';

  /** The model that failed, when known (the Bedrock adapter sets it). */
  readonly model: string | undefined;

  constructor(
    readonly reason: LanguageModelFailure,
    message: string,
    options: { readonly cause?: unknown; readonly model?: string } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.model = options.model;
  }
}

/** Whether `error` is a {@link LanguageModelError} (also across module copies in tests). */
export function isLanguageModelError(error: unknown): error is LanguageModelError {
  return error instanceof LanguageModelError || (error as { name?: unknown } | null)?.name === 'LanguageModelError';
}
