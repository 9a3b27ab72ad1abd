/**
 * The Workable connector (SPI v3, read-only). `apikey1` is an API access token sent as
 * `Authorization: Bearer <token>`; `apikey2` is the account's subdomain, the `acme` of
 * `https://acme.workable.com/spi/v3`, checked before any call so a typo never becomes a request to
 * some other host.
 *
 * Lists page by following `paging.next` (same origin and same API path only); `updated_after`
 * carries `updatedSince`. Workable's candidate list keeps only basic fields, so `listCandidates`
 * reads each candidate's detail (`/candidates/:id`) for the profile, and `listApplications` reads
 * the detail of each disqualified candidate for `disqualified_at` (the list has no rejection
 * date); their pages are smaller to stay within Workable's account-token limit (10 requests per
 * 10 seconds). Records are read one by one (record-reading.ts); a missing detail degrades that
 * record with a notice ({@link WORKABLE_NOTICES}), never the page. Workable announces the limit
 * in `X-Rate-Limit-Remaining`/`X-Rate-Limit-Reset` rather than `Retry-After`, so the connector
 * waits for the next interval when none remain instead of running into 429s.
 */
import { AtsError, type AtsConnector, type AtsCredentials, type AtsListOptions } from '../ats-port';
import { AtsHttpStatusError, createReadOnlyClient, type QueryValue, type ReadOnlyClientOptions } from '../http/read-only-client';
import * as z from '../../shared/zod';
import { readRecords } from './record-reading';
import {
  WorkableCandidateDetailSchema,
  WorkableCandidateSummarySchema,
  WorkableCandidatesPageSchema,
  WorkableJobSchema,
  WorkableJobsPageSchema,
  mapWorkableApplication,
  mapWorkableCandidate,
  mapWorkableJob,
  type WorkableCandidateDetail,
} from './workable-mapping';

/** Workable's API root; `{subdomain}` is the account's subdomain. */
export const WORKABLE_BASE_URL = 'https://{subdomain}.workable.com/spi/v3';

const LABEL = 'Workable';
/** Workable's rate-limit interval; a longer announced wait is not trusted. */
const MAX_INTERVAL_WAIT_MS = 10_000;

export interface WorkableConnectorOptions extends Omit<ReadOnlyClientOptions, 'baseUrl' | 'atsLabel' | 'authorize'> {
  /** The API root with a `{subdomain}` placeholder (a local fake in tests); Workable's by default. */
  readonly baseUrl?: string;
  /** Jobs per page (Workable allows up to 100). Default 100. */
  readonly pageSize?: number;
  /**
   * Candidates (and applications, which are candidate records) per page; each candidate, and each
   * disqualified application, costs one more request for its detail. Default 20.
   */
  readonly candidatePageSize?: number;
}

/**
 * The subdomain as Workable names accounts (`acme`), from what a recruiter may paste: `acme`,
 * `acme.workable.com` or `https://acme.workable.com/…`. `null` when it cannot be one.
 */
export function normalizeWorkableSubdomain(value: string | null | undefined): string | null {
  const host = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.workable\.com$/, '');
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(host) ? host : null;
}

/** The settings message for a subdomain that cannot be one (ats-settings.ts refuses such settings with it). */
export const WORKABLE_SUBDOMAIN_MESSAGE =
  'That Workable subdomain is not valid: enter the part before ".workable.com" (for acme.workable.com, enter "acme").';

/** What the recruiter reads when candidate details were missing (counts only, never a name). */
export const WORKABLE_NOTICES = {
  // No counts: a sync keeps each distinct notice once, and a count per page would repeat it per page.
  profiles: 'Workable did not give the details of some candidates, so their profiles have the headline only.',
  rejectionDates:
    'Workable did not give the disqualification date of some candidates, so those rejections are dated by their last change instead.',
} as const;

/** Workable's documented timestamp form for `updated_after` (20150708T115616Z), one second early. */
function updatedAfter(updatedSince: string | null): string | undefined {
  if (updatedSince === null) return undefined;
  const time = Date.parse(updatedSince);
  if (Number.isNaN(time)) throw new TypeError('updatedSince must be an ISO 8601 instant');
  // Workable filters strictly after; the port means "at or after", and a record read twice is harmless.
  return new Date(time - 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** Creates a Workable connector; throws an {@link AtsError} before any request when the settings cannot work. */
export function createWorkableConnector(credentials: AtsCredentials, options: WorkableConnectorOptions = {}): AtsConnector {
  const token = credentials.apikey1.trim();
  if (!token) throw new AtsError('credentials', 'Enter your Workable API access token.');
  const subdomain = normalizeWorkableSubdomain(credentials.apikey2);
  if (!subdomain) throw new AtsError('account', WORKABLE_SUBDOMAIN_MESSAGE);

  const { baseUrl = WORKABLE_BASE_URL, pageSize = 100, candidatePageSize = 20, ...clientOptions } = options;
  const root = baseUrl.replace('{subdomain}', subdomain).replace(/\/+$/, '');
  // The root as URL parsing writes it, so a `paging.next` link compares equal whatever its spelling.
  const rootHref = new URL(`${root}/`).href;
  const sleep = clientOptions.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = clientOptions.now ?? Date.now;
  /** What Workable's last answer said about the current interval. */
  let budget: { readonly remaining: number; readonly resetAt: number } | null = null;

  async function waitForBudget(): Promise<void> {
    if (budget === null || budget.remaining > 0) return;
    const wait = Math.min(budget.resetAt - now(), MAX_INTERVAL_WAIT_MS);
    budget = null;
    if (wait > 0) await sleep(wait);
  }

  function rememberBudget(headers: Headers): void {
    const remaining = Number(headers.get('x-rate-limit-remaining') ?? Number.NaN);
    const reset = Number(headers.get('x-rate-limit-reset') ?? Number.NaN);
    if (!Number.isFinite(remaining) || !Number.isFinite(reset)) return;
    // The reset is a timestamp; seconds in Workable's headers, milliseconds accepted too.
    budget = { remaining, resetAt: reset > 1e12 ? reset : reset * 1000 };
  }

  const client = createReadOnlyClient({
    ...clientOptions,
    baseUrl: root,
    atsLabel: LABEL,
    authorize: () => ({ authorization: `Bearer ${token}` }),
  });

  async function read<S extends z.ZodMiniType>(
    schema: S,
    pathOrCursor: string,
    query: Readonly<Record<string, QueryValue>>,
    what: string,
  ): Promise<z.infer<S>> {
    let body: unknown;
    await waitForBudget();
    try {
      const answer = await client.get(pathOrCursor, query);
      rememberBudget(answer.headers);
      body = answer.body;
    } catch (error) {
      if (error instanceof AtsHttpStatusError && error.status === 404) {
        throw new AtsError(
          'account',
          'Workable found no account at that subdomain: check the subdomain (the part before ".workable.com") in your ATS settings.',
        );
      }
      throw error;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new AtsError(
        'response',
        `Workable answered the ${what} request with data we could not read; try again later, and contact support if it keeps happening.`,
      );
    }
    return parsed.data;
  }

  /** A `paging.next` URL as a cursor: the part after the API root, for the same list only. */
  function cursorFrom(next: string | null | undefined, list: 'jobs' | 'candidates'): string | null {
    if (!next) return null;
    let url: URL;
    try {
      url = new URL(next, rootHref);
    } catch {
      throw new AtsError('response', 'Workable sent a link to the next page that is not a valid address.');
    }
    if (!url.href.startsWith(`${rootHref}${list}?`)) {
      throw new AtsError(
        'response',
        'Workable sent a link to the next page outside its API; we did not follow it, so your token stays with Workable.',
      );
    }
    return url.href.slice(rootHref.length);
  }

  /** The request for a page: the saved cursor as is, or the list's first page with its filters. */
  function pageRequest(
    list: 'jobs' | 'candidates',
    listOptions: AtsListOptions,
    first: Record<string, QueryValue>,
  ): [string, Record<string, QueryValue>] {
    if (listOptions.cursor === null) return [list, { ...first, updated_after: updatedAfter(listOptions.updatedSince) }];
    if (!new RegExp(`^${list}\\?[^#\\s]*$`).test(listOptions.cursor)) {
      throw new AtsError('response', 'The saved Workable sync position is not valid; start the sync again from the beginning.');
    }
    return [listOptions.cursor, {}];
  }

  /**
   * A candidate's detail, or `null` when Workable cannot give it: deleted between the list and
   * its detail (404), refused to the token, or in a shape we cannot read. One missing detail
   * degrades that record (a thinner profile, a rejection dated by the last edit), never the sync;
   * rate limits and outages still pause or fail it as usual.
   */
  async function candidateDetail(id: string): Promise<WorkableCandidateDetail | null> {
    try {
      return (await read(WorkableCandidateDetailSchema, `candidates/${encodeURIComponent(id)}`, {}, 'candidate')).candidate;
    } catch (error) {
      if (error instanceof AtsError && ['account', 'credentials', 'response'].includes(error.reason)) return null;
      throw error;
    }
  }

  return {
    name: 'workable',

    async testConnection() {
      await read(WorkableJobsPageSchema, 'jobs', { limit: 1 }, 'jobs');
      return { accountName: null };
    },

    async listJobs(listOptions) {
      const [path, query] = pageRequest('jobs', listOptions, { limit: pageSize, include_fields: 'full_description' });
      const page = await read(WorkableJobsPageSchema, path, query, 'jobs');
      const { items, skipped } = readRecords(page.jobs, WorkableJobSchema, mapWorkableJob);
      return { items, nextCursor: cursorFrom(page.paging?.next, 'jobs'), skipped };
    },

    async listCandidates(listOptions) {
      const [path, query] = pageRequest('candidates', listOptions, { limit: candidatePageSize });
      const page = await read(WorkableCandidatesPageSchema, path, query, 'candidates');
      const { items: summaries, skipped } = readRecords(page.candidates, WorkableCandidateSummarySchema, (summary) => summary);
      const items = [];
      let missing = 0;
      // One at a time: Workable's account tokens allow 10 requests per 10 seconds.
      for (const summary of summaries) {
        const detail = await candidateDetail(summary.id);
        if (!detail) missing += 1;
        items.push(mapWorkableCandidate(detail ?? summary));
      }
      const notices = missing > 0 ? [WORKABLE_NOTICES.profiles] : [];
      return { items, nextCursor: cursorFrom(page.paging?.next, 'candidates'), skipped, notices };
    },

    async listApplications(listOptions) {
      const [path, query] = pageRequest('candidates', listOptions, { limit: candidatePageSize });
      const page = await read(WorkableCandidatesPageSchema, path, query, 'candidates');
      const { items: summaries, skipped } = readRecords(page.candidates, WorkableCandidateSummarySchema, (summary) => summary);
      const items = [];
      let undated = 0;
      for (const summary of summaries) {
        // The list has no disqualified_at: a rejection's date is on the candidate's detail only.
        let disqualifiedAt: string | null = null;
        if (summary.disqualified && summary.job?.shortcode) {
          const detail = await candidateDetail(summary.id);
          disqualifiedAt = detail?.disqualified_at ?? null;
          if (!disqualifiedAt) undated += 1;
        }
        const application = mapWorkableApplication(summary, disqualifiedAt);
        if (application) items.push(application);
      }
      const notices = undated > 0 ? [WORKABLE_NOTICES.rejectionDates] : [];
      return { items, nextCursor: cursorFrom(page.paging?.next, 'candidates'), skipped, notices };
    },
  };
}
