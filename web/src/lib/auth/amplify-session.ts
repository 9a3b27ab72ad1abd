import { USER_FIELDS, type User } from '@contracts/user';
import type { RuntimeConfig } from '../../config/runtime-config';
import { getUserPoolGraphqlClient, loadAuth } from '../amplify';
import type { SessionPort } from './session';
import { hasUserPool } from './stored-session';

export const GET_USER_BY_EMAIL_QUERY = /* GraphQL */ `
  query GetUserByEmail($email: String!, $limit: Int, $nextToken: String) {
    getUserByEmail(email: $email, limit: $limit, nextToken: $nextToken) {
      items {
        ${USER_FIELDS.join('\n        ')}
      }
      nextToken
    }
  }
`;

interface UserConnection {
  getUserByEmail?: { items?: (User | null)[] | null; nextToken?: string | null } | null;
}

/** Amplify's error names for "nobody is signed in". */
const SIGNED_OUT_ERRORS = new Set(['UserUnAuthenticatedException', 'NoSessionFoundException', 'NotAuthorizedException']);

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : '';
}

/** A user-pool lookup reads at most this many pages (a non-admin only ever gets their own record). */
const MAX_PAGES = 5;

/**
 * The session's calls on Cognito through Amplify (loaded on first use) and `getUserByEmail` on
 * AppSync with the user's tokens. The email comes from the id token (no network call); when a
 * token has none, from `fetchUserAttributes`. Loaded only when a session may exist.
 */
export function createAmplifySessionCalls(config: RuntimeConfig): Omit<SessionPort, 'mayHaveSession'> {
  return {
    async currentUser() {
      if (!hasUserPool(config)) return null;
      // The user-record lookup follows a found user: fetch its code alongside Amplify Auth.
      import('aws-amplify/api').catch(() => undefined);
      const auth = await loadAuth(config);
      let user;
      try {
        user = await auth.getCurrentUser();
      } catch (error) {
        if (SIGNED_OUT_ERRORS.has(errorName(error))) return null;
        throw error;
      }
      const session = await auth.fetchAuthSession();
      const claimed = session.tokens?.idToken?.payload.email;
      const email = typeof claimed === 'string' && claimed ? claimed : (await auth.fetchUserAttributes()).email;
      if (!email) throw new Error('The signed-in user has no email address.');
      const groups = session.tokens?.idToken?.payload['cognito:groups'];
      return {
        userId: user.userId,
        username: user.username,
        email,
        groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [],
      };
    },

    async findDbUser({ email }) {
      const client = await getUserPoolGraphqlClient(config);
      let nextToken: string | null | undefined = null;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const variables: Record<string, unknown> = { email, limit: 10, nextToken };
        const result = (await client.graphql({ query: GET_USER_BY_EMAIL_QUERY, variables })) as { data?: UserConnection };
        const connection = result.data?.getUserByEmail;
        const found = connection?.items?.find((item): item is User => item !== null && item.email.toLowerCase() === email.toLowerCase());
        if (found) return found;
        nextToken = connection?.nextToken;
        if (!nextToken) return null;
      }
      return null;
    },

    async signOut() {
      if (!hasUserPool(config)) return;
      const { signOut } = await loadAuth(config);
      await signOut();
    },
  };
}
