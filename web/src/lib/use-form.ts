import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { notifyError } from './notify';
import { useFocusReturn } from './use-focus-return';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface UseFormOptions<F extends string> {
  /** Every field with its starting value, in form order (the order errors are focused in). */
  readonly initialValues: Readonly<Record<F, string>>;
  /** The client-side rules: one message per invalid field. */
  readonly validate: (values: Readonly<Record<F, string>>) => FieldErrors<F>;
}

/** What a field component needs: wire with `<TextField binding={form.field('email')} />`. */
export interface FieldBinding<F extends string> {
  readonly name: F;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  readonly onBlur: () => void;
}

/** Given to a submit handler: shows the server's per-field errors and focuses the first. */
export interface SubmitHelpers<F extends string> {
  readonly showServerErrors: (fieldErrors: FieldErrors<F>) => void;
}

function focusFirstError<F extends string>(form: HTMLFormElement | null, order: readonly F[], errors: FieldErrors<F>): void {
  const first = order.find((field) => errors[field]);
  const element = first ? form?.elements.namedItem(first) : null;
  if (element instanceof HTMLElement) element.focus();
}

/**
 * Form state with the app's validation behaviour (as in the contact form): a field's error shows
 * once it was left or a submit was tried; errors the server returned show on their fields until
 * the field changes; a submit with errors focuses the first invalid field; one submission runs at
 * a time (a double click sends once) and `busy` tells the button.
 */
export function useForm<F extends string>({ initialValues, validate }: UseFormOptions<F>) {
  const [values, setValues] = useState<Readonly<Record<F, string>>>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [order] = useState(() => Object.keys(initialValues) as F[]);
  const rememberFocus = useFocusReturn(busy);

  const errors = validate(values);
  const errorOf = (field: F): string | undefined => (attempted || touched[field] ? errors[field] : undefined) ?? serverErrors[field];

  const setValue = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const field = (name: F): FieldBinding<F> => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event) => setValue(name, event.target.value),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

  /** The form's `onSubmit`: checks the rules, then runs `submit` (once at a time) with valid values. */
  const handleSubmit =
    (submit: (values: Readonly<Record<F, string>>, helpers: SubmitHelpers<F>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      setAttempted(true);
      if (Object.values(errors).some(Boolean)) {
        focusFirstError(form, order, errors);
        return;
      }
      if (inFlight.current) return;
      inFlight.current = true;
      rememberFocus();
      setBusy(true);
      const showServerErrors = (fieldErrors: FieldErrors<F>) => {
        setServerErrors(fieldErrors);
        focusFirstError(form, order, fieldErrors);
      };
      // Submit handlers report their own failures; anything they let through still gets a message.
      void submit(values, { showServerErrors })
        .catch((error: unknown) => notifyError(error))
        .finally(() => {
          inFlight.current = false;
          setBusy(false);
        });
    };

  return { values, errors, busy, field, setValue, handleSubmit };
}

/**
 * Runs one task at a time (a secondary action such as "Resend code"): `run` ignores calls while
 * the previous one is in flight and `busy` drives the button's label.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
