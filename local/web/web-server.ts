import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { closeServer, listen, LOCAL_HOST } from '../net';
import { PORT_LABELS } from '../ports';

/**
 * Serves the built web app (web/dist) like the CloudFront distribution does: files with their
 * content types, the SPA fallback to index.html for extension-less paths, long caching for
 * Vite's hashed assets, and `/config.json` generated in memory from the local endpoints.
 */

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Extra pages of the local runtime (e.g. the identity issue's outbox), by exact path. */
export type LocalPage = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface WebServerOptions {
  readonly port: number;
  readonly distDir: string;
  /** The body of `/config.json` per request; `undefined` while the APIs are still starting. */
  readonly runtimeConfig: () => unknown;
  readonly log?: (line: string) => void;
}

export interface RunningWebServer {
  /** `http://127.0.0.1:<port>` (no trailing slash: also the web origin). */
  readonly url: string;
  readonly port: number;
  /** Serves `handler` at `pathname` (before static files). */
  addPage(pathname: string, handler: LocalPage): void;
  stop(): Promise<void>;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const root = path.resolve(options.distDir);
  const pages = new Map<string, LocalPage>();

  const server = http.createServer((req, res) => {
    const startedAt = Date.now();
    const finish = (status: number, headers: http.OutgoingHttpHeaders, body?: Buffer | string) => {
      const payload = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body);
      res.writeHead(status, { 'X-Content-Type-Options': 'nosniff', 'Content-Length': String(payload.length), ...headers });
      res.end(req.method === 'HEAD' ? undefined : payload);
      options.log?.(`[web] ${req.method} ${req.url} ${status} ${Date.now() - startedAt}ms`);
    };
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', `http://${LOCAL_HOST}`).pathname);
    } catch {
      finish(400, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad request');
      return;
    }
    const page = pages.get(pathname);
    if (page) {
      page(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      finish(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'Method Not Allowed');
      return;
    }
    if (pathname === '/config.json') {
      const config = options.runtimeConfig();
      if (config === undefined)
        finish(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1' }, 'The local runtime is starting.');
      else finish(200, { 'Content-Type': CONTENT_TYPES['.json'], 'Cache-Control': 'no-store' }, JSON.stringify(config));
      return;
    }

    const requested = path.resolve(root, `.${pathname}`);
    if (requested !== root && !requested.startsWith(`${root}${path.sep}`)) {
      finish(403, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Forbidden');
      return;
    }
    let file = pathname.endsWith('/') ? path.join(requested, 'index.html') : requested;
    if (!isFile(file)) {
      // SPA fallback: client-side routes have no extension; a missing asset stays a 404.
      if (path.extname(pathname) !== '') {
        finish(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE }, 'Not Found');
        return;
      }
      file = path.join(root, 'index.html');
    }
    let content: Buffer;
    try {
      content = fs.readFileSync(file);
    } catch {
      finish(404, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Not Found');
      return;
    }
    const hashedAsset = path.relative(root, file).split(path.sep)[0] === 'assets';
    finish(
      200,
      {
        'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': hashedAsset ? IMMUTABLE : REVALIDATE,
      },
      content,
    );
  });

  const port = await listen(server, options.port, PORT_LABELS.web);
  return {
    url: `http://${LOCAL_HOST}:${port}`,
    port,
    addPage: (pathname, handler) => pages.set(pathname, handler),
    stop: () => closeServer(server),
  };
}
