import { RUNNING_STATUS_STALE_AFTER_SECONDS } from '../../../../lambdas/ats/ats-time-limits';
import { presentSyncStatus, SYNC_MESSAGES } from '../../../../lambdas/ats/sync/sync-status';
import { IDLE_STATUS, type AtsSyncStatus } from '../../../../lambdas/ats/sync/sync-store';

const running: AtsSyncStatus = {
  ...IDLE_STATUS,
  state: 'running',
  syncId: 's1',
  startedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:05:00.000Z',
};
const at = (secondsAfterSave: number) => new Date(Date.parse('2026-03-01T10:05:00.000Z') + secondsAfterSave * 1000);

describe('presentSyncStatus', () => {
  it('shows a user who never synced as idle', () => {
    expect(presentSyncStatus(null, at(0))).toEqual(IDLE_STATUS);
  });

  it('shows a running sync as running while its call can still be alive', () => {
    expect(presentSyncStatus(running, at(RUNNING_STATUS_STALE_AFTER_SECONDS))).toEqual(running);
  });

  it('shows a sync whose call crashed as partial, to be continued, once no call can still be running it', () => {
    expect(presentSyncStatus(running, at(RUNNING_STATUS_STALE_AFTER_SECONDS + 1))).toEqual({
      ...running,
      state: 'partial',
      message: SYNC_MESSAGES.partial,
    });
  });

  it('leaves every other state as stored', () => {
    const failed: AtsSyncStatus = { ...running, state: 'failed', message: 'Lever refused the API key.' };
    expect(presentSyncStatus(failed, at(86_400))).toEqual(failed);
  });
});
