/**
 * Checks on what a person types into a card form, before anything is sent. Used by the local
 * test card form (all fields) and the Recurly form (the name; Recurly's own iframe checks the
 * card). Messages say what to do.
 */

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';
export type CardValues = Readonly<Record<CardField, string>>;

/** The digits of a card number as typed with spaces or dashes. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM/YY" (also "MM / YY", "MMYY", "MM/YYYY") as month and four-digit year. */
export function parseExpiry(expiry: string): { month: string; year: string } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  const year = match[2].length === 2 ? `20${match[2]}` : match[2];
  return { month: String(month).padStart(2, '0'), year };
}

/** First and last name from the name on the card ("Ada Okafor" → Ada / Okafor; one word fills both). */
export function splitCardholderName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  if (words.length === 1) return { firstName: words[0], lastName: words[0] };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

export function nameError(name: string): string | undefined {
  return name.trim() ? undefined : 'Enter the name as it appears on the card.';
}

/** One message per invalid field of the test card form; `now` decides whether a card has expired. */
export function validateCard(values: CardValues, now: Date = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(values.number);
  if (!digits) errors.number = 'Enter the card number.';
  else if (!/^\d{12,19}$/.test(digits)) errors.number = 'A card number has 12 to 19 digits.';
  else if (!passesLuhn(digits)) errors.number = 'This card number is not valid. Check it and try again.';

  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = 'Enter the expiry date as MM/YY.';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY, for example 04/29.';
  else {
    const endOfMonth = new Date(Number(expiry.year), Number(expiry.month), 1);
    if (endOfMonth.getTime() <= now.getTime()) errors.expiry = 'This card has expired.';
  }

  if (!values.cvc.trim()) errors.cvc = 'Enter the security code (CVC).';
  else if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'The security code has 3 or 4 digits.';

  const name = nameError(values.name);
  if (name) errors.name = name;
  return errors;
}
