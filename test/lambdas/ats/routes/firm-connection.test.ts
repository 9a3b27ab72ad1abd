import type { AtsConnectionResponse, AtsJobsResponse } from '../../../../lambdas/shared/contracts/ats';
import { ATS_MANAGERS_ONLY_MESSAGE } from '../../../../lambdas/ats/routes/ats-route';
import { MEMBERSHIP_REMOVED } from '../../../../lambdas/shared/organizations/caller-firm';
import { foundedOrganization } from '../../../../lambdas/shared/organizations/organization-founding';
import { firmSeed, type FirmSeed } from '../../../security/support/firm-seed';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import {
  ATS_ROUTES,
  GREENHOUSE_KEY,
  GREENHOUSE_SECRET,
  call,
  oneJobGreenhouse,
  startAtsRouteServices,
  validRequest,
  type AtsRoute,
  type AtsRouteServices,
} from './support/ats-route-services';

/**
 * One ATS connection per firm (issue 18), on dynalite with the fake Greenhouse: the connection
 * and the synced data written by today's code for a person are their firm's once the firm is
 * founded (the firm's id is theirs); every member reads it; only owners and admins manage it;
 * another firm's members never see it.
 */

let ats: AtsRouteServices;
let handlers: ReturnType<AtsRouteServices['handlers']>;
let seed: FirmSeed;
let logs: CapturedLogs;
/** The owner's synced job, as the jobs list names it (the first test reads it). */
let ownerJobId = '';
const person = (sub: string) => ({ sub, email: `${sub}@example.com` });
const MANAGING_ROUTES: readonly AtsRoute[] = [
  'POST /ats/connection',
  'POST /ats/connection/test',
  'POST /ats/connection/remove',
  'POST /ats/sync',
  'POST /ats/bullhorn/authorize',
  'POST /ats/bullhorn/callback',
];

const ask = (route: AtsRoute, as: string, jobId = '') =>
  call<Record<string, unknown> & { code?: string; message?: string }>(handlers[route], { ...validRequest(route, jobId), as });
const jobsOf = async (as: string) => {
  const answer = await call<AtsJobsResponse>(handlers['GET /ats/jobs'], { method: 'GET', resource: '/ats/jobs', as });
  expect(answer.status).toBe(200);
  return answer.body.jobs.map((job) => job.id);
};

beforeAll(async () => {
  ats = await startAtsRouteServices({ greenhouseData: oneJobGreenhouse() });
  handlers = ats.handlers();
  const { services } = ats.assistant;
  seed = firmSeed(services.client, services.tableNames.organizations);

  // Today's code, before the firm exists: the owner connects and syncs on their own.
  const owner = await ats.subscriber('firm-ats-owner');
  const connected = await call(handlers['POST /ats/connection'], {
    method: 'POST',
    resource: '/ats/connection',
    body: { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: GREENHOUSE_KEY, apikey2: GREENHOUSE_SECRET },
    as: owner.id,
  });
  expect(connected.status).toBe(200);
  expect((await ask('POST /ats/sync', owner.id)).status).toBe(200);
  // Then the organizations migration founds the firm (id = the owner's), and teammates join.
  await services.organizations.createOrganization(foundedOrganization(owner, { company: null, quantity: 1 }, new Date()));
  for (const sub of ['firm-ats-admin', 'firm-ats-recruiter', 'firm-ats-leaver']) await ats.assistant.member(sub);
  await seed.join(owner.id, person('firm-ats-admin'), 'admin');
  await seed.join(owner.id, person('firm-ats-recruiter'), 'recruiter');
  await seed.join(owner.id, person('firm-ats-leaver'), 'recruiter');
  await seed.remove(owner.id, person('firm-ats-leaver'));
  // Another firm, subscribed, with a recruiter of its own.
  const rival = await ats.subscriber('rival-ats-owner');
  await services.organizations.createOrganization(foundedOrganization(rival, { company: null, quantity: 1 }, new Date()));
  await ats.assistant.member('rival-ats-recruiter');
  await seed.join(rival.id, person('rival-ats-recruiter'), 'recruiter');
});
afterAll(() => ats.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('one ATS connection per firm', () => {
  it("finds the connection and synced jobs today's code stored for the owner, as the firm's", async () => {
    const jobs = await jobsOf('firm-ats-owner');
    expect(jobs).toHaveLength(1);
    [ownerJobId] = jobs;
    const connection = await call<AtsConnectionResponse>(handlers['GET /ats/connection'], {
      method: 'GET',
      resource: '/ats/connection',
      as: 'firm-ats-owner',
    });
    expect(connection.body.connection).toMatchObject({ atsname: 'greenhouse' });
  });

  it("lets every member read the firm's connection, jobs and candidates, without a subscription of their own", async () => {
    for (const member of ['firm-ats-admin', 'firm-ats-recruiter']) {
      expect(await jobsOf(member)).toEqual([ownerJobId]);
      const connection = await call<AtsConnectionResponse>(handlers['GET /ats/connection'], {
        method: 'GET',
        resource: '/ats/connection',
        as: member,
      });
      expect(connection.body.connection).toMatchObject({ atsname: 'greenhouse' });
      expect((await ask('GET /ats/candidates', member, ownerJobId)).status).toBe(200);
      expect((await ask('POST /ats/predict', member, ownerJobId)).status).toBe(200);
    }
    // Nothing was copied into the members' own partitions: they read the firm's.
    expect(await ats.atsItemsOf('firm-ats-recruiter')).toEqual([]);
  });

  it.each(MANAGING_ROUTES)('refuses %s to a recruiter (403, owners and admins manage the connection)', async (route) => {
    const before = await ats.atsItemsOf('firm-ats-owner');

    const answer = await ask(route, 'firm-ats-recruiter', ownerJobId);

    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'ats_managers_only', message: ATS_MANAGERS_ONLY_MESSAGE });
    expect(await ats.atsItemsOf('firm-ats-owner')).toEqual(before);
  });

  it("lets an admin test and sync the firm's connection", async () => {
    expect((await ask('POST /ats/connection/test', 'firm-ats-admin')).status).toBe(200);
    expect((await ask('POST /ats/sync', 'firm-ats-admin')).status).toBe(200);
    expect(await ats.atsItemsOf('firm-ats-admin')).toEqual([]);
  });

  it('shows another firm none of it, and refuses a removed member at once', async () => {
    expect(await jobsOf('rival-ats-recruiter')).toEqual([]);
    const removed = await ask('GET /ats/jobs', 'firm-ats-leaver');
    expect([removed.status, removed.body.code]).toEqual([403, MEMBERSHIP_REMOVED]);
  });

  it('covers every ATS route (a new one must say whether it manages the connection)', () => {
    expect(MANAGING_ROUTES.every((route) => ATS_ROUTES.includes(route))).toBe(true);
  });
});
