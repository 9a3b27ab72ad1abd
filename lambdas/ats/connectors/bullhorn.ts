/**
 * The Bullhorn connector (REST API, read-only). `apikeytype` is `oauth2`: `apikey1` is the OAuth
 * client id, `apikey2` the client secret; the rotating refresh token and the data centre's URLs
 * come from a {@link BullhornGrantStore} (bullhorn-session.ts), sealed like every ATS secret.
 *
 * One REST session per connector (refresh → save the next refresh token → REST login), opened at
 * the first read and reused for the whole sync, since Bullhorn limits concurrent sessions. Reads
 * go through the GET-only client to the corporation's `restUrl` with the `BhRestToken` header; a
 * 401 means the session expired: log in again once, then fail `credentials`. 429s are waited out
 * by the client (Bullhorn: "wait 1 second then retry"; limits are per corporation per minute).
 *
 * Reads (bullhorn/rest-api-docs `_search.md`, `_query.md`):
 * - jobs: `search/JobOrder`, candidates: `search/Candidate` (Lucene `isDeleted:0`, with
 *   `dateLastModified:[yyyyMMddHHmmss TO *]` for `updatedSince`, `sort=id`);
 * - applications: `query/JobSubmission` (`isDeleted = false`), then `query/Placement` (JPQL
 *   `where`, `dateLastModified >= <epoch ms>` for `updatedSince`, `orderBy=id`).
 * Paging is `start`/`count` (at most 500); a search page ends the list when `start + records`
 * reaches `total`, a query list (no documented `total`) with an empty page.
 * The cursor is `<Entity>:<start>`. Each page is read record by record (record-reading.ts).
 */
import { AtsError, type AtsApplication, type AtsConnector, type AtsCredentials, type AtsListOptions, type AtsPage } from '../ats-port';
import { createReadOnlyClient, type QueryValue, type ReadOnlyClient } from '../http/read-only-client';
import type * as z from '../../shared/zod';
import {
  BULLHORN_FIELDS,
  BullhornCandidateSchema,
  BullhornJobOrderSchema,
  BullhornJobSubmissionSchema,
  BullhornPageSchema,
  BullhornPlacementSchema,
  mapBullhornCandidate,
  mapBullhornJobOrder,
  mapBullhornJobSubmission,
  mapBullhornPlacement,
  type BullhornEntity,
} from './bullhorn-mapping';
import { openBullhornSession, type BullhornGrantStore, type BullhornHttpOptions } from './bullhorn-session';
import { readRecords, type RecordSkip } from './record-reading';

export type { BullhornGrant, BullhornGrantStore } from './bullhorn-session';

const LABEL = 'Bullhorn';
/** Bullhorn's largest `count`. */
const MAX_PAGE_SIZE = 500;

export interface BullhornConnectorOptions extends BullhornHttpOptions {
  /** Where the refresh token and the data centre's URLs are kept (sealed). */
  readonly grants: BullhornGrantStore;
  /** Records per page, 1–500. Default 200. */
  readonly pageSize?: number;
}

type ListName = 'jobs' | 'candidates' | 'applications';

/** The entities each list walks, in order. */
const LIST_ENTITIES: Readonly<Record<ListName, readonly BullhornEntity[]>> = {
  jobs: ['JobOrder'],
  candidates: ['Candidate'],
  applications: ['JobSubmission', 'Placement'],
};

/** `search` (Lucene index) or `query` (JPQL), as Bullhorn documents for each entity. */
const OPERATION: Readonly<Record<BullhornEntity, 'search' | 'query'>> = {
  JobOrder: 'search',
  Candidate: 'search',
  JobSubmission: 'query',
  Placement: 'query',
};

/** Creates a Bullhorn connector; throws an {@link AtsError} before any request when the client id or secret is missing. */
export function createBullhornConnector(credentials: AtsCredentials, options: BullhornConnectorOptions): AtsConnector {
  const clientId = credentials.apikey1.trim();
  const clientSecret = credentials.apikey2?.trim() ?? '';
  if (!clientId || !clientSecret) throw new AtsError('credentials', 'Enter your Bullhorn OAuth client id and client secret.');
  const { grants, pageSize = 200, ...httpOptions } = options;
  const count = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pageSize)));
  const doFetch = httpOptions.fetch ?? fetch;

  // The client maps 401 and 403 alike to `credentials`; a 401 (session expired) is told apart here.
  let unauthorized = false;
  const observingFetch: typeof fetch = async (input, init) => {
    const response = await doFetch(input, init);
    if (response.status === 401) unauthorized = true;
    return response;
  };

  let session: Promise<{ client: ReadOnlyClient }> | null = null;
  const open = () =>
    (session ??= openBullhornSession({ ...httpOptions, clientId, clientSecret, grants }).then((rest) => ({
      client: createReadOnlyClient({
        ...httpOptions,
        fetch: observingFetch,
        baseUrl: rest.restUrl,
        atsLabel: LABEL,
        authorize: () => ({ BhRestToken: rest.bhRestToken }),
      }),
    }))).catch((error: unknown) => {
      session = null;
      throw error;
    });

  /** A GET on the session, logging in again once when Bullhorn says the session expired. */
  async function get(path: string, query: Readonly<Record<string, QueryValue>>) {
    for (let attempt = 1; ; attempt++) {
      const { client } = await open();
      unauthorized = false;
      try {
        return await client.get(path, query);
      } catch (error) {
        if (!(error instanceof AtsError) || error.reason !== 'credentials' || !unauthorized) throw error;
        session = null;
        if (attempt >= 2) {
          throw new AtsError('credentials', 'Bullhorn refused TalentPilot’s session even after signing in again: connect Bullhorn again.');
        }
      }
    }
  }

  function parseCursor(list: ListName, cursor: string | null): { entity: BullhornEntity; start: number } {
    if (cursor === null) return { entity: LIST_ENTITIES[list][0], start: 0 };
    const match = /^([A-Za-z]+):(\d{1,9})$/.exec(cursor);
    const entity = match?.[1] as BullhornEntity | undefined;
    if (!match || entity === undefined || !LIST_ENTITIES[list].includes(entity)) {
      throw new AtsError('response', 'The saved Bullhorn sync position is not valid; start the sync again from the beginning.');
    }
    return { entity, start: Number(match[2]) };
  }

  /** One page of one entity: its records (unread) and where the list goes next. */
  async function readPage(
    list: ListName,
    listOptions: AtsListOptions,
  ): Promise<{ entity: BullhornEntity; records: unknown[]; next: string | null }> {
    const { entity, start } = parseCursor(list, listOptions.cursor);
    const since = sinceMs(listOptions.updatedSince);
    const operation = OPERATION[entity];
    const filter =
      operation === 'search'
        ? { query: since === null ? 'isDeleted:0' : `isDeleted:0 AND dateLastModified:[${luceneDate(since)} TO *]`, sort: 'id' }
        : { where: [baseWhere(entity), ...(since === null ? [] : [`dateLastModified >= ${since}`])].join(' AND '), orderBy: 'id' };
    const answer = await get(`${operation}/${entity}`, { ...filter, fields: BULLHORN_FIELDS[entity], start, count });
    const parsed = BullhornPageSchema.safeParse(answer.body);
    if (!parsed.success) {
      throw new AtsError(
        'response',
        `Bullhorn answered the ${list} request with data we could not read; try again later, and contact support if it keeps happening.`,
      );
    }
    const page = parsed.data;
    const reached = start + page.data.length;
    // A query answer has no documented `total`, and Bullhorn may return fewer records than asked:
    // a query list ends with an empty page, one request more than needed.
    const more = page.data.length > 0 && (page.total === undefined || reached < page.total);
    const entities = LIST_ENTITIES[list];
    const following = entities[entities.indexOf(entity) + 1];
    const next = more ? `${entity}:${reached}` : following ? `${following}:0` : null;
    return { entity, records: page.data, next };
  }

  function page<S extends z.ZodMiniType, T>(
    records: unknown[],
    next: string | null,
    schema: S,
    map: (record: z.infer<S>) => T | RecordSkip | null,
  ): AtsPage<T> {
    const { items, skipped } = readRecords(records, schema, map);
    return skipped.length > 0 ? { items, nextCursor: next, skipped } : { items, nextCursor: next };
  }

  return {
    name: 'bullhorn',

    async testConnection() {
      await get('search/JobOrder', { query: 'isDeleted:0', fields: 'id', count: 1 });
      // Bullhorn's REST login does not name the corporation.
      return { accountName: null };
    },

    async listJobs(listOptions) {
      const { records, next } = await readPage('jobs', listOptions);
      return page(records, next, BullhornJobOrderSchema, mapBullhornJobOrder);
    },

    async listCandidates(listOptions) {
      const { records, next } = await readPage('candidates', listOptions);
      return page(records, next, BullhornCandidateSchema, mapBullhornCandidate);
    },

    async listApplications(listOptions): Promise<AtsPage<AtsApplication>> {
      const { entity, records, next } = await readPage('applications', listOptions);
      return entity === 'Placement'
        ? page(records, next, BullhornPlacementSchema, mapBullhornPlacement)
        : page(records, next, BullhornJobSubmissionSchema, mapBullhornJobSubmission);
    },
  };
}

/** A query's filter besides the date: soft-deleted submissions left out; `query` needs a `where`. */
function baseWhere(entity: BullhornEntity): string {
  return entity === 'JobSubmission' ? 'isDeleted = false' : 'id > 0';
}

function sinceMs(updatedSince: string | null): number | null {
  if (updatedSince === null) return null;
  const time = Date.parse(updatedSince);
  if (Number.isNaN(time)) throw new TypeError('updatedSince must be an ISO 8601 instant');
  return time;
}

/** Lucene's date form in Bullhorn's search index, `yyyyMMddHHmmss` (UTC). */
export function luceneDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
