/** @jest-environment ./test/support/backend-environment.js */
import { returnPathFrom } from '../../../../web/src/lib/auth/return-path';

describe('the page to return to after signing in', () => {
  it('is the guarded page the visitor wanted, with its query and hash', () => {
    expect(returnPathFrom({ from: '/profile' })).toBe('/profile');
    expect(returnPathFrom({ from: '/services?tab=ats#setup' })).toBe('/services?tab=ats#setup');
  });

  it.each([
    ['no state', null],
    ['a state without from', { other: 1 }],
    ['another site', { from: 'https://evil.example/' }],
    ['a protocol-relative URL', { from: '//evil.example/path' }],
    ['a backslash trick', { from: '/\\evil.example' }],
    ['the sign-in page itself', { from: '/sign-in' }],
    ['a non-string', { from: 42 }],
  ])('is none for %s', (_, state) => {
    expect(returnPathFrom(state)).toBeUndefined();
  });
});
