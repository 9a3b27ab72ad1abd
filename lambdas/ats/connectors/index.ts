/**
 * The connector registry: a User record's `atsname` picks the connector, once the settings passed
 * {@link validateAtsCredentials} (ats-settings.ts: the ATS, its auth style and the keys' shape).
 */
import { AtsError, type AtsConnector, type AtsCredentials, type AtsName } from '../ats-port';
import { validateAtsCredentials } from '../ats-settings';
import type { ReadOnlyClientOptions } from '../http/read-only-client';
import { createBullhornConnector } from './bullhorn';
import type { BullhornGrantStore } from './bullhorn-session';
import { createCrelateConnector } from './crelate';
import { createGreenhouseConnector } from './greenhouse';
import { createLeverConnector } from './lever';
import { createWorkableConnector } from './workable';

/** What the connectors share besides their credentials; the base URLs point at local fakes offline. */
export interface CreateConnectorOptions extends Pick<
  ReadOnlyClientOptions,
  'fetch' | 'sleep' | 'now' | 'random' | 'maxAttempts' | 'maxRetryAfterSeconds' | 'timeoutMs' | 'baseDelayMs'
> {
  /**
   * API roots by ATS (Workable's with a `{subdomain}` placeholder; Bullhorn's is where `loginInfo`
   * is asked); each ATS's own by default.
   */
  readonly baseUrls?: Partial<Record<AtsName, string>>;
  /** The caller's Bullhorn grant (refresh token and data centre); a Bullhorn connector needs it. */
  readonly bullhornGrants?: BullhornGrantStore;
  /** Offline only: the fake Bullhorn's origins, which its answers may point to (Bullhorn's own https hosts otherwise). */
  readonly bullhornOrigins?: readonly string[];
}

/**
 * The connector for a user's settings, after {@link validateAtsCredentials}; nothing is called
 * until one of its methods is.
 */
export function createConnector(credentials: AtsCredentials, options: CreateConnectorOptions = {}): AtsConnector {
  validateAtsCredentials(credentials);
  const { baseUrls = {}, bullhornGrants, bullhornOrigins, ...clientOptions } = options;
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
      if (!bullhornGrants) throw new AtsError('credentials', 'Bullhorn is not authorized yet: connect Bullhorn and sign in to it once.');
      // The data centre is in the grant; `baseUrls.bullhorn` (where `loginInfo` is asked) serves the authorization only.
      return createBullhornConnector(credentials, { ...clientOptions, grants: bullhornGrants, allowedOrigins: bullhornOrigins });
  }
}
