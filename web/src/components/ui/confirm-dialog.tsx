import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly children: ReactNode;
  /** The button that goes ahead (e.g. "Cancel subscription"). */
  readonly confirmLabel: string;
  readonly busyLabel: string;
  /** The button that backs out, focused when the dialog opens (e.g. "Keep subscription"). */
  readonly cancelLabel: string;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  /** Backing out: the cancel button, Escape, or a click on the backdrop (not while busy). */
  readonly onCancel: () => void;
}

/**
 * A modal confirmation dialog for an action with consequences. Focus starts on the safe choice,
 * stays inside while it is open (Tab cycles) and returns to what had it before; Escape backs out.
 */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, cancelLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const safe = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    safe.current?.focus();
    // Back to where focus was, unless that element is gone (the caller then moves focus itself).
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = Array.from(dialog.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? []);
    if (buttons.length === 0) return;
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // In a portal at the end of the body, so the dialog is not read as part of the section that opened it.
  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={dialog}
        className="dialog card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        <div id={`${id}-body`} className="dialog__body">
          {children}
        </div>
        <div className="dialog__actions">
          <button ref={safe} type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
