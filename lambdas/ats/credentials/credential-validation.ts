/**
 * What makes ATS credentials worth storing, checked before anything is sealed. The connector
 * registry decides the ATS rules (a known, available ATS, its auth style, a Workable subdomain
 * that can be one); this module adds what a stored key must look like (1 to 512 printable
 * characters, no spaces inside, not a mask or a sealed value pasted back) and which auth styles
 * need the second credential. Every refusal is an {@link AtsSettingsError} naming the field, in
 * words a recruiter can act on, and never repeats what was entered.
 */
import type { ApiKeyType, AtsCredentials, AtsName } from '../ats-port';
import { ATS_LABELS, AtsSettingsError, validateAtsCredentials } from '../connectors';
import { normalizeWorkableSubdomain } from '../connectors/workable';
import { isMaskedSecret } from '../../shared/domain/secret-fields';
import type { CredentialField } from './credential-cipher';
import { isSealed } from './sealed-format';

/** Longer than any real key (the registry's limit too). */
export const MAX_KEY_LENGTH = 512;

/** What `apikey2` holds for each auth style; null where the style uses one credential. */
export const SECOND_CREDENTIAL: Readonly<Record<ApiKeyType, string | null>> = {
  basic: null,
  'api-key': null,
  bearer: 'account subdomain',
  oauth2: 'OAuth client secret',
};

/** Each credential as the ATS's own screens name it. */
const CREDENTIAL_NAMES: Readonly<Record<AtsName, Readonly<Record<CredentialField, string>>>> = {
  greenhouse: { apikey1: 'Greenhouse Harvest API key', apikey2: 'second Greenhouse credential' },
  lever: { apikey1: 'Lever API key', apikey2: 'second Lever credential' },
  workable: { apikey1: 'Workable API access token', apikey2: 'Workable subdomain' },
  crelate: { apikey1: 'Crelate API key', apikey2: 'second Crelate credential' },
  bullhorn: { apikey1: 'Bullhorn OAuth client id', apikey2: 'Bullhorn OAuth client secret' },
};

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

/** Refuses a key that cannot be one; the message says what to do, never what was entered. */
function checkKeyCharacters(atsname: AtsName, field: CredentialField, value: string): void {
  const what = CREDENTIAL_NAMES[atsname][field];
  const label = ATS_LABELS[atsname];
  if (isMaskedSecret(value)) {
    throw new AtsSettingsError(field, `That is the hidden form of a saved key, not the key itself: enter the full ${what}.`);
  }
  if (isSealed(value)) throw new AtsSettingsError(field, `That is an encrypted value, not a key: enter the ${what} as ${label} shows it.`);
  if (value.length < 1) throw new AtsSettingsError(field, `Enter your ${what}.`);
  if (value.length > MAX_KEY_LENGTH) {
    throw new AtsSettingsError(
      field,
      `That is too long for a ${what} (at most ${MAX_KEY_LENGTH} characters): copy it again from ${label}, on its own.`,
    );
  }
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x20 || code === 0x09 || code === 0xa0 || code === 0x3000 || (code >= 0x2000 && code <= 0x200b)) {
      throw new AtsSettingsError(field, `The ${what} cannot contain spaces: copy it again from ${label} without them.`);
    }
    if (code < 0x21 || code > 0x7e) {
      throw new AtsSettingsError(
        field,
        `The ${what} contains characters a ${label} key never has (a line break or a typographic character): copy it again from ${label}.`,
      );
    }
  }
}

/**
 * The part of the checks the registry does not make: the characters of each key and the second
 * credential where the auth style needs one (Workable's bearer token needs the subdomain, OAuth 2
 * the client secret). Exported on its own because the registry refuses Bullhorn before this runs.
 */
export function checkCredentialShape(credentials: AtsCredentials): void {
  const { atsname, apikeytype, apikey1, apikey2 } = credentials;
  checkKeyCharacters(atsname, 'apikey1', apikey1);
  const second = SECOND_CREDENTIAL[apikeytype];
  if (second === null) {
    if (apikey2 !== null) {
      throw new AtsSettingsError(
        'apikey2',
        `${ATS_LABELS[atsname]} needs only the ${CREDENTIAL_NAMES[atsname].apikey1}: leave the second field empty.`,
      );
    }
    return;
  }
  if (apikey2 === null || apikey2 === '')
    throw new AtsSettingsError('apikey2', `Enter your ${CREDENTIAL_NAMES[atsname].apikey2} too: ${ATS_LABELS[atsname]} needs it.`);
  checkKeyCharacters(atsname, 'apikey2', apikey2);
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
  // A non-string second credential is refused here, before the registry would stringify it.
  if (candidate.apikey2 !== null && typeof candidate.apikey2 !== 'string') {
    throw new AtsSettingsError('apikey2', 'Enter the second credential as text, or leave it empty.');
  }
  validateAtsCredentials(candidate);
  checkCredentialShape(candidate);
  if (candidate.atsname === 'workable' && candidate.apikey2 !== null) {
    return { ...candidate, apikey2: normalizeWorkableSubdomain(candidate.apikey2) };
  }
  return candidate;
}
