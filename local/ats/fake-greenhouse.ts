import { randomBytes } from 'node:crypto';
import {
  basicUser,
  startFakeAtsServer,
  type FakeAtsServer,
  type FakeAtsServerOptions,
  type FakeResponse,
  type RecordedRequest,
} from './fake-ats-server';
import applicationsFixture from './fixtures/greenhouse/applications.json';
import candidatesFixture from './fixtures/greenhouse/candidates.json';
import departmentsFixture from './fixtures/greenhouse/departments.json';
import jobPostsFixture from './fixtures/greenhouse/job_posts.json';
import jobsFixture from './fixtures/greenhouse/jobs.json';
import officesFixture from './fixtures/greenhouse/offices.json';
import openingsFixture from './fixtures/greenhouse/openings.json';
import rejectionReasonsFixture from './fixtures/greenhouse/rejection_reasons.json';
import tokenFixture from './fixtures/greenhouse/token.json';

/**
 * A fake Greenhouse Harvest API v3 on 127.0.0.1, answering as Greenhouse documents it
 * (https://harvestdocs.greenhouse.io/docs/authentication, /docs/pagination, /docs/list-endpoints
 * and the list pages named in `fixtures/greenhouse/SOURCES.md`), with records built from those
 * fixtures (`test/local/ats/greenhouse-contract.test.ts` holds it to their shape):
 * - `POST /token` stands for `https://auth.greenhouse.io/token`: HTTP Basic client id and secret,
 *   a form body `grant_type=client_credentials&sub=<user id>`; answers the token fixture's fields.
 *   It is the only route that is not a GET; every list wants `Authorization: Bearer <that token>`
 *   until it expires or {@link FakeGreenhouse.revokeTokens} (else 401);
 * - `GET /v3/<list>` for jobs, job_posts, candidates, applications, openings, offices,
 *   departments and rejection_reasons, as JSON arrays; `per_page` 1–500 (default 100; else 422);
 *   `updated_at`/`created_at` filters `op|ISO 8601` (gte, gt, lte, lt, chainable); `ids` and the
 *   parent filters each list has (`job_ids`, `candidate_ids`, `application_ids`); any other
 *   parameter is refused with 422, as Harvest v3 refuses unknown filters;
 * - the next page in a `Link` header `rel="next"` (no `prev`/`last`) whose only parameter is an
 *   opaque `cursor`; a cursor combined with another parameter is refused (422);
 * - `X-RateLimit-Limit`/`-Remaining` on answers; scripted failures from the base.
 * Guessed where the docs are silent: the 401/422 bodies and status of a refused cursor, the token
 * refusal's status (401 `invalid_client`), and records sorted by id.
 */

export type GreenhouseRecord = Record<string, unknown> & { readonly id: number };

export const GREENHOUSE_LISTS = [
  'jobs',
  'job_posts',
  'candidates',
  'applications',
  'openings',
  'offices',
  'departments',
  'rejection_reasons',
] as const;
export type GreenhouseListName = (typeof GREENHOUSE_LISTS)[number];

export type FakeGreenhouseData = Partial<Record<GreenhouseListName, readonly GreenhouseRecord[]>>;

export interface FakeGreenhouseOptions {
  readonly port?: number;
  /** Names the server in a busy port's message (see {@link FakeAtsServerOptions}). */
  readonly label?: FakeAtsServerOptions['label'];
  readonly clientId: string;
  readonly clientSecret: string;
  /** The Greenhouse user tokens may act for (`sub`). */
  readonly userId: string;
  readonly data?: FakeGreenhouseData;
  /** At most this many records per page whatever `per_page` asks (to get several pages from a little data). */
  readonly pageSize?: number;
  /** How long a token lives. Default 3600 s. */
  readonly tokenLifetimeSeconds?: number;
  /** The fake's clock (ms since the epoch). */
  readonly now?: () => number;
}

export interface FakeGreenhouse extends FakeAtsServer {
  /** The API root to give the connector: `http://127.0.0.1:<port>/v3`. */
  readonly url: string;
  /** The token endpoint: `http://127.0.0.1:<port>/token`. */
  readonly tokenUrl: string;
  /** Makes every token issued so far invalid (the next API request with one answers 401). */
  revokeTokens(): void;
}

/** The filters each list takes besides `per_page`, `ids`, `created_at` and `updated_at`. */
const PARENT_FILTERS: Readonly<Record<GreenhouseListName, readonly string[]>> = {
  jobs: ['status'],
  job_posts: ['job_ids'],
  candidates: [],
  applications: ['candidate_ids', 'job_ids', 'status'],
  openings: ['application_ids', 'job_ids'],
  offices: [],
  departments: [],
  rejection_reasons: [],
};
/** Which field of a record each id filter matches. */
const ID_FIELDS: Readonly<Record<string, string>> = {
  ids: 'id',
  job_ids: 'job_id',
  candidate_ids: 'candidate_id',
  application_ids: 'application_id',
};
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const OPERATORS: Readonly<Record<string, (a: number, b: number) => boolean>> = {
  gte: (a, b) => a >= b,
  gt: (a, b) => a > b,
  lte: (a, b) => a <= b,
  lt: (a, b) => a < b,
};

/** Starts a fake Greenhouse Harvest v3 API and its token endpoint; resolves once it listens. */
export async function startFakeGreenhouse(options: FakeGreenhouseOptions): Promise<FakeGreenhouse> {
  const now = options.now ?? Date.now;
  const lifetimeMs = (options.tokenLifetimeSeconds ?? 3600) * 1000;
  const tokens = new Map<string, number>();
  let origin = '';

  const issueToken = (request: RecordedRequest): FakeResponse => {
    const form = new URLSearchParams(request.body);
    const [user, secret] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic\s+/i, ''), 'base64')
      .toString('utf8')
      .split(':');
    const rightClient =
      /^Basic /i.test(request.headers.authorization ?? '') && user === options.clientId && secret === options.clientSecret;
    if (!rightClient || basicUser(request.headers) === null) return { status: 401, body: { error: 'invalid_client' } };
    if (
      !/^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '') ||
      form.get('grant_type') !== 'client_credentials'
    ) {
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    if (form.get('sub') !== options.userId) return { status: 400, body: { error: 'invalid_request' } };
    const token = `${tokenFixture.access_token.split('.')[0]}.${randomBytes(18).toString('base64url')}`;
    const expiresAt = now() + lifetimeMs;
    tokens.set(token, expiresAt);
    return { status: 200, body: { ...tokenFixture, access_token: token, expires_at: new Date(expiresAt).toISOString() } };
  };

  const list =
    (name: GreenhouseListName) =>
    (request: RecordedRequest): FakeResponse => {
      const records = options.data?.[name] ?? [];
      let query = request.query;
      if ('cursor' in query) {
        if (Object.keys(request.queryAll).length !== 1 || request.queryAll.cursor.length !== 1) {
          return validationError('cursor', 'A cursor cannot be combined with other parameters');
        }
        const decoded = decodeCursor(query.cursor, name);
        if (!decoded) return validationError('cursor', 'Invalid cursor');
        query = decoded;
      }
      const allowed = new Set(['per_page', 'ids', 'created_at', 'updated_at', 'offset', ...PARENT_FILTERS[name]]);
      const unknown = Object.keys(query).find((key) => !allowed.has(key) || (key === 'offset' && !('cursor' in request.query)));
      if (unknown) return validationError(unknown, 'Unknown parameter');
      const perPage = query.per_page === undefined ? 100 : Number(query.per_page);
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 500)
        return validationError('per_page', 'Must be an integer between 1 and 500');
      const dateFilters = ['created_at', 'updated_at'].map((field) => [field, dateFilter(query[field])] as const);
      const invalidDate = dateFilters.find(([, filter]) => filter === null);
      if (invalidDate) return validationError(invalidDate[0], 'Must be operator|ISO-8601 timestamp, e.g. gte|2026-01-01T00:00:00Z');
      const selected = [...records]
        .filter((record) => dateFilters.every(([field, filter]) => filter === undefined || filter!(Date.parse(String(record[field])))))
        .filter((record) =>
          Object.entries(ID_FIELDS).every(
            ([param, field]) => query[param] === undefined || query[param].split(',').map(Number).includes(Number(record[field])),
          ),
        )
        .filter((record) => query.status === undefined || record.status === query.status)
        .sort((a, b) => a.id - b.id);
      const size = Math.min(perPage, options.pageSize ?? perPage);
      const offset = Number(query.offset ?? 0);
      const body = selected.slice(offset, offset + size);
      const headers: Record<string, string> = { 'x-ratelimit-limit': '50', 'x-ratelimit-remaining': '49' };
      if (offset + size < selected.length) {
        const rest = Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'offset'));
        const cursor = Buffer.from(
          JSON.stringify({ list: name, query: { ...rest, per_page: String(size), offset: String(offset + size) } }),
        ).toString('base64url');
        headers.link = `<${origin}/v3/${name}?cursor=${cursor}>; rel="next"`;
      }
      return { status: 200, headers, body };
    };

  const server = await startFakeAtsServer({
    port: options.port,
    label: options.label,
    routes: Object.fromEntries(GREENHOUSE_LISTS.map((name) => [`/v3/${name}`, list(name)])),
    tokenRoutes: { '/token': issueToken },
    authenticate: (request) => {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      const expiresAt = token === undefined ? undefined : tokens.get(token);
      return expiresAt !== undefined && now() < expiresAt
        ? null
        : { status: 401, body: { error: 'Unauthorized', message: 'Invalid or expired token' } };
    },
  });
  origin = server.origin;
  return Object.assign(server, { url: `${server.origin}/v3`, tokenUrl: `${server.origin}/token`, revokeTokens: () => tokens.clear() });
}

/** `op|ISO[|op|ISO]` as a test on a time; `undefined` when absent, `null` when unreadable. */
function dateFilter(value: string | undefined): ((time: number) => boolean) | undefined | null {
  if (value === undefined) return undefined;
  const parts = value.split('|');
  if (parts.length % 2 !== 0) return null;
  const tests: ((time: number) => boolean)[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const compare = OPERATORS[parts[i]];
    const bound = Date.parse(parts[i + 1]);
    if (!compare || !ISO_8601.test(parts[i + 1]) || Number.isNaN(bound)) return null;
    tests.push((time) => compare(time, bound));
  }
  return (time) => tests.every((test) => test(time));
}

function decodeCursor(cursor: string, name: GreenhouseListName): Record<string, string> | null {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { list?: unknown; query?: unknown };
    if (decoded.list !== name || typeof decoded.query !== 'object' || decoded.query === null) return null;
    return decoded.query as Record<string, string>;
  } catch {
    return null;
  }
}

function validationError(field: string, message: string): FakeResponse {
  return { status: 422, body: { message: 'Validation error', errors: [{ message, field }] } };
}

// --- Records built from the fixtures (Greenhouse's documented fields, our values) ------------------

function fromFixture(fixture: unknown, overrides: Partial<GreenhouseRecord> & { id: number }): GreenhouseRecord {
  return { ...(structuredClone(fixture) as GreenhouseRecord), ...overrides };
}

/** A job as `GET /v3/jobs` lists it, with overrides. */
export const greenhouseJob = (overrides: Partial<GreenhouseRecord> & { id: number }) => fromFixture(jobsFixture[0], overrides);
/** A live external job post as `GET /v3/job_posts` lists it, with overrides. */
export const greenhouseJobPost = (overrides: Partial<GreenhouseRecord> & { id: number }) => fromFixture(jobPostsFixture[0], overrides);
/** A candidate, contact data included (the connector must not read it), with overrides. */
export const greenhouseCandidate = (overrides: Partial<GreenhouseRecord> & { id: number }) => fromFixture(candidatesFixture[0], overrides);
/** An application in process, with overrides. */
export const greenhouseApplication = (overrides: Partial<GreenhouseRecord> & { id: number }) =>
  fromFixture(applicationsFixture[0], overrides);
/** An opening filled by a hire, with overrides. */
export const greenhouseOpening = (overrides: Partial<GreenhouseRecord> & { id: number }) => fromFixture(openingsFixture[0], overrides);
/** An office, with overrides. */
export const greenhouseOffice = (overrides: Partial<GreenhouseRecord> & { id: number }) => fromFixture(officesFixture[0], overrides);
/** A department, with overrides. */
export const greenhouseDepartment = (overrides: Partial<GreenhouseRecord> & { id: number }) =>
  fromFixture(departmentsFixture[0], overrides);

/** The fixture's rejection reasons: one "We rejected them", one "They rejected us" (a withdrawal). */
export const GREENHOUSE_REJECTION_REASONS = rejectionReasonsFixture as readonly GreenhouseRecord[];
export const [REJECTED_REASON_ID, WITHDREW_REASON_ID] = GREENHOUSE_REJECTION_REASONS.map((reason) => reason.id);
