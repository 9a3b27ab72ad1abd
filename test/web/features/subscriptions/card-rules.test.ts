/** @jest-environment ./test/support/backend-environment.js */
import {
  cardDigits,
  parseExpiry,
  passesLuhn,
  splitCardholderName,
  validateCard,
} from '../../../../web/src/features/subscriptions/card-rules';
import { mayRetrySameAttempt, newIdempotencyKey } from '../../../../web/src/features/subscriptions/idempotency';
import { RestApiError } from '../../../../web/src/lib/rest-client';

const NOW = new Date('2024-05-10T12:00:00.000Z');
const VALID = { number: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', name: 'Ada Okafor' };

describe('the card form’s checks', () => {
  it('accept both local test cards', () => {
    expect(validateCard(VALID, NOW)).toEqual({});
    expect(validateCard({ ...VALID, number: '4000-0000-0000-0002' }, NOW)).toEqual({});
    expect(passesLuhn(cardDigits('4000 0000 0000 0002'))).toBe(true);
  });

  it('explain what is wrong with each field', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '', name: ' ' }, NOW)).toEqual({
      number: 'Enter the card number.',
      expiry: 'Enter the expiry date as MM/YY.',
      cvc: 'Enter the security code (CVC).',
      name: 'Enter the name as it appears on the card.',
    });
    expect(validateCard({ ...VALID, number: '4111 1111 1111 1112' }, NOW).number).toBe(
      'This card number is not valid. Check it and try again.',
    );
    expect(validateCard({ ...VALID, number: '4111' }, NOW).number).toBe('A card number has 12 to 19 digits.');
    expect(validateCard({ ...VALID, expiry: '13/30' }, NOW).expiry).toBe('Enter the expiry date as MM/YY, for example 04/29.');
    expect(validateCard({ ...VALID, cvc: '12' }, NOW).cvc).toBe('The security code has 3 or 4 digits.');
  });

  it('treat a card as valid through the end of its expiry month', () => {
    expect(validateCard({ ...VALID, expiry: '05/24' }, NOW).expiry).toBeUndefined();
    expect(validateCard({ ...VALID, expiry: '04/24' }, NOW).expiry).toBe('This card has expired.');
  });

  it('read the expiry as month and four-digit year', () => {
    expect(parseExpiry('4/29')).toEqual({ month: '04', year: '2029' });
    expect(parseExpiry('12 / 2031')).toEqual({ month: '12', year: '2031' });
    expect(parseExpiry('0429')).toEqual({ month: '04', year: '2029' });
    expect(parseExpiry('00/29')).toBeUndefined();
  });

  it('split the name on the card into first and last name', () => {
    expect(splitCardholderName('  Ada  Chioma Okafor ')).toEqual({ firstName: 'Ada Chioma', lastName: 'Okafor' });
    expect(splitCardholderName('Cher')).toEqual({ firstName: 'Cher', lastName: 'Cher' });
  });
});

describe('a checkout attempt', () => {
  it('gets a new UUID as its Idempotency-Key', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('is retried as is after an unsettled failure, and ends with a definitive refusal', () => {
    expect(mayRetrySameAttempt(new RestApiError(0, 'NETWORK', 'offline'))).toBe(true);
    expect(mayRetrySameAttempt(new RestApiError(502, 'HTTP_502', 'bad gateway'))).toBe(true);
    expect(mayRetrySameAttempt(new RestApiError(409, 'CONFLICT', 'in progress'))).toBe(true);
    expect(mayRetrySameAttempt(new RestApiError(429, 'RATE_LIMITED', 'slow down'))).toBe(true);
    expect(mayRetrySameAttempt(new RestApiError(402, 'CARD_DECLINED', 'Your card was declined.'))).toBe(false);
    expect(mayRetrySameAttempt(new RestApiError(400, 'VALIDATION', 'bad plan'))).toBe(false);
  });
});
