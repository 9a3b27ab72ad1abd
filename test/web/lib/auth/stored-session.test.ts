import { hasUserPool, mayHaveStoredSession } from '../../../../web/src/lib/auth/stored-session';
import { testConfig } from '../../support/render';

const withPool = testConfig({ userPoolId: 'us-east-2_LocalPool1', userPoolClientId: 'client123' });

describe('the stored-session check that spares signed-out visitors from loading Amplify', () => {
  afterEach(() => localStorage.clear());

  it('knows nobody can be signed in without a user pool', () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client123.LastAuthUser', 'sub-1');
    expect(hasUserPool(testConfig())).toBe(false);
    expect(mayHaveStoredSession(testConfig())).toBe(false);
  });

  it('reads Amplify’s last-user key for the app client', () => {
    expect(mayHaveStoredSession(withPool)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.other-client.LastAuthUser', 'sub-1');
    expect(mayHaveStoredSession(withPool)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.client123.LastAuthUser', 'sub-1');
    expect(mayHaveStoredSession(withPool)).toBe(true);
  });

  it('lets Amplify decide when storage cannot be read', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(mayHaveStoredSession(withPool, broken)).toBe(true);
  });
});
