import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { TextField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { UserFacingError } from '../../../lib/errors';
import type { FieldBinding } from '../../../lib/use-form';
import { loadRecurlyJs, tokenizeWithRecurly, type RecurlyElements, type RecurlyJs } from '../api/recurly-js';
import { nameError, splitCardholderName } from '../card-rules';
import { CARD_FORM_LOADING_MESSAGE, CardEntryError, type CardFormProps } from './card-form';

export const CARD_ENTRY_LOAD_FAILED_MESSAGE = 'The card form could not be loaded. Check your connection and reload the page.';
export const CARD_NOT_ACCEPTED_MESSAGE = 'Your card details could not be verified. Check them and try again.';

/** The Element's look, close to the app's inputs (Recurly styles the inside of its iframe). */
const CARD_ELEMENT_STYLE = {
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontSize: '16px',
  fontColor: '#14213d',
  placeholder: { color: '#64708a' },
  invalid: { fontColor: '#b42318' },
};

/**
 * Card entry in AWS: Recurly.js Elements. The card number, expiry and CVC are typed into
 * Recurly's iframe (PCI SAQ A: the card never touches our page's code or our API); the name
 * goes to Recurly through the `data-recurly` fields. `tokenize` returns Recurly's token id.
 */
export default function RecurlyCardForm({
  ref,
  disabled,
  defaultName = '',
  describedBy,
  publicKey,
}: CardFormProps & { readonly publicKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  const recurly = useRef<{ js: RecurlyJs; elements: RecurlyElements } | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [name, setName] = useState(defaultName);
  const [nameTouched, setNameTouched] = useState(false);
  const labelId = useId();
  const { firstName, lastName } = splitCardholderName(name);

  useEffect(() => {
    let active = true;
    let element: ReturnType<RecurlyElements['CardElement']> | undefined;
    loadRecurlyJs(publicKey)
      .then((js) => {
        if (!active || !container.current) return;
        const elements = js.Elements();
        element = elements.CardElement({ style: CARD_ELEMENT_STYLE });
        element.attach(container.current);
        recurly.current = { js, elements };
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error(error);
        if (active) setStatus('failed');
      });
    return () => {
      active = false;
      recurly.current = null;
      element?.remove?.();
    };
  }, [publicKey]);

  useImperativeHandle(
    ref,
    () => ({
      async tokenize() {
        setNameTouched(true);
        if (nameError(name)) throw new CardEntryError();
        const form = container.current?.closest('form');
        if (!recurly.current || !form)
          throw new UserFacingError(status === 'failed' ? CARD_ENTRY_LOAD_FAILED_MESSAGE : CARD_FORM_LOADING_MESSAGE);
        try {
          return await tokenizeWithRecurly(recurly.current.js, recurly.current.elements, form);
        } catch (error) {
          console.error(error);
          throw new UserFacingError(CARD_NOT_ACCEPTED_MESSAGE, { cause: error });
        }
      },
    }),
    [name, status],
  );

  const nameBinding: FieldBinding<'cardholder'> = {
    name: 'cardholder',
    value: name,
    error: nameTouched ? nameError(name) : undefined,
    onChange: (event) => setName(event.target.value),
    onBlur: () => setNameTouched(true),
  };

  return (
    <fieldset className="card-entry" disabled={disabled} aria-describedby={describedBy}>
      <legend className="card-entry__legend">Card details</legend>
      <div className="field">
        <span className="field__label" id={labelId}>
          Card
        </span>
        <div ref={container} className="card-entry__recurly" role="group" aria-labelledby={labelId} aria-busy={status === 'loading'} />
        {status === 'loading' ? <Spinner label="Loading the secure card form…" /> : null}
        {status === 'failed' ? (
          <p className="field__error" role="alert">
            {CARD_ENTRY_LOAD_FAILED_MESSAGE}
          </p>
        ) : null}
        <p className="field__hint">Card number, expiry and CVC go straight to our payment provider, Recurly.</p>
      </div>
      <TextField label="Name on card" binding={nameBinding} type="text" autoComplete="cc-name" />
      <input type="hidden" data-recurly="first_name" value={firstName} readOnly />
      <input type="hidden" data-recurly="last_name" value={lastName} readOnly />
    </fieldset>
  );
}
