import * as fs from 'node:fs';
import * as path from 'node:path';
import { startWebServer, type RunningWebServer } from '../../../local/web/web-server';
import { localRuntimeConfig } from '../../../local/web/runtime-config';
import { temporaryFolder } from '../support/local-services';

/** The built web app served like CloudFront serves it, plus the generated config.json. */

const dist = temporaryFolder('web-dist');
let server: RunningWebServer;
let config: unknown;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist.path, 'assets'));
  fs.writeFileSync(path.join(dist.path, 'index.html'), '<!doctype html><title>TalentPilot</title>');
  fs.writeFileSync(path.join(dist.path, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist.path, 'assets', 'index-AbC123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dist.path, 'assets', 'index-AbC123.css'), 'body{}');
  fs.writeFileSync(path.join(path.dirname(dist.path), 'outside-web-dist.txt'), 'secret');
  server = await startWebServer({ port: 0, distDir: dist.path, runtimeConfig: () => config });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(path.join(path.dirname(dist.path), 'outside-web-dist.txt'), { force: true });
  dist.remove();
});

describe('the local web server', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', 'no-cache'],
    ['/favicon.svg', 'image/svg+xml', 'no-cache'],
    ['/assets/index-AbC123.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['/assets/index-AbC123.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
  ])('serves %s as %s with cache policy %s', async (pathname, contentType, cacheControl) => {
    const response = await fetch(`${server.url}${pathname}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('cache-control')).toBe(cacheControl);
  });

  it('falls back to index.html for client-side routes, but not for missing files', async () => {
    const route = await fetch(`${server.url}/terms-condition`);
    const nested = await fetch(`${server.url}/no/such/page`);
    const missingAsset = await fetch(`${server.url}/assets/gone-123.js`);

    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>TalentPilot</title>');
    expect(nested.status).toBe(200);
    expect(missingAsset.status).toBe(404);
  });

  it('never serves files outside web/dist', async () => {
    const response = await fetch(`${server.url}/..%2foutside-web-dist.txt`);

    expect([403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain('secret');
  });

  it('serves config.json from memory, uncached, once the endpoints are known', async () => {
    config = undefined;
    expect((await fetch(`${server.url}/config.json`)).status).toBe(503);

    config = localRuntimeConfig({
      restUrl: 'http://127.0.0.1:5181/prod',
      graphqlUrl: 'http://127.0.0.1:5182/graphql',
      graphqlApiKey: 'da2-key',
      productSlug: 'talentpilot',
    });
    const response = await fetch(`${server.url}/config.json`);

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      productName: 'TalentPilot',
      productSlug: 'talentpilot',
      stage: 'local',
      region: 'us-east-2',
      restApiUrl: 'http://127.0.0.1:5181/prod',
      graphqlUrl: 'http://127.0.0.1:5182/graphql',
      graphqlApiKey: 'da2-key',
      supportPortalUrl: 'https://support.talentpilot.example.com/',
      planCodeSuffix: '_dev',
    });
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    const post = await fetch(`${server.url}/`, { method: 'POST' });

    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(post.status).toBe(405);
  });

  it('serves extra local pages registered by other services', async () => {
    server.addPage('/_local/outbox', (_req, res) => res.end('outbox'));

    expect(await (await fetch(`${server.url}/_local/outbox`)).text()).toBe('outbox');
  });
});
