import { createWorkableConnector } from '../../../lambdas/ats/connectors/workable';
import { startFakeWorkable } from '../../../local/ats/fake-workable';
import { WORKABLE_ACCOUNT } from '../../../local/ats/fake-workable-data';
import { fullSync, shapesTheFixturesLack, startFixtureServer } from './support/vendor-fixtures';

const TOKEN = 'workable-fixture-token-8830';
const connector = (baseUrl: string, subdomain: string, candidatePageSize?: number) =>
  createWorkableConnector(
    { atsname: 'workable', apikeytype: 'bearer', apikey1: TOKEN, apikey2: subdomain },
    { baseUrl, candidatePageSize, sleep: async () => {} },
  );

describe('the Workable fixtures (Workable API reference examples)', () => {
  it('are enough for a full sync by a server that serves nothing but those files, rejections dated by the detail', async () => {
    const server = await startFixtureServer('workable', (request) => {
      const match = /^\/northwind\/spi\/v3\/(jobs|candidates)(?:\/(\w+))?$/.exec(request.path);
      if (!match) return null;
      return match[2] ? `candidate-${match[2]}.json` : `${match[1]}.json`;
    });
    try {
      const { jobs, candidates, applications } = await fullSync(connector(`${server.origin}/{subdomain}/spi/v3`, 'northwind'));
      expect(jobs.map((job) => [job.id, job.status])).toEqual([
        ['NORTH012', 'open'],
        ['NORTH013', 'closed'],
      ]);
      expect(candidates[0].profile).toContain('Skills\nPython, Airflow');
      expect(applications.map((application) => [application.status, application.closedAt])).toEqual([
        ['hired', '2026-02-20T10:00:00.000Z'],
        // The detail's disqualified_at, not the list's last change (2026-03-02).
        ['rejected', '2026-02-06T16:45:00.000Z'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('cover every shape the fake Workable answers a full sync of the demo account with', async () => {
    const fake = await startFakeWorkable({ token: TOKEN, data: WORKABLE_ACCOUNT });
    try {
      await fullSync(connector(fake.baseUrl, fake.subdomain, 2));
      const requests = [...fake.requests];
      expect(requests.some((request) => request.query.since_id !== undefined)).toBe(true);
      expect(await shapesTheFixturesLack('workable', fake.url, requests, { authorization: `Bearer ${TOKEN}` })).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
