import { createActivityRecorder } from '../../../../lambdas/shared/activity/activity-log';
import {
  createActivityReader,
  decodeActivityCursor,
  encodeActivityCursor,
  type ActivityFilter,
} from '../../../../lambdas/shared/activity/activity-reader';
import { ACTIVITY_CURSOR_MESSAGE } from '../../../../lambdas/shared/contracts/activity';
import { ACTIVITY_RETENTION_DAYS, type ActivityInput } from '../../../../lambdas/shared/domain/activity';
import { ValidationError } from '../../../../lambdas/shared/errors';
import { startTables } from '../subscriptions/support';

/** The activity reader on dynalite, over entries written by the real recorder. */

let tables: Awaited<ReturnType<typeof startTables>>;
const NOW = new Date('2026-11-27T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

/** Records `input` as if at `at` (the recorder stamps the time it is given). */
async function recordAt(at: Date, input: ActivityInput): Promise<void> {
  await createActivityRecorder({ client: tables.client, tableName: tables.tableNames.activity, now: () => at }).record(input);
}

const reader = () => createActivityReader({ client: tables.client, tableName: tables.tableNames.activity, now: () => NOW });

/** Every entry of a firm within the filter, page after page. */
async function readAll(organizationId: string, filter: ActivityFilter, pageSize: number, readLimit = 500) {
  const pages = [];
  let cursor: string | undefined;
  do {
    const page = await reader().readPage(organizationId, filter, { cursor, pageSize, readLimit });
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && pages.length < 100);
  return { pages, entries: pages.flatMap((page) => page.entries) };
}

beforeAll(async () => {
  tables = await startTables();
  // Firm A: 30 entries, one an hour back from NOW, alternating actors and actions.
  for (let hour = 1; hour <= 30; hour++) {
    await recordAt(new Date(NOW.getTime() - hour * 60 * 60 * 1000), {
      organizationId: 'firm-a',
      actorId: hour % 2 === 0 ? 'dana' : 'lee',
      action: hour % 3 === 0 ? 'ats.synced' : hour % 3 === 1 ? 'member.invited' : 'job.saved',
      subject: hour % 3 === 1 ? { kind: 'invitation', id: `person${hour}@example.com` } : undefined,
      details: hour % 3 === 0 ? { jobs: hour, candidates: hour * 2 } : { role: 'recruiter' },
    });
  }
  // One past its retention (DynamoDB's TTL has not deleted it yet) and one just within it.
  await recordAt(new Date(NOW.getTime() - (ACTIVITY_RETENTION_DAYS + 1) * DAY), {
    organizationId: 'firm-a',
    actorId: 'dana',
    action: 'member.removed',
    subject: { kind: 'member', id: 'expired-subject' },
  });
  await recordAt(new Date(NOW.getTime() - (ACTIVITY_RETENTION_DAYS - 1) * DAY), {
    organizationId: 'firm-a',
    actorId: 'dana',
    action: 'member.removed',
    subject: { kind: 'member', id: 'kept-subject' },
  });
  // Firm B: its own entries, by an actor with the same id as one of firm A's.
  for (let hour = 1; hour <= 5; hour++) {
    await recordAt(new Date(NOW.getTime() - hour * 60 * 60 * 1000), { organizationId: 'firm-b', actorId: 'dana', action: 'ats.tested' });
  }
}, 60_000);
afterAll(() => tables.stop());

describe('ActivityReader (dynalite)', () => {
  it('pages a firm’s kept entries newest first, each once, and skips the one past its retention', async () => {
    const { pages, entries } = await readAll('firm-a', {}, 7);
    expect(entries).toHaveLength(31);
    expect(pages.slice(0, -1).every((page) => page.entries.length === 7)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const ids = entries.map((entry) => entry.entryId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(entries.map((entry) => entry.subject?.id)).toContain('kept-subject');
    expect(entries.map((entry) => entry.subject?.id)).not.toContain('expired-subject');
    expect(entries.every((entry) => entry.organizationId === 'firm-a')).toBe(true);
  });

  it('answers the last page without a cursor when the entries end exactly at the page size', async () => {
    const page = await reader().readPage('firm-b', {}, { pageSize: 5, readLimit: 500 });
    expect(page.entries).toHaveLength(5);
    expect(page.nextCursor).toBeNull();
  });

  it('filters by actor, by several actions and by subject, in one firm only', async () => {
    const dana = (await readAll('firm-a', { actorId: 'dana' }, 50)).entries;
    expect(dana).toHaveLength(16);
    expect(dana.every((entry) => entry.actorId === 'dana' && entry.organizationId === 'firm-a')).toBe(true);

    const twoActions = (await readAll('firm-a', { actions: ['ats.synced', 'member.removed'] }, 50)).entries;
    expect(twoActions).toHaveLength(11);
    expect(new Set(twoActions.map((entry) => entry.action))).toEqual(new Set(['ats.synced', 'member.removed']));

    const subject = (await readAll('firm-a', { subjectId: 'person7@example.com' }, 50)).entries;
    expect(subject.map((entry) => [entry.action, entry.details])).toEqual([['member.invited', { role: 'recruiter' }]]);

    const combined = (await readAll('firm-a', { actorId: 'lee', actions: ['member.invited'] }, 50)).entries;
    expect(combined.every((entry) => entry.actorId === 'lee' && entry.action === 'member.invited')).toBe(true);
    expect(combined).toHaveLength(5);
  });

  it('keeps to the time range, both ends included', async () => {
    const from = new Date(NOW.getTime() - 10 * 60 * 60 * 1000).toISOString();
    const to = new Date(NOW.getTime() - 3 * 60 * 60 * 1000).toISOString();
    const entries = (await readAll('firm-a', { from, to }, 3)).entries;
    expect(entries.map((entry) => entry.at)).toEqual(
      [3, 4, 5, 6, 7, 8, 9, 10].map((hour) => new Date(NOW.getTime() - hour * 60 * 60 * 1000).toISOString()),
    );
    // An offset other than Z names the same moment.
    const withOffset = (await readAll('firm-a', { from: '2026-11-27T04:00:00.000+02:00', to: '2026-11-27T06:00:00+02:00' }, 50)).entries;
    expect(withOffset.map((entry) => entry.at)).toEqual([
      '2026-11-27T04:00:00.000Z',
      '2026-11-27T03:00:00.000Z',
      '2026-11-27T02:00:00.000Z',
    ]);
    expect((await reader().readPage('firm-a', { from: to, to: from }, { pageSize: 5, readLimit: 500 })).entries).toEqual([]);
  });

  it('reads at most the read limit per request: a sparse filter answers short pages that still go on', async () => {
    const { pages, entries } = await readAll('firm-a', { subjectId: 'person1@example.com' }, 10, 8);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.subject?.id).toBe('person1@example.com');
    // 32 items at 8 a request (the cursor's own entry counts as read): at least 4 requests.
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages.slice(0, -1).every((page) => page.nextCursor !== null)).toBe(true);
  });

  it('never reaches another firm’s entries with a cursor made from them', async () => {
    const firmB = await reader().readPage('firm-b', {}, { pageSize: 2, readLimit: 500 });
    const page = await reader().readPage('firm-a', {}, { cursor: firmB.nextCursor!, pageSize: 50, readLimit: 500 });
    expect(page.entries.every((entry) => entry.organizationId === 'firm-a')).toBe(true);
  });

  it('refuses a cursor it did not give with a 400 on cursor', async () => {
    // What any cursor refuses (not base64url JSON, other keys, other types) is opaque-cursor.test.ts's; here the log's entry ids.
    for (const cursor of ['not-a-cursor', encodeActivityCursor('2026-11-27T00:00:00.000Z')]) {
      let error: unknown;
      try {
        await reader().readPage('firm-a', {}, { cursor, pageSize: 5, readLimit: 500 });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields).toEqual({ cursor: ACTIVITY_CURSOR_MESSAGE });
    }
    const id = '2026-11-27T09:30:00.000Z#0b7e1a52-2f3c-4d5e-8f90-123456789abc';
    expect(decodeActivityCursor(encodeActivityCursor(id))).toBe(id);
  });
});
