/**
 * The credential vault: how a User record's ATS fields are written, read and shown.
 *
 * - {@link sealCredentials} validates a save request and seals `apikey1`/`apikey2` for their
 *   owner (each bound to user and field), with the non-secret hint (the last four characters the
 *   mask shows) appended to the sealed value. A mask sent back by the settings form means "keep
 *   the saved key", as long as the ATS did not change.
 * - {@link openCredentials} turns a stored record into {@link AtsCredentials} for a connector,
 *   for the length of one call; it checks the hint against the opened key, so an altered hint is
 *   refused like an altered ciphertext.
 * - {@link maskedCredentialView} is what any API answer shows: the ATS, the auth style and masks
 *   built from the hints, without decrypting anything.
 *
 * Nothing here logs; errors name fields and reasons, never values.
 */
import { APIKEY_TYPES, ATS_NAMES, type ApiKeyType, type AtsCredentials, type AtsName } from '../ats-port';
import { ATS_LABELS, AtsSettingsError } from '../ats-settings';
import { isMaskedSecret } from '../../shared/domain/secret-fields';
import type { User } from '../../shared/contracts/user';
import { CredentialVaultError, ENTER_AGAIN_MESSAGE, type CredentialCipher, type CredentialField } from './credential-cipher';
import { validateCredentialInput, type CredentialInput } from './credential-validation';
import { hintOf, maskStoredCredential, parseSealed, withHint } from './sealed-format';

/** The ATS fields of a stored User record. */
export type StoredCredentials = Pick<User, 'atsname' | 'apikeytype' | 'apikey1' | 'apikey2'>;

/** What {@link sealCredentials} answers: the values to write into the User record. */
export interface SealedCredentials {
  readonly atsname: AtsName;
  readonly apikeytype: ApiKeyType;
  /** `enc:v1:<scheme>:<payload>[:<hint>]` */
  readonly apikey1: string;
  readonly apikey2: string | null;
}

/** What an API answer may show of a user's ATS settings. */
export interface MaskedCredentialView {
  readonly atsname: string | null;
  readonly apikeytype: string | null;
  /** `••••` + the hint, `••••` alone for a short key, null when none is saved. */
  readonly apikey1: string | null;
  readonly apikey2: string | null;
}

export interface VaultOptions {
  readonly cipher: CredentialCipher;
  /** The owner's id (Cognito sub), from the caller's identity, never from the request. */
  readonly userId: string;
}

export interface SealOptions extends VaultOptions {
  /** The record as stored before this save, to keep a key the form sent back masked. */
  readonly previous?: StoredCredentials | null;
}

/** Opens one field and checks its hint: a hint that does not match the key was altered. */
async function openField(options: VaultOptions, field: CredentialField, sealed: string): Promise<string> {
  const plaintext = await options.cipher.decrypt(sealed, { userId: options.userId, field });
  const parsed = parseSealed(sealed);
  if (parsed === null || parsed.hint !== hintOf(plaintext)) {
    throw new CredentialVaultError('integrity', ENTER_AGAIN_MESSAGE, {
      cause: new Error(`The hint stored with ${field} does not match it.`),
    });
  }
  return plaintext;
}

/**
 * The saved key to keep for a field the form sent back masked, opened for validation, or a
 * settings error when there is nothing of this ATS to keep.
 */
async function keptField(
  options: SealOptions,
  input: CredentialInput,
  field: CredentialField,
): Promise<{ readonly sealed: string; readonly plaintext: string }> {
  const previous = options.previous ?? null;
  const sealed = previous?.[field];
  if (previous === null || typeof sealed !== 'string' || sealed === '') {
    throw new AtsSettingsError(field, 'No key is saved yet to keep: enter the key itself.');
  }
  if (previous.atsname !== input.atsname) {
    const label = ATS_LABELS[input.atsname as AtsName] ?? 'the new ATS';
    throw new AtsSettingsError(
      field,
      `You chose another ATS: enter the key for ${label}; the saved one belongs to the ATS you had before.`,
    );
  }
  return { sealed, plaintext: await openField(options, field, sealed) };
}

/**
 * Validates a save request and seals its keys for `userId`. Throws an {@link AtsSettingsError}
 * (field and message for the form) for settings that cannot work, a {@link CredentialVaultError}
 * when the cipher fails.
 */
export async function sealCredentials(input: CredentialInput, options: SealOptions): Promise<SealedCredentials> {
  return (await prepareCredentials(input, options)).sealed;
}

/** What {@link prepareCredentials} answers: the values to store and, for one test call, the keys they hold. */
export interface PreparedCredentials {
  readonly sealed: SealedCredentials;
  /** The validated credentials in the clear (a kept key opened): for the connection test before saving, then dropped. */
  readonly credentials: AtsCredentials;
}

/**
 * {@link sealCredentials}, also answering the validated credentials in the clear, so a save can
 * test them against the ATS before anything is stored without opening what it just sealed.
 */
export async function prepareCredentials(input: CredentialInput, options: SealOptions): Promise<PreparedCredentials> {
  const kept: Partial<Record<CredentialField, string>> = {};
  const plain: Record<CredentialField, unknown> = { apikey1: input.apikey1, apikey2: input.apikey2 };
  for (const field of ['apikey1', 'apikey2'] as const) {
    if (isMaskedSecret(input[field])) {
      const saved = await keptField(options, input, field);
      kept[field] = saved.sealed;
      plain[field] = saved.plaintext;
    }
  }
  const credentials = validateCredentialInput({ ...input, ...plain });

  const seal = async (field: CredentialField, value: string): Promise<string> => {
    const keep = kept[field];
    if (keep !== undefined) return keep;
    const sealed = await options.cipher.encrypt(value, { userId: options.userId, field });
    return withHint(sealed, hintOf(value));
  };
  const [apikey1, apikey2] = await Promise.all([
    seal('apikey1', credentials.apikey1),
    credentials.apikey2 === null ? Promise.resolve(null) : seal('apikey2', credentials.apikey2),
  ]);
  return { sealed: { atsname: credentials.atsname, apikeytype: credentials.apikeytype, apikey1, apikey2 }, credentials };
}

/**
 * The decrypted credentials of a stored record, for one connector call. Throws a
 * {@link CredentialVaultError}: `missing` when no ATS is saved, `format` for a record that holds
 * no sealed values (keys saved before encryption must be entered again), `integrity` when a value
 * does not open for this user and field.
 */
export async function openCredentials(record: StoredCredentials | null | undefined, options: VaultOptions): Promise<AtsCredentials> {
  if (!record?.atsname || !record.apikey1) {
    throw new CredentialVaultError('missing', 'No ATS is connected yet: choose your ATS and enter its key in your ATS settings.');
  }
  const { atsname, apikeytype } = record;
  if (!(ATS_NAMES as readonly string[]).includes(atsname) || !(APIKEY_TYPES as readonly string[]).includes(apikeytype ?? '')) {
    throw new CredentialVaultError('format', 'Your saved ATS settings are incomplete. Choose your ATS and enter its key again.');
  }
  const [apikey1, apikey2] = await Promise.all([
    openField(options, 'apikey1', record.apikey1),
    record.apikey2 ? openField(options, 'apikey2', record.apikey2) : Promise.resolve(null),
  ]);
  return { atsname: atsname as AtsName, apikeytype: apikeytype as ApiKeyType, apikey1, apikey2 };
}

/** The ATS settings as any API answer shows them: masks from the stored hints, no decryption. */
export function maskedCredentialView(record: StoredCredentials | null | undefined): MaskedCredentialView {
  return {
    atsname: record?.atsname ?? null,
    apikeytype: record?.apikeytype ?? null,
    apikey1: maskStoredCredential(record?.apikey1),
    apikey2: maskStoredCredential(record?.apikey2),
  };
}
