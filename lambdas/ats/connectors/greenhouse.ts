/**
 * The Greenhouse connector (Harvest API v3, read-only; v1 and v2 were removed on 2026-08-31).
 * `apikeytype` is `oauth2`: `apikey1` holds the client ID and the Greenhouse user ID the token acts
 * for (`<client id>:<user id>`, see `splitClientIdAndUserId`), `apikey2` the client secret. A token
 * comes from Greenhouse's auth server (greenhouse-token.ts, the one POST) and goes in
 * `Authorization: Bearer` on the GET-only client; a 401 fetches a new token once.
 *
 * Lists page by following the `Link` header's `rel="next"`, whose only query parameter is an
 * opaque `cursor` (filters and `per_page` go on the first request only, per
 * https://harvestdocs.greenhouse.io/docs/pagination). `updatedSince` is `updated_at=gte|<instant>`
 * (https://harvestdocs.greenhouse.io/docs/list-endpoints). Each page is joined with what v3 keeps
 * in other lists: jobs with their offices, department and job posts (the posting text);
 * candidates with their applications (answers, the city they gave); applications with the
 * rejection reasons (a withdrawal is "They rejected us") and the openings that name them (a hire's
 * date is the opening's `closed_at`). Records are read one by one (record-reading.ts): an odd one
 * is skipped and counted, the page goes on.
 */
import { AtsError, type AtsConnector, type AtsCredentials, type AtsListOptions, type AtsSkippedRecords } from '../ats-port';
import { nextLink } from '../http/link-header';
import {
  AtsHttpStatusError,
  AtsUnauthorizedError,
  createReadOnlyClient,
  type QueryValue,
  type ReadOnlyClientOptions,
  type ReadOnlyResponse,
} from '../http/read-only-client';
import { splitClientIdAndUserId } from '../../shared/contracts/ats';
import * as z from '../../shared/zod';
import {
  GreenhouseApplicationSchema,
  GreenhouseCandidateSchema,
  GreenhouseDepartmentSchema,
  GreenhouseJobPostSchema,
  GreenhouseJobSchema,
  GreenhouseOfficeSchema,
  GreenhouseOpeningSchema,
  GreenhouseRejectionReasonSchema,
  mapGreenhouseApplication,
  mapGreenhouseCandidate,
  mapGreenhouseJob,
  type GreenhouseApplication,
  type GreenhouseJobPost,
} from './greenhouse-mapping';
import { createGreenhouseTokenSource, GREENHOUSE_TOKEN_URL, GreenhouseTokenError } from './greenhouse-token';
import { mergeSkipped, readRecords } from './record-reading';

/** Harvest v3's API root. */
export const GREENHOUSE_BASE_URL = 'https://harvest.greenhouse.io/v3';

const LABEL = 'Greenhouse';
/** Harvest's documented maximum for `per_page`. */
const MAX_PAGE_SIZE = 500;
/** Ids per filtered request (`candidate_ids=…`), so a URL stays short. */
const IDS_PER_REQUEST = 50;
/** Pages of one joined list read for one page of records; more means a looping answer. */
const MAX_JOINED_PAGES = 20;

type GreenhouseList = 'jobs' | 'job_posts' | 'candidates' | 'applications' | 'openings' | 'rejection_reasons' | 'offices' | 'departments';

export interface GreenhouseConnectorOptions extends Omit<ReadOnlyClientOptions, 'baseUrl' | 'atsLabel' | 'authorize'> {
  /** The API root (a local stand-in in tests); Harvest's by default. */
  readonly baseUrl?: string;
  /** The token endpoint: Greenhouse's for Harvest's own root, `<origin>/token` for a stand-in's root. */
  readonly tokenUrl?: string;
  /** Records per page, 1–500. Default 100. */
  readonly pageSize?: number;
}

/** The token endpoint that goes with an API root: a stand-in (local runtime, tests) serves it at `/token`. */
export function greenhouseTokenUrlFor(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '') === GREENHOUSE_BASE_URL ? GREENHOUSE_TOKEN_URL : new URL('/token', baseUrl).href;
}

const REFUSED_TOKEN =
  'Greenhouse refused the access token issued for these credentials: check that the Harvest v3 credentials are active, then connect again.';

/** Creates a Greenhouse connector; throws an {@link AtsError} before any request when a credential is missing. */
export function createGreenhouseConnector(credentials: AtsCredentials, options: GreenhouseConnectorOptions = {}): AtsConnector {
  const ids = splitClientIdAndUserId(credentials.apikey1);
  if (!ids) throw new AtsError('credentials', 'Enter your Greenhouse client ID and the Greenhouse user ID the connection acts for.');
  const clientSecret = credentials.apikey2?.trim() ?? '';
  if (!clientSecret) throw new AtsError('credentials', 'Enter your Greenhouse client secret.');
  const { baseUrl = GREENHOUSE_BASE_URL, tokenUrl, pageSize = 100, ...clientOptions } = options;
  const perPage = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pageSize)));
  const root = baseUrl.replace(/\/+$/, '');
  const tokens = createGreenhouseTokenSource({
    tokenUrl: tokenUrl ?? greenhouseTokenUrlFor(root),
    clientId: ids.clientId,
    clientSecret,
    userId: ids.userId,
    fetch: clientOptions.fetch,
    now: clientOptions.now,
    timeoutMs: clientOptions.timeoutMs,
  });
  const client = createReadOnlyClient({
    ...clientOptions,
    baseUrl: root,
    atsLabel: LABEL,
    authorize: async () => ({ authorization: `Bearer ${await tokens.token()}` }),
  });

  /** One GET; a refused token is replaced once, and Greenhouse's refusals said in its terms. */
  async function get(list: GreenhouseList, path: string, query?: Readonly<Record<string, QueryValue>>): Promise<ReadOnlyResponse> {
    try {
      try {
        return await client.get(path, query);
      } catch (error) {
        if (!(error instanceof AtsUnauthorizedError)) throw error;
        tokens.invalidate();
        return await client.get(path, query);
      }
    } catch (error) {
      if (error instanceof AtsUnauthorizedError) throw new AtsError('credentials', REFUSED_TOKEN);
      if (error instanceof AtsHttpStatusError && (error.status === 422 || error.status === 400)) {
        throw new AtsError(
          'response',
          `Greenhouse refused the ${list} request as invalid (a filter or page position it did not accept); start the sync again from the beginning.`,
        );
      }
      if (error instanceof AtsError && error.reason === 'credentials' && !(error instanceof GreenhouseTokenError)) {
        // A 403: the token works, the credentials lack this list's scope or the user its permission.
        throw new AtsError(
          'credentials',
          `Greenhouse accepted the credentials but refused the ${list} list: give the Harvest v3 credentials the list scopes for jobs, job posts, candidates, applications, openings, offices, departments and rejection reasons, and use a user who may see them.`,
        );
      }
      throw error;
    }
  }

  /** One page of a list: its records (still unread) and the cursor of the next page. */
  async function readPage(
    list: GreenhouseList,
    cursor: string | null,
    first: Readonly<Record<string, QueryValue>>,
  ): Promise<{ records: readonly unknown[]; nextCursor: string | null }> {
    const answer = cursor === null ? await get(list, list, first) : await get(list, cursorPath(list, cursor));
    if (!Array.isArray(answer.body)) {
      throw new AtsError(
        'response',
        `Greenhouse answered the ${list} request with data we could not read; try again later, and contact support if it keeps happening.`,
      );
    }
    return { records: answer.body, nextCursor: cursorFrom(nextLink(answer.headers.get('link')), list) };
  }

  /** A `next` link as a cursor: `<list>?cursor=…`, the cursor being its only parameter. */
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
        'Greenhouse sent a link to the next page outside its API; we did not follow it, so your credentials stay with Greenhouse.',
      );
    }
    const cursor = url.searchParams.get('cursor');
    if ([...url.searchParams.keys()].join() !== 'cursor' || !cursor) {
      throw new AtsError(
        'response',
        'Greenhouse sent a link to the next page that is not a cursor; start the sync again from the beginning.',
      );
    }
    return `${list}?${new URLSearchParams({ cursor }).toString()}`;
  }

  /** A saved cursor, checked: a page of the same list (it is stored between syncs). */
  function cursorPath(list: GreenhouseList, cursor: string): string {
    if (!new RegExp(`^${list}\\?cursor=[A-Za-z0-9._~%-]+$`).test(cursor)) {
      throw new AtsError('response', 'The saved Greenhouse sync position is not valid; start the sync again from the beginning.');
    }
    return cursor;
  }

  /** Every page of a joined list (`openings?application_ids=…`, `offices`), read record by record. */
  async function readJoined<S extends z.ZodMiniType>(
    list: GreenhouseList,
    schema: S,
    query: Readonly<Record<string, QueryValue>>,
  ): Promise<{ items: z.infer<S>[]; skipped: AtsSkippedRecords[] }> {
    const records: unknown[] = [];
    let cursor: string | null = null;
    for (let pages = 0; ; pages++) {
      if (pages === MAX_JOINED_PAGES) {
        throw new AtsError(
          'response',
          `Greenhouse kept sending further pages of ${list}; try again later, and contact support if it keeps happening.`,
        );
      }
      const page = await readPage(list, cursor, { per_page: MAX_PAGE_SIZE, ...query });
      records.push(...page.records);
      cursor = page.nextCursor;
      if (cursor === null) break;
    }
    const read = readRecords(records, schema, (record) => record);
    return { items: read.items, skipped: read.skipped.map(({ reason, count }) => ({ reason: `${singular(list)}: ${reason}`, count })) };
  }

  /** {@link readJoined} filtered by ids, a few dozen ids per request. */
  async function readByIds<S extends z.ZodMiniType>(list: GreenhouseList, schema: S, idParam: string, wanted: readonly number[]) {
    const items: z.infer<S>[] = [];
    let skipped: AtsSkippedRecords[] = [];
    for (let start = 0; start < wanted.length; start += IDS_PER_REQUEST) {
      const part = await readJoined(list, schema, { [idParam]: wanted.slice(start, start + IDS_PER_REQUEST).join(',') });
      items.push(...part.items);
      skipped = mergeSkipped(skipped, part.skipped);
    }
    return { items, skipped };
  }

  /** The account's offices, departments and rejection reasons: small lists, read once per connection. */
  const reference = {
    offices: once(() => readJoined('offices', GreenhouseOfficeSchema, {})),
    departments: once(() => readJoined('departments', GreenhouseDepartmentSchema, {})),
    rejectionReasons: once(() => readJoined('rejection_reasons', GreenhouseRejectionReasonSchema, {})),
  };

  const firstQuery = (updatedSince: string | null) => ({ per_page: perPage, updated_at: updatedAtFilter(updatedSince) });

  return {
    name: 'greenhouse',

    async testConnection() {
      // Fetches a token and reads one job; Harvest v3 has no organization endpoint to name the account.
      await get('jobs', 'jobs', { per_page: 1 });
      return { accountName: null };
    },

    async listJobs(listOptions: AtsListOptions) {
      const page = await readPage('jobs', listOptions.cursor, firstQuery(listOptions.updatedSince));
      const jobIds = idsOf(page.records, 'id');
      const [offices, departments, posts] = [
        await reference.offices(),
        await reference.departments(),
        await readByIds('job_posts', GreenhouseJobPostSchema, 'job_ids', jobIds),
      ];
      const postsByJob = groupBy(posts.items, (post: GreenhouseJobPost) => post.job_id);
      const context = {
        offices: new Map(offices.items.map((office) => [office.id, office])),
        departments: new Map(departments.items.map((department) => [department.id, department])),
        postsByJob,
      };
      const read = readRecords(page.records, GreenhouseJobSchema, (job) => mapGreenhouseJob(job, context));
      return { items: read.items, nextCursor: page.nextCursor, skipped: mergeSkipped(read.skipped, posts.skipped) };
    },

    async listCandidates(listOptions: AtsListOptions) {
      const page = await readPage('candidates', listOptions.cursor, firstQuery(listOptions.updatedSince));
      const applications = await readByIds('applications', GreenhouseApplicationSchema, 'candidate_ids', idsOf(page.records, 'id'));
      const context = {
        applicationsByCandidate: groupBy(applications.items, (application: GreenhouseApplication) => application.candidate_id),
      };
      const read = readRecords(page.records, GreenhouseCandidateSchema, (candidate) => mapGreenhouseCandidate(candidate, context));
      return { items: read.items, nextCursor: page.nextCursor, skipped: mergeSkipped(read.skipped, applications.skipped) };
    },

    async listApplications(listOptions: AtsListOptions) {
      const page = await readPage('applications', listOptions.cursor, firstQuery(listOptions.updatedSince));
      const withStatus = (status: string) => page.records.filter((record) => isObject(record) && record.status === status);
      const hires = await readByIds('openings', GreenhouseOpeningSchema, 'application_ids', idsOf(withStatus('hired'), 'id'));
      const reasons = withStatus('rejected').length > 0 ? await reference.rejectionReasons() : { items: [], skipped: [] };
      const hiredAt = new Map<number, string>();
      for (const opening of hires.items) {
        const known =
          opening.application_id === null || opening.application_id === undefined ? undefined : hiredAt.get(opening.application_id);
        if (
          opening.application_id !== null &&
          opening.application_id !== undefined &&
          opening.closed_at &&
          (!known || known < opening.closed_at)
        ) {
          hiredAt.set(opening.application_id, opening.closed_at);
        }
      }
      const context = {
        rejectionTypes: new Map(reasons.items.flatMap((reason) => (reason.type?.key ? [[reason.id, reason.type.key] as const] : []))),
        hiredAt,
      };
      const read = readRecords(page.records, GreenhouseApplicationSchema, (application) => mapGreenhouseApplication(application, context));
      return { items: read.items, nextCursor: page.nextCursor, skipped: mergeSkipped(read.skipped, hires.skipped) };
    },
  };
}

/** `updatedSince` as Harvest v3's filter, `gte|<ISO 8601>`; `undefined` leaves the filter out. */
function updatedAtFilter(updatedSince: string | null): string | undefined {
  if (updatedSince === null) return undefined;
  const time = Date.parse(updatedSince);
  if (Number.isNaN(time)) throw new TypeError('updatedSince must be an ISO 8601 instant');
  return `gte|${new Date(time).toISOString()}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The numeric ids at `key` of the records that have one, once each. */
function idsOf(records: readonly unknown[], key: string): number[] {
  const found = records.flatMap((record) =>
    isObject(record) && typeof record[key] === 'number' && Number.isSafeInteger(record[key]) ? [record[key]] : [],
  );
  return [...new Set(found)];
}

function groupBy<T>(items: readonly T[], key: (item: T) => number | null | undefined): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const value = key(item);
    if (value === null || value === undefined) continue;
    groups.set(value, [...(groups.get(value) ?? []), item]);
  }
  return groups;
}

/** A lazy value computed once; a failure is not kept, so the next call tries again. */
function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () =>
    (value ??= compute().catch((error: unknown) => {
      value = null;
      throw error;
    }));
}

function singular(list: GreenhouseList): string {
  return list.replace(/s$/, '').replace(/_/g, ' ');
}
