import { randomBytes } from 'node:crypto';
import { TABLES } from '../../../lib/definitions/tables';
import { BULLHORN_CALLBACK_PATH, BULLHORN_USERNAME_PATTERN } from '../../shared/contracts/ats-bullhorn';
import { createDocumentClient } from '../../shared/dynamodb/document-client';
import { ENV } from '../../shared/environment';
import { ValidationError } from '../../shared/errors';
import { lazily } from '../../shared/lazily';
import { HttpEnvironmentSchema, readEnvironment } from '../../shared/read-environment';
import { AtsError } from '../ats-port';
import type { CreateConnectorOptions } from '../connectors';
import type { BullhornHttpOptions } from '../connectors/bullhorn-session';
import type { SealedBullhornGrantStore } from '../store/bullhorn-grant-store';
import { createBullhornPendingStore, type BullhornPendingStore } from '../store/bullhorn-pending-store';
import { cipherFromEnvironment } from './ats-cipher';
import { atsCredentialDependencies, type AtsCredentialDependencies } from './ats-dependencies';
import { atsUnavailable } from './ats-errors';

/**
 * What Bullhorn's two authorization routes share (docs/ats-connectors.md, Bullhorn): their
 * dependencies, how long a started authorization lasts, the return address they accept and the
 * refusals they answer. The routes: start-bullhorn-authorization.ts, complete-bullhorn-authorization.ts.
 */

/** How long the recruiter has to sign in to Bullhorn and come back. */
export const BULLHORN_AUTHORIZATION_MINUTES = 10;

export interface BullhornAuthorizationDependencies extends AtsCredentialDependencies {
  readonly bullhornGrants: (userId: string) => SealedBullhornGrantStore;
  /** The started authorizations (the ATS table). */
  readonly bullhornPending: BullhornPendingStore;
  /** The web app's origins (`ALLOWED_ORIGINS`): the only ones Bullhorn may send the browser back to. */
  readonly webOrigins: readonly string[];
}

/** The routes' dependencies from the environment: the ATS routes' own, the pending store and `ALLOWED_ORIGINS`. */
export function bullhornAuthorizationDependencies(): () => BullhornAuthorizationDependencies {
  const credentialDependencies = atsCredentialDependencies(cipherFromEnvironment);
  return lazily(() => {
    const deps = credentialDependencies();
    const client = createDocumentClient({ endpoint: process.env[ENV.dynamodbEndpoint] });
    const tableName = process.env[TABLES.ats.envVar] ?? '';
    return {
      ...deps,
      bullhornGrants: deps.bullhornGrants!,
      bullhornPending: createBullhornPendingStore({ client, tableName }),
      webOrigins: readEnvironment(HttpEnvironmentSchema)[ENV.allowedOrigins],
    };
  });
}

/** A new `state`: 32 random bytes, base64url (43 characters). */
export function newBullhornState(): string {
  return randomBytes(32).toString('base64url');
}

/** The HTTP options of Bullhorn's sign-in calls: the connector options without what is not HTTP. */
export function bullhornHttpOptions(options: CreateConnectorOptions): BullhornHttpOptions & { readonly loginInfoRoot?: string } {
  const { baseUrls, bullhornGrants: _grants, bullhornOrigins, ...http } = options;
  return { ...http, allowedOrigins: bullhornOrigins, loginInfoRoot: baseUrls?.bullhorn };
}

const refused = (field: string, message: string, code: string) => new ValidationError(message, { [field]: message }, { code });

/**
 * The return address Bullhorn is to send the browser to: the account page on one of the web
 * app's origins (`*` allows any https origin, and http on loopback), nothing else, so a request
 * cannot make Bullhorn deliver the code elsewhere.
 */
export function checkedRedirectUri(value: string, webOrigins: readonly string[]): string {
  let url: URL | null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  const loopback = url !== null && url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
  const allowedOrigin =
    url !== null && (webOrigins.includes(url.origin) || (webOrigins.includes('*') && (url.protocol === 'https:' || loopback)));
  if (!url || !allowedOrigin || url.pathname !== BULLHORN_CALLBACK_PATH || url.search || url.hash || url.username || url.password) {
    throw refused(
      'redirectUri',
      'Bullhorn can only send you back to this app’s account page: reload the page and try again.',
      'invalid_ats_settings',
    );
  }
  return `${url.origin}${BULLHORN_CALLBACK_PATH}`;
}

/** A Bullhorn API user name, trimmed, or a 400 naming the field. */
export function checkedUsername(value: string): string {
  const username = value.trim();
  if (!BULLHORN_USERNAME_PATTERN.test(username)) {
    throw refused(
      'username',
      'Enter the Bullhorn API user name (the login of the Bullhorn user TalentPilot reads as, without spaces).',
      'invalid_ats_settings',
    );
  }
  return username;
}

/** Bullhorn could not say where the user's data centre is: the user name's fault unless Bullhorn is down or limiting us. */
export function dataCentreRefused(error: AtsError): unknown {
  if (error.reason === 'unavailable' || error.reason === 'rate-limited') return atsUnavailable(error);
  return refused(
    'username',
    'Bullhorn did not find a data centre for that API user name: check the name (as you sign in to Bullhorn) and try again.',
    'ats_connection_failed',
  );
}

export const BULLHORN_AUTHORIZATION_MESSAGES = {
  unknownState:
    'This Bullhorn sign-in was not started here, or it was already used: start again with “Sign in with Bullhorn” in your ATS settings.',
  expired: `This Bullhorn sign-in took longer than ${BULLHORN_AUTHORIZATION_MINUTES} minutes and expired: start again with “Sign in with Bullhorn”. Nothing was changed.`,
  denied: 'You did not allow TalentPilot in Bullhorn, so nothing was connected and nothing was changed.',
  failed: 'Bullhorn did not complete the sign-in, so nothing was connected and nothing was changed: start again.',
  codeRefused:
    'Bullhorn did not accept the sign-in: check the OAuth client secret, and that the API user name belongs to the same Bullhorn account as the client id, then start again. Nothing was changed.',
} as const;

/** A refused callback: 400 with its code. */
export function authorizationRefused(message: string, code: string): ValidationError {
  return refused('state', message, code);
}

/** A refused code exchange or first read (AtsError) as its answer. */
export function exchangeRefused(error: AtsError, exchanged: boolean): unknown {
  if (error.reason === 'unavailable' || error.reason === 'rate-limited') return atsUnavailable(error);
  const message = exchanged ? error.message : BULLHORN_AUTHORIZATION_MESSAGES.codeRefused;
  return new ValidationError(message, { apikey2: message }, { code: 'ats_connection_failed', cause: error });
}
