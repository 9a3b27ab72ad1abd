import './spinner.css';

export interface SpinnerProps {
  /** What is loading, announced to screen readers. */
  readonly label?: string;
  /** Fill the page body (a centred spinner where a page will appear). */
  readonly page?: boolean;
}

/** An accessible loading indicator: a live status region with a visually hidden label. */
export function Spinner({ label = 'Loading…', page = false }: SpinnerProps) {
  return (
    <div className={page ? 'spinner spinner--page' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
