import { parseBullhornOrigins } from '../../../../lambdas/ats/routes/ats-base-urls';
import { checkedRedirectUri, checkedUsername, newBullhornState } from '../../../../lambdas/ats/routes/bullhorn-authorization';
import { BULLHORN_STATE_PATTERN } from '../../../../lambdas/shared/contracts/ats-bullhorn';
import { ValidationError } from '../../../../lambdas/shared/errors';
import { EnvironmentError } from '../../../../lambdas/shared/read-environment';

/**
 * Where Bullhorn may send the browser back, which user names are asked of Bullhorn, what a state
 * looks like, and which origins the fake Bullhorn may point to offline.
 */

const SITE = 'https://app.talentpilot.example';

describe('the return address Bullhorn is given', () => {
  it('is the account page on one of the web app’s origins, and nothing else', () => {
    expect(checkedRedirectUri(`${SITE}/account`, [SITE])).toBe(`${SITE}/account`);
    for (const address of [
      'https://evil.example/account',
      `${SITE}/account?next=https://evil.example`,
      `${SITE}/account#x`,
      `${SITE}/admin`,
      `https://user:pass@app.talentpilot.example/account`,
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(() => checkedRedirectUri(address, [SITE])).toThrow(ValidationError);
    }
  });

  it('with ALLOWED_ORIGINS "*" accepts https origins and plain http on loopback only', () => {
    expect(checkedRedirectUri('https://any.example/account', ['*'])).toBe('https://any.example/account');
    expect(checkedRedirectUri('http://127.0.0.1:5180/account', ['*'])).toBe('http://127.0.0.1:5180/account');
    expect(() => checkedRedirectUri('http://any.example/account', ['*'])).toThrow(ValidationError);
  });
});

describe('the Bullhorn API user name', () => {
  it('is trimmed, and refused with spaces inside or when empty, naming the field', () => {
    expect(checkedUsername('  demo.api ')).toBe('demo.api');
    for (const name of ['', 'two words', 'x'.repeat(101)]) {
      expect(() => checkedUsername(name)).toThrow(expect.objectContaining({ fields: { username: expect.any(String) as string } }) as Error);
    }
  });
});

describe('the state', () => {
  it('is 32 random bytes in base64url, new each time', () => {
    const states = new Set(Array.from({ length: 50 }, newBullhornState));
    expect(states.size).toBe(50);
    for (const state of states) expect(state).toMatch(BULLHORN_STATE_PATTERN);
  });
});

describe('ATS_BULLHORN_ORIGINS (offline only)', () => {
  it('lists http(s) origins; unset means Bullhorn’s own hosts only', () => {
    expect(parseBullhornOrigins(undefined)).toBeUndefined();
    expect(parseBullhornOrigins(' ')).toBeUndefined();
    expect(parseBullhornOrigins('http://127.0.0.1:5190, http://127.0.0.1:5191')).toEqual([
      'http://127.0.0.1:5190',
      'http://127.0.0.1:5191',
    ]);
    for (const value of ['http://127.0.0.1:5190/rest', 'ftp://127.0.0.1', 'nope']) {
      expect(() => parseBullhornOrigins(value)).toThrow(EnvironmentError);
    }
  });
});
