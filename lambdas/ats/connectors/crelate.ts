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
 * applications first, then placements. Pages are read record by record (record-reading.ts): an
 * odd contact is skipped and counted, so it can no longer stop the sync before the placements.
 */
import { AtsError, type AtsApplication, type AtsConnector, type AtsCredentials, type AtsListOptions, type AtsPage } from '../ats-port';
import { AtsHttpStatusError, createReadOnlyClient, type ReadOnlyClientOptions } from '../http/read-only-client';
import * as z from '../../shared/zod';
import { readRecords, type RecordSkip } from './record-reading';
import {
  CrelateApplicationSchema,
  CrelateContactSchema,
  CrelateJobSchema,
  CrelateListSchema,
  CrelatePlacementSchema,
  isCrelateCandidate,
  mapCrelateApplication,
  mapCrelateContact,
  mapCrelateJob,
  mapCrelatePlacement,
} from './crelate-mapping';

/** What the recruiter reads when an optional Crelate list could not be read. */
export const CRELATE_NOTICES = {
  applications:
    'Crelate did not answer the list of portal applications, so only placements (hires) were read: predictions need rejected candidates too, so they may not be available.',
} as const;

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
   * One page of an endpoint from `position`, read record by record with `item` and `map` (an odd
   * record is skipped and counted). `modified_after` goes out unless Crelate refused it before;
   * `ModifiedOn` is checked here either way, so a Crelate that ignores the parameter still yields
   * only changed records. The next position is `null` after the last page.
   */
  async function readPage<S extends z.ZodMiniType, T>(
    item: S,
    map: (record: z.infer<S>) => T | RecordSkip | null,
    position: Position,
    updatedSince: string | null,
    what: string,
    limit = pageSize,
  ): Promise<AtsPage<T> & { next: Position | null }> {
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
    const parsed = CrelateListSchema.safeParse(body);
    if (!parsed.success) {
      throw new AtsError(
        'response',
        `Crelate answered the ${what} request with data we could not read; try again later, and contact support if it keeps happening.`,
      );
    }
    const { Data: data, Metadata: metadata } = parsed.data;
    const { items, skipped } = readRecords(data, item, (record) =>
      changedSince((record as { ModifiedOn?: string | null }).ModifiedOn, since) ? map(record) : null,
    );
    const more = (metadata?.MoreRecords ?? data.length >= limit) && data.length > 0;
    const next = more
      ? { phase: position.phase, offset: position.offset + data.length, localFilter: since !== null && !serverFilter }
      : null;
    return { items, skipped, next, nextCursor: next ? encode(next) : null };
  }

  function start(options: AtsListOptions, phases: readonly Phase[]): Position {
    return options.cursor === null ? { phase: phases[0], offset: 0, localFilter: false } : decode(options.cursor, phases);
  }

  /**
   * Applications first, then placements: both are where a contact met a job. Placements are
   * Crelate's record of a hire and what prediction relies on; the portal application list is not
   * in Crelate's public documentation, so when Crelate refuses it (404, 400, 403, 405) the list
   * goes on to the placements with a notice instead of failing.
   */
  async function applicationsPage(options: AtsListOptions): Promise<AtsPage<AtsApplication>> {
    const position = start(options, ['applications', 'placements']);
    const placementsStart: Position = { phase: 'placements', offset: 0, localFilter: false };
    if (position.phase === 'applications') {
      let page;
      try {
        page = await readPage(CrelateApplicationSchema, mapCrelateApplication, position, options.updatedSince, 'applications');
      } catch (error) {
        if (error instanceof AtsHttpStatusError && [400, 403, 404, 405].includes(error.status))
          return { items: [], nextCursor: encode(placementsStart), notices: [CRELATE_NOTICES.applications] };
        if (error instanceof AtsError && error.reason === 'credentials')
          return { items: [], nextCursor: encode(placementsStart), notices: [CRELATE_NOTICES.applications] };
        throw error;
      }
      return { items: page.items, skipped: page.skipped, nextCursor: encode(page.next ?? placementsStart) };
    }
    const page = await readPage(CrelatePlacementSchema, mapCrelatePlacement, position, options.updatedSince, 'placements');
    return { items: page.items, skipped: page.skipped, nextCursor: page.nextCursor };
  }

  return {
    name: 'crelate',

    async testConnection() {
      await readPage(CrelateJobSchema, mapCrelateJob, { phase: 'jobs', offset: 0, localFilter: false }, null, 'jobs', 1);
      return { accountName: null };
    },

    async listJobs(options) {
      const { items, skipped, nextCursor } = await readPage(
        CrelateJobSchema,
        mapCrelateJob,
        start(options, ['jobs']),
        options.updatedSince,
        'jobs',
      );
      return { items, skipped, nextCursor };
    },

    async listCandidates(options) {
      // A client contact is not a candidate: left out, not counted as skipped.
      const toCandidate = (contact: z.infer<typeof CrelateContactSchema>) =>
        isCrelateCandidate(contact) ? mapCrelateContact(contact) : null;
      const { items, skipped, nextCursor } = await readPage(
        CrelateContactSchema,
        toCandidate,
        start(options, ['contacts']),
        options.updatedSince,
        'contacts',
      );
      return { items, skipped, nextCursor };
    },

    listApplications: applicationsPage,
  };
}
