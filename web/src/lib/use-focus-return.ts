import { useCallback, useEffect, useRef } from 'react';

/**
 * Gives focus back to the control that submitted once a submission is over. Forms disable their
 * button (and the card form its fields) while they submit; a disabled control loses focus to the
 * page body, so after a refusal a keyboard user would have to find their way back from the top.
 * Call the returned `remember` when the submission starts; when `busy` turns false and focus is
 * still nowhere, it returns to that control (if it is still on the page). Focus that moved
 * elsewhere meanwhile (to the first invalid field, to a new page) is left alone.
 */
export function useFocusReturn(busy: boolean): () => void {
  const target = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (busy) return;
    const element = target.current;
    target.current = null;
    const focusIsLost = document.activeElement === null || document.activeElement === document.body;
    if (element?.isConnected && focusIsLost) element.focus();
  }, [busy]);

  return useCallback(() => {
    target.current =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }, []);
}
