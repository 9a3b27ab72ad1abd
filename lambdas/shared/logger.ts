import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured logs: one JSON object per line with `timestamp`, `level`, `message`, `requestId`
 * (while a request runs), the module's `component` and, in Lambda, `xrayTraceId`. Create one logger per module, at module
 * scope. The request id lives in async-local storage, not in the logger, so concurrent requests
 * (the local runtime serves several at once in one process) never mislabel each other's lines.
 *
 * `LOG_LEVEL` (`debug`, `info`, `warn`, `error`, `silent`) sets the threshold; `info` by default.
 *
 * No personal data or secrets: attributes (also nested ones) whose name says they hold one
 * (`password`, `token`, `authorization`, `email`, `phoneNumber`, `apikey1`, …; see
 * {@link REDACTED_KEYS}) are written as `[redacted]`, whatever the caller passes. Log ids instead
 * (the user's sub, a notification id). Errors keep only their diagnostic fields (serializeError).
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogAttributes = Record<string, unknown>;

export interface Logger {
  debug(message: string, attributes?: LogAttributes): void;
  info(message: string, attributes?: LogAttributes): void;
  warn(message: string, attributes?: LogAttributes): void;
  /** Put the failure under `error`; it is serialized with its name, message, stack and causes. */
  error(message: string, attributes?: LogAttributes): void;
}

export interface LoggerOptions {
  /** The module or concern that writes, e.g. `recurly-billing`. */
  readonly component?: string;
  /** Threshold; defaults to `LOG_LEVEL` or `info`. */
  readonly level?: LogLevel | 'silent';
  /** Where lines go; standard output by default (CloudWatch Logs in Lambda). */
  readonly write?: (line: string) => void;
}

const LEVEL_RANK: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const requestScope = new AsyncLocalStorage<{ readonly requestId: string }>();

/** Runs `fn` with `requestId` attached to every log line written inside it (also after awaits). */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

function levelFromEnvironment(): LogLevel | 'silent' {
  const value = process.env.LOG_LEVEL?.toLowerCase();
  return value && value in LEVEL_RANK ? (value as LogLevel | 'silent') : 'info';
}

/**
 * Attribute names (lower-cased, without `_`, `-` or spaces) whose values never reach a log line:
 * credentials, tokens, card and billing tokens, ATS keys, and contact details (personal data).
 */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  'password',
  'temporarypassword',
  'newpassword',
  'secret',
  'secretstring',
  'token',
  'idtoken',
  'accesstoken',
  'refreshtoken',
  'authorization',
  'cookie',
  'setcookie',
  'apikey',
  'apikey1',
  'apikey2',
  'xapikey',
  'billingtoken',
  'cardnumber',
  'cvv',
  'recurlysignature',
  'email',
  'phone',
  'phonenumber',
]);
export const REDACTED = '[redacted]';
const MAX_REDACTION_DEPTH = 6;

function normalizedKey(key: string): string {
  return key.toLowerCase().replace(/[\s_-]/g, '');
}

/** A copy of `value` with every attribute named in REDACTED_KEYS replaced, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth >= MAX_REDACTION_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[key] = REDACTED_KEYS.has(normalizedKey(key)) ? REDACTED : redact(inner, depth + 1);
  return copy;
}

const MAX_CAUSE_DEPTH = 3;

/**
 * A loggable copy of an error: name, message, stack, a few well-known diagnostic properties
 * (code, type, status, retryable) and its cause chain. Other properties are left out on purpose:
 * they may hold request data or secrets.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error === undefined ? undefined : { value: String(error) };
  const record = error as Error & Record<string, unknown>;
  const serialized: Record<string, unknown> = { name: error.name, message: error.message };
  for (const key of ['code', 'type', 'status', 'statusCode', 'retryable', 'fields'] as const) {
    const value = record[key];
    if (value !== undefined && (typeof value !== 'object' || key === 'fields')) serialized[key] = value;
  }
  serialized.stack = error.stack;
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

function toLine(entry: Record<string, unknown>): string {
  try {
    return JSON.stringify(entry);
  } catch {
    // Circular or otherwise unserializable attributes: keep the line, drop the attributes.
    return JSON.stringify({
      timestamp: entry.timestamp,
      level: entry.level,
      message: entry.message,
      requestId: entry.requestId,
      unserializableAttributes: true,
    });
  }
}

/** Creates a logger; call once per module. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = LEVEL_RANK[options.level ?? levelFromEnvironment()];
  const write = options.write ?? ((line: string) => void process.stdout.write(`${line}\n`));

  const log = (level: LogLevel, message: string, attributes: LogAttributes = {}): void => {
    if (LEVEL_RANK[level] < threshold) return;
    const entry: Record<string, unknown> = {
      timestamp: new Date().toISOString(),
      level,
      message,
      requestId: currentRequestId(),
      component: options.component,
    };
    // In Lambda with active tracing, the runtime sets the invocation's trace header here: the
    // line then leads to its X-Ray trace (what Powertools Logger calls xray_trace_id).
    const trace = /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1];
    if (trace) entry.xrayTraceId = trace;
    for (const [key, value] of Object.entries(attributes)) {
      if (key in entry) continue; // the envelope's fields cannot be overwritten
      if (REDACTED_KEYS.has(normalizedKey(key))) entry[key] = REDACTED;
      else entry[key] = value instanceof Error || key === 'error' ? serializeError(value) : redact(value);
    }
    write(toLine(entry));
  };

  return {
    debug: (message, attributes) => log('debug', message, attributes),
    info: (message, attributes) => log('info', message, attributes),
    warn: (message, attributes) => log('warn', message, attributes),
    error: (message, attributes) => log('error', message, attributes),
  };
}
