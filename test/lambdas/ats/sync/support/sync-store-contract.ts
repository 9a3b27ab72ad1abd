import type { AtsSyncStatus, AtsSyncStore } from '../../../../../lambdas/ats/sync/sync-store';
import { EMPTY_CHECKPOINT, IDLE_STATUS } from '../../../../../lambdas/ats/sync/sync-store';
import { atsApplication, atsCandidate, atsJob } from './ats-records';

let users = 0;
/** A user id no other test of the run uses (the DynamoDB adapter shares one table per file). */
const newUser = (label: string) => `contract-${label}-${++users}`;

const lease = (owner: string, now: string, expiresAt: string) => ({ owner, now, expiresAt });

/**
 * The behaviour every {@link AtsSyncStore} adapter promises, run against each of them (in memory
 * and DynamoDB on dynalite), so the engine's fast in-memory tests speak for production too.
 */
export function describeSyncStoreContract(adapter: string, getStore: () => AtsSyncStore): void {
  describe(`AtsSyncStore contract: ${adapter}`, () => {
    it('gives back stored records by id, exactly as written, and only to their user', async () => {
      const store = getStore();
      const [ana, ben] = [newUser('ana'), newUser('ben')];
      await store.upsertJobs(ana, [atsJob('j2'), atsJob('j1', { description: '', location: '' })]);
      await store.upsertCandidates(ana, [atsCandidate('c1', { createdAt: null, updatedAt: null })]);
      await store.upsertApplications(ana, [atsApplication('a1', 'c1', 'j1', { status: 'hired', closedAt: '2026-02-01T00:00:00.000Z' })]);
      await store.upsertJobs(ben, [atsJob('j9')]);

      expect(await store.listJobs(ana)).toEqual([atsJob('j1', { description: '', location: '' }), atsJob('j2')]);
      expect(await store.listCandidates(ana)).toEqual([atsCandidate('c1', { createdAt: null, updatedAt: null })]);
      expect(await store.listApplications(ana)).toEqual([
        atsApplication('a1', 'c1', 'j1', { status: 'hired', closedAt: '2026-02-01T00:00:00.000Z' }),
      ]);
      expect((await store.listJobs(ben)).map((job) => job.id)).toEqual(['j9']);
      expect(await store.listCandidates(ben)).toEqual([]);
      expect(await store.listApplications(newUser('nobody'))).toEqual([]);
    });

    it('replaces a record written again under the same ATS id instead of adding one, so re-reading a page is harmless', async () => {
      const store = getStore();
      const user = newUser('upsert');
      expect(await store.upsertCandidates(user, [atsCandidate('c1'), atsCandidate('c2')])).toBe(2);
      expect(await store.upsertCandidates(user, [atsCandidate('c1'), atsCandidate('c2')])).toBe(2);
      await store.upsertCandidates(user, [
        atsCandidate('c2', { headline: 'Staff Engineer at Globex', updatedAt: '2026-03-01T00:00:00.000Z' }),
      ]);

      expect(await store.listCandidates(user)).toEqual([
        atsCandidate('c1'),
        atsCandidate('c2', { headline: 'Staff Engineer at Globex', updatedAt: '2026-03-01T00:00:00.000Z' }),
      ]);
    });

    it('writes a record listed twice in one page once (the last copy) and skips records without an id', async () => {
      const store = getStore();
      const user = newUser('duplicates');
      const written = await store.upsertJobs(user, [atsJob('j1', { title: 'First' }), atsJob(''), atsJob('j1', { title: 'Second' })]);

      expect(written).toBe(1);
      expect(await store.listJobs(user)).toEqual([atsJob('j1', { title: 'Second' })]);
    });

    it('stores pages larger than one DynamoDB batch (25) completely', async () => {
      const store = getStore();
      const user = newUser('large');
      const applications = Array.from({ length: 61 }, (_, index) =>
        atsApplication(`a${String(index).padStart(3, '0')}`, `c${index % 7}`, `j${index % 3}`),
      );

      expect(await store.upsertApplications(user, applications)).toBe(61);
      expect(await store.listApplications(user)).toEqual(applications);
    });

    it('lists the candidates who applied to a job, each once, when asked for one job', async () => {
      const store = getStore();
      const user = newUser('by-job');
      await store.upsertCandidates(user, [atsCandidate('c1'), atsCandidate('c2'), atsCandidate('c3')]);
      await store.upsertApplications(user, [
        atsApplication('a1', 'c3', 'j1'),
        atsApplication('a2', 'c1', 'j1', { status: 'rejected' }),
        atsApplication('a3', 'c1', 'j1'),
        atsApplication('a4', 'c2', 'j2'),
        // Its candidate was not synced yet: nothing to show for it.
        atsApplication('a5', 'c-unsynced', 'j1'),
      ]);

      expect((await store.listCandidates(user, { jobId: 'j1' })).map((candidate) => candidate.id)).toEqual(['c1', 'c3']);
      expect((await store.listCandidates(user, { jobId: 'j2' })).map((candidate) => candidate.id)).toEqual(['c2']);
      expect(await store.listCandidates(user, { jobId: 'j-none' })).toEqual([]);
    });

    it('keeps one checkpoint per resource, none before the first save', async () => {
      const store = getStore();
      const user = newUser('checkpoint');
      expect(await store.getCheckpoint(user, 'jobs')).toBeNull();

      const candidates = {
        cursor: 'page-3',
        updatedSince: '2026-01-01T00:00:00.000Z',
        passStartedAt: '2026-03-01T00:00:00.000Z',
        completedInSync: 'sync-1',
        lastFullPassAt: '2026-02-01T00:00:00.000Z',
      };
      await store.saveCheckpoint(user, 'candidates', candidates);
      await store.saveCheckpoint(user, 'jobs', EMPTY_CHECKPOINT);

      expect(await store.getCheckpoint(user, 'candidates')).toEqual(candidates);
      expect(await store.getCheckpoint(user, 'jobs')).toEqual(EMPTY_CHECKPOINT);
      expect(await store.getCheckpoint(user, 'applications')).toBeNull();
      expect(await store.getCheckpoint(newUser('other'), 'candidates')).toBeNull();
    });

    it('saves and gives back the status record, none before the first save', async () => {
      const store = getStore();
      const user = newUser('status');
      expect(await store.getStatus(user)).toBeNull();

      const status: AtsSyncStatus = {
        ...IDLE_STATUS,
        state: 'paused',
        syncId: 'sync-1',
        startedAt: '2026-03-01T00:00:00.000Z',
        finishedAt: '2026-03-01T00:01:00.000Z',
        counts: {
          jobs: { read: 3, stored: 3, skipped: 0 },
          candidates: { read: 10, stored: 9, skipped: 3 },
          applications: { read: 0, stored: 0, skipped: 0 },
        },
        skippedReasons: [
          { resource: 'candidates', reason: 'unreadable "tags"', count: 2 },
          { resource: 'candidates', reason: 'no candidate id', count: 1 },
        ],
        notices: ['Lever did not let this API key read archive reasons, so rejected applications show no reason.'],
        fullPass: true,
        message: 'Greenhouse asked us to slow down.',
        resumeAt: '2026-03-01T00:02:00.000Z',
        updatedAt: '2026-03-01T00:01:00.000Z',
      };
      await store.saveStatus(user, status);
      expect(await store.getStatus(user)).toEqual(status);

      await store.saveStatus(user, { ...status, state: 'complete', message: null, resumeAt: null });
      expect(await store.getStatus(user)).toEqual({ ...status, state: 'complete', message: null, resumeAt: null });
    });

    it('gives the lease to one owner at a time until it is released or expires', async () => {
      const store = getStore();
      const user = newUser('lease');
      const at = (minute: number) => `2026-03-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

      expect(await store.acquireLease(user, lease('first', at(0), at(15)))).toBe(true);
      expect(await store.acquireLease(user, lease('second', at(1), at(16)))).toBe(false);
      await store.releaseLease(user, 'second');
      expect(await store.acquireLease(user, lease('third', at(2), at(17)))).toBe(false);

      await store.releaseLease(user, 'first');
      expect(await store.acquireLease(user, lease('second', at(3), at(18)))).toBe(true);
      // Never released (a crashed call): free once it expired.
      expect(await store.acquireLease(user, lease('third', at(17), at(32)))).toBe(false);
      expect(await store.acquireLease(user, lease('third', at(18), at(33)))).toBe(true);
      expect(await store.acquireLease(newUser('other'), lease('other', at(18), at(33)))).toBe(true);
    });

    it('keeps the lease when the status is saved, and the status when the lease changes', async () => {
      const store = getStore();
      const user = newUser('lease-status');
      await store.acquireLease(user, lease('holder', '2026-03-01T00:00:00.000Z', '2026-03-01T00:15:00.000Z'));
      const running: AtsSyncStatus = { ...IDLE_STATUS, state: 'running', syncId: 's', startedAt: '2026-03-01T00:00:00.000Z' };
      await store.saveStatus(user, running);

      expect(await store.acquireLease(user, lease('intruder', '2026-03-01T00:01:00.000Z', '2026-03-01T00:16:00.000Z'))).toBe(false);
      await store.releaseLease(user, 'holder');
      expect(await store.getStatus(user)).toEqual(running);
    });

    it('forgets everything synced for a user, and only for them, when asked to', async () => {
      const store = getStore();
      const [user, other] = [newUser('forget'), newUser('keep')];
      for (const owner of [user, other]) {
        await store.upsertJobs(owner, [atsJob('j1')]);
        await store.upsertCandidates(owner, [atsCandidate('c1')]);
        await store.upsertApplications(owner, [atsApplication('a1', 'c1', 'j1')]);
        await store.saveCheckpoint(owner, 'jobs', { ...EMPTY_CHECKPOINT, updatedSince: '2026-01-01T00:00:00.000Z' });
        await store.saveStatus(owner, { ...IDLE_STATUS, state: 'complete' });
      }
      await store.acquireLease(user, lease('holder', '2026-03-01T00:00:00.000Z', '2026-03-01T00:15:00.000Z'));

      await store.deleteAll(user);

      expect([await store.listJobs(user), await store.listCandidates(user), await store.listApplications(user)]).toEqual([[], [], []]);
      expect(await store.getCheckpoint(user, 'jobs')).toBeNull();
      expect(await store.getStatus(user)).toBeNull();
      expect(await store.acquireLease(user, lease('other', '2026-03-01T00:01:00.000Z', '2026-03-01T00:16:00.000Z'))).toBe(false);
      expect(await store.listApplications(other)).toHaveLength(1);
      expect((await store.getStatus(other))?.state).toBe('complete');
    });
  });
}
