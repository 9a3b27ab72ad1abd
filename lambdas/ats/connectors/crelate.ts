/**
 * The Crelate connector (API3, read-only). `apikey1` is the user's API key, sent in the
 * `X-Api-Key` header. Crelate also takes it as an `api_key` query parameter (its help centre's
 * example), but it echoes request URLs back in its answers (`Metadata.Url`), so the key stays
 * out of every URL.
 *
 * Lists page with `limit`/`offset` while `Metadata.MoreRecords` says more remain. `updatedSince`
 * goes out as `modified_after` and is also applied here on `ModifiedOn`: the parameter's name is
 * not in Crelate's public examples, so a Crelate that ignores it still yields only changed
 * records, and one that refuses it (HTTP 400) is asked again without it (the cursor remembers).
 *
 * Candidates are contacts with the candidate record type. Applications are Crelate's portal
 * applications followed by its placements (each a hired application); the cursor walks
 * applications first, then placements.
 */
import { AtsError, type AtsApplication, type AtsConnector, type AtsCredentials, type AtsListOptions, type AtsPage } from '../ats-port';
import { AtsHttpStatusError, createReadOnlyClient, type ReadOnlyClientOptions } from '../http/read-only-client';
import * as z from '../../shared/zod';
import {
  CrelateApplicationSchema,
  CrelateContactSchema,
  CrelateJobSchema,
  CrelatePlacementSchema,
  crelateListSchema,
  isCrelateCandidate,
  mapCrelateApplication,
  mapCrelateContact,
  mapCrelateJob,
  mapCrelatePlacement,
} from './crelate-mapping';

/** Crelate's API root. */
export const CRELATE_BASE_URL = 'https://app.crelate.com/api3';

const LABEL = 'Crelate';

export interface CrelateConnectorOptions extends Omit<ReadOnlyClientOptions, 'baseUrl' | 'atsLabel' | 'authorize'> {
  /** The API root (a local fake in tests); Crelate's by default. */
  readonly baseUrl?: string;
  /** Records per page. Default 100. */
  readonly pageSize?: number;
}

type Phase = 'jobs' | 'contacts' | 'applications' | 'placements';

/** Where a list stands: the endpoint, the offset, and whether `modified_after` is filtered here. */
interface Position {
  readonly phase: Phase;
  readonly offset: number;
  readonly localFilter: boolean;
}

function encode(position: Position): string {
  return `${position.phase}:${position.offset}${position.localFilter ? ':local' : ''}`;
}

function decode(cursor: string, phases: readonly Phase[]): Position {
  const match = /^(jobs|contacts|applications|placements):(\d{1,9})(:local)?$/.exec(cursor);
  if (!match || !phases.includes(match[1] as Phase)) {
    throw new AtsError('response', 'The saved Crelate sync position is not valid; start the sync again from the beginning.');
  }
  return { phase: match[1] as Phase, offset: Number(match[2]), localFilter: match[3] !== undefined };
}

function sinceTime(updatedSince: string | null): number | null {
  if (updatedSince === null) return null;
  const time = Date.parse(updatedSince);
  if (Number.isNaN(time)) throw new TypeError('updatedSince must be an ISO 8601 instant');
  return time;
}

/** Kept when changed at or after `since`; a record without `ModifiedOn` is kept (it may have changed). */
function changedSince(modifiedOn: string | null | undefined, since: number | null): boolean {
  if (since === null || !modifiedOn) return true;
  const time = Date.parse(modifiedOn);
  return Number.isNaN(time) || time >= since;
}

/** Creates a Crelate connector; throws an {@link AtsError} before any request when there is no key. */
export function createCrelateConnector(credentials: AtsCredentials, options: CrelateConnectorOptions = {}): AtsConnector {
  const apiKey = credentials.apikey1.trim();
  if (!apiKey) throw new AtsError('credentials', 'Enter your Crelate API key (Settings → My Settings & Preferences in Crelate).');
  const { baseUrl = CRELATE_BASE_URL, pageSize = 100, ...clientOptions } = options;
  const client = createReadOnlyClient({
    ...clientOptions,
    baseUrl,
    atsLabel: LABEL,
    authorize: () => ({ 'x-api-key': apiKey }),
  });

  /**
   * One page of an endpoint from `position`. `modified_after` goes out unless Crelate refused it
   * before; `ModifiedOn` is checked here either way, so a Crelate that ignores the parameter still
   * yields only changed records. The next position is `null` after the last page.
   */
  async function readPage<S extends z.ZodMiniType>(
    item: S,
    position: Position,
    updatedSince: string | null,
    what: string,
    limit = pageSize,
  ): Promise<{ records: z.infer<S>[]; next: Position | null }> {
    const since = sinceTime(updatedSince);
    const query = { limit, offset: position.offset };
    let serverFilter = since !== null && !position.localFilter;
    let body: unknown;
    try {
      ({ body } = await client.get(position.phase, serverFilter ? { ...query, modified_after: updatedSince } : query));
    } catch (error) {
      if (!(error instanceof AtsHttpStatusError && error.status === 400 && serverFilter)) throw error;
      // Crelate refused `modified_after`: read without it from now on.
      serverFilter = false;
      ({ body } = await client.get(position.phase, query));
    }
    const parsed = crelateListSchema(item).safeParse(body);
    if (!parsed.success) {
      throw new AtsError(
        'response',
        `Crelate answered the ${what} request with data we could not read; try again later, and contact support if it keeps happening.`,
      );
    }
    const { Data: data, Metadata: metadata } = parsed.data;
    const records = (data as z.infer<S>[]).filter((record) => changedSince((record as { ModifiedOn?: string | null }).ModifiedOn, since));
    const more = (metadata?.MoreRecords ?? data.length >= limit) && data.length > 0;
    const next = more
      ? { phase: position.phase, offset: position.offset + data.length, localFilter: since !== null && !serverFilter }
      : null;
    return { records, next };
  }

  function start(options: AtsListOptions, phases: readonly Phase[]): Position {
    return options.cursor === null ? { phase: phases[0], offset: 0, localFilter: false } : decode(options.cursor, phases);
  }

  /** Applications first, then placements: both are where a contact met a job. */
  async function applicationsPage(options: AtsListOptions): Promise<AtsPage<AtsApplication>> {
    const position = start(options, ['applications', 'placements']);
    if (position.phase === 'applications') {
      let page;
      try {
        page = await readPage(CrelateApplicationSchema, position, options.updatedSince, 'applications');
      } catch (error) {
        // An account without the portal's applications (or an API without them): placements still count.
        if (error instanceof AtsHttpStatusError && error.status === 404)
          return { items: [], nextCursor: encode({ phase: 'placements', offset: 0, localFilter: false }) };
        throw error;
      }
      const items = page.records.map(mapCrelateApplication).filter((item) => item !== null);
      const next = page.next ?? { phase: 'placements', offset: 0, localFilter: false };
      return { items, nextCursor: encode(next) };
    }
    const page = await readPage(CrelatePlacementSchema, position, options.updatedSince, 'placements');
    const items = page.records.map(mapCrelatePlacement).filter((item) => item !== null);
    return { items, nextCursor: page.next ? encode(page.next) : null };
  }

  return {
    name: 'crelate',

    async testConnection() {
      await readPage(CrelateJobSchema, { phase: 'jobs', offset: 0, localFilter: false }, null, 'jobs', 1);
      return { accountName: null };
    },

    async listJobs(options) {
      const page = await readPage(CrelateJobSchema, start(options, ['jobs']), options.updatedSince, 'jobs');
      return { items: page.records.map(mapCrelateJob), nextCursor: page.next ? encode(page.next) : null };
    },

    async listCandidates(options) {
      const page = await readPage(CrelateContactSchema, start(options, ['contacts']), options.updatedSince, 'contacts');
      const items = page.records.filter(isCrelateCandidate).map(mapCrelateContact);
      return { items, nextCursor: page.next ? encode(page.next) : null };
    },

    listApplications: applicationsPage,
  };
}
