import { createCrelateConnector } from '../../../lambdas/ats/connectors/crelate';
import { startFakeCrelate } from '../../../local/ats/fake-crelate';
import { CRELATE_ACCOUNT } from '../../../local/ats/fake-crelate-data';
import { fullSync, shapesTheFixturesLack, startFixtureServer } from './support/vendor-fixtures';

const KEY = 'crelate-fixture-key-4417';
const connector = (baseUrl: string, pageSize?: number) =>
  createCrelateConnector(
    { atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY, apikey2: null },
    { baseUrl, pageSize, sleep: async () => {} },
  );

describe('the Crelate fixtures (API3 answers)', () => {
  it('are enough for a full sync by a server that serves nothing but those files, the placement read as a hire', async () => {
    const server = await startFixtureServer('crelate', (request) => {
      const match = /^\/api3\/(jobs|contacts|applications|placements)$/.exec(request.path);
      return match ? `${match[1]}.json` : null;
    });
    try {
      const { jobs, candidates, applications } = await fullSync(connector(`${server.origin}/api3`));
      expect(jobs.map((job) => job.status)).toEqual(['open', 'closed']);
      // The client contact is left out; the candidate's tags come from every tag category.
      expect(candidates).toHaveLength(1);
      expect(candidates[0]).toMatchObject({ headline: 'Warehouse Lead at Pacific Freezer Co' });
      expect(candidates[0].profile).toContain('Tags\nHACCP, Forklift, Night shift');
      expect(applications.map((application) => [application.status, application.jobId, application.closedAt])).toEqual([
        ['rejected', '5a03cf76-8192-43a4-bb6c-7d8e9fa0b1c2', '2026-01-30T11:00:00.000Z'],
        ['hired', '1c6f8b32-4d5e-4f60-b728-394a5b6c7d8e', '2026-03-16T00:00:00.000Z'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('cover every shape the fake Crelate answers a full sync of the demo account with', async () => {
    const fake = await startFakeCrelate({ apiKey: KEY, data: CRELATE_ACCOUNT });
    try {
      await fullSync(connector(fake.baseUrl, 2));
      const requests = [...fake.requests];
      expect(new Set(requests.map((request) => request.path))).toEqual(
        new Set(['/api3/jobs', '/api3/contacts', '/api3/applications', '/api3/placements']),
      );
      expect(await shapesTheFixturesLack('crelate', fake.url, requests, { 'x-api-key': KEY })).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
