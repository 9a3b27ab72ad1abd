import { useId } from 'react';
import type { AtsSyncView } from '@contracts/ats';
import { useFocusReturn } from '../../../lib/use-focus-return';
import type { AtsApi } from '../api/ats-api';
import { count, formatWhen, syncStateLabel } from '../format';
import { useSync } from '../use-sync';
import { AtsFacts } from './ats-facts';
import { SkippedRecords } from './skipped-records';
import { SyncNotices } from './sync-notices';

/** Where the sync stands and what the firm has from its ATS. */
export function syncFacts(sync: AtsSyncView): [string, string][] {
  const facts: [string, string][] = [
    ['Status', syncStateLabel(sync)],
    ['Last complete sync', sync.lastCompleteAt ? formatWhen(sync.lastCompleteAt) : 'Never'],
  ];
  if (sync.state === 'paused' && sync.resumeAt) facts.push(['Can continue after', formatWhen(sync.resumeAt)]);
  facts.push(
    ['Jobs', count(sync.stored.jobs, 'job')],
    ['Candidates', count(sync.stored.candidates, 'candidate')],
    ['Applications', count(sync.stored.applications, 'application')],
    ['Placements', count(sync.stored.placements, 'placement')],
  );
  return facts;
}

/**
 * The sync with the connected ATS: where it stands, what is stored, what could not be read, which
 * features it had to do without, and "Sync now", which keeps going while the server answers
 * `partial` and says how it ended.
 */
export function SyncPanel({
  api,
  sync,
  onSync,
  onSubscriptionRequired,
}: {
  readonly api: Pick<AtsApi, 'sync'>;
  readonly sync: AtsSyncView;
  readonly onSync: (sync: AtsSyncView) => void;
  readonly onSubscriptionRequired: () => void;
}) {
  const headingId = useId();
  const { running, progress, outcome, start } = useSync(api, onSync, onSubscriptionRequired);
  const rememberFocus = useFocusReturn(running);

  const facts = syncFacts(sync);
  // The server's own words, unless this page's last sync already said them (a failure's message).
  const serverMessage = sync.message && sync.message !== outcome?.message ? sync.message : null;

  return (
    <section className="ats-block" aria-labelledby={headingId}>
      <h3 id={headingId} className="ats-block__heading">
        Sync
      </h3>
      <p className="ats-block__lead">Jobs, candidates and applications are copied from your ATS; nothing is written back to it.</p>
      <AtsFacts facts={facts} label="Sync status" />
      <SkippedRecords sync={sync} />
      <SyncNotices sync={sync} />
      {serverMessage ? <p className="ats-sync__message">{serverMessage}</p> : null}
      <div className="ats-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={running}
          onClick={() => {
            rememberFocus();
            void start();
          }}
        >
          {running ? 'Syncing…' : 'Sync now'}
        </button>
      </div>
      <div role="status" className={progress || (outcome && outcome.tone !== 'error') ? 'ats-outcome' : undefined}>
        {progress ? <p>{progress}</p> : null}
        {!progress && outcome && outcome.tone !== 'error' ? <p>{outcome.message}</p> : null}
      </div>
      {outcome?.tone === 'error' ? (
        <div role="alert" className="ats-alert">
          <p>{outcome.message}</p>
        </div>
      ) : null}
    </section>
  );
}
