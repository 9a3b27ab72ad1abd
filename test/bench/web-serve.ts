/**
 * What stands in front of the built web app in AWS: CloudFront compresses text responses (gzip
 * or brotli when the browser asks). The local web server sends them as they are, so the bench
 * puts this small gzip proxy in front of it: Lighthouse and the size figures then see what a
 * visitor's browser gets.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

/** Starts a gzip proxy to `origin` on a free port of 127.0.0.1. */
export async function startGzipProxy(origin: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      const upstream = await fetch(new URL(req.url ?? '/', origin), { method: req.method, headers: { accept: String(req.headers.accept ?? '*/*') } });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding' && name !== 'connection') headers[name] = value;
      });
      const type = upstream.headers.get('content-type') ?? '';
      const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 1000;
      const payload = gzip ? gzipSync(body) : body;
      res.writeHead(upstream.status, { ...headers, ...(gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}), 'content-length': String(payload.length) });
      res.end(req.method === 'HEAD' ? undefined : payload);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
