import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CONTACT_LIMITS, regExpFullMatch, validateContactInput, type ContactField } from '@shared-domain/contact-rules';
import '../../../components/ui/form.css';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { toContactSubmitError, type ContactFieldErrors, type ContactInput, type SubmitContact } from '../api/create-contact';
import './contact-form.css';

export const CONTACT_SUCCESS_MESSAGE = 'Thanks — your message is on its way. We reply within one business day.';

type Values = Record<ContactField, string>;

const EMPTY: Values = { name: '', email: '', phoneNumber: '', message: '' };
const FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'phoneNumber', 'message'];

export interface ContactFormProps {
  /** Stores the message; the contact page passes the AppSync submitter, tests a fake. */
  readonly submit: SubmitContact;
  /** Called once, on the first focus inside the form (the page uses it to preload the API). */
  readonly onFirstInteraction?: () => void;
}

/** The same rules the `createContact` resolver enforces, as one message per invalid field. */
function clientErrors(values: Values): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const { field, message } of validateContactInput(values, regExpFullMatch)) errors[field] ??= message;
  return errors;
}

function toInput(values: Values): ContactInput {
  const phoneNumber = values.phoneNumber.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(phoneNumber ? { phoneNumber } : {}),
    message: values.message.trim(),
  };
}

/**
 * The contact form: inline validation with the shared contact rules (shown once a field was left
 * or a submit was tried), server-side rejections shown on the fields they concern, one submission
 * at a time, a success toast and a cleared form when the message is stored.
 */
export function ContactForm({ submit, onFirstInteraction }: ContactFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ContactFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const interacted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const rememberFocus = useFocusReturn(busy);

  const errors = clientErrors(values);
  const visibleError = (field: ContactField): string | undefined =>
    (attempted || touched[field] ? errors[field] : undefined) ?? serverErrors[field];

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as ContactField;
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const onBlur = (field: ContactField) => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));

  const onFocus = () => {
    if (interacted.current) return;
    interacted.current = true;
    onFirstInteraction?.();
  };

  const focusFirst = (fieldErrors: ContactFieldErrors) => {
    const first = FIELD_ORDER.find((field) => fieldErrors[field]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    setAttempted(true);
    if (Object.keys(errors).length > 0) {
      focusFirst(errors);
      return;
    }
    inFlight.current = true;
    rememberFocus();
    setBusy(true);
    try {
      await submit(toInput(values));
      setValues(EMPTY);
      setTouched({});
      setAttempted(false);
      setServerErrors({});
      notifySuccess(CONTACT_SUCCESS_MESSAGE);
    } catch (thrown) {
      const error = toContactSubmitError(thrown);
      setServerErrors(error.fieldErrors);
      focusFirst(error.fieldErrors);
      notifyError(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const describedBy = (field: ContactField, hint?: boolean) =>
    [hint ? `${id}-${field}-hint` : '', visibleError(field) ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;

  const fieldProps = (field: ContactField, hint?: boolean) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange,
    onBlur: () => onBlur(field),
    'aria-invalid': visibleError(field) ? true : undefined,
    'aria-describedby': describedBy(field, hint),
  });

  const errorText = (field: ContactField) => {
    const message = visibleError(field);
    return message ? (
      <p className="field__error" id={`${id}-${field}-error`}>
        {message}
      </p>
    ) : null;
  };

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={onSubmit} onFocus={onFocus} aria-busy={busy || undefined}>
      <p className="contact-form__required-note">All fields are required unless marked optional.</p>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input {...fieldProps('name')} type="text" autoComplete="name" />
        {errorText('name')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          Work email
        </label>
        <input {...fieldProps('email')} type="email" autoComplete="email" inputMode="email" />
        {errorText('email')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-phoneNumber`}>
          Phone number <span className="field__optional">(optional)</span>
        </label>
        <input {...fieldProps('phoneNumber', true)} type="tel" autoComplete="tel" />
        <p className="field__hint" id={`${id}-phoneNumber-hint`}>
          Include the country code if you are outside the US, e.g. +44 20 7946 0958.
        </p>
        {errorText('phoneNumber')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          How can we help?
        </label>
        <textarea {...fieldProps('message', true)} rows={6} />
        <p className="field__hint" id={`${id}-message-hint`}>
          Tell us about your desk: the roles you hire for, your ATS, and what you would like to try.{' '}
          <span className="field__count">
            {values.message.trim().length} / {CONTACT_LIMITS.message}
          </span>
        </p>
        {errorText('message')}
      </div>

      <button
        type="submit"
        className="button button--primary contact-form__submit"
        disabled={busy}
        // Keep focus in the field on press: its blur would show an error above the button and move
        // the button away between mousedown and mouseup, losing the click. Submit shows all errors.
        onMouseDown={(event) => event.preventDefault()}
      >
        {busy ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
