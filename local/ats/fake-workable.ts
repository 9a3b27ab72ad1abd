import {
  startFakeAtsServer,
  type FakeAtsServer,
  type FakeResponse,
  type FakeRouteHandler,
  type RecordedRequest,
  type FakeAtsServerOptions,
} from './fake-ats-server';
import { WORKABLE_ACCOUNT, type WorkableAccountData, type WorkableCandidateRecord, type WorkableJobRecord } from './fake-workable-data';

/**
 * A fake Workable SPI v3 on 127.0.0.1 answering like the documented API (its answers keep to the
 * shapes of the documented examples in local/ats/fixtures/workable/, checked by a contract
 * test; the list's candidates have no `disqualified_at`, only the detail has it): `Authorization: Bearer`
 * tokens, `/jobs` and `/candidates` sorted oldest first with `limit` (default 50, at most 100),
 * `since_id`, `created_after`/`updated_after` (ISO 8601 basic or extended, or Unix time) and a
 * `paging.next` URL while more remain, the list's reduced candidate JSON, and `/candidates/:id`
 * with the full one. Subdomains are path prefixes (`/<subdomain>/spi/v3/…`), so one local server
 * stands for `<subdomain>.workable.com`; an unknown subdomain answers 404. With `rateLimit`, answers
 * carry `X-Rate-Limit-Limit`/`-Remaining`/`-Reset` (Unix seconds of the next interval) and a request
 * over the limit gets 429 without `Retry-After`, as Workable documents.
 * A plain module (no jest), reusable by the local runtime and browser tests.
 */

export interface FakeWorkableOptions {
  readonly port?: number;
  /** Names the server in a busy port's message (see {@link FakeAtsServerOptions}). */
  readonly label?: FakeAtsServerOptions['label'];
  readonly data?: WorkableAccountData;
  /** The one token the account accepts. */
  readonly token: string;
  /** Workable's per-interval limit (10 requests per 10 s for account tokens); none by default. */
  readonly rateLimit?: { readonly requests: number; readonly intervalSeconds: number; readonly now?: () => number };
}

export interface FakeWorkable extends Pick<FakeAtsServer, 'requests' | 'failNext' | 'failOn' | 'close'> {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The connector's `baseUrl` option: `http://127.0.0.1:<port>/{subdomain}/spi/v3`. */
  readonly baseUrl: string;
  readonly subdomain: string;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;

/** Workable's timestamp filters: `20150708T115616Z`, Unix seconds, or an extended ISO 8601 instant. */
function parseTimestamp(value: string): number {
  const basic = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (basic) return Date.UTC(+basic[1], +basic[2] - 1, +basic[3], +basic[4], +basic[5], +basic[6]);
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  return Date.parse(value);
}

type Query = Readonly<Record<string, string>>;

function badRequest(error: string): FakeResponse {
  return { status: 422, body: { error } };
}

/** One page of `records` (already in insertion order) by `limit` and `since_id`, with `paging.next`. */
function page<T extends { id: string; created_at: string; updated_at: string }>(
  records: readonly T[],
  request: RecordedRequest,
  origin: string,
): { items: T[]; next: string | null } | FakeResponse {
  const query: Query = request.query;
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1) return badRequest('limit must be a positive integer');
  const filters: [string, (record: T) => string][] = [
    ['created_after', (record) => record.created_at],
    ['updated_after', (record) => record.updated_at],
  ];
  let matching = [...records];
  for (const [name, field] of filters) {
    if (query[name] === undefined) continue;
    const after = parseTimestamp(query[name]);
    if (Number.isNaN(after)) return badRequest(`${name} must be an ISO 8601 timestamp or Unix time`);
    matching = matching.filter((record) => Date.parse(field(record)) > after);
  }
  let start = 0;
  if (query.since_id !== undefined) {
    // IDs grow with insertion in Workable; here the records' order stands for it.
    const at = matching.findIndex((record) => record.id === query.since_id);
    start = at < 0 ? matching.length : at;
  }
  const size = Math.min(limit, MAX_LIMIT);
  const items = matching.slice(start, start + size);
  const following = matching[start + size];
  if (!following) return { items, next: null };
  const next = new URL(`${origin}${request.path}`);
  for (const [key, value] of Object.entries(query)) if (key !== 'since_id') next.searchParams.set(key, value);
  next.searchParams.set('since_id', following.id);
  return { items, next: next.href };
}

function isResponse(value: unknown): value is FakeResponse {
  return typeof value === 'object' && value !== null && 'status' in value;
}

/** A job as Workable lists it: `full_description` only when asked for; no `updated_at` (not in Workable's job example). */
function jobJson(job: WorkableJobRecord, includeFields: readonly string[]) {
  const { full_description, updated_at: _updatedAt, ...rest } = job;
  return includeFields.includes('full_description') ? { ...rest, full_description } : rest;
}

/** The list's reduced candidate: no summary, experience, education, skills or tags (v3). */
function candidateSummary(candidate: WorkableCandidateRecord) {
  const { id, name, firstname, lastname, headline, account, job, stage, stage_kind, disqualified, withdrew } = candidate;
  const { disqualification_reason, sourced, email, phone, address, hired_at, created_at, updated_at } = candidate;
  return {
    id,
    name,
    firstname,
    lastname,
    headline,
    account,
    job,
    stage,
    stage_kind,
    disqualified,
    withdrew,
    disqualification_reason,
    sourced,
    profile_url: `https://${account.subdomain}.workable.com/backend/candidates/${id}`,
    email,
    domain: null,
    created_at,
    updated_at,
    hired_at,
    address,
    phone,
  };
}

/** Starts a fake Workable account; resolves once it listens. */
export async function startFakeWorkable(options: FakeWorkableOptions): Promise<FakeWorkable> {
  const data = options.data ?? WORKABLE_ACCOUNT;
  const prefix = `/${data.subdomain}/spi/v3`;
  let origin = '';

  const jobs: FakeRouteHandler = (request) => {
    const result = page(data.jobs, request, origin);
    if (isResponse(result)) return result;
    const include = (request.query.include_fields ?? '').split(',').map((field) => field.trim());
    return {
      status: 200,
      body: { jobs: result.items.map((job) => jobJson(job, include)), ...(result.next ? { paging: { next: result.next } } : {}) },
    };
  };

  const candidates: FakeRouteHandler = (request) => {
    const { shortcode, stage } = request.query;
    const selected = data.candidates.filter(
      (candidate) =>
        (shortcode === undefined || candidate.job?.shortcode === shortcode) && (stage === undefined || candidate.stage === stage),
    );
    const result = page(selected, request, origin);
    if (isResponse(result)) return result;
    return {
      status: 200,
      body: { candidates: result.items.map(candidateSummary), ...(result.next ? { paging: { next: result.next } } : {}) },
    };
  };

  const routes: Record<string, FakeRouteHandler> = { [`${prefix}/jobs`]: jobs, [`${prefix}/candidates`]: candidates };
  for (const candidate of data.candidates) {
    routes[`${prefix}/candidates/${candidate.id}`] = () => ({ status: 200, body: { candidate } });
  }

  const limit = options.rateLimit;
  const used = new Map<number, number>();
  /** Counts the request in its interval: 429 over the limit, the limit headers either way. */
  function limited(handler: FakeRouteHandler): FakeRouteHandler {
    if (!limit) return handler;
    return (request) => {
      const intervalMs = limit.intervalSeconds * 1000;
      const interval = Math.floor((limit.now ?? Date.now)() / intervalMs);
      const count = (used.get(interval) ?? 0) + 1;
      used.set(interval, count);
      const headers = {
        'x-rate-limit-limit': String(limit.requests),
        'x-rate-limit-remaining': String(Math.max(0, limit.requests - count)),
        'x-rate-limit-reset': String(((interval + 1) * intervalMs) / 1000),
      };
      if (count > limit.requests) return { status: 429, headers, body: { error: 'Too many requests' } };
      const answer = handler(request);
      return { ...answer, headers: { ...answer.headers, ...headers } };
    };
  }

  const server = await startFakeAtsServer({
    port: options.port,
    label: options.label,
    routes: Object.fromEntries(Object.entries(routes).map(([path, handler]) => [path, limited(handler)])),
    authenticate: (request) =>
      request.headers.authorization === `Bearer ${options.token}` ? null : { status: 401, body: { error: 'Not authorized' } },
  });
  origin = server.origin;

  return {
    url: server.origin,
    baseUrl: `${server.origin}/{subdomain}/spi/v3`,
    subdomain: data.subdomain,
    requests: server.requests,
    failNext: server.failNext,
    failOn: server.failOn,
    close: server.close,
  };
}
