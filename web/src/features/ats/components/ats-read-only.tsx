import { useId } from 'react';
import { ATS_MANAGERS_ONLY_SENTENCE, type AtsConnectionView, type AtsSyncView } from '@contracts/ats';
import { AtsFacts } from './ats-facts';
import { connectionFacts } from './connection-summary';
import { SkippedRecords } from './skipped-records';
import { syncFacts } from './sync-panel';
import { SyncNotices } from './sync-notices';

/**
 * A recruiter's view of the firm's ATS settings (issue 18): the connected ATS, where its sync
 * stands and what the firm has from it, without the keys and without connect, test, sync or
 * disconnect, which the server refuses them; one sentence says who can change it.
 */
export function AtsReadOnly({ connection, sync }: { readonly connection: AtsConnectionView | null; readonly sync: AtsSyncView }) {
  const connectionHeading = useId();
  const syncHeading = useId();
  return (
    <div className="ats-settings">
      <p className="ats-note">{ATS_MANAGERS_ONLY_SENTENCE}</p>
      {connection ? (
        <>
          <section className="ats-block" aria-labelledby={connectionHeading}>
            <h3 id={connectionHeading} className="ats-block__heading">
              Connected ATS
            </h3>
            <AtsFacts facts={connectionFacts(connection, undefined, false)} />
          </section>
          <section className="ats-block" aria-labelledby={syncHeading}>
            <h3 id={syncHeading} className="ats-block__heading">
              Sync
            </h3>
            <AtsFacts facts={syncFacts(sync)} label="Sync status" />
            <SkippedRecords sync={sync} />
            <SyncNotices sync={sync} />
            {sync.message ? <p className="ats-sync__message">{sync.message}</p> : null}
          </section>
        </>
      ) : (
        <p className="ats-note">Your firm has not connected an ATS yet.</p>
      )}
    </div>
  );
}
