/**
 * A save request's ATS settings, made into the credentials to store: what the form sent is
 * trimmed and typed, checked by the one owner of the rules ({@link validateAtsCredentials},
 * ats-settings.ts), and a Workable subdomain is kept in the short form the connector uses.
 */
import type { AtsCredentials } from '../ats-port';
import { AtsSettingsError, validateAtsCredentials } from '../ats-settings';
import { normalizeWorkableSubdomain } from '../connectors/workable';

/** What a save request carries; anything may be missing or of the wrong type. */
export interface CredentialInput {
  readonly atsname?: unknown;
  readonly apikeytype?: unknown;
  readonly apikey1?: unknown;
  readonly apikey2?: unknown;
}

function trimmed(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * Validates a save request and answers the credentials to store: surrounding spaces trimmed, an
 * empty second credential as null, a Workable subdomain in its short form (`acme`, also when a
 * URL was pasted). Throws an {@link AtsSettingsError} for settings that cannot work.
 */
export function validateCredentialInput(input: CredentialInput): AtsCredentials {
  const apikey2 = trimmed(input.apikey2);
  const candidate = {
    atsname: input.atsname,
    apikeytype: input.apikeytype,
    apikey1: trimmed(input.apikey1),
    apikey2: apikey2 === undefined || apikey2 === '' ? null : apikey2,
  } as AtsCredentials;
  // A non-string second credential is refused here, before it could be taken for text.
  if (candidate.apikey2 !== null && typeof candidate.apikey2 !== 'string') {
    throw new AtsSettingsError('apikey2', 'Enter the second credential as text, or leave it empty.');
  }
  validateAtsCredentials(candidate);
  if (candidate.atsname === 'workable' && candidate.apikey2 !== null) {
    return { ...candidate, apikey2: normalizeWorkableSubdomain(candidate.apikey2) };
  }
  return candidate;
}
