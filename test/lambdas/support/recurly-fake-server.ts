import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import DefaultHttpAdapter from 'recurly/lib/recurly/DefaultHttpAdapter';
import type { HttpResponse } from 'recurly/lib/recurly/HttpAdapter';
import { FakeRecurlySite, recurlyError, type Answer } from './recurly-fake-site';
import { answerViolations, loadRecurlyOpenApi, requestViolations } from './recurly-openapi';

/**
 * A real HTTP server on 127.0.0.1 that answers like Recurly's API v2021-02-25
 * (node_modules/recurly/openapi/api.yaml: the operations below, `Error`, the "Pagination" and
 * "Limits" sections). It checks what the official client must send (the versioned Accept header,
 * Basic auth with the API key, JSON bodies), paginates with an opaque cursor in `next`, gzips
 * when asked, and can be told to fail the way Recurly does. Served:
 * - `GET /plans` (`list_plans`);
 * - `GET /accounts/{account_id}`, `GET /accounts/{account_id}/subscriptions`,
 *   `GET /accounts/{account_id}/line_items` (`code-<code>` or the account id);
 * - `POST /subscriptions`, `GET /subscriptions/{subscription_id}` (id or `uuid-<uuid>`),
 *   `GET /subscriptions/{subscription_id}/line_items`, `POST /subscriptions/{id}/change`,
 *   `POST /subscriptions/{id}/change/preview`,
 *   `PUT /subscriptions/{id}/cancel`, `PUT /subscriptions/{id}/reactivate`.
 * The site's state and semantics (trial, tokens, declines, state rules) live in
 * recurly-fake-site.ts; `server.site` is it (issue tokens, move the clock, set states).
 *
 * Idempotent requests as api.yaml's "Idempotent Requests" section documents them: a `POST`,
 * `PUT`, `PATCH` or `DELETE` with an `Idempotency-Key` header has its answer stored for one hour
 * (the site's clock), keyed by key, method, path and API key; the same request within the hour is
 * answered with the stored answer and `Idempotency-Prior: true` instead of being applied again;
 * while the first is still being processed (the `hang` scenario) a second gets 409 with
 * `Recurly-Should-Retry: true` and `Retry-After`; a 429 is not stored; a key over 255 characters
 * is a 400.
 *
 * Every JSON answer, and every request body, is checked against api.yaml's schema of its operation
 * (recurly-openapi.ts); what breaks it is kept in `schemaViolations`, and `close()` fails with the
 * list, so a test whose exchanges with the fake stray from Recurly's documented shapes fails.
 * A test can also reset the connection of a request after applying it
 * ({@link RecurlyFakeServer.resetAfterApplying}), which makes the official client send it again.
 */

export const RECURLY_ACCEPT = 'application/vnd.recurly.v2021-02-25';

export type RecurlyScenario =
  /** Answer normally (the default; the name is historical). */
  | 'plans'
  /** 401 `unauthorized`: the API key is not valid. */
  | 'unauthorized'
  /** 403 `invalid_api_key`: the key lacks permission. */
  | 'forbidden'
  /** 429 `rate_limited` with `X-RateLimit-Reset`. */
  | 'rate_limited'
  /** 500 `internal_server_error` (JSON). */
  | 'server_error'
  /** 503 from the edge in front of Recurly (HTML, not JSON). */
  | 'unavailable'
  /** Accepts the request and never answers (for time-outs). */
  | 'hang';

export interface FakePlanInput {
  readonly code: string;
  readonly name: string;
  readonly description?: string | null;
  readonly state?: 'active' | 'inactive';
  readonly intervalUnit?: 'days' | 'months';
  readonly intervalLength?: number;
  readonly trialUnit?: 'days' | 'months';
  readonly trialLength?: number;
  readonly pricingModel?: 'fixed' | 'ramp';
  readonly currencies: readonly { readonly currency: string; readonly unitAmount: number; readonly setupFee: number }[];
  /** Also list setup fees in the top-level `setup_fees` (current API); true by default. */
  readonly topLevelSetupFees?: boolean;
}

/** A plan object as Recurly serializes it (snake_case, every documented field present). */
export function recurlyPlanJson(input: FakePlanInput): Record<string, unknown> {
  const ramp = input.pricingModel === 'ramp';
  return {
    id: randomBytes(7).toString('hex').slice(0, 13),
    object: 'plan',
    code: input.code,
    state: input.state ?? 'active',
    name: input.name,
    description: input.description ?? null,
    accounting_code: null,
    interval_unit: input.intervalUnit ?? 'months',
    interval_length: input.intervalLength ?? 1,
    trial_unit: input.trialUnit ?? 'days',
    trial_length: input.trialLength ?? 14,
    trial_requires_billing_info: true,
    total_billing_cycles: null,
    auto_renew: true,
    pricing_model: input.pricingModel ?? 'fixed',
    ramp_intervals: ramp
      ? [{ starting_billing_cycle: 1, currencies: input.currencies.map((c) => ({ currency: c.currency, unit_amount: c.unitAmount })) }]
      : [],
    custom_fields: [],
    revenue_schedule_type: 'evenly',
    setup_fee_revenue_schedule_type: 'evenly',
    tax_code: 'digital',
    tax_exempt: false,
    currencies: input.currencies.map((price) => ({
      currency: price.currency,
      setup_fee: price.setupFee,
      // Ramp plans carry their prices in ramp_intervals, not here.
      ...(ramp ? {} : { unit_amount: price.unitAmount }),
      tax_inclusive: false,
    })),
    ...(input.topLevelSetupFees === false
      ? {}
      : { setup_fees: input.currencies.map((price) => ({ currency: price.currency, unit_amount: price.setupFee })) }),
    hosted_pages: { success_url: null, cancel_url: null, bypass_confirmation: false, display_quantity: false },
    allow_any_item_on_subscriptions: false,
    created_at: '2024-01-15T10:00:00Z',
    updated_at: '2024-01-15T10:00:00Z',
    deleted_at: null,
  };
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly accept: string | undefined;
  readonly authorization: string | undefined;
  /** The parsed JSON body (POST and PUT), or undefined. */
  readonly body: unknown;
  readonly idempotencyKey: string | undefined;
}

export interface RecurlyFakeServerOptions {
  /** The only key the server accepts. */
  readonly apiKey: string;
  readonly plans?: readonly FakePlanInput[];
  /**
   * Test knob: at most this many records per page whatever `limit` asks (Recurly's own pages
   * hold up to `limit`), so a handful of plans exercises pagination.
   */
  readonly pageSizeCap?: number;
}

const RATE_LIMIT = 400;

/** How long Recurly replays a keyed request's answer (api.yaml, "Idempotent Requests"). */
export const IDEMPOTENCY_WINDOW_MS = 3_600_000;
const IDEMPOTENT_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A keyed request's stored answer, or the mark of one still being processed. */
type KeyedAnswer =
  { readonly inFlight: true } | { readonly inFlight: false; readonly status: number; readonly body: unknown; readonly storedAt: number };

/** Which requests a failure scenario applies to. */
export interface RequestMatch {
  readonly method?: string;
  /** Matched against the path without the query. */
  readonly path?: RegExp;
}

export class RecurlyFakeServer {
  readonly requests: RecordedRequest[] = [];
  /** What broke api.yaml's schemas so far (answers of the fake, requests of the client). */
  readonly schemaViolations: string[] = [];
  /** The Recurly site behind the server: accounts, subscriptions, line items, tokens, clock. */
  readonly site: FakeRecurlySite;
  private plans: readonly FakePlanInput[];
  private scenario: RecurlyScenario = 'plans';
  private scenarioAfterRequests = 0;
  private scenarioMatch: RequestMatch = {};
  private readonly keyedAnswers = new Map<string, KeyedAnswer>();
  /** The store key of each keyed request being answered. */
  private readonly pendingKeys = new WeakMap<IncomingMessage, string>();
  private resetMatch: RequestMatch | undefined;
  private readonly toReset = new WeakSet<IncomingMessage>();

  private constructor(
    private readonly server: Server,
    private readonly options: RecurlyFakeServerOptions,
  ) {
    this.plans = options.plans ?? [];
    this.site = new FakeRecurlySite(() => this.plans);
  }

  /** Starts a server on 127.0.0.1 on a free port. */
  static async start(options: RecurlyFakeServerOptions): Promise<RecurlyFakeServer> {
    loadRecurlyOpenApi();
    const server = createServer();
    const fake = new RecurlyFakeServer(server, options);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** `http://127.0.0.1:<port>` */
  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  setPlans(plans: readonly FakePlanInput[]): void {
    this.plans = plans;
  }

  /**
   * Answers every request from now on (or after the next `afterRequests` ones) this way; with
   * `only`, just the requests that match (e.g. `{ method: 'POST', path: /^\/subscriptions$/ }`).
   */
  answerWith(scenario: RecurlyScenario, options: { readonly afterRequests?: number; readonly only?: RequestMatch } = {}): void {
    this.scenario = scenario;
    this.scenarioAfterRequests = this.requests.length + (options.afterRequests ?? 0);
    this.scenarioMatch = options.only ?? {};
  }

  /**
   * The next request that matches is applied (and its answer stored under its Idempotency-Key),
   * then its connection is destroyed instead of answered: the client sees ECONNRESET, as when a
   * connection drops after Recurly received a request.
   */
  resetAfterApplying(match: RequestMatch): void {
    this.resetMatch = match;
  }

  /** The recorded requests other than reads (`GET`): what changed the site. */
  writes(): RecordedRequest[] {
    return this.requests.filter((request) => request.method !== 'GET');
  }

  /** The official client's own transport, sent to this server instead of v3.recurly.com. */
  httpAdapter(options: { readonly timeout?: number } = {}): LocalRecurlyHttpAdapter {
    return new LocalRecurlyHttpAdapter(this.url, options.timeout ?? 2_000);
  }

  /** Stops the server; fails when an exchange broke api.yaml's schemas. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.schemaViolations.length > 0) {
      throw new Error(`The fake Recurly's exchanges break api.yaml:\n${this.takeSchemaViolations().join('\n')}`);
    }
  }

  /** The violations so far, forgotten (for a test that breaks the schema on purpose). */
  takeSchemaViolations(): string[] {
    return this.schemaViolations.splice(0);
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => this.answer(request, response, Buffer.concat(chunks).toString('utf8')));
  }

  private answer(request: IncomingMessage, response: ServerResponse, text: string): void {
    const url = new URL(request.url ?? '/', 'http://recurly.local');
    let body: unknown;
    let malformed = false;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        malformed = true;
      }
    }
    const method = request.method ?? '';
    this.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      accept: request.headers.accept,
      authorization: request.headers.authorization,
      body,
      idempotencyKey: headerValue(request, 'idempotency-key'),
    });
    const matches = (match: RequestMatch) => (!match.method || match.method === method) && (!match.path || match.path.test(url.pathname));
    const scenario = this.requests.length > this.scenarioAfterRequests && matches(this.scenarioMatch) ? this.scenario : 'plans';
    if (this.resetMatch && matches(this.resetMatch)) {
      this.resetMatch = undefined;
      this.toReset.add(request);
    }

    const accept = request.headers.accept ?? '';
    if (accept !== RECURLY_ACCEPT && accept !== `${RECURLY_ACCEPT}+json`) {
      return this.json(request, response, 406, {
        error: {
          type: 'invalid_api_version',
          message: "That accept header isn't in the format we use to specify an API version. Try one of these instead:",
          acceptable_accept_headers: [RECURLY_ACCEPT],
        },
      });
    }
    const expectedAuthorization = `Basic ${Buffer.from(`${this.options.apiKey}:`).toString('base64')}`;
    if (request.headers.authorization !== expectedAuthorization || scenario === 'unauthorized') {
      return this.json(request, response, 401, {
        error: { type: 'unauthorized', message: 'Unauthorized. Please check that you are using a valid API key.' },
      });
    }

    const idempotencyKey = headerValue(request, 'idempotency-key');
    if (idempotencyKey !== undefined && IDEMPOTENT_METHODS.includes(method)) {
      if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
        return this.json(request, response, 400, {
          error: { type: 'bad_request', message: `Idempotency-Key must be ${MAX_IDEMPOTENCY_KEY_LENGTH} characters or fewer.` },
        });
      }
      const storeKey = JSON.stringify([request.headers.authorization, idempotencyKey, method, url.pathname]);
      const stored = this.keyedAnswers.get(storeKey);
      if (stored?.inFlight) {
        return this.json(
          request,
          response,
          409,
          { error: { type: 'simultaneous_request', message: 'A request with this Idempotency-Key is already in progress.' } },
          {},
          { 'Recurly-Should-Retry': 'true', 'Retry-After': '1' },
        );
      }
      if (stored && this.site.now().getTime() - stored.storedAt < IDEMPOTENCY_WINDOW_MS) {
        return this.json(request, response, stored.status, stored.body, {}, { 'Idempotency-Prior': 'true' });
      }
      this.keyedAnswers.set(storeKey, { inFlight: true });
      this.pendingKeys.set(request, storeKey);
    }

    switch (scenario) {
      case 'forbidden':
        return this.json(request, response, 403, {
          error: { type: 'invalid_api_key', message: 'The API key does not have permission to perform this action.' },
        });
      case 'rate_limited':
        return this.json(
          request,
          response,
          429,
          {
            error: {
              type: 'rate_limited',
              message: 'You have made too many API requests in the last 5 minutes. Please wait and try again.',
            },
          },
          { remaining: 0, resetInSeconds: 42 },
        );
      case 'server_error':
        return this.json(request, response, 500, {
          error: { type: 'internal_server_error', message: 'An internal server error has occurred. Please try again later.' },
        });
      case 'unavailable':
        // Answered by the edge: the request never reached Recurly, nothing is stored.
        this.settleKey(request, undefined);
        response.writeHead(503, { 'Content-Type': 'text/html', 'X-Request-Id': requestId() });
        response.end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
        return;
      case 'hang':
        return; // never answers
      case 'plans':
        break;
    }

    if (malformed || (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))) {
      return this.json(request, response, 400, { error: { type: 'bad_request', message: 'The request body is not a JSON object.' } });
    }
    this.schemaViolations.push(...requestViolations(method, url.pathname, body));
    if (['POST', 'PUT'].includes(method) && !(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return this.json(request, response, 400, {
        error: { type: 'invalid_content_type', message: 'Content-Type must be application/json.' },
      });
    }
    const answer = this.route(method, url, (body ?? {}) as Record<string, unknown>);
    if (answer.pdf || answer.status === 204) this.settleKey(request, undefined);
    if (answer.pdf) {
      response.writeHead(answer.status, {
        'Content-Type': 'application/pdf',
        'Recurly-Version': 'recurly.v2021-02-25',
        'X-Request-Id': requestId(),
        'Content-Length': answer.pdf.length,
      });
      response.end(answer.pdf);
      return;
    }
    if (answer.status === 204) {
      response.writeHead(204, { 'X-Request-Id': requestId() });
      response.end();
      return;
    }
    this.json(request, response, answer.status, answer.body);
  }

  private route(method: string, url: URL, body: Record<string, unknown>): Answer {
    const segments = url.pathname
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
    const site = this.site;
    const [collection, id, action] = segments;
    const list = (records: Record<string, unknown>[] | undefined, what: string): Answer =>
      records === undefined ? recurlyError(404, 'not_found', `Couldn't find Account with ${what}`) : this.page(url, records);

    if (method === 'GET' && url.pathname === '/plans') return this.listPlans(url);
    if (collection === 'accounts' && id && method === 'GET') {
      if (segments.length === 2) return site.getAccount(id);
      if (segments.length === 3 && action === 'subscriptions') {
        const sort = url.searchParams.get('sort');
        if (sort && sort !== 'created_at' && sort !== 'updated_at')
          return recurlyError(400, 'bad_request', 'sort must be created_at or updated_at');
        return list(site.accountSubscriptions(id, url.searchParams.get('order')), id);
      }
      if (segments.length === 3 && action === 'line_items')
        return list(site.lineItemsOf({ accountId: id }, url.searchParams.get('type')), id);
      if (segments.length === 3 && action === 'invoices') return list(site.accountInvoices(id, url.searchParams.get('order')), id);
    }
    if (collection === 'accounts' && id && segments.length === 3 && action === 'billing_info' && method === 'PUT')
      return site.updateBillingInfo(id, body);
    if (collection === 'invoices' && id && segments.length === 2 && method === 'GET') {
      return id.endsWith('.pdf') ? site.invoicePdf(id.slice(0, -'.pdf'.length)) : site.getInvoice(id);
    }
    if (collection === 'subscriptions') {
      if (segments.length === 1 && method === 'POST') return site.createSubscription(body);
      if (id && segments.length === 2 && method === 'GET') return site.getSubscription(id);
      if (id && segments.length === 3) {
        if (action === 'line_items' && method === 'GET') {
          const items = site.lineItemsOf({ subscriptionId: id }, url.searchParams.get('type'));
          return items === undefined ? recurlyError(404, 'not_found', `Couldn't find Subscription with id = ${id}`) : this.page(url, items);
        }
        if (action === 'change' && method === 'POST') return site.changeSubscription(id, body);
        if (action === 'cancel' && method === 'PUT') return site.cancelSubscription(id, body);
        if (action === 'reactivate' && method === 'PUT') return site.reactivateSubscription(id);
      }
      if (id && segments.length === 4 && action === 'change' && segments[3] === 'preview' && method === 'POST') {
        return site.changeSubscription(id, body, true);
      }
    }
    return recurlyError(404, 'not_found', `Couldn't find a resource at ${url.pathname}`);
  }

  /** One page of a list, with Recurly's `limit` check and an opaque cursor in `next`. */
  private page(url: URL, records: readonly unknown[]): Answer {
    const limit = Number(url.searchParams.get('limit') ?? '20');
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      return recurlyError(400, 'bad_request', 'limit must be between 1 and 200', {
        params: [{ param: 'limit', message: 'must be between 1 and 200' }],
      });
    }
    const offset = decodeCursor(url.searchParams.get('cursor'));
    const pageSize = Math.min(limit, this.options.pageSizeCap ?? limit);
    const hasMore = offset + pageSize < records.length;
    let next: string | null = null;
    if (hasMore) {
      const nextQuery = new URLSearchParams(url.searchParams);
      nextQuery.set('cursor', encodeCursor(offset + pageSize));
      next = `${url.pathname}?${nextQuery.toString()}`;
    }
    return { status: 200, body: { object: 'list', has_more: hasMore, next, data: records.slice(offset, offset + pageSize) } };
  }

  private listPlans(url: URL): Answer {
    const state = url.searchParams.get('state');
    const matching = this.plans.filter((plan) => !state || (plan.state ?? 'active') === state);
    return this.page(url, matching.map(recurlyPlanJson));
  }

  /** Stores the answer of a keyed request (or forgets the key when there is none to store). */
  private settleKey(request: IncomingMessage, answer: { readonly status: number; readonly body: unknown } | undefined): void {
    const storeKey = this.pendingKeys.get(request);
    if (storeKey === undefined) return;
    this.pendingKeys.delete(request);
    if (answer) this.keyedAnswers.set(storeKey, { inFlight: false, ...answer, storedAt: this.site.now().getTime() });
    else this.keyedAnswers.delete(storeKey);
  }

  private json(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: unknown,
    rateLimit: { readonly remaining?: number; readonly resetInSeconds?: number } = {},
    extraHeaders: Readonly<Record<string, string>> = {},
  ): void {
    // Recurly does not store a 429 (api.yaml, "Idempotent Requests").
    this.settleKey(request, status === 429 ? undefined : { status, body });
    const path = new URL(request.url ?? '/', 'http://recurly.local').pathname;
    this.schemaViolations.push(...answerViolations(request.method ?? '', path, status, body));
    if (this.toReset.has(request)) {
      request.socket.destroy();
      return;
    }
    let payload: Buffer = Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = {
      'Content-Type': 'application/json; charset=utf-8',
      'Recurly-Version': 'recurly.v2021-02-25',
      'X-Request-Id': requestId(),
      'X-RateLimit-Limit': RATE_LIMIT,
      'X-RateLimit-Remaining': rateLimit.remaining ?? RATE_LIMIT - this.requests.length,
      'X-RateLimit-Reset': Math.floor(Date.now() / 1000) + (rateLimit.resetInSeconds ?? 300),
      ...extraHeaders,
    };
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      payload = gzipSync(payload);
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = payload.length;
    response.writeHead(status, headers);
    response.end(payload);
  }
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function requestId(): string {
  return randomBytes(10).toString('hex');
}

function encodeCursor(offset: number): string {
  return Buffer.from(`v1:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string | null): number {
  if (!cursor) return 0;
  const match = /^v1:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : 0;
}

/**
 * Recurly's `DefaultHttpAdapter` with the scheme, host and port of every request replaced by the
 * fake server's: everything else (headers, gzip, time-outs, keep-alive) stays the client's own.
 */
export class LocalRecurlyHttpAdapter extends DefaultHttpAdapter {
  constructor(
    private readonly baseUrl: string,
    timeout: number,
  ) {
    super({ timeout });
  }

  override execute(method: string, url: string, headers: Record<string, string>, body: string | null): Promise<HttpResponse> {
    const target = new URL(url);
    const base = new URL(this.baseUrl);
    target.protocol = base.protocol;
    target.host = base.host;
    return super.execute(method, target.toString(), headers, body);
  }
}
