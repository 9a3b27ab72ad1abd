import { randomUUID } from 'node:crypto';
import {
  startFakeAtsServer,
  type FakeAtsServer,
  type FakeAtsServerOptions,
  type FakeResponse,
  type RecordedRequest,
} from './fake-ats-server';

/**
 * A fake Bullhorn on 127.0.0.1 answering exactly the shapes of `local/ats/fixtures/bullhorn/`
 * (their SOURCES.md names the documentation page of each), held to them by a contract test. Two
 * servers, as Bullhorn has two hosts per data centre:
 * - the sign-in service (`auth`): `GET /oauth/authorize?client_id&response_type=code&redirect_uri&state`
 *   approves at once and redirects back with a `code` (no login page offline), and
 *   `POST /oauth/token` (parameters in the URL as Bullhorn documents, or in a form body) trades a
 *   code or a refresh token for an access token and the next refresh token; each code and refresh
 *   token works once;
 * - the REST service (`rest`, GET only): `/rest-services/loginInfo?username=` (the data centre's
 *   URLs: this fake's two origins), `/rest-services/login?version=*&access_token=` (a
 *   `BhRestToken` and the corporation's `restUrl`), then under `/rest-services/<corp>/`:
 *   `search/{JobOrder,Candidate}` (Lucene `isDeleted:0`, `dateLastModified:[yyyyMMddHHmmss TO *]`,
 *   `sort=id`) and `query/{JobSubmission,Placement}` (JPQL `isDeleted = false`, `id > 0`,
 *   `dateLastModified >= <ms>` joined by AND, `orderBy=id`), `fields` projected as asked,
 *   `start`/`count` (count at most 500), `total` on search pages only; 401 with Bullhorn's error
 *   body for a missing or expired `BhRestToken`, and 400 for a filter this fake does not know.
 * Scripted failures come from the base (429, 5xx, …).
 */

export type BullhornRecord = Record<string, unknown> & { readonly id: number };

export interface FakeBullhornData {
  readonly jobOrders?: readonly BullhornRecord[];
  readonly candidates?: readonly BullhornRecord[];
  readonly jobSubmissions?: readonly BullhornRecord[];
  readonly placements?: readonly BullhornRecord[];
}

export interface FakeBullhornOptions {
  /** The REST service's port (0 picks a free one); the sign-in service always takes a free one. */
  readonly port?: number;
  readonly label?: FakeAtsServerOptions['label'];
  readonly clientId: string;
  readonly clientSecret: string;
  readonly data?: FakeBullhornData;
  /** At most this many records per page whatever `count` asks. */
  readonly pageSize?: number;
}

export interface FakeBullhorn {
  readonly rest: FakeAtsServer;
  readonly auth: FakeAtsServer;
  /** Where `loginInfo` is asked: `http://127.0.0.1:<port>/rest-services`. */
  readonly loginInfoRoot: string;
  /** The two origins its answers point to (the connector's `allowedOrigins`). */
  readonly origins: readonly string[];
  /** A refresh token as a completed authorization would leave it (for tests and the demo). */
  issueRefreshToken(): string;
  /** Ends every REST session: the next read with an old `BhRestToken` gets Bullhorn's 401. */
  expireSessions(): void;
  close(): Promise<void>;
}

/** The corporation token in this fake's `restUrl`. */
export const FAKE_BULLHORN_CORP = 'tp9d2';

const ENTITIES = {
  JobOrder: { operation: 'search', data: 'jobOrders' },
  Candidate: { operation: 'search', data: 'candidates' },
  JobSubmission: { operation: 'query', data: 'jobSubmissions' },
  Placement: { operation: 'query', data: 'placements' },
} as const;

function errorBody(status: number, message: string, key: string): FakeResponse {
  return { status, body: { errorMessage: message, errorMessageKey: key, errorCode: status } };
}

/** `id,candidate(id),address(city,state)` → `{ id: true, candidate: { id: true }, address: {...} }`. */
export function parseFields(fields: string): Record<string, unknown> | null {
  let at = 0;
  const list = (): Record<string, unknown> | null => {
    const out: Record<string, unknown> = {};
    for (;;) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(fields.slice(at))?.[0];
      if (!name) return null;
      at += name.length;
      if (fields[at] === '(') {
        at += 1;
        const inner = list();
        if (inner === null || fields[at] !== ')') return null;
        at += 1;
        out[name] = inner;
      } else {
        out[name] = true;
      }
      if (fields[at] !== ',') return out;
      at += 1;
    }
  };
  const parsed = list();
  return parsed !== null && at === fields.length ? parsed : null;
}

/** The record with only the fields asked (a to-one association asked bare gives its `id`). */
function project(record: Record<string, unknown>, fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(fields)) {
    const value = record[name] ?? null;
    if (sub === true) {
      out[name] =
        value !== null && typeof value === 'object' && !Array.isArray(value) ? { id: (value as { id?: unknown }).id ?? null } : value;
    } else {
      out[name] =
        value !== null && typeof value === 'object' ? project(value as Record<string, unknown>, sub as Record<string, unknown>) : null;
    }
  }
  return out;
}

const LUCENE_DATE = /^dateLastModified:\[(\d{14}) TO \*\]$/;

/** A Lucene clause this fake knows → a record test, or null. */
function luceneClause(clause: string): ((record: Record<string, unknown>) => boolean) | null {
  if (clause === 'isDeleted:0') return (record) => record.isDeleted !== true;
  const date = LUCENE_DATE.exec(clause);
  if (date) {
    const d = date[1];
    const ms = Date.parse(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}Z`);
    return Number.isNaN(ms) ? null : (record) => Number(record.dateLastModified) >= ms;
  }
  return null;
}

/** A JPQL clause this fake knows → a record test, or null. */
function jpqlClause(clause: string): ((record: Record<string, unknown>) => boolean) | null {
  if (clause === 'isDeleted = false') return (record) => record.isDeleted !== true;
  if (clause === 'id > 0') return (record) => Number(record.id) > 0;
  const date = /^dateLastModified >= (\d{1,15})$/.exec(clause);
  if (date) return (record) => Number(record.dateLastModified) >= Number(date[1]);
  return null;
}

/** Starts the fake Bullhorn's two servers; resolves once both listen. */
export async function startFakeBullhorn(options: FakeBullhornOptions): Promise<FakeBullhorn> {
  const data = { jobOrders: [], candidates: [], jobSubmissions: [], placements: [], ...options.data };
  const codes = new Set<string>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const sessions = new Set<string>();
  let restOrigin = '';
  let authOrigin = '';

  const issue = (into: Set<string>) => {
    const token = `${into === codes ? 'code' : 'tok'}-${randomUUID()}`;
    into.add(token);
    return token;
  };

  const tokenRoute = (request: RecordedRequest): FakeResponse => {
    const params = { ...Object.fromEntries(new URLSearchParams(request.body)), ...request.query };
    if (params.client_id !== options.clientId || params.client_secret !== options.clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed.' } };
    }
    const spend = (into: Set<string>, value: string | undefined) => value !== undefined && into.delete(value);
    const granted =
      params.grant_type === 'authorization_code'
        ? spend(codes, params.code)
        : params.grant_type === 'refresh_token' && spend(refreshTokens, params.refresh_token);
    if (!granted) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid, expired or used grant.' } };
    return {
      status: 200,
      body: { access_token: issue(accessTokens), token_type: 'Bearer', expires_in: 600, refresh_token: issue(refreshTokens) },
    };
  };

  const auth = await startFakeAtsServer({
    routes: {
      '/oauth/authorize': (request) => {
        const { client_id: clientId, response_type: responseType, redirect_uri: redirectUri, state } = request.query;
        if (clientId !== options.clientId || responseType !== 'code' || !redirectUri) {
          return { status: 400, body: 'Invalid authorization request.' };
        }
        const back = new URL(redirectUri);
        back.searchParams.set('code', issue(codes));
        if (state !== undefined) back.searchParams.set('state', state);
        return { status: 302, headers: { location: back.toString() } };
      },
    },
    tokenRoutes: { '/oauth/token': tokenRoute },
  });
  authOrigin = auth.origin;

  const list =
    (entity: keyof typeof ENTITIES) =>
    (request: RecordedRequest): FakeResponse => {
      const { operation } = ENTITIES[entity];
      const fields = parseFields(request.query.fields ?? '');
      if (fields === null) return errorBody(400, 'The fields parameter is missing or not valid.', 'errors.badFields');
      const filter = operation === 'search' ? request.query.query : request.query.where;
      const clauses = (filter ?? '').split(' AND ').map((clause) => (operation === 'search' ? luceneClause(clause) : jpqlClause(clause)));
      if (!filter || clauses.some((clause) => clause === null)) return errorBody(400, 'The filter could not be parsed.', 'errors.badQuery');
      const start = Number(request.query.start ?? '0');
      const asked = Number(request.query.count ?? '20');
      if (!Number.isInteger(start) || start < 0 || !Number.isInteger(asked) || asked < 1) {
        return errorBody(400, 'start and count must be whole numbers.', 'errors.badPaging');
      }
      const matches = [...(data[ENTITIES[entity].data] as readonly BullhornRecord[])]
        .filter((record) => clauses.every((clause) => clause!(record)))
        .sort((a, b) => a.id - b.id);
      const size = Math.min(asked, 500, options.pageSize ?? 500);
      const records = matches
        .slice(start, start + size)
        .map((record) => (operation === 'search' ? { _score: 1.0, ...project(record, fields) } : project(record, fields)));
      const body =
        operation === 'search'
          ? { total: matches.length, start, count: records.length, data: records }
          : { start, count: records.length, data: records };
      return { status: 200, body };
    };

  const corpRoot = `/rest-services/${FAKE_BULLHORN_CORP}`;
  const rest = await startFakeAtsServer({
    port: options.port,
    label: options.label,
    routes: {
      '/rest-services/loginInfo': (request) =>
        request.query.username
          ? {
              status: 200,
              body: {
                atsUrl: restOrigin,
                oauthUrl: `${authOrigin}/oauth`,
                restUrl: `${restOrigin}/rest-services`,
                novoUrl: restOrigin,
                dataCenterId: 3,
                superClusterId: 33,
              },
            }
          : errorBody(400, 'A username is required.', 'errors.missingUsername'),
      '/rest-services/login': (request) => {
        const token = request.query.access_token;
        if (request.query.version === undefined || token === undefined || !accessTokens.has(token)) {
          return errorBody(401, 'The OAuth access token is unknown or has expired.', 'errors.authentication.invalidOAuthToken');
        }
        return { status: 200, body: { BhRestToken: issue(sessions), restUrl: `${restOrigin}${corpRoot}/` } };
      },
      [`${corpRoot}/search/JobOrder`]: list('JobOrder'),
      [`${corpRoot}/search/Candidate`]: list('Candidate'),
      [`${corpRoot}/query/JobSubmission`]: list('JobSubmission'),
      [`${corpRoot}/query/Placement`]: list('Placement'),
    },
    authenticate: (request) => {
      if (!request.path.startsWith(`${corpRoot}/`)) return null;
      const header = request.headers.bhresttoken;
      const token = (Array.isArray(header) ? header[0] : header) ?? request.query.BhRestToken;
      if (token === undefined) return errorBody(412, 'A BhRestToken is required.', 'errors.authentication.missingRestToken');
      return sessions.has(token)
        ? null
        : errorBody(401, 'The session token is not valid or has timed out.', 'errors.authentication.invalidRestToken');
    },
  });
  restOrigin = rest.origin;

  return {
    rest,
    auth,
    loginInfoRoot: `${rest.origin}/rest-services`,
    origins: [auth.origin, rest.origin],
    issueRefreshToken: () => issue(refreshTokens),
    expireSessions: () => sessions.clear(),
    close: async () => {
      await Promise.all([rest.close(), auth.close()]);
    },
  };
}
