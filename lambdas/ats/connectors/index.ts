/**
 * The connector registry: a User record's `atsname` picks the connector, once the settings passed
 * {@link validateAtsCredentials} (ats-settings.ts: the ATS, its auth style and the keys' shape).
 */
import type { AtsConnector, AtsCredentials, AtsName } from '../ats-port';
import { AtsSettingsError, validateAtsCredentials } from '../ats-settings';
import type { ReadOnlyClientOptions } from '../http/read-only-client';
import { createCrelateConnector } from './crelate';
import { createGreenhouseConnector } from './greenhouse';
import { createLeverConnector } from './lever';
import { createWorkableConnector } from './workable';

/** What the connectors share besides their credentials; the base URLs point at local fakes offline. */
export interface CreateConnectorOptions extends Pick<
  ReadOnlyClientOptions,
  'fetch' | 'sleep' | 'now' | 'random' | 'maxAttempts' | 'maxRetryAfterSeconds' | 'timeoutMs' | 'baseDelayMs'
> {
  /** API roots by ATS (Workable's with a `{subdomain}` placeholder); each ATS's own by default. */
  readonly baseUrls?: Partial<Record<AtsName, string>>;
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
