import { randomBytes } from 'node:crypto';
import {
  basicUser,
  startFakeAtsServer,
  type FakeAtsServer,
  type FakeResponse,
  type RecordedRequest,
  type FakeAtsServerOptions,
} from './fake-ats-server';
import POSTINGS_FIXTURE from './fixtures/lever/postings.json';
import EXPANDED_OPPORTUNITIES_FIXTURE from './fixtures/lever/opportunities-expanded.json';
import ARCHIVE_REASONS_FIXTURE from './fixtures/lever/archive_reasons.json';

/**
 * A fake Lever API v1 on 127.0.0.1, answering as Lever documents it (hire.lever.co/developer/
 * documentation: Authentication, Pagination, Opportunities, Postings, Archive Reasons, Resumes).
 * Its records are built on the documented examples in local/ats/fixtures/lever/ (see SOURCES.md
 * there), and a contract test fails when it answers with a shape those files do not have:
 * - Basic auth with the API key as the user name and an empty password; anything else 401;
 * - lists as `{ data, hasNext, next }`, `limit` 1–100 (default 100), `offset` = a `next` token
 *   this server issued (opaque, like Lever's); an unknown token or a bad limit is 400;
 * - `GET /v1/postings`, `/v1/archive_reasons`, `/v1/opportunities` (`updated_at_start` in epoch
 *   milliseconds, inclusive; `expand=applications` and `expand=stage` inline those objects, else
 *   they are ids), `GET /v1/opportunities/:id/resumes`; timestamps are epoch milliseconds;
 * - scripted failures from the base.
 * Guessed where the public docs are thin: error bodies (`{ code, message }` as the Go client
 * reads them), the token format, whether 429 carries Retry-After (tests script both), and the
 * order of records (by `createdAt`).
 */

export type LeverRecord = Record<string, unknown> & { readonly id: string };

export interface FakeLeverData {
  readonly postings?: readonly LeverRecord[];
  /** Stored expanded: `applications` as objects, `stage` as `{ id, text }`. */
  readonly opportunities?: readonly LeverRecord[];
  readonly archiveReasons?: readonly LeverRecord[];
  /** Resumes by opportunity id. */
  readonly resumes?: Readonly<Record<string, readonly LeverRecord[]>>;
}

export interface FakeLeverOptions {
  readonly port?: number;
  /** Names the server in a busy port's message (see {@link FakeAtsServerOptions}). */
  readonly label?: FakeAtsServerOptions['label'];
  readonly apiKey: string;
  readonly data?: FakeLeverData;
  /**
   * Further accounts on the same server, by their API key (as Lever's keys each open one
   * account): the local runtime's new account with too short a history for placement prediction.
   */
  readonly otherAccounts?: Readonly<Record<string, FakeLeverData>>;
  /** At most this many records per page whatever `limit` asks. */
  readonly pageSize?: number;
  /**
   * Endpoints the key was not granted (Lever grants keys per endpoint): answered 403. The status
   * and body are guessed; Lever documents the per-endpoint grant, not the refusal.
   */
  readonly deniedEndpoints?: readonly ('archive_reasons' | 'resumes')[];
}

export interface FakeLever extends FakeAtsServer {
  /** The API root to give the connector: `http://127.0.0.1:<port>/v1`. */
  readonly url: string;
}

/** The documented examples' records, the templates every fake record starts from. */
const POSTING_TEMPLATE = POSTINGS_FIXTURE.data[0] as unknown as LeverRecord;
const OPPORTUNITY_TEMPLATE = EXPANDED_OPPORTUNITIES_FIXTURE.data[0] as unknown as LeverRecord;
const REASON_TEMPLATE = ARCHIVE_REASONS_FIXTURE.data[0] as unknown as LeverRecord;

/** Lever's fixed archive reason, plus typical non-hired ones. */
export const LEVER_ARCHIVE_REASONS: readonly LeverRecord[] = [
  { ...REASON_TEMPLATE, id: '63dd55b2-a99f-4e7b-985f-22c7bf80ab42', text: 'Hired', status: 'active', type: 'hired' },
  { ...REASON_TEMPLATE, id: '0dea7b5c-4e5e-4e4b-93c1-4a0b1c6c2a11', text: 'Underqualified', status: 'active', type: 'non-hired' },
  { ...REASON_TEMPLATE, id: '7a1c3f0e-2b8d-4c55-9b7e-5f3a2d1e0c99', text: 'Withdrew', status: 'active', type: 'non-hired' },
];

/** Starts a fake Lever API; resolves once it listens. */
export async function startFakeLever(options: FakeLeverOptions): Promise<FakeLever> {
  const withDefaults = (data: FakeLeverData | undefined) => ({
    postings: [],
    opportunities: [],
    archiveReasons: LEVER_ARCHIVE_REASONS,
    resumes: {},
    ...data,
  });
  const accounts = new Map([
    ...Object.entries(options.otherAccounts ?? {}).map(([key, data]) => [key, withDefaults(data)] as const),
    [options.apiKey, withDefaults(options.data)] as const,
  ]);
  /** The account of the request's key (authenticated before any route runs). */
  const accountOf = (request: RecordedRequest) => accounts.get(basicUser(request.headers) ?? '') ?? withDefaults(undefined);
  const tokens = new Map<string, { path: string; start: number }>();

  function page(request: RecordedRequest, records: readonly LeverRecord[]): FakeResponse {
    const limit = request.query.limit === undefined ? 100 : Number(request.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return badRequest('limit must be an integer between 1 and 100');
    let start = 0;
    if (request.query.offset !== undefined) {
      const token = tokens.get(request.query.offset);
      if (!token || token.path !== request.path) return badRequest('Invalid offset token');
      start = token.start;
    }
    const size = Math.min(limit, options.pageSize ?? limit);
    const slice = records.slice(start, start + size);
    const hasNext = start + size < records.length;
    const body: Record<string, unknown> = { data: slice, hasNext };
    if (hasNext) {
      const next = `0.${Date.now()}.${randomBytes(8).toString('hex')}`;
      tokens.set(next, { path: request.path, start: start + size });
      body.next = next;
    }
    return { status: 200, body };
  }

  const byCreated = (records: readonly LeverRecord[]) => [...records].sort((a, b) => Number(a.createdAt ?? 0) - Number(b.createdAt ?? 0));

  const server = await startFakeAtsServer({
    port: options.port,
    label: options.label,
    routes: {
      '/v1/postings': (request) => page(request, byCreated(accountOf(request).postings)),
      '/v1/archive_reasons': (request) => page(request, accountOf(request).archiveReasons),
      '/v1/opportunities': (request) => {
        const since = request.query.updated_at_start;
        if (since !== undefined && !/^\d+$/.test(since)) return badRequest('updated_at_start must be a timestamp in milliseconds');
        const expand = request.queryAll.expand ?? [];
        const selected = byCreated(accountOf(request).opportunities)
          .filter((opportunity) => since === undefined || Number(opportunity.updatedAt ?? 0) >= Number(since))
          .map((opportunity) => collapse(opportunity, expand));
        return page(request, selected);
      },
    },
    fallback: (request) => {
      const match = /^\/v1\/opportunities\/([^/]+)\/resumes$/.exec(request.path);
      if (!match) return null;
      const opportunityId = decodeURIComponent(match[1]);
      const data = accountOf(request);
      if (!data.opportunities.some((opportunity) => opportunity.id === opportunityId))
        return { status: 404, body: { code: 'ResourceNotFound', message: 'Opportunity not found' } };
      return { status: 200, body: { data: data.resumes[opportunityId] ?? [], hasNext: false } };
    },
    authenticate: (request) => {
      const decoded = Buffer.from((request.headers.authorization ?? '').replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
      const key = basicUser(request.headers) ?? '';
      const ok = /^Basic\s/i.test(request.headers.authorization ?? '') && accounts.has(key) && decoded === `${key}:`;
      if (!ok) return { status: 401, body: { code: 'UnauthorizedError', message: 'Invalid API key' } };
      const endpoint = request.path.endsWith('/resumes') ? 'resumes' : request.path.replace(/^\/v1\//, '');
      const denied = (options.deniedEndpoints ?? []).some((name) => name === endpoint);
      // Lever documents per-endpoint keys (Authentication) but not the refusal's status or body:
      // 403 is our assumption (the connector treats 401, 403 and 404 alike); fixtures/lever/SOURCES.md.
      return denied ? { status: 403, body: { code: 'Forbidden', message: 'This API key may not read this endpoint' } } : null;
    },
  });
  return Object.assign(server, { url: `${server.origin}/v1` });
}

/** An opportunity as Lever sends it for the given `expand` values. */
function collapse(opportunity: LeverRecord, expand: readonly string[]): LeverRecord {
  const applications = (opportunity.applications ?? []) as { id: string }[];
  const stage = opportunity.stage as { id: string } | string | null | undefined;
  return {
    ...opportunity,
    applications: expand.includes('applications') ? applications : applications.map((application) => application.id),
    stage: expand.includes('stage') || typeof stage !== 'object' || stage === null ? stage : stage.id,
  };
}

function badRequest(message: string): FakeResponse {
  return { status: 400, body: { code: 'BadRequestError', message } };
}

// --- Records shaped like the documentation's examples ------------------------------------------

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-05T09:00:00Z');

/** A posting as Lever lists it (the documented example's fields), with overrides. */
export function leverPosting(overrides: Partial<LeverRecord> & { id: string }, day = 0): LeverRecord {
  return {
    ...structuredClone(POSTING_TEMPLATE),
    text: 'Senior Backend Engineer',
    createdAt: T0 + day * DAY,
    updatedAt: T0 + (day + 1) * DAY,
    state: 'published',
    distributionChannels: ['public', 'internal'],
    confidentiality: 'non-confidential',
    user: 'df5d4f35-0d4a-4d0e-9d60-0a5ac9b6e0b1',
    owner: 'df5d4f35-0d4a-4d0e-9d60-0a5ac9b6e0b1',
    hiringManager: '7f3e2d1c-0b9a-4c8d-9e7f-6a5b4c3d2e1f',
    categories: {
      team: 'Platform',
      department: 'Engineering',
      location: 'San Francisco',
      allLocations: ['San Francisco'],
      commitment: 'Full-time',
      level: 'Senior',
    },
    tags: ['Go', 'Postgres'],
    content: {
      description: 'Build the systems that move money.',
      descriptionHtml: '<div>Build the systems that <b>move money</b>.</div>',
      lists: [{ text: 'Requirements', content: '<li>5+ years of Go</li><li>Postgres at scale</li>' }],
      closing: 'We value diverse teams.',
      closingHtml: '<div>We value diverse teams.</div>',
    },
    country: 'US',
    followers: [],
    requisitionCodes: [],
    urls: {
      list: 'https://jobs.lever.co/acme',
      show: `https://jobs.lever.co/acme/${overrides.id}`,
      apply: `https://jobs.lever.co/acme/${overrides.id}/apply`,
    },
    workplaceType: 'hybrid',
    ...overrides,
  };
}

/** An opportunity as Lever lists it with `expand=applications&expand=stage`, contact data included, with overrides. */
export function leverOpportunity(
  overrides: Partial<LeverRecord> & { id: string; contact: string; posting?: string | null },
  day = 0,
): LeverRecord {
  const { posting = 'posting-1', ...rest } = overrides;
  const createdAt = T0 + day * DAY;
  const application = (OPPORTUNITY_TEMPLATE.applications as LeverRecord[])[0];
  return {
    ...structuredClone(OPPORTUNITY_TEMPLATE),
    name: 'Shane Smith',
    headline: 'Brickly LLC, Vandelay Industries, Inc, Central Perk',
    stage: { id: '00922a60-7c15-422b-b086-f62000824fd7', text: 'On-site interview' },
    confidentiality: 'non-confidential',
    location: 'Oakland',
    phones: [{ type: 'mobile', value: '(123) 456-7891' }],
    emails: ['shane@exampleq3.com'],
    links: ['https://www.linkedin.com/in/shane-smith'],
    archived: null,
    tags: ['Marketing', 'Customer Service'],
    sources: ['linkedin'],
    stageChanges: [],
    origin: 'sourced',
    sourcedBy: 'df5d4f35-0d4a-4d0e-9d60-0a5ac9b6e0b1',
    owner: 'df5d4f35-0d4a-4d0e-9d60-0a5ac9b6e0b1',
    followers: [],
    applications:
      posting === null
        ? []
        : [
            {
              ...structuredClone(application),
              id: `app-${overrides.id}`,
              type: 'posting',
              candidateId: overrides.contact,
              opportunityId: overrides.id,
              posting,
              createdAt,
              archived: null,
            },
          ],
    createdAt,
    updatedAt: createdAt + DAY,
    lastInteractionAt: createdAt + DAY,
    lastAdvancedAt: createdAt + DAY,
    snoozedUntil: null,
    urls: { list: 'https://hire.lever.co/candidates', show: `https://hire.lever.co/candidates/${overrides.id}` },
    isAnonymized: false,
    dataProtection: null,
    ...rest,
  };
}
