/**
 * Which ATS settings can work, the one owner of the rules: a User record's `atsname` must be a
 * known, available ATS, `apikeytype` the auth style that ATS uses, `apikey1` a key of a plausible
 * shape (1 to 512 printable characters, no spaces inside, not a mask or a sealed value pasted
 * back) and `apikey2` present exactly where the auth style needs a second credential (a Workable
 * subdomain that can be one, an OAuth client secret). The connector registry checks settings
 * with {@link validateAtsCredentials} before it builds a connector, and the credential vault
 * before it seals them. Every refusal is an {@link AtsSettingsError} naming the field, in words a
 * recruiter can act on, and never repeats what was entered. Plain TypeScript: no AWS types.
 */
import { APIKEY_TYPES, ATS_NAMES, type ApiKeyType, type AtsCredentials, type AtsName } from './ats-port';
import { WORKABLE_SUBDOMAIN_MESSAGE, normalizeWorkableSubdomain } from './connectors/workable';
import { isSealed } from './credentials/sealed-format';
import { isMaskedSecret } from '../shared/domain/secret-fields';
import { splitClientIdAndUserId } from '../shared/contracts/ats';

/** Each ATS as a recruiter knows it. */
export const ATS_LABELS: Readonly<Record<AtsName, string>> = {
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  workable: 'Workable',
  crelate: 'Crelate',
  bullhorn: 'Bullhorn',
};

/** The one auth style each ATS uses (the User record's `apikeytype`). */
export const ATS_AUTH_STYLES: Readonly<Record<AtsName, ApiKeyType>> = {
  greenhouse: 'oauth2',
  lever: 'basic',
  workable: 'bearer',
  crelate: 'api-key',
  bullhorn: 'oauth2',
};

/** The ATSs connected with keys saved by `POST /ats/connection` (each has a key-based local stand-in). */
export const KEY_CONNECTED_ATS_NAMES = ['greenhouse', 'lever', 'workable', 'crelate'] as const satisfies readonly AtsName[];

/**
 * The ATSs connected through a sign-in in the browser (OAuth 2 authorization code), not by a key
 * saved with `POST /ats/connection`: Bullhorn (`POST /ats/bullhorn/authorize`, then its callback).
 */
export const BROWSER_AUTHORIZED_ATS_NAMES = ['bullhorn'] as const satisfies readonly AtsName[];

/** The ATSs that can be connected today. */
export const AVAILABLE_ATS_NAMES = [...KEY_CONNECTED_ATS_NAMES, ...BROWSER_AUTHORIZED_ATS_NAMES] as const satisfies readonly AtsName[];

/** Longer than any real key: a paste of something else (a whole page, a file). */
export const MAX_KEY_LENGTH = 512;

/** What `apikey2` holds for each auth style; null where the style uses one credential. */
const SECOND_CREDENTIAL: Readonly<Record<ApiKeyType, string | null>> = {
  basic: null,
  'api-key': null,
  bearer: 'account subdomain',
  oauth2: 'OAuth client secret',
};

export type AtsSettingsField = 'atsname' | 'apikeytype' | 'apikey1' | 'apikey2';
type KeyField = 'apikey1' | 'apikey2';

/** ATS settings that cannot work, said for the person entering them; never contains a key. */
export class AtsSettingsError extends Error {
  override readonly name = 'AtsSettingsError';

  constructor(
    readonly field: AtsSettingsField,
    message: string,
  ) {
    super(message);
  }
}

const AUTH_STYLE_WORDS: Readonly<Record<ApiKeyType, string>> = {
  basic: 'an API key sent as HTTP Basic authentication',
  bearer: 'an API access token sent as a Bearer token',
  'api-key': 'an API key',
  oauth2: 'OAuth 2',
};

/** Each credential as the ATS's own screens name it. */
const CREDENTIAL_NAMES: Readonly<Record<AtsName, Readonly<Record<KeyField, string>>>> = {
  greenhouse: { apikey1: 'Greenhouse client ID and user ID', apikey2: 'Greenhouse client secret' },
  lever: { apikey1: 'Lever API key', apikey2: 'second Lever credential' },
  workable: { apikey1: 'Workable API access token', apikey2: 'Workable subdomain' },
  crelate: { apikey1: 'Crelate API key', apikey2: 'second Crelate credential' },
  bullhorn: { apikey1: 'Bullhorn OAuth client id', apikey2: 'Bullhorn OAuth client secret' },
};

/** Where the ATS's own wording of a missing second credential helps more than "Enter your … too". */
const MISSING_SECOND_CREDENTIAL: Partial<Record<AtsName, string>> = {
  workable: 'Enter your Workable subdomain (for acme.workable.com, enter "acme").',
};

const AVAILABLE_LABELS = AVAILABLE_ATS_NAMES.map((name) => ATS_LABELS[name]);
/** "Greenhouse, Lever, Workable or Crelate", from the list above. */
const AVAILABLE_WORDS = `${AVAILABLE_LABELS.slice(0, -1).join(', ')} or ${AVAILABLE_LABELS[AVAILABLE_LABELS.length - 1]}`;

function isAtsName(value: unknown): value is AtsName {
  return typeof value === 'string' && (ATS_NAMES as readonly string[]).includes(value);
}

function isApiKeyType(value: unknown): value is ApiKeyType {
  return typeof value === 'string' && (APIKEY_TYPES as readonly string[]).includes(value);
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Refuses a key that cannot be one; the message says what to do, never what was entered. */
function checkKey(atsname: AtsName, field: KeyField, value: unknown): void {
  const what = CREDENTIAL_NAMES[atsname][field];
  const label = ATS_LABELS[atsname];
  if (typeof value !== 'string' || value.trim() === '') throw new AtsSettingsError(field, `Enter your ${what}.`);
  if (isMaskedSecret(value)) {
    throw new AtsSettingsError(field, `That is the hidden form of a saved key, not the key itself: enter the full ${what}.`);
  }
  if (isSealed(value)) throw new AtsSettingsError(field, `That is an encrypted value, not a key: enter the ${what} as ${label} shows it.`);
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
 * The keys of settings whose ATS and auth style are known to match: the characters of each key,
 * and the second credential where the auth style needs one (Workable's bearer token needs the
 * subdomain, OAuth 2 the client secret) and nowhere else.
 */
export function checkCredentialShape(credentials: AtsCredentials): void {
  const { atsname, apikeytype, apikey1, apikey2 } = credentials;
  const label = ATS_LABELS[atsname];
  checkKey(atsname, 'apikey1', apikey1);
  if (SECOND_CREDENTIAL[apikeytype] === null) {
    // A second secret the ATS does not use would only be stored for nothing.
    if (!isBlank(apikey2)) {
      throw new AtsSettingsError('apikey2', `${label} needs only the ${CREDENTIAL_NAMES[atsname].apikey1}: leave the second field empty.`);
    }
    return;
  }
  if (typeof apikey2 !== 'string' || apikey2.trim() === '') {
    throw new AtsSettingsError(
      'apikey2',
      MISSING_SECOND_CREDENTIAL[atsname] ?? `Enter your ${CREDENTIAL_NAMES[atsname].apikey2} too: ${label} needs it.`,
    );
  }
  if (atsname === 'workable') {
    if (!normalizeWorkableSubdomain(apikey2)) throw new AtsSettingsError('apikey2', WORKABLE_SUBDOMAIN_MESSAGE);
    return;
  }
  checkKey(atsname, 'apikey2', apikey2);
  if (atsname === 'greenhouse' && !splitClientIdAndUserId(apikey1)) {
    throw new AtsSettingsError(
      'apikey1',
      'Enter the Greenhouse client ID and the Greenhouse user ID the connection acts for (the number at the end of the user’s page address in Greenhouse).',
    );
  }
}

/**
 * Checks that settings can work before anything is stored or called: a known, available ATS, its
 * auth style, then {@link checkCredentialShape}.
 */
export function validateAtsCredentials(credentials: AtsCredentials): void {
  const { atsname, apikeytype } = credentials;
  if (!isAtsName(atsname)) throw new AtsSettingsError('atsname', `Choose the ATS to connect: ${AVAILABLE_WORDS}.`);
  if (!(AVAILABLE_ATS_NAMES as readonly AtsName[]).includes(atsname)) {
    throw new AtsSettingsError('atsname', `${ATS_LABELS[atsname]} is not available yet. Connect ${AVAILABLE_WORDS} for now.`);
  }
  const expected = ATS_AUTH_STYLES[atsname];
  if (!isApiKeyType(apikeytype) || apikeytype !== expected) {
    throw new AtsSettingsError(
      'apikeytype',
      `${ATS_LABELS[atsname]} connects with ${AUTH_STYLE_WORDS[expected]}: choose "${expected}" as the key type.`,
    );
  }
  checkCredentialShape(credentials);
}
