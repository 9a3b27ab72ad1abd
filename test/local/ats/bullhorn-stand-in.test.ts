import { createBullhornConnector, type BullhornGrant } from '../../../lambdas/ats/connectors/bullhorn';
import { completeBullhornAuthorization, findBullhornDataCentre } from '../../../lambdas/ats/connectors/bullhorn-session';
import { startAtsStandIns, type AtsStandIns } from '../../../local/ats/ats-stand-ins';
import { bullhornDemoHistory } from '../../../local/ats/bullhorn-history';

/** The local runtime's fake Bullhorn: the demo staffing firm, reachable through the real connector. */

const NOW = new Date('2026-11-26T12:00:00Z');
let standIns: AtsStandIns;
beforeAll(async () => {
  standIns = await startAtsStandIns({ ports: { greenhouse: 0, lever: 0, workable: 0, crelate: 0, bullhorn: 0 }, now: NOW });
});
afterAll(() => standIns.stop());

describe('the Bullhorn stand-in', () => {
  it('serves the demo firm to the Bullhorn connector after an authorization in the browser', async () => {
    const { loginInfoRoot, origins, clientId, clientSecret } = standIns.bullhorn;
    const dataCentre = await findBullhornDataCentre('demo.api', { loginInfoRoot, allowedOrigins: origins });
    // The browser's round trip: the fake approves at once and redirects back with a code.
    const redirect = 'http://127.0.0.1:5180/account';
    const authorize = await fetch(
      `${dataCentre.oauthUrl}/authorize?client_id=${clientId}&response_type=code&redirect_uri=${redirect}&state=x`,
      {
        redirect: 'manual',
      },
    );
    expect(authorize.status).toBe(302);
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    let grant: BullhornGrant | null = null;
    const grants = { read: async () => grant, save: async (next: BullhornGrant) => void (grant = next) };
    await completeBullhornAuthorization(dataCentre, code, redirect, { clientId, clientSecret, grants, allowedOrigins: origins });

    const connector = createBullhornConnector(
      { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: clientId, apikey2: clientSecret },
      { grants, allowedOrigins: origins },
    );
    const jobs = await connector.listJobs({ cursor: null, updatedSince: null });
    expect(jobs.items.map((job) => job.title)).toEqual(bullhornDemoHistory(NOW).history.jobs.map((job) => job.title));
  });
});
