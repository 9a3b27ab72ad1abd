import type { Refusal, RefusalKind } from '../domain/organization-rules';
import { ConflictError, ForbiddenError, ValidationError, type DomainError } from '../errors';

/** The error code each kind of refusal is answered with. */
const REFUSAL_CODES: Readonly<Record<RefusalKind, string>> = {
  forbidden: 'organization_forbidden',
  conflict: 'organization_conflict',
  invalid: 'organization_invalid',
};

/**
 * A planner's refusal (organization-rules.ts) as the error the handler answers: `forbidden` 403,
 * `conflict` 409, `invalid` 400, with the planner's message.
 */
export function refusalError(refusal: Refusal, code: string = REFUSAL_CODES[refusal.kind]): DomainError {
  switch (refusal.kind) {
    case 'forbidden':
      return new ForbiddenError(refusal.message, { code });
    case 'conflict':
      return new ConflictError(refusal.message, { code });
    case 'invalid':
      return new ValidationError(refusal.message, {}, { code });
  }
}
