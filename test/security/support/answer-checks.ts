import { CALL_TIMEOUT_MS } from './fuzz-config';

/**
 * One bounded HTTP call, and what makes an answer acceptable to a hostile caller: never a 5xx,
 * never a hang, and every refusal a clear 4xx (REST) or GraphQL error with a message a person can
 * read and that gives nothing of the inside away (no stack trace, no exception class, no table
 * name, no file path).
 */

export interface HttpAnswer {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  readonly json: unknown;
}

/** `fetch` bounded by {@link CALL_TIMEOUT_MS}: a hang becomes a readable failure. */
export async function send(url: string, init: RequestInit = {}): Promise<HttpAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new Error(`No answer within ${CALL_TIMEOUT_MS} ms from ${init.method ?? 'GET'} ${url}`);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), text, json };
}

/** What must never reach a caller: stack frames, exception classes, storage and file names. */
const LEAKS: readonly [RegExp, string][] = [
  [/\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)/, 'a stack trace'],
  [/\b(TypeError|ReferenceError|RangeError|EvalError|InternalError)\b/, 'a JavaScript exception class'],
  [
    /Cannot read propert|is not a function|is not defined(?! by type)|undefined is not|Unexpected token|in JSON at position/,
    'a JavaScript error message',
  ],
  [/talentpilot-(local|dev|stage|prod)-|registrationCodes|\bdynalite\b/i, 'a table or storage name'],
  [
    /ValidationException|ResourceNotFoundException|SerializationException|ProvisionedThroughput|AttributeValue|ExpressionAttribute|KeyConditionExpression|FilterExpression/,
    'a DynamoDB internal',
  ],
  [/node_modules|\/work\/|\.ts:\d+|\.js:\d+|file:\/\//, 'a file path'],
];

/** Which internal detail `message` gives away, if any. */
export function leakIn(message: string): string | undefined {
  return LEAKS.find(([pattern]) => pattern.test(message))?.[1];
}

function readable(message: unknown): string | undefined {
  if (typeof message !== 'string' || message.trim() === '') return 'it has no message';
  const leak = leakIn(message);
  return leak ? `its message gives away ${leak}: ${JSON.stringify(message.slice(0, 300))}` : undefined;
}

function excerpt(answer: HttpAnswer): string {
  return `${answer.status} ${answer.text.slice(0, 300)}`;
}

/**
 * Why a REST answer is unacceptable, or undefined when it is fine: a 5xx; a 4xx that is not JSON
 * with a readable `message`.
 */
export function restAnswerProblem(answer: HttpAnswer): string | undefined {
  if (answer.status >= 500) return `server error: ${excerpt(answer)}`;
  if (answer.status >= 400) {
    const body = answer.json as { message?: unknown } | undefined;
    if (!body || typeof body !== 'object') return `a refusal without a JSON body: ${excerpt(answer)}`;
    const problem = readable(body.message);
    if (problem) return `a refusal whose ${problem.replace(/^it/, 'body')} (${answer.status})`;
  }
  return undefined;
}

/** A GraphQL error as the API answers it. */
export interface GraphqlError {
  readonly message?: unknown;
  readonly errorType?: unknown;
}

export interface GraphqlBody {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: GraphqlError[];
}

/**
 * Error types that mean the server, not the caller, failed: a resolver crash, a request the data
 * source refused (input that should have been validated first), or an internal failure. A
 * refused condition is part of the mutations' contract and stays allowed.
 */
export function serverSideErrorType(errorType: unknown, message?: unknown): boolean {
  if (typeof errorType !== 'string') return false;
  if (errorType === 'DynamoDB:ConditionalCheckFailedException') return false;
  // A pagination token the API never handed out: AppSync's own refusal, the caller's mistake.
  if (errorType === 'DynamoDB:DynamoDbException' && typeof message === 'string' && /^Invalid nextToken\b/.test(message)) return false;
  return errorType === 'Code' || errorType === 'MappingTemplate' || errorType === 'InternalFailure' || errorType.startsWith('DynamoDB:');
}

/** Why a GraphQL answer is unacceptable, or undefined when it is fine. */
export function graphqlAnswerProblem(answer: HttpAnswer): string | undefined {
  if (answer.status >= 500) return `server error: ${excerpt(answer)}`;
  const body = answer.json as GraphqlBody | undefined;
  if (!body || typeof body !== 'object') return `an answer that is not JSON: ${excerpt(answer)}`;
  if (answer.status !== 200 && !(Array.isArray(body.errors) && body.errors.length > 0))
    return `a refusal without errors: ${excerpt(answer)}`;
  for (const error of body.errors ?? []) {
    if (serverSideErrorType(error.errorType, error.message))
      return `a server-side error ${String(error.errorType)}: ${JSON.stringify(error.message).slice(0, 300)}`;
    const problem = readable(error.message);
    if (problem) return `an error whose ${problem.replace(/^it /, '')}`;
  }
  return undefined;
}

/** The GraphQL errors of an answer (empty when none). */
export function graphqlErrors(answer: HttpAnswer): GraphqlError[] {
  const body = answer.json as GraphqlBody | undefined;
  return body && Array.isArray(body.errors) ? body.errors : [];
}
