import { createLeverConnector } from '../../../lambdas/ats/connectors/lever';
import { startFakeLever } from '../../../local/ats/fake-lever';
import { LEVER_ACCOUNT } from '../../../local/ats/fake-lever-data';
import { fullSync, shapesTheFixturesLack, startFixtureServer, vendorFixtures } from './support/vendor-fixtures';

const KEY = 'lever-fixture-key-5521';
const connector = (baseUrl: string) =>
  createLeverConnector({ atsname: 'lever', apikeytype: 'basic', apikey1: KEY, apikey2: null }, { baseUrl, sleep: async () => {} });

describe('the Lever fixtures (Lever API documentation examples)', () => {
  it('are enough for a full sync by a server that serves nothing but those files', async () => {
    const fixtures = vendorFixtures('lever');
    const next = (fixtures.get('postings.json') as { next: string }).next;
    const server = await startFixtureServer('lever', (request) => {
      if (request.path === '/v1/postings') return request.query.offset === next ? 'postings-next.json' : 'postings.json';
      if (request.path === '/v1/opportunities')
        return request.queryAll.expand?.length ? 'opportunities-expanded.json' : 'opportunities.json';
      if (request.path === '/v1/archive_reasons') return 'archive_reasons.json';
      return /^\/v1\/opportunities\/[^/]+\/resumes$/.test(request.path) ? 'resumes.json' : null;
    });
    try {
      const { jobs, candidates, applications } = await fullSync(connector(`${server.origin}/v1`));
      expect(jobs.map((job) => [job.title, job.status])).toEqual([
        ['Payments Platform Engineer', 'open'],
        ['Implementation Consultant', 'closed'],
      ]);
      // The resume's open position is the title; Lever's headline (past companies and schools) is not.
      expect(candidates[0]).toMatchObject({ name: 'Rowan Okafor', headline: 'Staff Software Engineer at Ledgerline' });
      expect(applications.map((application) => [application.status, application.closedAt])).toEqual([
        ['active', null],
        ['hired', '2026-01-28T09:00:00.000Z'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('cover every shape the fake Lever answers a full sync of the demo account with', async () => {
    const fake = await startFakeLever({ apiKey: KEY, data: LEVER_ACCOUNT, pageSize: 2 });
    try {
      await fullSync(connector(fake.url));
      const authorization = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;
      const requests = [...fake.requests];
      expect(new Set(requests.map((request) => request.path.replace(/opportunities\/[^/]+\//, 'opportunities/:id/')))).toEqual(
        new Set(['/v1/postings', '/v1/opportunities', '/v1/archive_reasons', '/v1/opportunities/:id/resumes']),
      );
      expect(await shapesTheFixturesLack('lever', fake.origin, requests, { authorization })).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
