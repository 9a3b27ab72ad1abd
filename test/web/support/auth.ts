import type { User } from '@contracts/user';
import { SUBSCRIPTION_TBD } from '@contracts/user';
import type { AuthApi } from '../../../web/src/features/auth/api/auth-api';
import type { InviteSignupApi } from '../../../web/src/features/auth/api/invite-signup-api';
import type { ProfileApi } from '../../../web/src/features/profile/api/profile-api';
import type { AuthUser } from '../../../web/src/lib/auth/auth-state';
import type { SessionPort } from '../../../web/src/lib/auth/session';

/** A user record as the post-confirmation trigger creates it. */
export function dbUser(overrides: Partial<User> = {}): User {
  return {
    id: 'sub-ada',
    firstName: 'Ada',
    lastName: 'Okafor',
    phoneNumber: '+1 555 010 0142',
    email: 'ada@northbridge.example',
    companyName: 'Northbridge Staffing',
    profileRole: 'Recruiter',
    status: 'ACTIVE',
    subscriptionId: SUBSCRIPTION_TBD,
    createdAt: '2024-03-04T10:00:00.000Z',
    updatedAt: '2024-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return { userId: 'sub-ada', username: 'sub-ada', email: 'ada@northbridge.example', ...overrides };
}

/**
 * A fake identity service and user table behind the session port. `signedIn` is who the
 * identity service says is signed in; `users` is the database; the auth/API fakes below sign in
 * by setting `signedIn`.
 */
export class FakeIdentity {
  signedIn: AuthUser | null;
  users: User[];
  /** When set, the user lookup fails with it. */
  lookupError: unknown = undefined;

  constructor({ signedIn = null, users = [dbUser()] }: { signedIn?: AuthUser | null; users?: User[] } = {}) {
    this.signedIn = signedIn;
    this.users = users;
  }

  session(): SessionPort & { [K in keyof SessionPort]: jest.Mock } {
    return {
      mayHaveSession: jest.fn(() => this.signedIn !== null),
      currentUser: jest.fn(async () => this.signedIn),
      findDbUser: jest.fn(async ({ email }: AuthUser) => {
        if (this.lookupError !== undefined) throw this.lookupError;
        return this.users.find((user) => user.email === email) ?? null;
      }),
      signOut: jest.fn(async () => {
        this.signedIn = null;
      }),
    };
  }
}

type Mocked<T> = { [K in keyof T]: jest.Mock };

/** An AuthApi whose sign-in signs `identity` in as the user with that email (any password but `wrong`). */
export function fakeAuthApi(identity: FakeIdentity, overrides: Partial<AuthApi> = {}): AuthApi & Mocked<AuthApi> {
  return {
    signIn: jest.fn(async (email: string, password: string) => {
      if (password === 'wrong') throw Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
      identity.signedIn = authUser({ email, userId: `sub-${email}`, username: `sub-${email}` });
      return 'done' as const;
    }),
    confirmNewPassword: jest.fn(async () => 'done' as const),
    confirmSignUp: jest.fn(async () => undefined),
    resendSignUpCode: jest.fn(async () => undefined),
    requestPasswordReset: jest.fn(async () => undefined),
    confirmPasswordReset: jest.fn(async () => undefined),
    ...overrides,
  } as AuthApi & Mocked<AuthApi>;
}

export function fakeInviteSignupApi(
  identity: FakeIdentity,
  overrides: Partial<InviteSignupApi> = {},
): InviteSignupApi & Mocked<InviteSignupApi> {
  return {
    signUp: jest.fn(async ({ email }: { email: string }) => ({ username: email.toLowerCase(), needsConfirmation: true })),
    confirmSignUp: jest.fn(async () => undefined),
    resendCode: jest.fn(async () => undefined),
    signIn: jest.fn(async (email: string) => {
      identity.signedIn = authUser({ email });
      return 'done' as const;
    }),
    ...overrides,
  } as InviteSignupApi & Mocked<InviteSignupApi>;
}

export function fakeProfileApi(overrides: Partial<ProfileApi> = {}): ProfileApi & Mocked<ProfileApi> {
  return {
    updateUser: jest.fn(async (input) => ({ ...dbUser(), ...input, updatedAt: '2024-05-01T00:00:00.000Z' }) as User),
    changePassword: jest.fn(async () => undefined),
    ...overrides,
  } as ProfileApi & Mocked<ProfileApi>;
}

/** A Cognito-style error as Amplify throws it. */
export function cognitoError(name: string, message = name): Error {
  return Object.assign(new Error(message), { name });
}
