import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { FieldBinding } from '../../lib/use-form';
import './form.css';

export interface FieldFrameProps {
  readonly label: ReactNode;
  /** Shows "(optional)" after the label. */
  readonly optional?: boolean;
  /** Help under the field, announced with it. */
  readonly hint?: ReactNode;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'id'>;

/** What a control inside a {@link FieldFrame} gets: its id and accessibility wiring. */
export interface ControlProps {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

/**
 * A field's label, hint and inline error around its control: the error is announced through
 * `aria-describedby` and marks the control `aria-invalid`.
 */
export function FieldFrame({
  label,
  optional,
  hint,
  error,
  children,
}: FieldFrameProps & { readonly error: string | undefined; readonly children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and inline error, wired to {@link useForm}. */
export function TextField<F extends string>({
  label,
  optional,
  hint,
  binding,
  ...input
}: FieldFrameProps & { readonly binding: FieldBinding<F> } & InputProps) {
  const { error, ...bound } = binding;
  return (
    <FieldFrame label={label} optional={optional} hint={hint} error={error}>
      {(control) => <input {...input} {...bound} {...control} />}
    </FieldFrame>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'id'>;

/** A labelled select with its inline error, wired to {@link useForm}. */
export function SelectField<F extends string>({
  label,
  optional,
  hint,
  binding,
  options,
  placeholder,
  ...select
}: FieldFrameProps & {
  readonly binding: FieldBinding<F>;
  readonly options: readonly string[];
  /** The empty choice's text (value ''). */
  readonly placeholder: string;
} & SelectProps) {
  const { error, ...bound } = binding;
  return (
    <FieldFrame label={label} optional={optional} hint={hint} error={error}>
      {(control) => (
        <select {...select} {...bound} {...control}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/**
 * The form's submit button. It keeps focus in the field when pressed: the field's blur would show
 * an error above the button and move it away between mousedown and mouseup, losing the click.
 */
export function SubmitButton({
  busy,
  children,
  busyLabel,
}: {
  readonly busy: boolean;
  readonly children: ReactNode;
  readonly busyLabel: string;
}) {
  return (
    <button type="submit" className="button button--primary" disabled={busy} onMouseDown={(event) => event.preventDefault()}>
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * The new-password pair used wherever a password is chosen (first sign-in, reset, change): the
 * new password with the policy hint, and its confirmation.
 */
export function NewPasswordFields<F extends string>({
  newPassword,
  confirmPassword,
  minLength,
}: {
  readonly newPassword: FieldBinding<F>;
  readonly confirmPassword: FieldBinding<F>;
  readonly minLength: number;
}) {
  return (
    <>
      <TextField
        label="New password"
        binding={newPassword}
        type="password"
        autoComplete="new-password"
        hint={`At least ${minLength} characters.`}
      />
      <TextField label="Confirm new password" binding={confirmPassword} type="password" autoComplete="new-password" />
    </>
  );
}
