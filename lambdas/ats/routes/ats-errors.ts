import { AtsError, type AtsName } from '../ats-port';
import { AtsSettingsError } from '../ats-settings';
import { CredentialVaultError } from '../credentials/credential-cipher';
import { ConflictError, DomainError, RateLimitedError, UpstreamError, ValidationError } from '../../shared/errors';

/**
 * The ATS module's errors as the REST answers carry them (the shared mapper turns domain errors
 * into status codes). Every message here was written for the recruiter by the module that threw
 * it and never holds a key; the original error stays in `cause` (logged only for 5xx).
 */

export const ATS_ERROR_MESSAGES = {
  notConnected: 'No ATS is connected yet: choose your ATS and enter its key in your ATS settings on the Account page.',
  syncRunning: 'A sync of your ATS is running. Try again when it has finished (about half a minute).',
  settingsChanged: 'Your ATS settings were changed elsewhere meanwhile. Reload the page and try again.',
  jobNotFound: 'That job is not among your synced ATS jobs. Sync your ATS, then choose one of its jobs.',
} as const;

/** A refused connection on save: 400 with the recruiter's message under the field to fix. */
export function connectionRefused(error: AtsError, atsname: AtsName): DomainError {
  switch (error.reason) {
    case 'credentials':
      return new ValidationError(error.message, { apikey1: error.message }, { code: 'ats_connection_failed', cause: error });
    case 'account':
      // Workable's account is its subdomain (the second field); the others' is the key's.
      return new ValidationError(
        error.message,
        { [atsname === 'workable' ? 'apikey2' : 'apikey1']: error.message },
        { code: 'ats_connection_failed', cause: error },
      );
    default:
      return atsUnavailable(error);
  }
}

/**
 * An ATS that could not be read (not the recruiter's settings): 429 when it is limiting us (with
 * its Retry-After), 503 when it is down or did not answer, 400 when it answered something the
 * connector does not understand (nothing to retry at once).
 */
export function atsUnavailable(error: AtsError): DomainError {
  switch (error.reason) {
    case 'rate-limited':
      return new RateLimitedError(error.message, {
        code: 'ats_rate_limited',
        retryAfterSeconds: error.retryAfterSeconds ?? undefined,
        cause: error,
      });
    case 'unavailable':
      return new UpstreamError(error.message, { retryable: true, cause: error }, 'ats_unavailable');
    default:
      return new ValidationError(error.message, {}, { code: 'ats_connection_failed', cause: error });
  }
}

/**
 * A vault failure: nothing connected or a stored key that no longer opens is the recruiter's to
 * fix (409, enter the key again); the key service failing is ours (503, try again; 502 when a
 * person must act on the key's permissions or the key file).
 */
export function vaultFailure(error: CredentialVaultError): DomainError {
  switch (error.reason) {
    case 'missing':
      return new ConflictError(ATS_ERROR_MESSAGES.notConnected, { code: 'ats_not_connected', cause: error });
    case 'format':
    case 'integrity':
      return new ConflictError(error.message, { code: 'ats_key_unreadable', cause: error });
    case 'unavailable':
      return new UpstreamError(error.message, { retryable: true, cause: error }, 'ats_vault_unavailable');
    default:
      return new UpstreamError(error.message, { retryable: false, cause: error }, 'ats_vault_unavailable');
  }
}

/** Settings that cannot work: 400 naming the field. */
export function settingsRefused(error: AtsSettingsError): DomainError {
  return new ValidationError(error.message, { [error.field]: error.message }, { code: 'invalid_ats_settings' });
}

/** Any of the ATS module's errors as a domain error; anything else unchanged (a 500). */
export function atsDomainError(error: unknown, atsname: AtsName | null = null): unknown {
  if (error instanceof AtsSettingsError) return settingsRefused(error);
  if (error instanceof CredentialVaultError) return vaultFailure(error);
  if (error instanceof AtsError) return atsname ? connectionRefused(error, atsname) : atsUnavailable(error);
  return error;
}
