import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ATS_STATUS_ITEM_ID, ATS_TABLE_DEFINITION } from '../../../../lambdas/ats/store/ats-table';
import { createDynamoDbSyncStore } from '../../../../lambdas/ats/store/dynamodb-sync-store';
import { runSync } from '../../../../lambdas/ats/sync/sync-engine';
import type { AtsSyncStore } from '../../../../lambdas/ats/sync/sync-store';
import { startMemoryDynamoDbInProcess, type MemoryDynamoDb } from '../../support/memory-dynamodb';
import { createTableInput } from '../../../../local/dynamodb/tables';
import { atsCandidate, atsJob } from '../sync/support/ats-records';
import { createScriptedConnector, scriptedData } from '../sync/support/scripted-connector';
import { describeSyncStoreContract } from '../sync/support/sync-store-contract';

const TABLE = 'talentpilot-test-ats';
let dynalite: MemoryDynamoDb;
let client: DynamoDBDocumentClient;
let store: AtsSyncStore;

beforeAll(async () => {
  dynalite = await startMemoryDynamoDbInProcess();
  await dynalite.client.send(new CreateTableCommand(createTableInput(TABLE, ATS_TABLE_DEFINITION)));
  client = dynalite.documentClient;
  store = createDynamoDbSyncStore({ client, tableName: TABLE });
});
afterAll(async () => {
  await dynalite.stop();
});

describeSyncStoreContract('DynamoDB (dynalite)', () => store);

/**
 * The document client with DynamoDB's throttling played back: each BatchWriteItem call writes
 * only its first `accepted(call)` requests and hands the rest back as unprocessed.
 */
function throttlingClient(accepted: (call: number) => number) {
  const batchSizes: number[] = [];
  const throttled = {
    send: async (command: unknown) => {
      if (!(command instanceof BatchWriteCommand)) return client.send(command as never);
      const requests = command.input.RequestItems?.[TABLE] ?? [];
      batchSizes.push(requests.length);
      const take = Math.min(requests.length, accepted(batchSizes.length));
      if (take > 0) await client.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests.slice(0, take) } }));
      const rest = requests.slice(take);
      return { UnprocessedItems: rest.length > 0 ? { [TABLE]: rest } : {} };
    },
  } as unknown as DynamoDBDocumentClient;
  return { throttled, batchSizes };
}

describe('createDynamoDbSyncStore', () => {
  it('retries the items DynamoDB leaves unprocessed, backing off between tries, until all are written', async () => {
    const { throttled, batchSizes } = throttlingClient((call) => (call % 2 === 1 ? 10 : 0));
    const waits: number[] = [];
    const throttledStore = createDynamoDbSyncStore({ client: throttled, tableName: TABLE, sleep: async (ms) => void waits.push(ms) });
    const candidates = Array.from({ length: 30 }, (_, index) => atsCandidate(`c${String(index).padStart(2, '0')}`));

    expect(await throttledStore.upsertCandidates('throttled', candidates)).toBe(30);

    expect(await store.listCandidates('throttled')).toEqual(candidates);
    expect(batchSizes.every((size) => size <= 25)).toBe(true);
    expect(batchSizes).toEqual([25, 15, 15, 5, 5, 5, 5]);
    // Growing within a chunk of 25, starting over for the next chunk.
    expect(waits).toEqual([100, 200, 400, 800, 100]);
  });

  it('gives up with a named error when DynamoDB keeps leaving items unprocessed', async () => {
    const { throttled, batchSizes } = throttlingClient(() => 0);
    const throttledStore = createDynamoDbSyncStore({
      client: throttled,
      tableName: TABLE,
      sleep: async () => undefined,
      maxBatchAttempts: 3,
    });

    await expect(throttledStore.upsertJobs('never-written', [atsJob('j1')])).rejects.toMatchObject({ name: 'AtsStoreThrottledError' });
    expect(batchSizes).toEqual([1, 1, 1]);
    expect(await store.listJobs('never-written')).toEqual([]);
  });

  it('keeps ATS ids containing the key separator apart from other kinds of items', async () => {
    await store.upsertJobs('separator', [atsJob('candidate#1'), atsJob('1')]);
    await store.upsertCandidates('separator', [atsCandidate('1')]);

    expect((await store.listJobs('separator')).map((job) => job.id)).toEqual(['1', 'candidate#1']);
    expect((await store.listCandidates('separator')).map((candidate) => candidate.id)).toEqual(['1']);
  });
});

/** A status item as this store wrote it before skipped records were counted (no `skipped`, no `skippedReasons`). */
async function saveStatusFromBefore(userId: string, fields: Record<string, unknown>) {
  await client.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        userId,
        itemId: ATS_STATUS_ITEM_ID,
        state: 'complete',
        syncId: 'sync-before',
        startedAt: '2026-02-01T10:00:00.000Z',
        finishedAt: '2026-02-01T10:01:00.000Z',
        counts: { jobs: { read: 3, stored: 3 }, candidates: { read: 10, stored: 9 }, applications: { read: 12, stored: 12 } },
        message: null,
        lastCompleteAt: '2026-02-01T10:01:00.000Z',
        resumeAt: null,
        updatedAt: '2026-02-01T10:01:00.000Z',
        ...fields,
      },
    }),
  );
}

describe('status records saved before skipped records were counted', () => {
  it('read as having skipped nothing, every other field as saved', async () => {
    await saveStatusFromBefore('before', {});

    expect(await store.getStatus('before')).toEqual({
      state: 'complete',
      syncId: 'sync-before',
      startedAt: '2026-02-01T10:00:00.000Z',
      finishedAt: '2026-02-01T10:01:00.000Z',
      counts: {
        jobs: { read: 3, stored: 3, skipped: 0 },
        candidates: { read: 10, stored: 9, skipped: 0 },
        applications: { read: 12, stored: 12, skipped: 0 },
      },
      skippedReasons: [],
      notices: [],
      // Nor did it say whether it read everything: it is not claimed.
      fullPass: false,
      message: null,
      lastCompleteAt: '2026-02-01T10:01:00.000Z',
      resumeAt: null,
      updatedAt: '2026-02-01T10:01:00.000Z',
    });
  });

  it('are continued by the sync, which adds what it skips to the counts saved before', async () => {
    await saveStatusFromBefore('before-partial', { state: 'partial', finishedAt: null, lastCompleteAt: null });
    const { connector } = createScriptedConnector({
      data: scriptedData({ jobs: 2, candidates: 2, applications: 2 }),
      pageSize: 5,
      skipped: (call) => (call.method === 'listApplications' ? [{ reason: 'no job id', count: 2 }] : undefined),
    });

    const result = await runSync({
      connector,
      store,
      userId: 'before-partial',
      now: () => new Date('2026-02-01T10:05:00.000Z'),
      deadline: () => false,
    });

    expect(result.outcome).toBe('complete');
    expect(await store.getStatus('before-partial')).toMatchObject({
      state: 'complete',
      syncId: 'sync-before',
      counts: {
        jobs: { read: 5, stored: 5, skipped: 0 },
        candidates: { read: 12, stored: 11, skipped: 0 },
        applications: { read: 14, stored: 14, skipped: 2 },
      },
      skippedReasons: [{ resource: 'applications', reason: 'no job id', count: 2 }],
    });
  });
});

describe('status records saved before notices were kept', () => {
  const ARCHIVE = 'Lever did not let this API key read archive reasons, so rejected applications show no reason.';

  it('read as having no notices', async () => {
    await saveStatusFromBefore('before-notices', { skippedReasons: [] });

    expect((await store.getStatus('before-notices'))?.notices).toEqual([]);
  });

  it('are continued by the sync, which adds the notices of its pages, and keep them once saved', async () => {
    await saveStatusFromBefore('before-notices-partial', { state: 'partial', finishedAt: null, lastCompleteAt: null });
    const { connector } = createScriptedConnector({
      data: scriptedData({ jobs: 2, candidates: 2, applications: 2 }),
      pageSize: 5,
      notices: (call) => (call.method === 'listApplications' ? [ARCHIVE, ARCHIVE] : undefined),
    });

    const result = await runSync({
      connector,
      store,
      userId: 'before-notices-partial',
      now: () => new Date('2026-02-01T10:05:00.000Z'),
      deadline: () => false,
    });

    expect(result.outcome).toBe('complete');
    expect(await store.getStatus('before-notices-partial')).toMatchObject({
      state: 'complete',
      syncId: 'sync-before',
      skippedReasons: [],
      notices: [ARCHIVE],
    });
  });
});

describe('runSync on DynamoDB', () => {
  it('syncs in two calls to the same data as the ATS holds, and refuses a second sync while one holds the lease', async () => {
    const data = scriptedData({ jobs: 30, candidates: 12, applications: 40 });
    const { connector, calls } = createScriptedConnector({ data, pageSize: 7 });
    let time = Date.parse('2026-03-01T10:00:00.000Z');
    const now = () => new Date(time);

    const first = await runSync({ connector, store, userId: 'engine', now, deadline: () => calls.length >= 6 });
    expect(first.outcome).toBe('partial');
    expect(
      await store.acquireLease('engine', {
        owner: 'someone-else',
        now: now().toISOString(),
        expiresAt: new Date(time + 60_000).toISOString(),
      }),
    ).toBe(true);
    expect((await runSync({ connector, store, userId: 'engine', now, deadline: () => false })).outcome).toBe('running');
    await store.releaseLease('engine', 'someone-else');

    time += 60_000;
    const second = await runSync({ connector, store, userId: 'engine', now, deadline: () => false });

    expect(second.outcome).toBe('complete');
    expect({
      jobs: await store.listJobs('engine'),
      candidates: await store.listCandidates('engine'),
      applications: await store.listApplications('engine'),
    }).toEqual(data);
    expect(await store.getStatus('engine')).toMatchObject({
      state: 'complete',
      counts: { jobs: { read: 30, stored: 30 }, candidates: { read: 12, stored: 12 }, applications: { read: 40, stored: 40 } },
    });
    expect((await store.listCandidates('engine', { jobId: 'j000' })).map((candidate) => candidate.id)).toEqual(['c000', 'c006']);
  });
});
