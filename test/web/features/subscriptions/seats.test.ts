/** @jest-environment ./test/support/backend-environment.js */
import { MAX_SEATS, recurringTotal, SEATS_TEXT, seatsFromText } from '../../../../web/src/features/subscriptions/seats';

describe('seats typed in a field', () => {
  it.each([
    ['1', 1],
    [' 3 ', 3],
    [String(MAX_SEATS), MAX_SEATS],
  ])('reads %p as %p seats', (text, seats) => {
    expect(seatsFromText(text)).toEqual({ seats });
  });

  it.each([
    ['', SEATS_TEXT.wholeNumber],
    ['2.5', SEATS_TEXT.wholeNumber],
    ['-1', SEATS_TEXT.wholeNumber],
    ['1e2', SEATS_TEXT.wholeNumber],
    ['0', SEATS_TEXT.range],
    [String(MAX_SEATS + 1), SEATS_TEXT.range],
  ])('refuses %p: %s', (text, problem) => {
    expect(seatsFromText(text)).toEqual({ problem });
  });

  it('costs the price per seat times the seats, to the cent', () => {
    expect(recurringTotal({ unitAmount: 149 }, 3)).toBe(447);
    expect(recurringTotal({ unitAmount: 0.1 }, 3)).toBe(0.3);
  });
});
