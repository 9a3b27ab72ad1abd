import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { TextField } from '../../../components/ui/form-field';
import type { FieldBinding } from '../../../lib/use-form';
import { CardTokenError, type TestCardField, type TestCardTokenizer } from '../api/test-card-tokenizer';
import { cardDigits, parseExpiry, splitCardholderName, validateCard, type CardField, type CardValues } from '../card-rules';
import { CardEntryError, type CardFormProps } from './card-form';

/** The local billing adapter's test numbers (shown on the form). */
export const TEST_CARD_SUCCEEDS = '4111 1111 1111 1111';
export const TEST_CARD_DECLINED = '4000 0000 0000 0002';
export const TEST_CARD_THREE_D_SECURE = '4000 0000 0000 3220';

const FIELD_ORDER: readonly CardField[] = ['number', 'expiry', 'cvc', 'name'];

/** Where the token endpoint's field names show on this form. */
const FORM_FIELD: Readonly<Record<TestCardField, CardField>> = {
  number: 'number',
  month: 'expiry',
  year: 'expiry',
  cvv: 'cvc',
  firstName: 'name',
  lastName: 'name',
};

/** The token endpoint's field errors on this form's fields (the first message per field). */
export function formFieldErrors(fields: Readonly<Partial<Record<TestCardField, string>>>): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  for (const [field, message] of Object.entries(fields) as [TestCardField, string][]) errors[FORM_FIELD[field]] ??= message;
  return errors;
}

/**
 * The local runtime's card form, clearly labelled as a test form: card number, expiry, CVC and
 * name, checked here, then exchanged for a token at the local billing adapter (the stand-in for
 * Recurly.js). Nothing typed here is sent to our API.
 */
export function TestCardForm({
  ref,
  disabled,
  defaultName = '',
  describedBy,
  tokens,
}: CardFormProps & { readonly tokens: TestCardTokenizer }) {
  const [values, setValues] = useState<CardValues>({ number: '', expiry: '', cvc: '', name: defaultName });
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  // What the token endpoint said about a field, shown until the field changes.
  const [serverErrors, setServerErrors] = useState<Partial<Record<CardField, string>>>({});
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const errors = validateCard(values);
  // The field to focus once the fieldset is enabled again: the checkout disables it while it
  // submits, and a disabled field drops focus, which would leave keyboard users on the page body.
  const pendingFocus = useRef<CardField | null>(null);
  const focusField = (field: CardField) => {
    pendingFocus.current = field;
    fieldset.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
  };
  useEffect(() => {
    if (disabled || !pendingFocus.current) return;
    fieldset.current?.querySelector<HTMLInputElement>(`[name="${pendingFocus.current}"]`)?.focus();
    pendingFocus.current = null;
  }, [disabled]);

  useImperativeHandle(
    ref,
    () => ({
      async tokenize() {
        setAttempted(true);
        const first = FIELD_ORDER.find((field) => errors[field]);
        if (first) {
          focusField(first);
          throw new CardEntryError();
        }
        const expiry = parseExpiry(values.expiry);
        if (!expiry) throw new CardEntryError();
        try {
          return await tokens.tokenize({
            number: cardDigits(values.number),
            month: expiry.month,
            year: expiry.year,
            cvv: values.cvc.trim(),
            ...splitCardholderName(values.name),
          });
        } catch (error) {
          if (error instanceof CardTokenError) {
            const fieldErrors = formFieldErrors(error.fields);
            setServerErrors(fieldErrors);
            const field = FIELD_ORDER.find((name) => fieldErrors[name]);
            if (field) focusField(field);
          }
          throw error;
        }
      },
    }),
    [errors, values, tokens],
  );

  const binding = (name: CardField): FieldBinding<CardField> => ({
    name,
    value: values[name],
    error: (attempted || touched[name] ? errors[name] : undefined) ?? serverErrors[name],
    onChange: (event) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setServerErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    },
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

  return (
    <fieldset className="card-entry card-entry--test" ref={fieldset} disabled={disabled} aria-describedby={describedBy}>
      <legend className="card-entry__legend">Test card — local billing, no real charge</legend>
      <p className="card-entry__note">
        This is the local runtime: the card goes to the local billing adapter and nothing is charged. Use{' '}
        <strong>{TEST_CARD_SUCCEEDS}</strong> (succeeds), <strong>{TEST_CARD_DECLINED}</strong> (declined) or{' '}
        <strong>{TEST_CARD_THREE_D_SECURE}</strong> (asks for a 3-D Secure check), any future expiry date and any 3-digit CVC.
      </p>
      <TextField label="Card number" binding={binding('number')} type="text" inputMode="numeric" autoComplete="cc-number" />
      <div className="form__row">
        <TextField
          label="Expiry (MM/YY)"
          binding={binding('expiry')}
          type="text"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
        />
        <TextField label="CVC" binding={binding('cvc')} type="text" inputMode="numeric" autoComplete="cc-csc" />
      </div>
      <TextField label="Name on card" binding={binding('name')} type="text" autoComplete="cc-name" />
    </fieldset>
  );
}
