import { ATS_NAMES, type AtsName } from '../ats-port';
import { EnvironmentError } from '../../shared/read-environment';
import { ATS_ENV } from './ats-environment-names';

/**
 * `ATS_BASE_URLS` (local runtime only): a JSON object of API roots by ATS name, e.g.
 * `{"greenhouse":"http://127.0.0.1:5186/v3","workable":"http://127.0.0.1:5188/{subdomain}/spi/v3"}`.
 * Unset or empty: every connector uses its ATS's own origin (AWS). Anything else that is not such
 * an object of known names and http(s) URLs is a deployment mistake, refused with an
 * {@link EnvironmentError} naming the variable (never silently ignored: the keys would go to the
 * real ATS instead of the fake).
 */
export function parseAtsBaseUrls(value: string | undefined): Partial<Record<AtsName, string>> {
  if (value === undefined || value.trim() === '') return {};
  const invalid = (why: string) => new EnvironmentError(`Invalid Lambda environment: ${ATS_ENV.baseUrls} is invalid: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalid('it must be a JSON object of API roots by ATS name');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalid('it must be a JSON object of API roots by ATS name');
  const urls: Partial<Record<AtsName, string>> = {};
  for (const [name, url] of Object.entries(parsed)) {
    if (!(ATS_NAMES as readonly string[]).includes(name)) throw invalid(`"${name}" is not an ATS (use ${ATS_NAMES.join(', ')})`);
    if (typeof url !== 'string' || !isHttpUrl(url)) throw invalid(`the ${name} entry must be an http or https URL`);
    urls[name as AtsName] = url;
  }
  return urls;
}

function isHttpUrl(value: string): boolean {
  try {
    // Workable's root names the account with a `{subdomain}` placeholder, in the host or the path.
    const url = new URL(value.replaceAll('{subdomain}', 'subdomain'));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * `ATS_BULLHORN_ORIGINS` (local runtime only): the fake Bullhorn's origins, comma-separated.
 * Unset or empty: `undefined` (Bullhorn's own https hosts only). An entry that is not an http(s)
 * origin is a deployment mistake, refused with an {@link EnvironmentError}.
 */
export function parseBullhornOrigins(value: string | undefined): readonly string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const origins = value.split(',').map((entry) => entry.trim());
  for (const origin of origins) {
    let url: URL | null = null;
    try {
      url = new URL(origin);
    } catch {
      url = null;
    }
    if (url === null || url.origin !== origin || !(url.protocol === 'http:' || url.protocol === 'https:')) {
      throw new EnvironmentError(`Invalid Lambda environment: ${ATS_ENV.bullhornOrigins} must list http(s) origins, comma-separated`);
    }
  }
  return origins;
}
