/**
 * How the resolvers refuse bad arguments, one shape for all of them (as `createContact` does):
 * AppSync error type `ValidationError`, the first problem as the message, and
 * `errorInfo.fields` mapping each argument or input field to its message. APPSYNC_JS-safe.
 */
import { util } from '@aws-appsync/utils';

export interface FieldProblem {
  field: string;
  message: string;
}

/** Error type of refused arguments. */
export const VALIDATION_ERROR = 'ValidationError';

/** `errorInfo.fields` of a list of problems (the first message per field wins). */
export function problemFields(problems: FieldProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    if (!fields[problem.field]) {
      fields[problem.field] = problem.message;
    }
  }
  return fields;
}

/** Ends the resolver with a `ValidationError` when there is any problem; nothing is read or written. */
export function invalidArguments(problems: FieldProblem[]): void {
  if (problems.length > 0) {
    util.error(problems[0].message, VALIDATION_ERROR, null, { fields: problemFields(problems) });
  }
}

/**
 * A record id the API hands out or accepts: a UUID from `util.autoId()` or a client's short, safe
 * token (the rule `createContact` and `createUser` apply to client-chosen ids).
 */
export const RECORD_ID_PATTERN = '[A-Za-z0-9][A-Za-z0-9_-]{0,63}';
export const RECORD_ID_MESSAGE = 'The id must be 1 to 64 letters, digits, dashes or underscores.';

/** Page size when the caller gives no `limit`. */
export const DEFAULT_PAGE_LIMIT = 100;
/** Largest `limit` accepted (one DynamoDB page is at most 1 MB anyway). */
export const MAX_PAGE_LIMIT = 1000;

/** The `limit` argument, checked: 1 to {@link MAX_PAGE_LIMIT}, {@link DEFAULT_PAGE_LIMIT} when absent. */
export function pageLimit(limit: number | null | undefined): number {
  if (limit === null || limit === undefined) {
    return DEFAULT_PAGE_LIMIT;
  }
  if (limit < 1 || limit > MAX_PAGE_LIMIT) {
    invalidArguments([{ field: 'limit', message: `limit must be between 1 and ${MAX_PAGE_LIMIT}.` }]);
  }
  return limit;
}
