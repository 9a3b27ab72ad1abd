import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the two AppSync control-plane calls the renewal job makes, answering like
 * AppSync's REST API (restJson1) so the real `@aws-sdk/client-appsync` talks to it:
 *   GET  /v1/apis/{apiId}/apikeys?maxResults&nextToken  → { apiKeys, nextToken }
 *   POST /v1/apis/{apiId}/apikeys/{id}  { expires }      → { apiKey }
 * It enforces AppSync's rules on `expires` (rounded down to the hour, 1 to 365 days ahead of its
 * clock: ApiKeyValidityOutOfBoundsException) and refuses unsigned calls, unknown APIs and keys.
 */

export interface StoredKey {
  id: string;
  expires: number;
  description?: string;
}

export interface LocalAppSyncApiKeys {
  readonly endpoint: string;
  readonly apiId: string;
  /** The keys as the stand-in holds them now (seconds since the epoch). */
  readonly keys: StoredKey[];
  /** Every call, e.g. `GET /v1/apis/x/apikeys` */
  readonly calls: string[];
  /** Makes UpdateApiKey answer this error for the given key ids. */
  failUpdatesFor(ids: readonly string[], error?: { status: number; type: string; message: string }): void;
  stop(): Promise<void>;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

export interface LocalAppSyncOptions {
  readonly apiId?: string;
  readonly keys?: readonly StoredKey[];
  /** The stand-in's clock (epoch ms), for the 1-365-day window. @default Date.now */
  readonly now?: () => number;
  /** Keys per ListApiKeys page (AppSync pages too). @default 25 */
  readonly pageSize?: number;
}

export async function startLocalAppSyncApiKeys(options: LocalAppSyncOptions = {}): Promise<LocalAppSyncApiKeys> {
  const apiId = options.apiId ?? 'localapi1234567890';
  const keys: StoredKey[] = (options.keys ?? []).map((key) => ({ ...key }));
  const calls: string[] = [];
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? 25;
  let failing: { ids: Set<string>; error: { status: number; type: string; message: string } } | undefined;

  const send = (res: ServerResponse, status: number, body: unknown, errorType?: string) => {
    res.writeHead(status, { 'content-type': 'application/json', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      calls.push(`${req.method} ${url.pathname}`);
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        return send(res, 403, { message: 'Missing Authentication Token' }, 'UnauthorizedException');
      }
      const match = /^\/v1\/apis\/([^/]+)\/apikeys(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match) return send(res, 404, { message: 'No such route' }, 'NotFoundException');
      if (match[1] !== apiId) return send(res, 404, { message: `GraphQL API ${match[1]} not found.` }, 'NotFoundException');
      const keyId = match[2] ? decodeURIComponent(match[2]) : undefined;

      if (req.method === 'GET' && !keyId) {
        const start = Number(url.searchParams.get('nextToken') ?? 0);
        const page = keys.slice(start, start + pageSize);
        const next = start + pageSize < keys.length ? String(start + pageSize) : undefined;
        return send(res, 200, {
          apiKeys: page.map((key) => ({ ...key, deletes: key.expires + 60 * DAY })),
          ...(next ? { nextToken: next } : {}),
        });
      }
      if (req.method === 'POST' && keyId) {
        const key = keys.find((candidate) => candidate.id === keyId);
        if (!key) return send(res, 404, { message: 'API key not found.' }, 'NotFoundException');
        if (failing?.ids.has(keyId)) return send(res, failing.error.status, { message: failing.error.message }, failing.error.type);
        const body = await readBody(req);
        if (typeof body.expires === 'number') {
          const expires = Math.floor(body.expires / HOUR) * HOUR;
          const nowSeconds = now() / 1000;
          if (expires < nowSeconds + DAY || expires > nowSeconds + 365 * DAY) {
            return send(
              res,
              400,
              { message: 'API key must be valid for a minimum of 1 day and a maximum of 365 days.' },
              'ApiKeyValidityOutOfBoundsException',
            );
          }
          key.expires = expires;
        }
        if (typeof body.description === 'string') key.description = body.description;
        return send(res, 200, { apiKey: { ...key, deletes: key.expires + 60 * DAY } });
      }
      return send(res, 400, { message: `Unsupported ${req.method} ${url.pathname}` }, 'BadRequestException');
    })().catch((error: unknown) => send(res, 500, { message: String(error) }, 'InternalFailureException'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    apiId,
    keys,
    calls,
    failUpdatesFor(ids, error = { status: 400, type: 'BadRequestException', message: 'Refused by the stand-in.' }) {
      failing = { ids: new Set(ids), error };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
