import { useCallback, useEffect, useRef, useState } from 'react';
import type { AtsSyncResponse, AtsSyncView } from '@contracts/ats';
import { readableMessage } from '../../lib/notify';
import { isSubscriptionRequired, type AtsApi } from './api/ats-api';
import { count, formatWhen, readSummary, skippedTotal, storedSummary } from './format';

/**
 * The most `POST /ats/sync` calls one press of "Sync now" makes while the answer is `partial`
 * (each call reads for about 20 s): a first sync of a large ATS continues on the next press.
 */
export const MAX_SYNC_CALLS = 20;

/** What a press of "Sync now" came to: `error` is read out as an alert. */
export interface SyncOutcome {
  readonly tone: 'done' | 'waiting' | 'error';
  readonly message: string;
}

/** The outcome of a sync call that is not `partial`, in words. */
export function outcomeOf(answer: AtsSyncResponse): SyncOutcome {
  const { sync } = answer;
  switch (answer.outcome) {
    case 'complete': {
      const skipped = skippedTotal(sync);
      const skippedNote =
        skipped > 0 ? ` ${count(skipped, 'record')} could not be read and ${skipped === 1 ? 'was' : 'were'} skipped.` : '';
      return { tone: 'done', message: `Sync complete. Stored from your ATS: ${storedSummary(sync.stored)}.${skippedNote}` };
    }
    case 'paused':
      return {
        tone: 'waiting',
        message: sync.resumeAt
          ? `Your ATS asked us to wait: the sync can continue after ${formatWhen(sync.resumeAt)}. Press Sync now again then.`
          : 'Your ATS asked us to wait: press Sync now again in a few minutes.',
      };
    case 'running':
      return { tone: 'waiting', message: 'A sync is already running for your account. Check back in a few minutes.' };
    case 'failed':
      return { tone: 'error', message: sync.message ?? 'The sync failed. Please try again.' };
    case 'partial':
      return { tone: 'waiting', message: 'The sync has more to read: press Sync now to continue where it stopped.' };
  }
}

/**
 * "Sync now": calls `POST /ats/sync` again while the answer is `partial`, at most
 * {@link MAX_SYNC_CALLS} times, reporting what was read so far; stops on `complete`, `paused`,
 * `failed` or `running` with what that means. Every answer's sync view goes to `onSync`.
 */
export function useSync(api: Pick<AtsApi, 'sync'>, onSync: (sync: AtsSyncView) => void, onSubscriptionRequired: () => void) {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState('');
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const mounted = useRef(true);
  const inFlight = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(true);
    setOutcome(null);
    setProgress('Syncing with your ATS…');
    try {
      for (let call = 1; call <= MAX_SYNC_CALLS; call += 1) {
        const answer = await api.sync();
        if (!mounted.current) return;
        onSync(answer.sync);
        if (answer.outcome !== 'partial') {
          setOutcome(outcomeOf(answer));
          return;
        }
        if (call === MAX_SYNC_CALLS) {
          setOutcome(outcomeOf(answer));
          return;
        }
        setProgress(`Still syncing (call ${call + 1} of at most ${MAX_SYNC_CALLS}): ${readSummary(answer.sync.counts)} read so far.`);
      }
    } catch (error) {
      console.error(error);
      if (!mounted.current) return;
      if (isSubscriptionRequired(error)) onSubscriptionRequired();
      else setOutcome({ tone: 'error', message: readableMessage(error, 'The sync could not be started. Please try again.') });
    } finally {
      inFlight.current = false;
      if (mounted.current) {
        setRunning(false);
        setProgress('');
      }
    }
  }, [api, onSync, onSubscriptionRequired]);

  return { running, progress, outcome, start };
}
