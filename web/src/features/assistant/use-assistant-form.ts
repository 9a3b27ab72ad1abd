import { useCallback, useRef, useState, type FormEvent } from 'react';
import { readableMessage } from '../../lib/notify';
import { RestApiError } from '../../lib/rest-client';
import { useFocusReturn } from '../../lib/use-focus-return';

/** Problems by field path, as the server names them (`description`, `candidates.1.profile`). */
export type FieldProblems = Readonly<Record<string, string>>;

/** Why a submission failed: the server's message and its per-field problems. */
export interface FormProblem {
  readonly message: string;
  readonly fields: FieldProblems;
}

export const FIX_FIELDS_MESSAGE = 'Please correct the highlighted fields.';

/** What a failed call means for the form: a {@link RestApiError} keeps the server's words. */
export function toFormProblem(thrown: unknown): FormProblem {
  if (thrown instanceof RestApiError) return { message: thrown.message, fields: thrown.fields };
  return { message: readableMessage(thrown), fields: {} };
}

/**
 * The first control in `scope`, in page order, named by one of `names` (or by the list a name's
 * item belongs to: `exclusions` for `exclusions.3`).
 */
function firstNamed(scope: HTMLElement | null, names: readonly string[]): HTMLElement | null {
  if (!scope) return null;
  const wanted = new Set(names.flatMap((name) => [name, name.replace(/\.\d+$/, '')]));
  for (const element of Array.from(scope.querySelectorAll<HTMLElement>('input, select, textarea'))) {
    if (wanted.has(element.getAttribute('name') ?? '')) return element;
  }
  return null;
}

/**
 * The state of an assistant form, with the app's validation behaviour: client errors show once a
 * submit was tried; the server's field errors show on the fields they name (controls are named by
 * the request's field paths) until the field changes; a failed submit focuses the first invalid
 * field, or the form's error message when no field is to blame; one submission at a time, `busy`
 * tells the buttons.
 */
export function useAssistantForm() {
  // Elements held as state through callback refs: the form's state carries no ref objects, so
  // the screens read it freely while rendering.
  /** Around every control of the screen (a screen may have more than one form). */
  const [scope, attachScope] = useState<HTMLDivElement | null>(null);
  const [alert, attachAlert] = useState<HTMLDivElement | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [serverFields, setServerFields] = useState<FieldProblems>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const rememberFocus = useFocusReturn(busy);

  /** The error to show on `name`, given the client rules' `errors`. */
  const errorOf = (errors: FieldProblems, name: string): string | undefined => (attempted ? errors[name] : undefined) ?? serverFields[name];

  /**
   * The error of a list entered in one field (one item per line): the field's own, else the
   * server's complaint about one of its items (`exclusions.3`).
   */
  const listErrorOf = (errors: FieldProblems, name: string): string | undefined => {
    const own = errorOf(errors, name);
    if (own) return own;
    const item = Object.keys(serverFields).find((key) => key.startsWith(`${name}.`) && /^\d+$/.test(key.slice(name.length + 1)));
    return item ? serverFields[item] : undefined;
  };

  /** Call when a field changes: the server's complaint about it no longer applies. */
  const changed = useCallback((name: string) => {
    setServerFields((current) => {
      if (!Object.keys(current).some((key) => key === name || key.startsWith(`${name}.`))) return current;
      const rest = { ...current };
      for (const key of Object.keys(rest)) if (key === name || key.startsWith(`${name}.`)) delete rest[key];
      return rest;
    });
  }, []);

  /** Forgets every error (a new job was picked, a sample was loaded). */
  const reset = useCallback(() => {
    setAttempted(false);
    setServerFields({});
    setProblem(null);
  }, []);

  const focusProblem = (fields: FieldProblems) => {
    const field = firstNamed(scope, Object.keys(fields));
    if (field) field.focus();
    else alert?.focus();
  };

  /**
   * With client `errors`, shows them and focuses the first; else runs `task`, showing what the
   * server refused.
   */
  const run = (errors: FieldProblems, task: () => Promise<void>) => {
    setAttempted(true);
    const invalid = Object.keys(errors).filter((name) => errors[name]);
    if (invalid.length > 0) {
      setProblem({ message: FIX_FIELDS_MESSAGE, fields: {} });
      const field = firstNamed(scope, invalid);
      if (field) field.focus();
      else requestAnimationFrame(() => alert?.focus());
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    rememberFocus();
    setBusy(true);
    setProblem(null);
    setServerFields({});
    task()
      .then(() => setAttempted(false))
      .catch((thrown: unknown) => {
        console.error(thrown);
        const found = toFormProblem(thrown);
        setServerFields(found.fields);
        setProblem(found);
        // The alert renders with the problem; focus it once it is on the page.
        requestAnimationFrame(() => focusProblem(found.fields));
      })
      .finally(() => {
        inFlight.current = false;
        setBusy(false);
      });
  };

  /** A form's `onSubmit` that {@link run}s `task`. */
  const handleSubmit = (errors: FieldProblems, task: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(errors, task);
  };

  return { attachScope, attachAlert, attempted, busy, problem, serverFields, errorOf, listErrorOf, changed, reset, run, handleSubmit };
}

export type AssistantForm = ReturnType<typeof useAssistantForm>;
