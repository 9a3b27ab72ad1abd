/**
 * The Greenhouse connector (Harvest API v1, read-only). `apikeytype` is `basic`: the Harvest API
 * key is the Basic user name with an empty password (`Authorization: Basic base64("<key>:")`).
 *
 * Lists page by following the `Link` header's `rel="next"` (Greenhouse asks clients to use the
 * links rather than build pages themselves); a list without a `Link` header has one page.
 * `updatedSince` is `updated_after` for jobs and candidates and `last_activity_after` for
 * applications (the filter Harvest offers there); both mean "at or after", as the port does.
 * Harvest allows 50 requests per 10 seconds per key; the client waits out 429s.
 */
import { AtsError, type AtsConnector, type AtsCredentials, type AtsListOptions } from '../ats-port';
import { nextLink } from '../http/link-header';
import {
  AtsHttpStatusError,
  basicAuthHeader,
  createReadOnlyClient,
  type QueryValue,
  type ReadOnlyClientOptions,
} from '../http/read-only-client';
import * as z from '../../shared/zod';
import {
  GreenhouseApplicationsSchema,
  GreenhouseCandidatesSchema,
  GreenhouseJobsSchema,
  mapGreenhouseApplication,
  mapGreenhouseCandidate,
  mapGreenhouseJob,
} from './greenhouse-mapping';

/** Harvest's API root. */
export const GREENHOUSE_BASE_URL = 'https://harvest.greenhouse.io/v1';

const LABEL = 'Greenhouse';
/** Harvest's documented maximum for `per_page`. */
const MAX_PAGE_SIZE = 500;

type GreenhouseList = 'jobs' | 'candidates' | 'applications';

export interface GreenhouseConnectorOptions extends Omit<ReadOnlyClientOptions, 'baseUrl' | 'atsLabel' | 'authorize'> {
  /** The API root (a local fake in tests); Harvest's by default. */
  readonly baseUrl?: string;
  /** Records per page, 1–500. Default 100 (Harvest's own default; candidates are large records). */
  readonly pageSize?: number;
}

/** Creates a Greenhouse connector; throws an {@link AtsError} before any request when the key is missing. */
export function createGreenhouseConnector(credentials: AtsCredentials, options: GreenhouseConnectorOptions = {}): AtsConnector {
  const apiKey = credentials.apikey1.trim();
  if (!apiKey) throw new AtsError('credentials', 'Enter your Greenhouse Harvest API key.');
  const { baseUrl = GREENHOUSE_BASE_URL, pageSize = 100, ...clientOptions } = options;
  const perPage = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pageSize)));
  const root = baseUrl.replace(/\/+$/, '');
  const client = createReadOnlyClient({ ...clientOptions, baseUrl: root, atsLabel: LABEL, authorize: () => basicAuthHeader(apiKey) });

  /** One page of a list: the parsed records and the cursor of the next page. */
  async function readPage<S extends z.ZodMiniType>(
    schema: S,
    list: GreenhouseList,
    listOptions: AtsListOptions,
    first: Readonly<Record<string, QueryValue>>,
  ): Promise<{ records: z.infer<S>; nextCursor: string | null }> {
    const [path, query] = listOptions.cursor === null ? [list, first] : [cursorPath(list, listOptions.cursor), {}];
    let answer;
    try {
      answer = await client.get(path, query);
    } catch (error) {
      if (error instanceof AtsHttpStatusError && error.status === 422) {
        throw new AtsError(
          'response',
          `Greenhouse refused the ${list} request as invalid (a date filter or page it did not accept); start the sync again from the beginning.`,
        );
      }
      throw error;
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      throw new AtsError(
        'response',
        `Greenhouse answered the ${list} request with data we could not read; try again later, and contact support if it keeps happening.`,
      );
    }
    return { records: parsed.data, nextCursor: cursorFrom(nextLink(answer.headers.get('link')), list) };
  }

  /** A `next` link as a cursor: the part after the API root, for the same list only. */
  function cursorFrom(next: string | null, list: GreenhouseList): string | null {
    if (next === null) return null;
    let url: URL;
    try {
      url = new URL(next, `${root}/`);
    } catch {
      throw new AtsError('response', 'Greenhouse sent a link to the next page that is not a valid address.');
    }
    if (!url.href.startsWith(`${root}/${list}?`)) {
      throw new AtsError(
        'response',
        'Greenhouse sent a link to the next page outside its API; we did not follow it, so your API key stays with Greenhouse.',
      );
    }
    return url.href.slice(root.length + 1);
  }

  /** A saved cursor, checked: it must be a page of the same list (it is stored between syncs). */
  function cursorPath(list: GreenhouseList, cursor: string): string {
    if (!new RegExp(`^${list}\\?[^#\\s]*$`).test(cursor)) {
      throw new AtsError('response', 'The saved Greenhouse sync position is not valid; start the sync again from the beginning.');
    }
    return cursor;
  }

  return {
    name: 'greenhouse',

    async testConnection() {
      // Harvest v1 has no organization endpoint, so the account's name is unknown.
      await client.get('jobs', { per_page: 1, skip_count: true });
      return { accountName: null };
    },

    async listJobs(listOptions) {
      const first = { per_page: perPage, skip_count: true, updated_after: isoInstant(listOptions.updatedSince) };
      const page = await readPage(GreenhouseJobsSchema, 'jobs', listOptions, first);
      return { items: page.records.map(mapGreenhouseJob), nextCursor: page.nextCursor };
    },

    async listCandidates(listOptions) {
      const first = { per_page: perPage, updated_after: isoInstant(listOptions.updatedSince) };
      const page = await readPage(GreenhouseCandidatesSchema, 'candidates', listOptions, first);
      return { items: page.records.map(mapGreenhouseCandidate), nextCursor: page.nextCursor };
    },

    async listApplications(listOptions) {
      const first = { per_page: perPage, skip_count: true, last_activity_after: isoInstant(listOptions.updatedSince) };
      const page = await readPage(GreenhouseApplicationsSchema, 'applications', listOptions, first);
      const items = page.records.map(mapGreenhouseApplication).filter((item) => item !== null);
      return { items, nextCursor: page.nextCursor };
    },
  };
}

/** `updatedSince` in the ISO 8601 form Harvest documents; `undefined` leaves the filter out. */
function isoInstant(updatedSince: string | null): string | undefined {
  if (updatedSince === null) return undefined;
  const time = Date.parse(updatedSince);
  if (Number.isNaN(time)) throw new TypeError('updatedSince must be an ISO 8601 instant');
  return new Date(time).toISOString();
}
