import type { ReactNode, Ref } from 'react';
import { FieldFrame } from '../../../components/ui/form-field';
import type { FormProblem } from '../use-assistant-form';

interface FieldProps {
  readonly label: ReactNode;
  /** The control's name: the request's field path, so the server's errors find it. */
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | undefined;
  readonly optional?: boolean;
  readonly hint?: ReactNode;
}

/** A labelled one-line text field with its hint and inline error. */
export function InputField({
  label,
  name,
  value,
  onChange,
  error,
  optional,
  hint,
  autoComplete = 'off',
}: FieldProps & { readonly autoComplete?: string }) {
  return (
    <FieldFrame label={label} optional={optional} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type="text"
          name={name}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

/** A labelled multi-line text field (descriptions, resumes, answers) with its hint and inline error. */
export function TextAreaField({ label, name, value, onChange, error, optional, hint, rows = 8 }: FieldProps & { readonly rows?: number }) {
  return (
    <FieldFrame label={label} optional={optional} hint={hint} error={error}>
      {(control) => <textarea {...control} name={name} value={value} rows={rows} onChange={(event) => onChange(event.target.value)} />}
    </FieldFrame>
  );
}

/**
 * The form's error message: the server's words (or "correct the highlighted fields"), and any
 * field problem that has no field on the screen to sit next to. It takes focus after a failed
 * submit when no field is to blame.
 */
export function FormAlert({
  problem,
  attachAlert,
  shownFields,
}: {
  readonly problem: FormProblem | null;
  readonly attachAlert?: Ref<HTMLDivElement>;
  /** The field paths the form shows next to their fields (a list's name covers its items, `exclusions.3`). */
  readonly shownFields: ReadonlySet<string>;
}) {
  const shown = (name: string) => shownFields.has(name) || shownFields.has(name.replace(/\.\d+$/, ''));
  const elsewhere = problem ? Object.entries(problem.fields).filter(([name]) => !shown(name)) : [];
  return (
    <div ref={attachAlert} tabIndex={-1} role="alert" className={problem ? 'assistant-alert' : undefined}>
      {problem ? (
        <>
          <p>{problem.message}</p>
          {elsewhere.length > 0 ? (
            <ul>
              {elsewhere.map(([name, message]) => (
                <li key={name}>{message}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
