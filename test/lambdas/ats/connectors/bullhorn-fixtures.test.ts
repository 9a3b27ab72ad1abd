import * as fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import * as path from 'node:path';
import { createBullhornConnector, type BullhornGrant } from '../../../../lambdas/ats/connectors/bullhorn';
import { runSync } from '../../../../lambdas/ats/sync/sync-engine';
import { createMemorySyncStore } from '../sync/support/memory-sync-store';

/**
 * The connector against Bullhorn's documented answers and nothing else: a plain HTTP server that
 * serves only the fixture files (local/ats/fixtures/bullhorn/), with Bullhorn's hosts in them
 * pointed at itself. A sync must complete and find every record the fixtures hold.
 */

const FIXTURES = path.join(__dirname, '../../../../local/ats/fixtures/bullhorn');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const CORP = JSON.parse(fixture('rest-login.json')) as { BhRestToken: string; restUrl: string };

/** method, path (without Bullhorn's corporation segment) and `start` → the fixture that answers. */
const ROUTES: Readonly<Record<string, string>> = {
  'GET /rest-services/loginInfo': 'login-info.json',
  'POST /oauth/token refresh_token': 'token-refresh.json',
  'GET /rest-services/login': 'rest-login.json',
  'GET search/JobOrder 0': 'search-joborder.json',
  'GET search/JobOrder 2': 'search-joborder-start-2.json',
  'GET search/Candidate 0': 'search-candidate.json',
  'GET query/JobSubmission 0': 'query-jobsubmission.json',
  'GET query/JobSubmission 3': 'query-jobsubmission-start-3.json',
  'GET query/Placement 0': 'query-placement.json',
  'GET query/Placement 1': 'query-placement-start-1.json',
};

let server: Server;
let origin = '';
const served: string[] = [];

beforeAll(async () => {
  const corpPath = new URL(CORP.restUrl).pathname;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      let key = `${req.method} ${url.pathname}`;
      if (url.pathname.startsWith(corpPath)) {
        if (req.headers.bhresttoken !== CORP.BhRestToken) {
          res.writeHead(401, { 'content-type': 'application/json' }).end(fixture('error-invalid-session.json'));
          return;
        }
        key = `GET ${url.pathname.slice(corpPath.length)} ${url.searchParams.get('start')}`;
      } else if (req.method === 'POST') {
        key = `${key} ${body.get('grant_type')}`;
      }
      const name = ROUTES[key];
      served.push(name ?? key);
      if (!name) {
        res.writeHead(404).end();
        return;
      }
      const text = fixture(name).replace(/https:\/\/(auth|rest)-west\.bullhornstaffing\.com/g, origin);
      res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Bullhorn connector reading nothing but the documented answers', () => {
  it('completes a sync: every job, candidate and application, the placement as the hire', async () => {
    const loginInfo = JSON.parse(
      fixture('login-info.json').replace(/https:\/\/(auth|rest)-west\.bullhornstaffing\.com/g, origin),
    ) as BullhornGrant;
    let grant: BullhornGrant | null = { oauthUrl: loginInfo.oauthUrl, restUrl: loginInfo.restUrl, refreshToken: 'stored-refresh-token' };
    const connector = createBullhornConnector(
      { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: 'client-id-0001', apikey2: 'client-secret-0001' },
      {
        grants: { read: async () => grant, save: async (next) => void (grant = next) },
        allowedOrigins: [origin],
        sleep: async () => undefined,
      },
    );
    const store = createMemorySyncStore();
    const result = await runSync({
      connector,
      store,
      userId: 'recruiter-bullhorn',
      now: () => new Date('2026-03-20T00:00:00Z'),
      deadline: () => false,
    });
    expect(result.outcome).toBe('complete');
    // Every request was one the fixtures answer.
    expect(served.filter((name) => !name.endsWith('.json'))).toEqual([]);
    expect(grant!.refreshToken).toBe(JSON.parse(fixture('token-refresh.json')).refresh_token);

    expect((await store.listJobs('recruiter-bullhorn')).map((job) => [job.id, job.title, job.status])).toEqual([
      ['8801', 'Warehouse Shift Supervisor', 'open'],
      ['8802', 'Payroll Specialist', 'closed'],
      ['8815', 'CNC Machinist', 'draft'],
    ]);
    expect((await store.listCandidates('recruiter-bullhorn')).map((candidate) => [candidate.id, candidate.headline])).toEqual([
      ['41207', 'Shift Lead at High Desert Logistics'],
      ['41233', 'Payroll Coordinator at Sierra Care Group'],
    ]);
    expect(
      (await store.listApplications('recruiter-bullhorn')).map((application) => [application.id, application.status, application.closedAt]),
    ).toEqual([
      ['41207:8801', 'active', null],
      ['41207:8802', 'rejected', new Date(1768435200000).toISOString()],
      ['41233:8802', 'hired', new Date(1770076800000).toISOString()],
    ]);
  });
});
