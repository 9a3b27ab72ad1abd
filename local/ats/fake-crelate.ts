import {
  startFakeAtsServer,
  type FakeAtsServer,
  type FakeResponse,
  type FakeRouteHandler,
  type RecordedRequest,
  type FakeAtsServerOptions,
} from './fake-ats-server';
import { CRELATE_ACCOUNT, type CrelateAccountData } from './fake-crelate-data';

/**
 * A fake Crelate API3 on 127.0.0.1 answering the way Crelate's answers look (only in the shapes of
 * local/ats/fixtures/crelate/, checked by a contract test; `/applications` is not confirmed by any
 * public source, see SOURCES.md there): the key in the
 * `X-Api-Key` header or the `api_key` query parameter, list endpoints (`/api3/jobs`, `/contacts`,
 * `/applications`, `/placements`) paged by `limit` (default 50) and `offset`, every answer the
 * envelope `{ Data, Metadata: { Url, Verb, TotalRecords, MoreRecords, … }, Errors }` with the
 * request's URL echoed (which is why the connector keeps the key out of URLs).
 * `modifiedAfter: 'filter'` honours `modified_after`; `'ignore'` ignores it (as an API that does not
 * know it may); `'refuse'` answers 400 to it. A plain module (no jest).
 */

export interface FakeCrelateOptions {
  readonly port?: number;
  /** Names the server in a busy port's message (see {@link FakeAtsServerOptions}). */
  readonly label?: FakeAtsServerOptions['label'];
  readonly data?: CrelateAccountData;
  /** The one API key the account accepts. */
  readonly apiKey: string;
  readonly modifiedAfter?: 'filter' | 'ignore' | 'refuse';
}

export interface FakeCrelate extends Pick<FakeAtsServer, 'requests' | 'failNext' | 'failOn' | 'close'> {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The connector's `baseUrl` option: `http://127.0.0.1:<port>/api3`. */
  readonly baseUrl: string;
}

const DEFAULT_LIMIT = 50;

/** Starts a fake Crelate account; resolves once it listens. */
export async function startFakeCrelate(options: FakeCrelateOptions): Promise<FakeCrelate> {
  const data = options.data ?? CRELATE_ACCOUNT;
  const modifiedAfter = options.modifiedAfter ?? 'filter';
  let origin = '';

  function envelope(
    request: RecordedRequest,
    status: number,
    payload: unknown,
    extra: { total?: number; more?: boolean } = {},
    errors: unknown[] = [],
  ): FakeResponse {
    const url = new URL(`${origin}${request.path}`);
    for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
    return {
      status,
      body: {
        Data: payload,
        Metadata: {
          CorrelationId: `corr-${request.number}`,
          TimeStamp: '2026-04-10T12:00:00.0000000Z',
          Url: url.href,
          Verb: request.method,
          TotalRecords: extra.total ?? null,
          MoreRecords: extra.more ?? null,
          Links: null,
        },
        Errors: errors,
      },
    };
  }

  function list(records: readonly { readonly ModifiedOn: string }[]): FakeRouteHandler {
    return (request) => {
      const { limit = String(DEFAULT_LIMIT), offset = '0', modified_after: after } = request.query;
      if (!/^\d+$/.test(limit) || !/^\d+$/.test(offset) || Number(limit) < 1) {
        return envelope(request, 400, null, {}, [{ Message: 'limit and offset must be whole numbers' }]);
      }
      let matching = records;
      if (after !== undefined && modifiedAfter === 'refuse') {
        return envelope(request, 400, null, {}, [{ Message: 'Unknown parameter: modified_after' }]);
      }
      if (after !== undefined && modifiedAfter === 'filter') {
        const since = Date.parse(after);
        if (Number.isNaN(since)) return envelope(request, 400, null, {}, [{ Message: 'modified_after must be a date' }]);
        matching = records.filter((record) => Date.parse(record.ModifiedOn) >= since);
      }
      const start = Number(offset);
      const items = matching.slice(start, start + Number(limit));
      return envelope(request, 200, items, { total: matching.length, more: start + items.length < matching.length });
    };
  }

  const server = await startFakeAtsServer({
    port: options.port,
    label: options.label,
    routes: {
      '/api3/jobs': list(data.jobs),
      '/api3/contacts': list(data.contacts),
      '/api3/applications': list(data.applications),
      '/api3/placements': list(data.placements),
    },
    authenticate: (request) => {
      const key = request.headers['x-api-key'] ?? request.query.api_key;
      return key === options.apiKey ? null : envelope(request, 401, null, {}, [{ Message: 'Unauthorized: the API key is not valid.' }]);
    },
  });
  origin = server.origin;

  return {
    url: server.origin,
    baseUrl: `${server.origin}/api3`,
    requests: server.requests,
    failNext: server.failNext,
    failOn: server.failOn,
    close: server.close,
  };
}
