import { AtsError, type AtsCredentials } from '../../../../lambdas/ats/ats-port';
import { createBullhornConnector, type BullhornGrant, type BullhornGrantStore } from '../../../../lambdas/ats/connectors/bullhorn';
import { luceneDate } from '../../../../lambdas/ats/connectors/bullhorn';
import {
  bullhornAuthorizeUrl,
  completeBullhornAuthorization,
  findBullhornDataCentre,
  isAllowedBullhornUrl,
} from '../../../../lambdas/ats/connectors/bullhorn-session';
import { startFakeBullhorn, type BullhornRecord, type FakeBullhorn } from '../../../../local/ats/fake-bullhorn';
import { atsRejection, readAllPages } from '../support/connector-calls';

const CLIENT_ID = 'b7e2c1d4-5a69-4f08-8c3b-2e1d0f9a7b64';
const CLIENT_SECRET = 'Qm4xT9pLw2Zr7Kc5Nv8Hd3Js6Fb1Gy0A';
const CREDENTIALS: AtsCredentials = { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: CLIENT_ID, apikey2: CLIENT_SECRET };
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');

const job = (id: number, modified: number, extra: Partial<BullhornRecord> = {}): BullhornRecord => ({
  id,
  title: `Forklift Operator ${id}`,
  status: 'Accepting Candidates',
  isOpen: true,
  employmentType: 'Contract',
  address: { address1: '1 Dock Road', city: 'Reno', state: 'NV', zip: '89501' },
  publicDescription: '<p>Night shift.</p>',
  dateAdded: T0,
  dateLastModified: modified,
  ...extra,
});
const candidate = (id: number, modified: number, extra: Partial<BullhornRecord> = {}): BullhornRecord => ({
  id,
  firstName: 'Ana',
  lastName: `Reyes${id}`,
  occupation: 'Forklift Operator',
  companyName: 'Sierra Freight',
  email: `ana${id}@example.com`,
  phone: '555-0100',
  address: { address1: '9 Elm Street', city: 'Sparks', state: 'NV' },
  description: 'Reach me at ana@example.com. Eight years on reach trucks.',
  skillSet: 'Reach truck',
  educationDegree: 'High School',
  dateAdded: T0,
  dateLastModified: modified,
  ...extra,
});

let bullhorn: FakeBullhorn;
beforeAll(async () => {
  bullhorn = await startFakeBullhorn({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    pageSize: 2,
    data: {
      jobOrders: [
        job(1, T0),
        job(2, T0 + 5 * DAY, { isOpen: false, status: 'Filled' }),
        job(3, T0 + 9 * DAY, { isDeleted: true }),
        job(4, T0),
      ],
      candidates: [11, 12, 13].map((id) => candidate(id, T0 + (id - 10) * DAY)),
      jobSubmissions: [
        {
          id: 21,
          candidate: { id: 11 },
          jobOrder: { id: 1 },
          status: 'Interview Scheduled',
          dateAdded: T0,
          dateWebResponse: null,
          dateLastModified: T0 + DAY,
        },
        {
          id: 22,
          candidate: { id: 12 },
          jobOrder: { id: 2 },
          status: 'Offer Extended',
          dateAdded: T0,
          dateWebResponse: null,
          dateLastModified: T0 + 3 * DAY,
        },
        {
          id: 23,
          candidate: { id: 13 },
          jobOrder: { id: 2 },
          status: 'Client Rejected',
          dateAdded: T0,
          dateWebResponse: null,
          dateLastModified: T0 + 4 * DAY,
        },
        {
          id: 24,
          candidate: { id: 13 },
          jobOrder: { id: 1 },
          status: 'Candidate Not Interested',
          dateAdded: T0,
          dateWebResponse: null,
          dateLastModified: T0 + 6 * DAY,
        },
        {
          id: 25,
          candidate: { id: 11 },
          jobOrder: { id: 2 },
          status: '',
          dateAdded: T0,
          dateWebResponse: null,
          dateLastModified: T0 + 6 * DAY,
        },
      ],
      placements: [
        {
          id: 31,
          candidate: { id: 12 },
          jobOrder: { id: 2 },
          jobSubmission: { id: 22, dateAdded: T0, dateWebResponse: null },
          status: 'Approved',
          dateBegin: T0 + 20 * DAY,
          dateAdded: T0 + 4 * DAY,
          dateLastModified: T0 + 4 * DAY,
        },
      ],
    },
  });
});
afterAll(() => bullhorn.close());

/** A grant store in memory that records the order of events. */
function memoryGrants(events: string[]): BullhornGrantStore & { current: BullhornGrant | null } {
  const store = {
    current: null as BullhornGrant | null,
    read: async () => store.current,
    save: async (grant: BullhornGrant) => {
      events.push('grant saved');
      store.current = grant;
    },
  };
  return store;
}

async function authorized(events: string[] = []) {
  const grants = memoryGrants(events);
  const dataCentre = await findBullhornDataCentre('staffing.api', {
    loginInfoRoot: bullhorn.loginInfoRoot,
    allowedOrigins: bullhorn.origins,
  });
  grants.current = { ...dataCentre, refreshToken: bullhorn.issueRefreshToken() };
  return grants;
}

function connectorWith(grants: BullhornGrantStore, events: string[] = [], sleeps: number[] = []) {
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    events.push(`${init?.method ?? 'GET'} ${url.pathname.replace(/^\/rest-services\/[^/]+\/(search|query)/, '/$1')}`);
    return fetch(input, init);
  };
  return createBullhornConnector(CREDENTIALS, {
    grants,
    allowedOrigins: bullhorn.origins,
    fetch: recordingFetch,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0,
  });
}

describe('the Bullhorn connector against a fake Bullhorn', () => {
  it('reads every job, candidate and application over start/count pages, with GETs only on the REST service', async () => {
    const connector = connectorWith(await authorized());
    bullhorn.rest.requests.length = 0;
    const jobs = await readAllPages((options) => connector.listJobs(options));
    const candidates = await readAllPages((options) => connector.listCandidates(options));
    const applications = await readAllPages((options) => connector.listApplications(options));
    expect(jobs.items.map((item) => [item.id, item.status, item.location])).toEqual([
      ['1', 'open', 'Reno, NV'],
      ['2', 'closed', 'Reno, NV'],
      ['4', 'open', 'Reno, NV'],
    ]);
    expect(jobs.cursors).toEqual(['JobOrder:2', null]);
    expect(candidates.items).toHaveLength(3);
    expect(candidates.items[0]).toMatchObject({
      name: 'Ana Reyes11',
      headline: 'Forklift Operator at Sierra Freight',
      location: 'Sparks, NV',
    });
    expect(candidates.items.map((item) => item.profile).join('\n')).not.toMatch(/example\.com|555-0100|Elm Street/);
    expect(applications.cursors).toEqual(['JobSubmission:2', 'JobSubmission:4', 'JobSubmission:5', 'Placement:0', 'Placement:1', null]);
    expect(applications.items.map((item) => [item.id, item.status, item.closedAt])).toEqual([
      ['11:1', 'active', null],
      ['12:2', 'active', null],
      ['13:2', 'rejected', new Date(T0 + 4 * DAY).toISOString()],
      ['13:1', 'withdrawn', new Date(T0 + 6 * DAY).toISOString()],
      // The placement replaces the submission it came from: hired, closed when the candidate began.
      ['12:2', 'hired', new Date(T0 + 20 * DAY).toISOString()],
    ]);
    expect(applications.items[4].appliedAt).toBe(new Date(T0).toISOString());
    expect(new Set(bullhorn.rest.requests.map((request) => request.method))).toEqual(new Set(['GET']));
    expect(bullhorn.rest.requests.filter((request) => request.path === '/rest-services/login')).toHaveLength(1);
  });

  it('counts the submission it cannot read instead of failing the page', async () => {
    const connector = connectorWith(await authorized());
    const page = await connector.listApplications({ cursor: 'JobSubmission:4', updatedSince: null });
    expect(page.items).toEqual([]);
    expect(page.skipped).toEqual([{ reason: 'no status', count: 1 }]);
  });

  it('saves the next refresh token before the access token is used, and the spent one no longer works', async () => {
    const events: string[] = [];
    const grants = await authorized(events);
    const first = grants.current!.refreshToken;
    await connectorWith(grants, events).testConnection();
    expect(events).toEqual(['POST /oauth/token', 'grant saved', 'GET /rest-services/login', 'GET /search/JobOrder']);
    expect(grants.current!.refreshToken).not.toBe(first);
    // The next sync starts from the saved token; the spent one is refused by Bullhorn.
    await expect(connectorWith(grants).testConnection()).resolves.toEqual({ accountName: null });
    const stale = memoryGrants([]);
    stale.current = { ...grants.current!, refreshToken: first };
    const error = await atsRejection(connectorWith(stale).testConnection(), [CLIENT_SECRET, first]);
    expect(error.reason).toBe('credentials');
  });

  it('uses the refresh token another session saved meanwhile instead of failing on the one it read first', async () => {
    const grants = await authorized();
    const first = grants.current!;
    await connectorWith(grants).testConnection();
    const saved = grants.current!;
    // Read before the other session saved: the first read is stale, the second is the saved grant.
    const reads = [first, saved];
    const racing = { read: async () => reads.shift() ?? grants.current, save: grants.save };
    await expect(connectorWith(racing).testConnection()).resolves.toEqual({ accountName: null });
    expect(grants.current!.refreshToken).not.toBe(saved.refreshToken);
  });

  it('logs in again once when the session expired, and says so when that does not help', async () => {
    const events: string[] = [];
    const connector = connectorWith(await authorized(), events);
    await connector.listJobs({ cursor: null, updatedSince: null });
    bullhorn.expireSessions();
    await expect(connector.listJobs({ cursor: null, updatedSince: null })).resolves.toMatchObject({ nextCursor: 'JobOrder:2' });
    expect(events.filter((event) => event === 'GET /rest-services/login')).toHaveLength(2);

    // The read, then (after a login that works) the read again: both refused.
    const next = bullhorn.rest.requests.length + 1;
    bullhorn.rest.failOn(next, { kind: 'status', status: 401 });
    bullhorn.rest.failOn(next + 2, { kind: 'status', status: 401 });
    const error = await atsRejection(connector.listJobs({ cursor: null, updatedSince: null }), [CLIENT_SECRET]);
    expect(error).toMatchObject({ reason: 'credentials', message: expect.stringMatching(/connect Bullhorn again/) });
  });

  it('waits out a 429 as Retry-After says', async () => {
    const sleeps: number[] = [];
    const connector = connectorWith(await authorized(), [], sleeps);
    await connector.testConnection();
    bullhorn.rest.failNext({ kind: 'rate-limit', retryAfter: '1' });
    await expect(connector.listCandidates({ cursor: null, updatedSince: null })).resolves.toMatchObject({ items: expect.any(Array) });
    expect(sleeps).toEqual([1000]);
  });

  it('asks only for records changed since the last sync, in Lucene and JPQL form', async () => {
    const connector = connectorWith(await authorized());
    const since = new Date(T0 + 5 * DAY).toISOString();
    bullhorn.rest.requests.length = 0;
    expect((await readAllPages((options) => connector.listJobs(options), since)).items.map((item) => item.id)).toEqual(['2']);
    expect((await readAllPages((options) => connector.listApplications(options), since)).items.map((item) => item.id)).toEqual(['13:1']);
    const queries = bullhorn.rest.requests.map((request) => request.query.query ?? request.query.where).filter(Boolean);
    expect(queries).toContain(`isDeleted:0 AND dateLastModified:[${luceneDate(T0 + 5 * DAY)} TO *]`);
    expect(queries).toContain(`isDeleted = false AND dateLastModified >= ${T0 + 5 * DAY}`);
    expect(luceneDate(Date.parse('2026-03-06T07:08:09.500Z'))).toBe('20260306070809');
  });

  it('refuses a saved position that is not one of its own, and a connection with nothing authorized', async () => {
    const connector = connectorWith(await authorized());
    for (const cursor of ['Candidate:0', 'JobOrder:x', 'Placement:1 OR 1=1'])
      expect((await atsRejection(connector.listApplications({ cursor, updatedSince: null }))).reason).toBe('response');
    const error = await atsRejection(connectorWith(memoryGrants([])).listJobs({ cursor: null, updatedSince: null }));
    expect(error).toMatchObject({ reason: 'credentials', message: expect.stringMatching(/connect Bullhorn/) });
    expect(() => createBullhornConnector({ ...CREDENTIALS, apikey2: null }, { grants: memoryGrants([]) })).toThrow(AtsError);
  });
});

describe('Bullhorn answers the connector cannot use', () => {
  it('become errors a recruiter can act on, never a crash, and never quote a secret or token', async () => {
    const grants = await authorized();
    const secrets = [CLIENT_SECRET, grants.current!.refreshToken];
    // The sign-in service down, then answering without tokens.
    bullhorn.auth.failNext({ kind: 'status', status: 503 });
    expect((await atsRejection(connectorWith(grants).testConnection(), secrets)).reason).toBe('unavailable');
    bullhorn.auth.failNext({ kind: 'status', status: 200, body: { token_type: 'Bearer' } });
    expect((await atsRejection(connectorWith(grants).testConnection(), secrets)).reason).toBe('response');
    // A page without its records, and one that is not JSON.
    const connector = connectorWith(grants);
    await connector.testConnection();
    bullhorn.rest.failNext({ kind: 'status', status: 200, body: { total: 3 } });
    expect((await atsRejection(connector.listJobs({ cursor: null, updatedSince: null }), secrets)).reason).toBe('response');
    bullhorn.rest.failNext({ kind: 'malformed-json' });
    expect((await atsRejection(connector.listJobs({ cursor: null, updatedSince: null }), secrets)).reason).toBe('response');
  });

  it('refuses a data centre or REST root outside Bullhorn before sending it anything', async () => {
    const grants = memoryGrants([]);
    grants.current = {
      oauthUrl: 'https://auth.evil.example/oauth',
      restUrl: 'https://rest-west.bullhornstaffing.com/rest-services',
      refreshToken: 'r',
    };
    const error = await atsRejection(createBullhornConnector(CREDENTIALS, { grants }).testConnection(), [CLIENT_SECRET]);
    expect(error).toMatchObject({ reason: 'response', message: expect.stringMatching(/not Bullhorn’s/) });
  });
});

describe('Bullhorn authorization and data centres', () => {
  it('sends the browser to the data centre’s authorize page and trades the code it brings back for a saved grant', async () => {
    const dataCentre = await findBullhornDataCentre('staffing.api', {
      loginInfoRoot: bullhorn.loginInfoRoot,
      allowedOrigins: bullhorn.origins,
    });
    const redirect = 'http://127.0.0.1:5180/account/ats/bullhorn/callback';
    const authorize = new URL(bullhornAuthorizeUrl(dataCentre, CLIENT_ID, redirect, 'st4te'));
    const answer = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(redirect);
    expect(back.searchParams.get('state')).toBe('st4te');
    const events: string[] = [];
    const grants = memoryGrants(events);
    await completeBullhornAuthorization(dataCentre, back.searchParams.get('code')!, redirect, {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      grants,
      allowedOrigins: bullhorn.origins,
    });
    expect(grants.current).toMatchObject({ oauthUrl: dataCentre.oauthUrl, restUrl: dataCentre.restUrl });
    await expect(connectorWith(grants).testConnection()).resolves.toEqual({ accountName: null });
  });

  it('accepts only Bullhorn’s own https hosts from an answer (or the origins named offline)', () => {
    expect(isAllowedBullhornUrl('https://auth-west.bullhornstaffing.com/oauth')).toBe(true);
    expect(isAllowedBullhornUrl('https://rest-west.bullhornstaffing.com/rest-services/7hx3k/')).toBe(true);
    expect(isAllowedBullhornUrl('http://rest-west.bullhornstaffing.com/rest-services')).toBe(false);
    expect(isAllowedBullhornUrl('https://bullhornstaffing.com.evil.example/oauth')).toBe(false);
    expect(isAllowedBullhornUrl('https://user:pw@rest.bullhornstaffing.com/')).toBe(false);
    expect(isAllowedBullhornUrl('http://127.0.0.1:9/x', ['http://127.0.0.1:9'])).toBe(true);
  });
});
