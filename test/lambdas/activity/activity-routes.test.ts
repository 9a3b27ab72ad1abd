import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  ACTIVITY_EXPORT_MAX_BYTES,
  createActivityExportHandler,
  createActivityPageHandler,
  type ActivityRoutesDependencies,
} from '../../../lambdas/activity/activity-routes';
import { createActivityRecorder } from '../../../lambdas/shared/activity/activity-log';
import { createActivityReader, encodeActivityCursor, type ActivityReader } from '../../../lambdas/shared/activity/activity-reader';
import {
  ACTIVITY_CSV_COLUMNS,
  ACTIVITY_CURSOR_MESSAGE,
  ACTIVITY_EXPORT_MAX_ROWS,
  ACTIVITY_PAGE_SIZE,
  type ActivityPageResponse,
} from '../../../lambdas/shared/contracts/activity';
import type { ActivityEntry, ActivityInput } from '../../../lambdas/shared/domain/activity';
import { newOrganization, type Member } from '../../../lambdas/shared/domain/organization-rules';
import {
  createOrganizationsRepository,
  type OrganizationsRepository,
} from '../../../lambdas/shared/organizations/organizations-repository';
import { newUserRecord } from '../../../lambdas/shared/users/new-user-record';
import { createUsersRepository, type UsersRepository } from '../../../lambdas/shared/users/users-repository';
import { startTables } from '../shared/subscriptions/support';
import { claims, HANDLER_OPTIONS, userEvent } from '../subscription/support/subscription-services';
import { lambdaContext } from '../support/api-gateway-event';
import { parseCsv } from '../../support/csv';

/** The activity log's page and CSV export through their handlers, on dynalite, with entries written by the real recorder. */

let tables: Awaited<ReturnType<typeof startTables>>;
let users: UsersRepository;
let organizations: OrganizationsRepository;
let reader: ActivityReader;
let lookups: ActivityRoutesDependencies['organizations'];
const NOW = new Date('2026-11-27T12:00:00.000Z');
const JOINED = '2026-02-01T00:00:00.000Z';

const deps = (): ActivityRoutesDependencies => ({ users, organizations: lookups, activity: reader, now: () => NOW });
const pageHandler = createActivityPageHandler(deps, HANDLER_OPTIONS);
const exportHandler = createActivityExportHandler(deps, HANDLER_OPTIONS);

function eventFor(resource: string, sub: string | null, query: Record<string, string> = {}): APIGatewayProxyEvent {
  return {
    ...userEvent({ method: 'GET', resource, claims: sub === null ? null : claims(sub, undefined) }),
    queryStringParameters: Object.keys(query).length > 0 ? query : null,
  };
}

async function getPage(sub: string | null, query: Record<string, string> = {}) {
  const response = await pageHandler(eventFor('/user/organization/activity', sub, query), lambdaContext());
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as ActivityPageResponse & { code?: string; message?: string; fields?: Record<string, string> },
  };
}

async function getExport(sub: string | null, query: Record<string, string> = {}, handler = exportHandler) {
  const response = await handler(eventFor('/user/organization/activity/export', sub, query), lambdaContext());
  return { status: response.statusCode, headers: response.headers ?? {}, body: response.body };
}

const member = (organizationId: string, userId: string, role: Member['role'], overrides: Partial<Member> = {}): Member => ({
  organizationId,
  userId,
  role,
  joinedAt: JOINED,
  state: 'active',
  ...overrides,
});

async function record(at: string, input: ActivityInput): Promise<void> {
  await createActivityRecorder({ client: tables.client, tableName: tables.tableNames.activity, now: () => new Date(at) }).record(input);
}

beforeAll(async () => {
  tables = await startTables();
  users = createUsersRepository({ client: tables.client, tableName: tables.tableNames.users });
  organizations = createOrganizationsRepository({ client: tables.client, tableName: tables.tableNames.organizations });
  reader = createActivityReader({ client: tables.client, tableName: tables.tableNames.activity, now: () => NOW });
  lookups = organizations;
  for (const [id, firstName, lastName] of [
    ['dana', 'Dana', 'Reyes'],
    ['lee', 'Lee', 'Chen'],
    ['rami', 'Rami', 'Recruiter'],
    ['gone', 'Gus', 'Gone'],
    ['rita', 'Rita', 'Rival'],
    ['loner', 'Lou', 'Alone'],
    ['evil', '=HYPERLINK("http://evil.example")', 'Quote"Comma,'],
  ]) {
    await users.putIfAbsent(
      newUserRecord({ id, email: `${id}@example.com`, details: { firstName, lastName, companyName: 'Acme' }, now: new Date(JOINED) }),
    );
  }
  await organizations.createOrganization(
    newOrganization({ id: 'dana', name: 'Acme Staffing, Inc.', seats: 5, ownerId: 'dana', now: new Date(JOINED) }),
  );
  await organizations.saveMember(member('dana', 'lee', 'admin'));
  await organizations.saveMember(member('dana', 'rami', 'recruiter'));
  await organizations.saveMember(member('dana', 'evil', 'recruiter'));
  await organizations.saveMember(
    member('dana', 'gone', 'recruiter', { state: 'removed', removedAt: '2026-11-20T00:00:00.000Z', removedBy: 'dana' }),
  );
  await organizations.createOrganization(
    newOrganization({ id: 'rita', name: 'Rival Talent', seats: 2, ownerId: 'rita', now: new Date(JOINED) }),
  );

  await record('2026-11-20T09:00:00.000Z', {
    organizationId: 'dana',
    actorId: 'dana',
    action: 'member.invited',
    subject: { kind: 'invitation', id: 'sam@example.com' },
    details: { role: 'recruiter' },
  });
  await record('2026-11-21T09:00:00.000Z', {
    organizationId: 'dana',
    actorId: 'gone',
    action: 'job.saved',
    details: { jobTitle: 'Senior Backend Engineer' },
  });
  await record('2026-11-22T09:00:00.000Z', {
    organizationId: 'dana',
    actorId: 'dana',
    action: 'member.removed',
    subject: { kind: 'member', id: 'gone' },
  });
  await record('2026-11-23T09:00:00.000Z', {
    organizationId: 'dana',
    actorId: 'lee',
    action: 'ats.synced',
    subject: { kind: 'ats', id: 'greenhouse' },
    details: { vendor: 'greenhouse', jobs: 4, candidates: 31 },
  });
  await record('2026-11-24T09:00:00.000Z', {
    organizationId: 'dana',
    actorId: 'evil',
    action: 'job.saved',
    details: { jobTitle: '=SUM(A1:A2), "quoted"\nsecond line' },
  });
  await record('2026-11-25T09:00:00.000Z', { organizationId: 'dana', actorId: 'system', action: 'subscription.canceled' });
  await record('2026-11-26T09:00:00.000Z', {
    organizationId: 'rita',
    actorId: 'rita',
    action: 'ats.connected',
    details: { vendor: 'lever' },
  });
}, 60_000);
afterAll(() => tables.stop());

describe('GET /user/organization/activity', () => {
  it('answers an owner with the firm’s entries newest first, people named (a removed member too) and each in plain words', async () => {
    const answer = await getPage('dana');
    expect(answer.status).toBe(200);
    expect(answer.body.nextCursor).toBeNull();
    expect(answer.body.entries.map((entry) => entry.sentence)).toEqual([
      'The billing system canceled the subscription',
      expect.stringMatching(/^=HYPERLINK\("http:\/\/evil.example"\) Quote"Comma, saved the job “=SUM/),
      'Lee Chen synced the ATS (Greenhouse): 4 jobs, 31 candidates',
      'Dana Reyes removed Gus Gone from the team',
      'Gus Gone saved the job “Senior Backend Engineer”',
      'Dana Reyes invited sam@example.com as recruiter',
    ]);
    expect(answer.body.entries[2]).toMatchObject({
      at: '2026-11-23T09:00:00.000Z',
      action: 'ats.synced',
      actor: { userId: 'lee', firstName: 'Lee', lastName: 'Chen', email: 'lee@example.com' },
      subject: { kind: 'ats', id: 'greenhouse', person: null },
      details: { vendor: 'greenhouse', jobs: 4, candidates: 31 },
    });
    expect(answer.body.entries[3]!.subject).toEqual({
      kind: 'member',
      id: 'gone',
      person: { userId: 'gone', firstName: 'Gus', lastName: 'Gone', email: 'gone@example.com' },
    });
    // The person filter lists every member, the removed one last.
    expect(answer.body.members!.map((person) => [person.userId, person.role, person.state])).toEqual([
      ['dana', 'owner', 'active'],
      ['lee', 'admin', 'active'],
      ['evil', 'recruiter', 'active'],
      ['rami', 'recruiter', 'active'],
      ['gone', 'recruiter', 'removed'],
    ]);
    expect(JSON.stringify(answer.body)).not.toMatch(/rita|lever|Rival/);
  });

  it('answers an admin too, with the filters applied', async () => {
    const byActor = await getPage('lee', { actor: 'dana' });
    expect(byActor.status).toBe(200);
    expect(byActor.body.entries.map((entry) => entry.action)).toEqual(['member.removed', 'member.invited']);
    const byActions = await getPage('lee', { action: 'ats.synced,subscription.canceled' });
    expect(byActions.body.entries.map((entry) => entry.action)).toEqual(['subscription.canceled', 'ats.synced']);
    const bySubject = await getPage('lee', { subject: 'gone' });
    expect(bySubject.body.entries.map((entry) => entry.action)).toEqual(['member.removed']);
    const byDates = await getPage('lee', { from: '2026-11-21T00:00:00Z', to: '2026-11-23T09:00:00.000Z' });
    expect(byDates.body.entries.map((entry) => entry.at)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-22T09:00:00.000Z',
      '2026-11-21T09:00:00.000Z',
    ]);
  });

  it('pages with the cursor it gives, the members on the first page only', async () => {
    for (let index = 0; index < ACTIVITY_PAGE_SIZE; index++)
      await record(`2026-10-01T00:00:${String(index).padStart(2, '0')}.000Z`, {
        organizationId: 'dana',
        actorId: 'lee',
        action: 'ats.tested',
      });
    const first = await getPage('dana');
    expect(first.body.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await getPage('dana', { cursor: first.body.nextCursor! });
    expect(second.status).toBe(200);
    expect(second.body.members).toBeNull();
    expect(second.body.entries).toHaveLength(6);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.entries, ...second.body.entries].map((entry) => entry.entryId);
    expect(new Set(all).size).toBe(ACTIVITY_PAGE_SIZE + 6);
  });

  it('refuses a recruiter with 403 and a caller without a token with 401', async () => {
    expect(await getPage('rami')).toMatchObject({ status: 403, body: { code: 'activity_forbidden' } });
    expect((await getPage('rami')).body.message).toBe('A recruiter may not see the activity log. Ask an owner or an admin of your team.');
    expect((await getPage(null)).status).toBe(401);
  });

  it('answers someone in no firm yet with their own one-person firm’s log (the firm gate’s rule)', async () => {
    await record('2026-11-26T10:00:00.000Z', {
      organizationId: 'loner',
      actorId: 'loner',
      action: 'subscription.created',
      details: { planCode: 'starter' },
    });
    const answer = await getPage('loner');
    expect(answer.status).toBe(200);
    expect(answer.body.entries.map((entry) => entry.sentence)).toEqual(['Lou Alone subscribed to starter']);
    expect(answer.body.members).toEqual([
      { userId: 'loner', firstName: 'Lou', lastName: 'Alone', email: 'loner@example.com', role: 'owner', state: 'active' },
    ]);
  });

  it('answers another firm’s owner with their own firm only', async () => {
    const answer = await getPage('rita');
    expect(answer.body.entries.map((entry) => entry.sentence)).toEqual(['Rita Rival connected the ATS (Lever)']);
    expect(JSON.stringify(answer.body)).not.toMatch(/dana|Acme|greenhouse/);
  });

  it('refuses at once an admin just removed, even while the index still shows the membership', async () => {
    await organizations.saveMember(member('dana', 'lee', 'admin', { state: 'removed', removedAt: NOW.toISOString(), removedBy: 'dana' }));
    lookups = { ...organizations, membershipsOf: async (userId: string) => [member('dana', userId, 'admin')] };
    try {
      expect(await getPage('lee')).toMatchObject({ status: 403, body: { code: 'membership_removed' } });
      expect((await getExport('lee')).status).toBe(403);
    } finally {
      lookups = organizations;
      await organizations.saveMember(member('dana', 'lee', 'admin'));
    }
  });

  it('answers 400 to a bad cursor, an unknown action, a reversed range or an unknown parameter', async () => {
    expect(await getPage('dana', { cursor: 'bm90LWEtY3Vyc29y' })).toMatchObject({
      status: 400,
      body: { fields: { cursor: ACTIVITY_CURSOR_MESSAGE } },
    });
    expect(await getPage('dana', { cursor: encodeActivityCursor('not-an-entry') })).toMatchObject({ status: 400 });
    expect(await getPage('dana', { action: 'member.invited,secrets.read' })).toMatchObject({
      status: 400,
      body: { fields: { action: expect.any(String) } },
    });
    expect(await getPage('dana', { from: '2026-11-25T00:00:00Z', to: '2026-11-20T00:00:00Z' })).toMatchObject({
      status: 400,
      body: { fields: { from: 'from must not be after to.' } },
    });
    expect(await getPage('dana', { from: 'yesterday' })).toMatchObject({ status: 400, body: { fields: { from: expect.any(String) } } });
    expect(await getPage('dana', { organizationId: 'rita' })).toMatchObject({ status: 400 });
  });
});

describe('GET /user/organization/activity/export', () => {
  it('answers the filtered entries as a CSV attachment named after the firm and the day', async () => {
    const answer = await getExport('dana', { from: '2026-11-20T00:00:00Z', to: '2026-11-26T00:00:00Z' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="activity-acme-staffing-inc-2026-11-27.csv"',
      'Access-Control-Expose-Headers': 'Content-Disposition',
    });
    expect(answer.body.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(answer.body);
    expect(rows[0]).toEqual([...ACTIVITY_CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => row[3])).toEqual([
      'subscription.canceled',
      'job.saved',
      'ats.synced',
      'member.removed',
      'job.saved',
      'member.invited',
    ]);
    expect(rows[3]).toEqual([
      '2026-11-23T09:00:00.000Z',
      'Lee Chen',
      'lee@example.com',
      'ats.synced',
      'Lee Chen synced the ATS (Greenhouse): 4 jobs, 31 candidates',
      'ats',
      'greenhouse',
      'vendor=greenhouse; jobs=4; candidates=31',
    ]);
    expect(rows.every((row) => row.length === ACTIVITY_CSV_COLUMNS.length)).toBe(true);
  });

  it('quotes commas, quotes and line breaks, and never lets a cell start a formula', async () => {
    const answer = await getExport('dana', { actor: 'evil' });
    const [, row] = parseCsv(answer.body);
    expect(row![1]).toBe(`'=HYPERLINK("http://evil.example") Quote"Comma,`);
    expect(row![4]).toBe(`'=HYPERLINK("http://evil.example") Quote"Comma, saved the job “=SUM(A1:A2), "quoted" second line”`);
    expect(row![7]).toBe(`jobTitle==SUM(A1:A2), "quoted" second line`);
    // Raw text: the name is quoted (it holds a quote and a comma), the quote doubled.
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.example"") Quote""Comma,"`);
    for (const cell of parseCsv(answer.body).flat()) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('refuses a recruiter, and holds nothing of another firm', async () => {
    expect(await getExport('rami')).toMatchObject({ status: 403 });
    expect(JSON.parse((await getExport('rami')).body)).toMatchObject({ code: 'activity_forbidden' });
    const rival = await getExport('rita');
    expect(
      parseCsv(rival.body)
        .slice(1)
        .map((row) => row[4]),
    ).toEqual(['Rita Rival connected the ATS (Lever)']);
    expect(rival.headers['Content-Disposition']).toBe('attachment; filename="activity-rival-talent-2026-11-27.csv"');
  });

  it(`stops at ${ACTIVITY_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows, and says so in the file and a header`, async () => {
    const entry = (index: number): ActivityEntry => ({
      organizationId: 'dana',
      entryId: `2026-11-01T00:00:00.000Z#${String(index).padStart(36, '0')}`,
      at: '2026-11-01T00:00:00.000Z',
      actorId: 'lee',
      action: 'ats.tested',
      details: {},
      ttl: Math.floor(NOW.getTime() / 1000) + 1000,
    });
    let served = 0;
    const endless: ActivityReader = {
      async readPage(_organizationId, _filter, { pageSize }) {
        const entries = Array.from({ length: pageSize }, () => entry(served++));
        return { entries, nextCursor: 'more' };
      },
    };
    const handler = createActivityExportHandler(() => ({ ...deps(), activity: endless }), HANDLER_OPTIONS);
    const answer = await getExport('dana', {}, handler);
    const rows = parseCsv(answer.body);
    expect(rows).toHaveLength(1 + ACTIVITY_EXPORT_MAX_ROWS + 1);
    expect(rows.at(-1)![0]).toBe('This export stops after 10,000 entries. Narrow the dates or the filters to export the rest.');
    expect(answer.headers).toMatchObject({ 'X-Activity-Export-Truncated': 'true' });
    expect(Buffer.byteLength(answer.body)).toBeLessThan(ACTIVITY_EXPORT_MAX_BYTES);
  });
});
