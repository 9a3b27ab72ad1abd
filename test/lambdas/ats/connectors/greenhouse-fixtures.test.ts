import * as fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createGreenhouseConnector } from '../../../../lambdas/ats/connectors/greenhouse';
import { runSync } from '../../../../lambdas/ats/sync/sync-engine';
import { joinClientIdAndUserId } from '../../../../lambdas/shared/contracts/ats';
import { createMemorySyncStore } from '../sync/support/memory-sync-store';

/**
 * The connector against Greenhouse's documented answers and nothing else: a plain HTTP server that
 * serves the fixture files (`local/ats/fixtures/greenhouse/`, Greenhouse's v3 fields with our
 * values) as they are, whatever the query, with no paging, and `token.json` for the token request.
 * A whole sync must complete and find in them what they hold.
 */

const FIXTURES = path.join(__dirname, '../../../../local/ats/fixtures/greenhouse');
const USER = 'recruiter-fixtures';
let server: Server;
let origin: string;
const requests: { method: string; path: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname });
    const file =
      req.method === 'POST' && url.pathname === '/token'
        ? 'token.json'
        : req.method === 'GET' && /^\/v3\/[a-z_]+$/.test(url.pathname)
          ? `${url.pathname.slice(4)}.json`
          : null;
    const full = file && path.join(FIXTURES, file);
    if (!full || !fs.existsSync(full)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(fs.readFileSync(full));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('syncs the documented answers completely: jobs with their posting, candidates, and applications with the hire dated by its opening', async () => {
  const connector = createGreenhouseConnector(
    { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: joinClientIdAndUserId('fixture-client', '4410982'), apikey2: 'fixture-secret' },
    { baseUrl: `${origin}/v3`, sleep: async () => undefined },
  );
  const store = createMemorySyncStore();

  const result = await runSync({ connector, store, userId: USER, now: () => new Date('2026-03-20T12:00:00Z'), deadline: () => false });

  expect(result.outcome).toBe('complete');
  const jobs = await store.listJobs(USER);
  expect(jobs.map((job) => [job.id, job.title, job.status, job.location, job.department])).toEqual([
    ['3104512', 'Warehouse Operations Lead', 'open', 'Joliet, IL', 'Logistics'],
    ['3104533', 'Payroll Specialist', 'closed', '', ''],
  ]);
  expect(jobs[0].description).toMatch(/^Lead a team of twelve in our cross-dock facility\./);
  expect(jobs[0].description).not.toMatch(/Budget approved/);
  expect((await store.listCandidates(USER)).map((candidate) => [candidate.id, candidate.name, candidate.location])).toEqual([
    ['71640023', 'Rosa Delacroix', 'Joliet, IL'],
    ['71640058', 'Kwame Boateng', ''],
  ]);
  expect((await store.listApplications(USER)).map((application) => [application.id, application.status, application.closedAt])).toEqual([
    ['98231004', 'active', null],
    ['98231077', 'hired', '2026-01-09T17:22:10.000Z'],
    ['98231090', 'rejected', '2025-12-01T16:30:00.000Z'],
  ]);
  expect(new Set(requests.map((request) => `${request.method} ${request.path}`))).toEqual(
    new Set([
      'POST /token',
      'GET /v3/jobs',
      'GET /v3/job_posts',
      'GET /v3/offices',
      'GET /v3/departments',
      'GET /v3/candidates',
      'GET /v3/applications',
      'GET /v3/openings',
      'GET /v3/rejection_reasons',
    ]),
  );
});
