/**
 * What stands in front of the built web app in AWS, reproduced for Lighthouse: CloudFront serves
 * HTTP/2 over TLS (browsers negotiate h2 through ALPN) and compresses text responses with brotli
 * or gzip, whichever the browser asks for. The local web server speaks plain HTTP/1.1 without
 * compression, so the bench puts this proxy in front of it. HTTP/2 matters for the scores: over
 * HTTP/1.1 Lighthouse's simulation queues an app's parallel chunk requests behind 6 connections
 * per origin, over h2 they share one multiplexed connection, as they would in production.
 * The certificate is a throwaway self-signed one made by openssl at start (node:crypto cannot
 * self-sign); the browser is told to accept it (see web-lighthouse.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;
/** Hop-by-hop headers: forbidden in HTTP/2 responses, and meaningless once the body is rewritten. */
const DROPPED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

/** A self-signed certificate for 127.0.0.1, valid one day, made in a temp dir that is removed at once. */
function throwawayCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talentpilot-bench-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' });
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The encoding CloudFront would pick: brotli first, then gzip (its documented order). */
function pickEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

/**
 * Starts an HTTP/2 (with HTTP/1.1 fallback) TLS proxy to `origin` on a free port of 127.0.0.1.
 * Compressed bodies are cached by content (CloudFront caches them too); the `warm` paths are
 * fetched and compressed before the proxy answers, so no measured request pays brotli's
 * highest quality as server time.
 */
export async function startCdnProxy(origin: string, warm: readonly string[] = []): Promise<{ url: string; stop: () => Promise<void> }> {
  const cache = new Map<string, Buffer>();
  const compress = (body: Buffer, encoding: 'br' | 'gzip'): Buffer => {
    const key = `${encoding}:${createHash('sha1').update(body).digest('hex')}`;
    let out = cache.get(key);
    if (!out) {
      out = encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(body, { level: 9 });
      cache.set(key, out);
    }
    return out;
  };
  for (const file of warm) {
    const upstream = await fetch(new URL(file, origin));
    const body = Buffer.from(await upstream.arrayBuffer());
    if (COMPRESSIBLE.test(upstream.headers.get('content-type') ?? '') && body.length > 1000) {
      compress(body, 'br');
      compress(body, 'gzip');
    }
  }
  const server = http2.createSecureServer({ ...throwawayCertificate(), allowHTTP1: true }, async (req, res) => {
    try {
      const upstream = await fetch(new URL(req.url ?? '/', origin), { method: req.method, headers: { accept: String(req.headers.accept ?? '*/*') } });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!DROPPED.has(name)) headers[name] = value;
      });
      const type = upstream.headers.get('content-type') ?? '';
      const encoding = COMPRESSIBLE.test(type) && body.length > 1000 ? pickEncoding(String(req.headers['accept-encoding'] ?? '')) : null;
      const payload = encoding ? compress(body, encoding) : body;
      res.writeHead(upstream.status, { ...headers, ...(encoding ? { 'content-encoding': encoding, vary: 'Accept-Encoding' } : {}), 'content-length': String(payload.length) });
      if (req.method === 'HEAD') res.end();
      else res.end(payload);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  return {
    url: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        // Open h2 sessions would keep close() waiting: the browser holds them for reuse.
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
