/**
 * The Lever connector (Lever API v1, read-only). `apikeytype` is `basic`: the API key is the Basic
 * user name with an empty password.
 *
 * Lists answer `{ data, hasNext, next }` and page with `limit` (1–100) and `offset` = the previous
 * answer's `next` token. Jobs are postings; candidates and applications both come from
 * opportunities (`updated_at_start`, epoch milliseconds, carries `updatedSince`): the candidate is
 * the opportunity's contact, the application is the opportunity and its posting. Archive reasons
 * (`/archive_reasons`, read once per connector) tell a hire from a rejection. Postings have no
 * documented update filter, so `updatedSince` is applied to them here. Lever allows about 10
 * requests per second per key; the client waits out 429s.
 *
 * Pages are read record by record (record-reading.ts): an odd record is skipped and counted.
 * Lever grants keys per endpoint: a key that may not read `/archive_reasons` or resumes still
 * syncs, and the page says which feature went without ({@link LEVER_NOTICES}).
 */
import { AtsError, type AtsConnector, type AtsCredentials, type AtsListOptions } from '../ats-port';
import {
  AtsHttpStatusError,
  basicAuthHeader,
  createReadOnlyClient,
  type QueryValue,
  type ReadOnlyClientOptions,
} from '../http/read-only-client';
import * as z from '../../shared/zod';
import {
  LeverArchiveReasonSchema,
  LeverListSchema,
  LeverOpportunitySchema,
  LeverPostingSchema,
  LeverResumeSchema,
  mapLeverApplication,
  mapLeverCandidate,
  mapLeverPosting,
  type ArchiveReasons,
  type LeverResume,
} from './lever-mapping';
import { readRecords } from './record-reading';

/** Lever's API root. */
export const LEVER_BASE_URL = 'https://api.lever.co/v1';

const LABEL = 'Lever';
/** Lever's documented maximum for `limit`. */
const MAX_PAGE_SIZE = 100;
/** Archive reasons are few; more pages than this means something is wrong. */
const MAX_REASON_PAGES = 20;

/** What the recruiter reads when the key may not read an optional endpoint (Lever grants keys per endpoint). */
export const LEVER_NOTICES = {
  archiveReasons:
    'Lever did not let this API key read archive reasons, so archived candidacies (hires and rejections) were left out; allow "Archive reasons" for the key in Lever to use them.',
  resumes:
    'Lever did not let this API key read resumes, so profiles have no experience or education and no current title; allow "Resumes" for the key in Lever to add them.',
} as const;

export interface LeverConnectorOptions extends Omit<ReadOnlyClientOptions, 'baseUrl' | 'atsLabel' | 'authorize'> {
  /** The API root (a local fake in tests); Lever's by default. */
  readonly baseUrl?: string;
  /** Postings and applications per page, 1–100. Default 100. */
  readonly pageSize?: number;
  /** Candidates per page; each costs one more request for its resumes. Default 50. */
  readonly candidatePageSize?: number;
  /** Read each candidate's parsed resumes (experience, education) for the profile. Default true. */
  readonly readResumes?: boolean;
}

function limitOf(size: number): number {
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
}

/** Creates a Lever connector; throws an {@link AtsError} before any request when the key is missing. */
export function createLeverConnector(credentials: AtsCredentials, options: LeverConnectorOptions = {}): AtsConnector {
  const apiKey = credentials.apikey1.trim();
  if (!apiKey) throw new AtsError('credentials', 'Enter your Lever API key.');
  const { baseUrl = LEVER_BASE_URL, pageSize = 100, candidatePageSize = 50, readResumes = true, ...clientOptions } = options;
  const client = createReadOnlyClient({
    ...clientOptions,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    atsLabel: LABEL,
    authorize: () => basicAuthHeader(apiKey),
  });
  let resumesAllowed = readResumes;
  /** `null` once Lever refused the key `/archive_reasons`. */
  let reasons: Promise<ArchiveReasons | null> | null = null;

  /** One list page's envelope; its records are read one by one by the caller. */
  async function read(path: string, query: Readonly<Record<string, QueryValue>>, what: string): Promise<z.infer<typeof LeverListSchema>> {
    let body: unknown;
    try {
      ({ body } = await client.get(path, query));
    } catch (error) {
      if (error instanceof AtsHttpStatusError && error.status === 400 && query.offset !== undefined) {
        throw new AtsError(
          'response',
          'Lever did not accept the saved sync position (it may have expired); start the sync again from the beginning.',
        );
      }
      throw error;
    }
    const parsed = LeverListSchema.safeParse(body);
    if (!parsed.success) {
      throw new AtsError(
        'response',
        `Lever answered the ${what} request with data we could not read; try again later, and contact support if it keeps happening.`,
      );
    }
    return parsed.data;
  }

  /** Whether an error means the key may not read an optional endpoint (or the account has none). */
  function notGranted(error: unknown): boolean {
    return (error instanceof AtsError && error.reason === 'credentials') || (error instanceof AtsHttpStatusError && error.status === 404);
  }

  /** The cursor of the next page: the list's path with the query that continues it. */
  function cursorFrom(
    path: string,
    page: { hasNext?: boolean | null; next?: string | null },
    carried: Record<string, QueryValue>,
  ): string | null {
    if (!page.hasNext || !page.next) return null;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...carried, offset: page.next })) {
      if (value !== null && value !== undefined) params.set(key, String(value));
    }
    return `${path}?${params.toString()}`;
  }

  /** The `offset` and carried filters of a saved cursor, checked to be a page of the same list. */
  function resume(path: string, cursor: string): URLSearchParams {
    if (!cursor.startsWith(`${path}?`) || /[#\s]/.test(cursor)) {
      throw new AtsError('response', 'The saved Lever sync position is not valid; start the sync again from the beginning.');
    }
    const params = new URLSearchParams(cursor.slice(path.length + 1));
    if (!params.get('offset'))
      throw new AtsError('response', 'The saved Lever sync position is not valid; start the sync again from the beginning.');
    return params;
  }

  /** One page of opportunities with the expansions asked for; `updated_at_start` rides in the cursor. */
  async function opportunities(listOptions: AtsListOptions, limit: number, expand: readonly string[]) {
    let updatedAtStart = millisOf(listOptions.updatedSince);
    let offset: string | undefined;
    if (listOptions.cursor !== null) {
      const saved = resume('opportunities', listOptions.cursor);
      offset = saved.get('offset') ?? undefined;
      updatedAtStart = saved.get('updated_at_start') ?? undefined;
    }
    const query = { limit, updated_at_start: updatedAtStart, expand: expand.length > 0 ? expand : undefined, offset };
    const page = await read('opportunities', query, 'opportunities');
    return { page, nextCursor: cursorFrom('opportunities', page, { updated_at_start: updatedAtStart }) };
  }

  /** The account's archive reasons by id, read once per connector; `null` when the key may not read them. */
  async function archiveReasons(): Promise<ArchiveReasons | null> {
    reasons ??= (async () => {
      const all = new Map<string, z.infer<typeof LeverArchiveReasonSchema>>();
      let offset: string | undefined;
      try {
        for (let n = 0; n < MAX_REASON_PAGES; n++) {
          const page = await read('archive_reasons', { limit: MAX_PAGE_SIZE, offset }, 'archive reasons');
          for (const reason of readRecords(page.data, LeverArchiveReasonSchema, (record) => record).items) all.set(reason.id, reason);
          if (!page.hasNext || !page.next) break;
          offset = page.next;
        }
      } catch (error) {
        if (notGranted(error)) return null;
        throw error;
      }
      return all;
    })();
    try {
      return await reasons;
    } catch (error) {
      reasons = null;
      throw error;
    }
  }

  async function resumesOf(opportunityId: string): Promise<LeverResume[]> {
    if (!resumesAllowed) return [];
    try {
      const page = await read(`opportunities/${encodeURIComponent(opportunityId)}/resumes`, {}, 'resumes');
      // An unreadable resume only thins the profile; it is not a record of the list.
      return readRecords(page.data, LeverResumeSchema, (record) => record).items;
    } catch (error) {
      // A key without the resumes permission still syncs, with thinner profiles.
      if (error instanceof AtsError && error.reason === 'credentials') {
        resumesAllowed = false;
        return [];
      }
      // Deleted between the list and this read: nothing to add.
      if (error instanceof AtsHttpStatusError && error.status === 404) return [];
      throw error;
    }
  }

  return {
    name: 'lever',

    async testConnection() {
      // Lever's API has no account endpoint for an API key, so the account's name is unknown.
      await read('postings', { limit: 1 }, 'postings');
      return { accountName: null };
    },

    async listJobs(listOptions) {
      const offset = listOptions.cursor === null ? undefined : (resume('postings', listOptions.cursor).get('offset') ?? undefined);
      const page = await read('postings', { limit: limitOf(pageSize), offset }, 'postings');
      const sinceText = millisOf(listOptions.updatedSince);
      const since = sinceText === undefined ? undefined : Number(sinceText);
      const { items, skipped } = readRecords(page.data, LeverPostingSchema, (posting) =>
        since !== undefined && typeof posting.updatedAt === 'number' && posting.updatedAt < since ? null : mapLeverPosting(posting),
      );
      return { items, nextCursor: cursorFrom('postings', page, {}), skipped };
    },

    async listCandidates(listOptions) {
      const { page, nextCursor } = await opportunities(listOptions, limitOf(candidatePageSize), []);
      const { items: readable, skipped } = readRecords(page.data, LeverOpportunitySchema, (opportunity) => opportunity);
      const items = [];
      const seen = new Set<string>();
      const hadResumes = resumesAllowed;
      // One at a time: resumes cost a request per opportunity against Lever's rate limit.
      for (const opportunity of readable) {
        const candidate = mapLeverCandidate(opportunity, await resumesOf(opportunity.id));
        if (seen.has(candidate.id)) continue;
        seen.add(candidate.id);
        items.push(candidate);
      }
      const notices = readResumes && (!hadResumes || !resumesAllowed) ? [LEVER_NOTICES.resumes] : [];
      return { items, nextCursor, skipped, notices };
    },

    async listApplications(listOptions) {
      const known = await archiveReasons();
      const { page, nextCursor } = await opportunities(listOptions, limitOf(pageSize), ['applications', 'stage']);
      const { items, skipped } = readRecords(page.data, LeverOpportunitySchema, (opportunity) => mapLeverApplication(opportunity, known));
      return { items, nextCursor, skipped, notices: known === null ? [LEVER_NOTICES.archiveReasons] : [] };
    },
  };
}

/** `updatedSince` as Lever's epoch milliseconds (as a string for the query); `undefined` leaves the filter out. */
function millisOf(updatedSince: string | null): string | undefined {
  if (updatedSince === null) return undefined;
  const time = Date.parse(updatedSince);
  if (Number.isNaN(time)) throw new TypeError('updatedSince must be an ISO 8601 instant');
  return String(time);
}
