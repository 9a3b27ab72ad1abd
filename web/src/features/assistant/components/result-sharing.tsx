import { useState } from 'react';
import type { AssistantResult } from '@contracts/assistant';
import { readableMessage } from '../../../lib/notify';
import { SHARE_ERROR_MESSAGE } from '../use-results';
import { resultName } from './result-deletion';

/**
 * Sharing results with the firm (issue 18): a result is the user's own until they share it; then
 * everyone in their firm sees it under "Shared with the firm". `toggle(result)` shares or stops
 * sharing one; `announcement` says what happened (or why it did not), for one status line.
 */
export function useResultSharing(share: (resultId: string, shared: boolean) => Promise<unknown>) {
  const [busyId, setBusyId] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const toggle = async (result: AssistantResult) => {
    const sharing = !result.sharedAt;
    setBusyId(result.id);
    try {
      await share(result.id, sharing);
      setAnnouncement(
        sharing ? `Shared ${resultName(result)} with your firm.` : `Stopped sharing ${resultName(result)}: it is yours alone again.`,
      );
    } catch (failure) {
      setAnnouncement(readableMessage(failure, SHARE_ERROR_MESSAGE));
    } finally {
      setBusyId('');
    }
  };
  return { toggle, busyId, announcement };
}

/** "Share with my firm" for a private result, "Stop sharing" for a shared one; the result's name for a screen reader too. */
export function ShareResultButton({
  result,
  busy,
  onClick,
}: {
  readonly result: AssistantResult;
  readonly busy: boolean;
  readonly onClick: () => void;
}) {
  return (
    <button type="button" className="button button--secondary button--small result-share" disabled={busy} onClick={onClick}>
      {result.sharedAt ? 'Stop sharing' : 'Share with my firm'}
      <span className="visually-hidden"> {resultName(result)}</span>
    </button>
  );
}

/** Whose result the firm's view shows: "Shared by Ana Reyes", and whether they have left the team. */
export function authorLine(result: AssistantResult): string {
  const { author } = result;
  if (!author) return result.sharedAt ? 'Shared with the firm' : '';
  const who = author.shared ? `Shared by ${author.name}` : `By ${author.name}`;
  return author.removed ? `${who}, no longer on the team` : who;
}
