import { createMemorySyncStore } from './support/memory-sync-store';
import { atsJob } from './support/ats-records';
import { describeSyncStoreContract } from './support/sync-store-contract';

const store = createMemorySyncStore();
describeSyncStoreContract('in memory', () => store);

describe('createMemorySyncStore', () => {
  it('keeps its own copies, so changing a record after writing or reading it changes nothing stored', async () => {
    const job = { ...atsJob('j1') };
    await store.upsertJobs('copies', [job]);
    (job as { title: string }).title = 'Changed after writing';
    const [read] = await store.listJobs('copies');
    (read as { title: string }).title = 'Changed after reading';

    expect(await store.listJobs('copies')).toEqual([atsJob('j1')]);
  });
});
