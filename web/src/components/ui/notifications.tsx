import { useEffect } from 'react';
import { toast, Toaster, useToasterStore, type DefaultToastOptions } from 'react-hot-toast';
import { TOAST_DURATIONS_MS, TOAST_LIMIT, TOAST_MAX_WIDTH_PX, TOAST_REMOVE_DELAY_MS } from '../../config/constants';

/** Toast defaults from the spec: per-type durations, removal 1 s after dismissal, max width. */
export const TOAST_OPTIONS: DefaultToastOptions = {
  removeDelay: TOAST_REMOVE_DELAY_MS,
  style: { maxWidth: `${TOAST_MAX_WIDTH_PX}px` },
  blank: { duration: TOAST_DURATIONS_MS.blank },
  success: { duration: TOAST_DURATIONS_MS.success },
  loading: { duration: TOAST_DURATIONS_MS.loading },
  custom: { duration: TOAST_DURATIONS_MS.custom },
  error: { duration: TOAST_DURATIONS_MS.error },
};

/**
 * Keeps at most `limit` toasts visible by dismissing the oldest (which then animate out and are
 * removed after the removal delay). react-hot-toast 2.6 also caps its store at 20, silently; this
 * makes our constant the rule and the overflow graceful.
 */
export function useToastLimit(limit: number = TOAST_LIMIT): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // The store lists the newest first.
    toasts
      .filter((item) => item.visible)
      .slice(limit)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts, limit]);
}

/** Toasts sit just below the sticky header (4rem) instead of covering its navigation. */
const CONTAINER_STYLE = { top: 76 } as const;

/** The app's toaster, configured to the spec's constants. */
export function Notifications() {
  useToastLimit();
  return <Toaster position="top-center" gutter={8} containerStyle={CONTAINER_STYLE} toastOptions={TOAST_OPTIONS} />;
}
