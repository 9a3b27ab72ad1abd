/**
 * The connector registry: a User record's `atsname` picks the connector, `apikeytype` must be the
 * auth style that ATS uses, and `apikey1`/`apikey2` are checked for shape before anything is
 * called. Settings that cannot work are refused with an {@link AtsSettingsError} naming the field
 * and saying what to enter; no message ever repeats a key.
 */
import { APIKEY_TYPES, ATS_NAMES, type ApiKeyType, type AtsConnector, type AtsCredentials, type AtsName } from '../ats-port';
import type { ReadOnlyClientOptions } from '../http/read-only-client';
import { createCrelateConnector } from './crelate';
import { createGreenhouseConnector } from './greenhouse';
import { createLeverConnector } from './lever';
import { WORKABLE_SUBDOMAIN_MESSAGE, createWorkableConnector, normalizeWorkableSubdomain } from './workable';

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
  greenhouse: 'basic',
  lever: 'basic',
  workable: 'bearer',
  crelate: 'api-key',
  bullhorn: 'oauth2',
};

/** The ATSs that can be connected today (Bullhorn is designed, not connected yet). */
export const AVAILABLE_ATS_NAMES = ['greenhouse', 'lever', 'workable', 'crelate'] as const satisfies readonly AtsName[];

const AUTH_STYLE_WORDS: Readonly<Record<ApiKeyType, string>> = {
  basic: 'an API key sent as HTTP Basic authentication',
  bearer: 'an API access token sent as a Bearer token',
  'api-key': 'an API key',
  oauth2: 'OAuth 2',
};

const KEY_NAMES: Readonly<Record<AtsName, string>> = {
  greenhouse: 'Greenhouse Harvest API key',
  lever: 'Lever API key',
  workable: 'Workable API access token',
  crelate: 'Crelate API key',
  bullhorn: 'Bullhorn OAuth client id',
};

/** Longer than any real key: a paste of something else (a whole page, a file). */
const MAX_KEY_LENGTH = 512;

export type AtsSettingsField = 'atsname' | 'apikeytype' | 'apikey1' | 'apikey2';

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

/** What the connectors share besides their credentials; the base URLs point at local fakes offline. */
export interface CreateConnectorOptions extends Pick<
  ReadOnlyClientOptions,
  'fetch' | 'sleep' | 'now' | 'random' | 'maxAttempts' | 'maxRetryAfterSeconds' | 'timeoutMs' | 'baseDelayMs'
> {
  /** API roots by ATS (Workable's with a `{subdomain}` placeholder); each ATS's own by default. */
  readonly baseUrls?: Partial<Record<AtsName, string>>;
}

function isAtsName(value: unknown): value is AtsName {
  return typeof value === 'string' && (ATS_NAMES as readonly string[]).includes(value);
}

function isApiKeyType(value: unknown): value is ApiKeyType {
  return typeof value === 'string' && (APIKEY_TYPES as readonly string[]).includes(value);
}

const AVAILABLE_WORDS = 'Greenhouse, Lever, Workable or Crelate';

/** A line break, tab or other control character: never part of a key, often a paste gone wrong. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function checkKey(name: AtsName, value: unknown, field: 'apikey1' | 'apikey2', what: string): void {
  if (typeof value !== 'string' || value.trim() === '') throw new AtsSettingsError(field, `Enter your ${what}.`);
  if (value.length > MAX_KEY_LENGTH || hasControlCharacter(value.trim())) {
    throw new AtsSettingsError(field, `That does not look like a ${what}: paste the ${ATS_LABELS[name]} key again, on its own.`);
  }
}

/**
 * Checks that settings can work before anything is stored or called: a known, available ATS,
 * its auth style, a key of a plausible shape, and the second credential where the ATS needs one.
 */
export function validateAtsCredentials(credentials: AtsCredentials): void {
  const { atsname, apikeytype, apikey1, apikey2 } = credentials;
  if (!isAtsName(atsname)) throw new AtsSettingsError('atsname', `Choose the ATS to connect: ${AVAILABLE_WORDS}.`);
  const label = ATS_LABELS[atsname];
  if (atsname === 'bullhorn') {
    throw new AtsSettingsError(
      'atsname',
      `Bullhorn is not available yet: its connection (OAuth 2 with Bullhorn’s REST login) is designed and comes next. Connect ${AVAILABLE_WORDS} for now.`,
    );
  }
  const expected = ATS_AUTH_STYLES[atsname];
  if (!isApiKeyType(apikeytype) || apikeytype !== expected) {
    throw new AtsSettingsError('apikeytype', `${label} connects with ${AUTH_STYLE_WORDS[expected]}: choose "${expected}" as the key type.`);
  }
  checkKey(atsname, apikey1, 'apikey1', KEY_NAMES[atsname]);
  if (atsname === 'workable') {
    if (typeof apikey2 !== 'string' || apikey2.trim() === '') {
      throw new AtsSettingsError('apikey2', 'Enter your Workable subdomain (for acme.workable.com, enter "acme").');
    }
    if (!normalizeWorkableSubdomain(apikey2)) throw new AtsSettingsError('apikey2', WORKABLE_SUBDOMAIN_MESSAGE);
  } else if (apikey2 !== null && apikey2 !== undefined && String(apikey2).trim() !== '') {
    // A second secret the ATS does not use would only be stored for nothing.
    throw new AtsSettingsError('apikey2', `${label} needs only the ${KEY_NAMES[atsname]}: leave the second field empty.`);
  }
}

/**
 * The connector for a user's settings, after {@link validateAtsCredentials}; nothing is called
 * until one of its methods is.
 */
export function createConnector(credentials: AtsCredentials, options: CreateConnectorOptions = {}): AtsConnector {
  validateAtsCredentials(credentials);
  const { baseUrls = {}, ...clientOptions } = options;
  switch (credentials.atsname) {
    case 'greenhouse':
      return createGreenhouseConnector(credentials, { ...clientOptions, baseUrl: baseUrls.greenhouse });
    case 'lever':
      return createLeverConnector(credentials, { ...clientOptions, baseUrl: baseUrls.lever });
    case 'workable':
      return createWorkableConnector(credentials, { ...clientOptions, baseUrl: baseUrls.workable });
    case 'crelate':
      return createCrelateConnector(credentials, { ...clientOptions, baseUrl: baseUrls.crelate });
    case 'bullhorn':
      // validateAtsCredentials refused it above; kept for an exhaustive switch.
      throw new AtsSettingsError('atsname', 'Bullhorn is not available yet.');
  }
}
