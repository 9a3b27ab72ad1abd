import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createActivityRecorder } from '../../../../lambdas/shared/activity/activity-log';
import type { ActivityEntry } from '../../../../lambdas/shared/domain/activity';
import { foundedOrganization } from '../../../../lambdas/shared/organizations/organization-founding';
import { firmSeed } from '../../../security/support/firm-seed';
import { captureLogs } from '../../support/capture-logs';
import {
  GREENHOUSE_KEY,
  GREENHOUSE_SECRET,
  LEVER_KEY,
  call,
  oneJobGreenhouse,
  startAtsRouteServices,
  type AtsRoute,
  type AtsRouteServices,
} from './support/ats-route-services';

/**
 * The firm's ATS connection in its activity log (issue 18), on dynalite with the fake vendors:
 * who connected, tested, synced or disconnected it, with the facts a reader needs and nothing
 * secret; only what happened is recorded (a refusal records nothing), and a log that cannot be
 * written never fails the change.
 */

const OWNER = 'ats-log-owner';
const ADMIN = 'ats-log-admin';
const RECRUITER = 'ats-log-recruiter';
/** A person in no firm: their own one-person firm, whose id is theirs. */
const SOLO = 'ats-log-solo';
/** Nothing listens here: a vendor that does not answer. */
const CLOSED = 'http://127.0.0.1:9';

let ats: AtsRouteServices;
let handlers: ReturnType<AtsRouteServices['handlers']>;

const GREENHOUSE_CONNECTION = { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: GREENHOUSE_KEY, apikey2: GREENHOUSE_SECRET };

function post(route: AtsRoute, as: string, body?: unknown, on = handlers) {
  return call<Record<string, unknown> & { code?: string }>(on[route], {
    method: 'POST',
    resource: route.slice('POST '.length),
    body: body ?? {},
    as,
  });
}

async function entriesOf(firmId: string): Promise<ActivityEntry[]> {
  const { client, tableNames } = ats.assistant.services;
  const { Items = [] } = await client.send(
    new QueryCommand({
      TableName: tableNames.activity,
      KeyConditionExpression: 'organizationId = :firm',
      ExpressionAttributeValues: { ':firm': firmId },
      ConsistentRead: true,
    }),
  );
  return Items as ActivityEntry[];
}

/** The entries `work` added to the firm's log. */
async function recorded(firmId: string, work: () => Promise<unknown>): Promise<ActivityEntry[]> {
  const before = new Set((await entriesOf(firmId)).map((entry) => entry.entryId));
  await work();
  return (await entriesOf(firmId)).filter((entry) => !before.has(entry.entryId));
}

beforeAll(async () => {
  ats = await startAtsRouteServices({ greenhouseData: oneJobGreenhouse() });
  handlers = ats.handlers();
  const { services } = ats.assistant;
  const seed = firmSeed(services.client, services.tableNames.organizations);
  const owner = await ats.subscriber(OWNER);
  await services.organizations.createOrganization(foundedOrganization(owner, { company: null, quantity: 3 }, new Date()));
  for (const [sub, role] of [
    [ADMIN, 'admin'],
    [RECRUITER, 'recruiter'],
  ] as const) {
    await ats.assistant.member(sub);
    await seed.join(OWNER, { sub, email: `${sub}@example.com` }, role);
  }
  await ats.subscriber(SOLO);
});
afterAll(() => ats.stop());

describe("the firm's ATS events in its activity log", () => {
  it("records who connected the firm's ATS and which vendor, in the firm's log; a refused connection records nothing", async () => {
    const refused = await recorded(OWNER, async () => {
      // Bad input (400 before any call to the vendor), and keys the vendor refuses (400 after it).
      expect((await post('POST /ats/connection', ADMIN, { atsname: 'greenhouse' })).status).toBe(400);
      const wrongKey = await post('POST /ats/connection', ADMIN, { ...GREENHOUSE_CONNECTION, apikey2: 'ghs-not-the-secret-0000' });
      expect([wrongKey.status, wrongKey.body.code]).toEqual([400, 'ats_connection_failed']);
    });
    expect(refused).toEqual([]);

    const entries = await recorded(OWNER, async () => {
      expect((await post('POST /ats/connection', ADMIN, GREENHOUSE_CONNECTION)).status).toBe(200);
    });

    expect(entries).toEqual([
      expect.objectContaining({
        organizationId: OWNER,
        actorId: ADMIN,
        action: 'ats.connected',
        subject: { kind: 'ats', id: 'greenhouse' },
        details: { vendor: 'greenhouse' },
      }),
    ]);
    // Nothing of the keys reaches the log, sealed or not.
    expect(JSON.stringify(entries)).not.toMatch(/gh7Qw2|ghs-|enc:v1|4407731/);
    expect(await entriesOf(ADMIN)).toEqual([]);
  });

  it('records a test the ATS answered, either way, with the kind of failure and never its words', async () => {
    const worked = await recorded(OWNER, async () => {
      expect((await post('POST /ats/connection/test', OWNER)).body).toMatchObject({ ok: true });
    });
    expect(worked).toEqual([
      expect.objectContaining({ actorId: OWNER, action: 'ats.tested', details: { vendor: 'greenhouse', outcome: 'ok' } }),
    ]);

    const unreachable = ats.handlers({ baseUrls: { greenhouse: CLOSED } });
    const failed = await recorded(OWNER, async () => {
      expect((await post('POST /ats/connection/test', ADMIN, undefined, unreachable)).body).toMatchObject({ ok: false });
    });
    expect(failed).toEqual([
      expect.objectContaining({
        actorId: ADMIN,
        action: 'ats.tested',
        details: { vendor: 'greenhouse', outcome: 'failed', failure: 'unavailable' },
      }),
    ]);
  });

  it('records one entry per sync, from the call that ends it, with the whole sync’s counts and whether it read everything', async () => {
    // A call whose time budget is spent before the first page leaves the sync to be continued: nothing yet.
    const stopped = await recorded(OWNER, async () => {
      expect((await post('POST /ats/sync', ADMIN, undefined, ats.handlers({ syncBudgetMs: 0 }))).body).toMatchObject({
        outcome: 'partial',
      });
    });
    expect(stopped).toEqual([]);

    const first = await recorded(OWNER, async () => {
      expect((await post('POST /ats/sync', OWNER)).body).toMatchObject({ outcome: 'complete' });
    });
    expect(first).toEqual([
      expect.objectContaining({
        actorId: OWNER,
        action: 'ats.synced',
        subject: { kind: 'ats', id: 'greenhouse' },
        details: { vendor: 'greenhouse', outcome: 'ok', pass: 'full', jobs: 1, candidates: 1, skipped: 0 },
      }),
    ]);

    const next = await recorded(OWNER, async () => {
      expect((await post('POST /ats/sync', ADMIN)).body).toMatchObject({ outcome: 'complete' });
    });
    expect(next).toEqual([expect.objectContaining({ actorId: ADMIN, action: 'ats.synced' })]);
    expect(next[0]!.details).toMatchObject({ outcome: 'ok', pass: 'incremental' });

    const failed = await recorded(OWNER, async () => {
      const answer = await post('POST /ats/sync', ADMIN, undefined, ats.handlers({ baseUrls: { greenhouse: CLOSED } }));
      expect(answer.body).toMatchObject({ outcome: 'failed' });
    });
    expect(failed).toEqual([
      expect.objectContaining({
        action: 'ats.synced',
        details: expect.objectContaining({ vendor: 'greenhouse', outcome: 'failed', failure: 'unavailable' }),
      }),
    ]);
    // The candidate's name, headline and profile never reach the log.
    expect(JSON.stringify(await entriesOf(OWNER))).not.toMatch(/profile|headline|Engineer/i);
  });

  it('records nothing for a recruiter, whom every change is refused', async () => {
    const entries = await recorded(OWNER, async () => {
      for (const [route, body] of [
        ['POST /ats/connection', GREENHOUSE_CONNECTION],
        ['POST /ats/connection/test', undefined],
        ['POST /ats/sync', undefined],
        ['POST /ats/connection/remove', undefined],
      ] as const) {
        const answer = await post(route, RECRUITER, body);
        expect([route, answer.status, answer.body.code]).toEqual([route, 403, 'ats_managers_only']);
      }
    });
    expect(entries).toEqual([]);
  });

  it('answers as always when the log cannot be written, and says so in the logs', async () => {
    const { client } = ats.assistant.services;
    const broken = ats.handlers({ activity: createActivityRecorder({ client, tableName: 'no-such-activity-table' }) });
    const logs = captureLogs();
    try {
      const tested = await post('POST /ats/connection/test', OWNER, undefined, broken);
      expect([tested.status, tested.body.ok]).toEqual([200, true]);
      expect((await post('POST /ats/sync', OWNER, undefined, broken)).body).toMatchObject({ outcome: 'complete' });
    } finally {
      logs.restore();
    }
    const notRecorded = logs.lines.filter((line) => line.message === 'activity_not_recorded');
    expect(notRecorded.map((line) => line.action)).toEqual(['ats.tested', 'ats.synced']);
  });

  it('records who disconnected it and from which vendor, once: a removal with nothing connected records nothing', async () => {
    const entries = await recorded(OWNER, async () => {
      expect((await post('POST /ats/connection/remove', ADMIN)).status).toBe(200);
      const again = await post('POST /ats/connection/remove', OWNER);
      expect([again.status, again.body.connection]).toEqual([200, null]);
    });
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: ADMIN,
        action: 'ats.disconnected',
        subject: { kind: 'ats', id: 'greenhouse' },
        details: { vendor: 'greenhouse' },
      }),
    ]);
  });

  it("records Bullhorn's callback completing a connection, in the log of a person in no firm (their own)", async () => {
    // A Lever connection first, so Bullhorn replaces another vendor's.
    expect(
      (await post('POST /ats/connection', SOLO, { atsname: 'lever', apikeytype: 'basic', apikey1: LEVER_KEY, apikey2: null })).status,
    ).toBe(200);
    const refused = await recorded(SOLO, async () => {
      // A well-formed state no sign-in was started with.
      const replayed = await post('POST /ats/bullhorn/callback', SOLO, { state: 'A'.repeat(43), code: 'code' });
      expect([replayed.status, replayed.body.code]).toEqual([400, 'ats_authorization_invalid']);
    });
    expect(refused).toEqual([]);

    const { code, state } = await ats.authorizeBullhorn(SOLO);
    const entries = await recorded(SOLO, async () => {
      expect((await post('POST /ats/bullhorn/callback', SOLO, { code, state })).status).toBe(200);
    });

    expect(entries).toEqual([
      expect.objectContaining({
        organizationId: SOLO,
        actorId: SOLO,
        action: 'ats.connected',
        subject: { kind: 'ats', id: 'bullhorn' },
        details: { vendor: 'bullhorn' },
      }),
    ]);
    const text = JSON.stringify(entries);
    for (const secret of ['bh-client', 'bh-secret', code, state]) expect(text).not.toContain(secret);
  });
});
