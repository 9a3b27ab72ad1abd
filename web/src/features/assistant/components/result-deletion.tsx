import { useState, type ReactNode } from 'react';
import type { AssistantResult } from '@contracts/assistant';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { readableMessage } from '../../../lib/notify';
import { formatWhen } from '../format';
import { ASSISTANT_SCREENS } from '../screens';
import { DELETE_ERROR_MESSAGE } from '../use-results';

/** "Candidate summary: Priya Raman", as the lists and the delete buttons name a result. */
export function resultName(result: AssistantResult): string {
  const screen = ASSISTANT_SCREENS.find((candidate) => candidate.capability === result.capability);
  return `${screen?.title ?? result.capability}: ${result.label}`;
}

/**
 * Deleting a result after a confirmation, the same wherever results are listed (the hub's recent
 * results, a screen's history beside its form): `ask(result)` opens the dialog ("Keep it"
 * focused), `dialog` is the dialog to render while it is open. Once `remove` succeeds the dialog
 * closes, `announcement` says what was deleted and `afterDelete` moves focus (the button that
 * opened the dialog is gone); a refusal stays in the dialog.
 */
export function useResultDeletion(remove: (resultId: string) => Promise<void>, afterDelete: () => void) {
  const [confirming, setConfirming] = useState<AssistantResult | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const ask = (result: AssistantResult) => {
    setError('');
    setConfirming(result);
  };

  const confirm = async (result: AssistantResult) => {
    setDeleting(true);
    setError('');
    try {
      await remove(result.id);
      setAnnouncement(`Deleted ${resultName(result)}.`);
      setConfirming(null);
      afterDelete();
    } catch (failure) {
      setError(readableMessage(failure, DELETE_ERROR_MESSAGE));
    } finally {
      setDeleting(false);
    }
  };

  const dialog: ReactNode = confirming ? (
    <ConfirmDialog
      title="Delete this result?"
      confirmLabel="Delete"
      busyLabel="Deleting…"
      cancelLabel="Keep it"
      busy={deleting}
      onConfirm={() => void confirm(confirming)}
      onCancel={() => setConfirming(null)}
    >
      <p>
        {resultName(confirming)}, from {formatWhen(confirming.createdAt)}, is deleted for good: it leaves your recent results, on the
        Services page and on its service’s screen.
      </p>
      {error ? (
        <p role="alert" className="results-search__error">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  ) : null;

  return { ask, dialog, announcement };
}

/** A result's Delete button: "Delete" on screen, the result's name for a screen reader too. */
export function DeleteResultButton({ result, onClick }: { readonly result: AssistantResult; readonly onClick: () => void }) {
  return (
    <button type="button" className="button button--secondary button--small result-delete" onClick={onClick}>
      Delete<span className="visually-hidden"> {resultName(result)}</span>
    </button>
  );
}
