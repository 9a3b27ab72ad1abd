import type { AtsConnector } from '../../../../lambdas/ats/ats-port';
import { createLeverConnector, type LeverConnectorOptions } from '../../../../lambdas/ats/connectors/lever';
import {
  LEVER_ARCHIVE_REASONS,
  leverOpportunity,
  leverPosting,
  startFakeLever,
  type FakeLever,
  type FakeLeverData,
  type FakeLeverOptions,
} from '../../../../local/ats/fake-lever';
import { atsRejection, readAllPages } from '../support/connector-calls';

const KEY = 'Lw2kPq9vT4xZ8cR1mN6bY3hJ';
const FIRST = { cursor: null, updatedSince: null };
const [HIRED, UNDERQUALIFIED, WITHDREW] = LEVER_ARCHIVE_REASONS.map((reason) => reason.id);

let lever: FakeLever;
let delays: number[];

async function start(data: FakeLeverData, pageSize?: number, deniedEndpoints?: FakeLeverOptions['deniedEndpoints']): Promise<FakeLever> {
  lever = await startFakeLever({ apiKey: KEY, data, pageSize, deniedEndpoints });
  return lever;
}

function connector(apiKey = KEY, options: LeverConnectorOptions = {}): AtsConnector {
  return createLeverConnector(
    { atsname: 'lever', apikeytype: 'basic', apikey1: apiKey, apikey2: null },
    { baseUrl: lever.url, sleep: async (ms) => void delays.push(ms), random: () => 0, ...options },
  );
}

beforeEach(() => {
  delays = [];
});

afterEach(async () => {
  expect(lever.requests.every((request) => request.method === 'GET')).toBe(true);
  await lever.close();
});

describe('the Lever connector', () => {
  it('tests the connection with one posting, sending the key as the Basic user name with an empty password', async () => {
    await start({ postings: [leverPosting({ id: 'p1' })] });
    await expect(connector().testConnection()).resolves.toEqual({ accountName: null });
    expect(lever.requests).toHaveLength(1);
    expect(lever.requests[0]).toMatchObject({ path: '/v1/postings', query: { limit: '1' } });
    expect(lever.requests[0].headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
  });

  it('reads every posting through several pages with limit and the offset token from next', async () => {
    await start({ postings: [1, 2, 3, 4, 5].map((n) => leverPosting({ id: `p${n}`, text: `Posting ${n}` }, n)) }, 2);
    const { items, pages } = await readAllPages((options) => connector().listJobs(options));
    expect(items.map((job) => job.title)).toEqual(['Posting 1', 'Posting 2', 'Posting 3', 'Posting 4', 'Posting 5']);
    expect(pages).toBe(3);
    expect(lever.requests[0].query.offset).toBeUndefined();
    expect(lever.requests[1].query.offset).toMatch(/^0\.\d+\.[0-9a-f]+$/);
    expect(lever.requests.every((request) => request.query.limit === '100')).toBe(true);
    expect(items[0]).toEqual({
      id: 'p1',
      title: 'Posting 1',
      status: 'open',
      location: 'San Francisco',
      department: 'Engineering',
      description: 'Build the systems that move money.\n\nRequirements\n• 5+ years of Go\n• Postgres at scale\n\nWe value diverse teams.',
      createdAt: '2026-01-06T09:00:00.000Z',
      updatedAt: '2026-01-07T09:00:00.000Z',
    });
  });

  it('forwards updatedSince as updated_at_start in epoch milliseconds, on every page', async () => {
    const opportunities = [0, 10, 20, 30].map((day, n) => leverOpportunity({ id: `o${n}`, contact: `c${n}` }, day));
    await start({ opportunities }, 1);
    const since = '2026-01-14T00:00:00.000Z';
    const { items } = await readAllPages((options) => connector(KEY, { readResumes: false }).listCandidates(options), since);
    expect(items.map((candidate) => candidate.id)).toEqual(['c1', 'c2', 'c3']);
    const opportunityRequests = lever.requests.filter((request) => request.path === '/v1/opportunities');
    expect(opportunityRequests).toHaveLength(3);
    expect(opportunityRequests.map((request) => request.query.updated_at_start)).toEqual(Array(3).fill(String(Date.parse(since))));
  });

  it('builds candidates from the contact, the current resume position as the title, tags and parsed resumes, without contact data', async () => {
    await start({
      opportunities: [leverOpportunity({ id: 'o1', contact: 'contact-1' })],
      resumes: {
        o1: [
          {
            id: 'r1',
            createdAt: 1_700_000_000_000,
            file: { name: 'resume.pdf', ext: 'pdf', downloadUrl: 'https://api.lever.co/v1/opportunities/o1/resumes/r1/download' },
            parsedData: {
              positions: [
                {
                  org: 'Vandelay Industries',
                  title: 'Latex Sales Lead',
                  summary: 'Grew imports 40%. Call 415-555-0142.',
                  start: { year: 2019, month: 3 },
                  end: null,
                },
              ],
              schools: [{ org: 'Queens College', degree: 'BA', field: 'Economics', start: { year: 2010 }, end: { year: 2014 } }],
            },
          },
        ],
      },
    });
    const { items } = await connector().listCandidates(FIRST);
    expect(items).toHaveLength(1);
    const [candidate] = items;
    expect(candidate).toMatchObject({
      id: 'contact-1',
      name: 'Shane Smith',
      // Lever's headline lists past companies or schools: not a title, so the resume's open position is.
      headline: 'Latex Sales Lead at Vandelay Industries',
      location: 'Oakland',
    });
    expect(candidate.profile).toContain('Companies and schools\nBrickly LLC, Vandelay Industries, Inc, Central Perk');
    expect(candidate.profile).toContain('Latex Sales Lead at Vandelay Industries (2019-03 – present)');
    expect(candidate.profile).toContain('Grew imports 40%.');
    expect(candidate.profile).toContain('BA, Economics — Queens College (2010 – 2014)');
    expect(candidate.profile).toContain('Marketing, Customer Service');
    for (const contact of ['shane@exampleq3.com', '456-7891', 'linkedin.com', '415-555-0142'])
      expect(JSON.stringify(candidate)).not.toContain(contact);
    expect(lever.requests.map((request) => request.path)).toEqual(['/v1/opportunities', '/v1/opportunities/o1/resumes']);
  });

  it('maps opportunities to applications: archived as Hired is a placement, other reasons rejections or withdrawals', async () => {
    const day = (n: number) => Date.parse('2026-02-01T00:00:00Z') + n * 86_400_000;
    await start({
      opportunities: [
        leverOpportunity({ id: 'o1', contact: 'c1', posting: 'p1' }, 1),
        leverOpportunity({ id: 'o2', contact: 'c2', posting: 'p1', archived: { reason: HIRED, archivedAt: day(3) } }, 2),
        leverOpportunity({ id: 'o3', contact: 'c3', posting: 'p2', archived: { reason: UNDERQUALIFIED, archivedAt: day(4) } }, 3),
        leverOpportunity({ id: 'o4', contact: 'c4', posting: 'p2', archived: { reason: WITHDREW, archivedAt: day(5) } }, 4),
        leverOpportunity({ id: 'o5', contact: 'c5', posting: null }, 5),
      ],
    });
    const { items } = await connector().listApplications(FIRST);
    expect(items).toEqual([
      {
        id: 'o1',
        candidateId: 'c1',
        jobId: 'p1',
        status: 'active',
        stage: 'On-site interview',
        appliedAt: '2026-01-06T09:00:00.000Z',
        closedAt: null,
        updatedAt: '2026-01-07T09:00:00.000Z',
      },
      expect.objectContaining({ id: 'o2', status: 'hired', closedAt: '2026-02-04T00:00:00.000Z' }),
      expect.objectContaining({ id: 'o3', jobId: 'p2', status: 'rejected', closedAt: '2026-02-05T00:00:00.000Z' }),
      expect.objectContaining({ id: 'o4', status: 'withdrawn' }),
    ]);
    const opportunitiesRequest = lever.requests.find((request) => request.path === '/v1/opportunities');
    expect(opportunitiesRequest?.queryAll.expand).toEqual(['applications', 'stage']);
    // Archive reasons are read once per connector, not once per page.
    expect(lever.requests.filter((request) => request.path === '/v1/archive_reasons')).toHaveLength(1);
  });

  it("never takes Lever's headline for a current title: without a resume the headline is unknown", async () => {
    await start({ opportunities: [leverOpportunity({ id: 'o1', contact: 'c1', headline: 'Senior Engineer, Acme, MIT' })] });
    const { items } = await connector(KEY, { readResumes: false }).listCandidates(FIRST);
    expect(items[0].headline).toBe('');
    expect(items[0].profile).toContain('Senior Engineer, Acme, MIT');
  });

  it('still syncs applications when the key may not read archive reasons: archived candidacies are skipped, with a notice', async () => {
    await start(
      {
        opportunities: [
          leverOpportunity({ id: 'o1', contact: 'c1', posting: 'p1' }, 1),
          leverOpportunity({ id: 'o2', contact: 'c2', posting: 'p1', archived: { reason: HIRED, archivedAt: 1_770_000_000_000 } }, 2),
        ],
      },
      undefined,
      ['archive_reasons'],
    );
    const page = await connector().listApplications(FIRST);
    expect(page.items.map((application) => [application.id, application.status])).toEqual([['o1', 'active']]);
    expect(page.skipped).toEqual([{ reason: 'archive reason unknown (the API key may not read archive reasons)', count: 1 }]);
    expect(page.notices).toEqual([expect.stringMatching(/^Lever did not let this API key read archive reasons/)]);
  });

  it('skips and counts an odd opportunity instead of failing the page, ignoring fields it does not know', async () => {
    await start({
      opportunities: [
        leverOpportunity({ id: 'o1', contact: 'c1', posting: 'p1', somethingNew: { nested: [1, 2] } }, 1),
        leverOpportunity({ id: 'o2', contact: 'c2', posting: 'p1', createdAt: 'yesterday' }, 2),
      ],
    });
    const page = await connector().listApplications(FIRST);
    expect(page.items.map((application) => application.id)).toEqual(['o1']);
    expect(page.skipped).toEqual([{ reason: 'unreadable "createdAt"', count: 1 }]);
  });

  it('waits out a 429 as Retry-After says and then reads the page', async () => {
    await start({ postings: [leverPosting({ id: 'p1' })] });
    lever.failNext({ kind: 'rate-limit', retryAfter: '2', body: { code: 'TooManyRequests', message: 'Rate limit exceeded' } });
    expect((await connector().listJobs(FIRST)).items).toHaveLength(1);
    expect(delays).toEqual([2000]);
  });

  it('retries a server error and then reads the page', async () => {
    await start({ postings: [leverPosting({ id: 'p1' })] });
    lever.failNext({ kind: 'status', status: 502, body: '<html>Bad Gateway</html>' });
    expect((await connector().listJobs(FIRST)).items).toHaveLength(1);
    expect(delays).toEqual([500]);
  });

  it('says clearly that a wrong key was refused, without the key', async () => {
    await start({});
    const wrong = 'Zx8cV7bN6mQ5wE4rT3yU2iO1';
    const error = await atsRejection(connector(wrong).testConnection(), [wrong]);
    expect(error.reason).toBe('credentials');
    expect(error.message).toBe('Lever refused the API key: check that it is correct, active and has read access.');
  });

  it('still reads candidates when the key may not read resumes', async () => {
    await start(
      { opportunities: [leverOpportunity({ id: 'o1', contact: 'c1' }), leverOpportunity({ id: 'o2', contact: 'c2' }, 1)] },
      undefined,
      ['resumes'],
    );
    const { items, notices } = await connector().listCandidates(FIRST);
    expect(items.map((candidate) => candidate.id)).toEqual(['c1', 'c2']);
    expect(notices).toEqual([expect.stringMatching(/^Lever did not let this API key read resumes/)]);
    // After the refusal the connector stops asking for resumes.
    expect(lever.requests.map((request) => request.path)).toEqual(['/v1/opportunities', '/v1/opportunities/o1/resumes']);
  });

  it('reports a malformed page or an unexpected shape as a response error', async () => {
    await start({ postings: [leverPosting({ id: 'p1' })] });
    lever.failNext({ kind: 'malformed-json' }, { kind: 'status', status: 200, body: [{ id: 'p1' }] });
    expect((await atsRejection(connector().listJobs(FIRST), [KEY])).reason).toBe('response');
    const error = await atsRejection(connector().listJobs(FIRST), [KEY]);
    expect(error.message).toMatch(/^Lever answered the postings request with data we could not read/);
  });

  it('refuses a saved cursor of another list and reports an expired offset clearly', async () => {
    await start({ postings: [leverPosting({ id: 'p1' })] });
    const wrongList = await atsRejection(connector().listJobs({ cursor: 'opportunities?offset=abc', updatedSince: null }), [KEY]);
    expect(wrongList.message).toMatch(/saved Lever sync position is not valid/);
    expect(lever.requests).toHaveLength(0);
    const expired = await atsRejection(connector().listJobs({ cursor: 'postings?offset=0.1.deadbeef', updatedSince: null }), [KEY]);
    expect(expired.message).toMatch(/did not accept the saved sync position/);
  });
});
