/** @jest-environment ./test/support/backend-environment.js */
import { authReducer, initialAuthState, type AuthState } from '../../../../web/src/lib/auth/auth-state';
import { authUser, dbUser } from '../../support/auth';

const signedIn: AuthState = { status: 'authenticated', authUser: authUser(), dbUser: dbUser(), error: null, errorSeq: 0 };

describe('the auth state', () => {
  it('starts loading when a session may be stored, and signed out at once when none can be', () => {
    expect(initialAuthState(true).status).toBe('loading');
    expect(initialAuthState(false)).toEqual({ status: 'signedOut', authUser: null, dbUser: null, error: null, errorSeq: 0 });
  });

  it('holds both the auth user and the database user once authenticated', () => {
    const state = authReducer(initialAuthState(true), { type: 'authenticated', authUser: authUser(), dbUser: dbUser() });
    expect(state).toMatchObject({ status: 'authenticated', authUser: authUser(), dbUser: dbUser() });
  });

  it('clears the user on sign-out', () => {
    expect(authReducer(signedIn, { type: 'signedOut' })).toMatchObject({ status: 'signedOut', authUser: null, dbUser: null });
  });

  it('stores an error with the sign-out, and counts stored errors', () => {
    const first = authReducer(signedIn, { type: 'failed', message: 'You are not logged in' });
    expect(first).toMatchObject({ status: 'signedOut', dbUser: null, error: 'You are not logged in', errorSeq: 1 });
    expect(authReducer(first, { type: 'failed', message: 'You are not logged in' }).errorSeq).toBe(2);
  });

  it('clears the error only if it is still the one the timer was set for', () => {
    const failed = authReducer(signedIn, { type: 'failed', message: 'Something went wrong' });
    expect(authReducer(failed, { type: 'errorExpired', errorSeq: failed.errorSeq }).error).toBeNull();
    const again = authReducer(failed, { type: 'failed', message: 'You are not logged in' });
    expect(authReducer(again, { type: 'errorExpired', errorSeq: failed.errorSeq }).error).toBe('You are not logged in');
  });

  it('replaces the database user after a profile change, only while authenticated', () => {
    const changed = dbUser({ firstName: 'Adaeze' });
    expect(authReducer(signedIn, { type: 'dbUserUpdated', dbUser: changed }).dbUser).toEqual(changed);
    const signedOut = initialAuthState(false);
    expect(authReducer(signedOut, { type: 'dbUserUpdated', dbUser: changed })).toBe(signedOut);
  });
});
