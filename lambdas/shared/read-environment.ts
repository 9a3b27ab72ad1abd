import * as z from './zod';
import { PLAN_CODE_SUFFIXES } from './domain/plans';
import { ENV } from './environment';

/**
 * Validates a handler's environment variables with zod. Call it once per module (lazily, on the
 * first request, so importing a handler never throws) and keep the result.
 */

/** A missing or malformed environment variable: a deployment mistake, never the caller's. */
export class EnvironmentError extends Error {
  override readonly name = 'EnvironmentError';
}

export type EnvironmentSource = Readonly<Record<string, string | undefined>>;

/**
 * Parses `source` (process.env by default) with `schema`, whose keys are variable names.
 * Throws an {@link EnvironmentError} that names every missing or invalid variable.
 */
export function readEnvironment<S extends z.core.$ZodType>(schema: S, source: EnvironmentSource = process.env): z.output<S> {
  const parsed = z.safeParse(schema, source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.length > 0 ? String(issue.path[0]) : 'environment';
    return source[name] === undefined ? `${name} is not set` : `${name} is invalid: ${issue.message}`;
  });
  throw new EnvironmentError(`Invalid Lambda environment: ${[...new Set(problems)].join('; ')}`);
}

/** `ALLOWED_ORIGINS`: comma-separated origins (`https://app.example.com`) or `*`. */
export const allowedOriginsVariable = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value: string) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin.length > 0),
    ),
  ),
  z
    .array(
      z.string().check(
        z.refine((origin) => origin === '*' || isOrigin(origin), {
          message: 'each entry must be an origin such as https://app.example.com (scheme, host, optional port)',
        }),
      ),
    )
    .check(z.minLength(1, { message: 'at least one origin is required' })),
);

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** A table name variable (`USERS_TABLE`, …) or another required name: set and not blank. */
export const requiredNameVariable = z.string().check(z.trim(), z.minLength(1));

/** `PLAN_CODE_SUFFIX`: `_dev`, `_stage`, or empty (prod). Unset means prod. */
export const planCodeSuffixVariable = z._default(z.enum(PLAN_CODE_SUFFIXES), '');

/** The variables every HTTP handler reads (CORS). */
export const HttpEnvironmentSchema = z.object({ [ENV.allowedOrigins]: allowedOriginsVariable });
