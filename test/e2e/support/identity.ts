import {
  AdminCreateUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, type Page } from '@playwright/test';
import { readEndpoints } from './local-runtime';

/** The seeded administrator of the local runtime (see `npm start`'s output). */
export const SEEDED_ADMIN = { email: 'admin@talentpilot.local', password: 'LocalAdmin#2024', firstName: 'Avery' };

/** A unique address per test run, so tests never collide on the same Cognito user. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

export function cognito(): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: readEndpoints().cognitoEndpoint,
    region: 'us-east-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** A confirmed Cognito user with a permanent password and no database record. */
export async function createCognitoOnlyUser(email: string, password: string): Promise<void> {
  const { userPoolId } = readEndpoints();
  const client = cognito();
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
}

/** A user's tokens, straight from the identity service (USER_PASSWORD_AUTH, no browser). */
async function tokensFor(email: string, password: string): Promise<AuthenticationResultType> {
  const { userPoolClientId } = readEndpoints();
  const { AuthenticationResult } = await cognito().send(
    new InitiateAuthCommand({
      ClientId: userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!AuthenticationResult?.IdToken) throw new Error(`no id token for ${email}`);
  return AuthenticationResult;
}

/** An id token for a user, straight from the identity service (USER_PASSWORD_AUTH). */
export async function idTokenFor(email: string, password: string): Promise<string> {
  return (await tokensFor(email, password)).IdToken as string;
}

/** A claim of a JWT, unverified (the test only reads what the identity service just issued). */
function claimOf(token: string, claim: string): unknown {
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>)[claim];
}

/**
 * The seeded admin's id token, asked for once per worker and again only near its expiry: every
 * invitation is authorised with it, and a fresh sign-in per invitation was wasted work.
 */
let adminToken: { readonly idToken: string; readonly expiresAtMs: number } | undefined;
async function seededAdminIdToken(): Promise<string> {
  if (!adminToken || adminToken.expiresAtMs - Date.now() < 5 * 60_000) {
    const idToken = await idTokenFor(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    adminToken = { idToken, expiresAtMs: Number(claimOf(idToken, 'exp')) * 1000 };
  }
  return adminToken.idToken;
}

export async function groupsOf(email: string): Promise<string[]> {
  const { userPoolId } = readEndpoints();
  const { Groups = [] } = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: email }));
  return Groups.map((group) => group.GroupName ?? '');
}

export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  code?: string;
  temporaryPassword?: string;
}

/**
 * The newest message the local runtime would have emailed to `to` that satisfies `wanted`
 * (waits for it to arrive). The outbox lists the newest message first.
 */
export async function latestMessageTo(
  page: Page,
  to: string,
  wanted: (message: OutboxMessage) => boolean = () => true,
): Promise<OutboxMessage> {
  const { webUrl } = readEndpoints();
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${webUrl}/_local/outbox.json`);
        const messages = (await response.json()) as OutboxMessage[];
        found = messages.find((message) => message.to.toLowerCase() === to.toLowerCase() && wanted(message));
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/** Signs in through the sign-in page and waits for the signed-in greeting. */
export async function signIn(page: Page, email: string, password: string, firstName: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Hi, ${firstName}`)).toBeVisible();
  // The greeting shows before the app has moved to the page after sign-in; that move takes focus
  // to the main landmark (AppLayout), which closes a menu opened in between (a CI run clicked the
  // account menu in that moment and never saw Sign Out). Signed in means arrived.
  await expect(page).not.toHaveURL(/\/sign-in(\?|$)/);
  await expect(page.getByRole('main')).toBeFocused();
}

/** Who an invited user is, beyond the first name (a fixed person makes repeatable screenshots). */
export interface InviteDetails {
  readonly email?: string;
  readonly lastName?: string;
  readonly companyName?: string;
}

/** A fresh user invited through the admin API, with the temporary password from the invitation. */
export async function inviteUser(
  page: Page,
  firstName: string,
  details: InviteDetails = {},
): Promise<{ email: string; temporaryPassword: string }> {
  const { email = uniqueEmail(firstName.toLowerCase()), lastName = 'Okafor', companyName = 'Okafor Talent' } = details;
  const response = await page.request.post(`${readEndpoints().restUrl}/admin/user/create`, {
    headers: { Authorization: await seededAdminIdToken(), 'content-type': 'application/json' },
    data: { email, firstName, lastName, companyName, group: 'Beta_Customer_R3' },
  });
  expect(response.status()).toBe(201);
  const { temporaryPassword } = await latestMessageTo(page, email, (message) => Boolean(message.temporaryPassword));
  return { email, temporaryPassword: temporaryPassword ?? '' };
}

/**
 * Signs `page` in with tokens from the identity service, the way Amplify keeps a session
 * (localStorage, `CognitoIdentityServiceProvider.<clientId>.…`), then opens the account page, where
 * a sign-in through the form lands, and waits for the greeting. For tests that are not about
 * signing in: the sign-in form and its first-password step are tested in sign-in, invitations and
 * keyboard specs; this skips the form's page and the browser's SRP arithmetic.
 */
async function signInWithTokens(page: Page, tokens: AuthenticationResultType, greeting: string): Promise<void> {
  const { userPoolClientId } = readEndpoints();
  const idToken = tokens.IdToken ?? '';
  const username = String(claimOf(idToken, 'cognito:username'));
  const key = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const items: Record<string, string> = {
    [`${key}.LastAuthUser`]: username,
    [`${key}.${username}.idToken`]: idToken,
    [`${key}.${username}.accessToken`]: tokens.AccessToken ?? '',
    [`${key}.${username}.refreshToken`]: tokens.RefreshToken ?? '',
    [`${key}.${username}.clockDrift`]: '0',
  };
  // Any page of the origin gives access to its localStorage; the runtime config is the smallest.
  await page.goto('/config.json');
  await page.evaluate((entries) => {
    const { localStorage } = globalThis as unknown as { localStorage: { setItem(name: string, value: string): void } };
    for (const [name, value] of Object.entries(entries)) localStorage.setItem(name, value);
  }, items);
  await page.goto('/account');
  await expect(page.getByText(greeting)).toBeVisible();
}

/**
 * Signs `page` in through the identity service's API rather than the form (see signInWithTokens),
 * for tests about what a signed-in person sees; tests of signing in use {@link signIn}.
 */
export async function signInThroughApi(page: Page, email: string, password: string, firstName: string): Promise<void> {
  await signInWithTokens(page, await tokensFor(email, password), `Hi, ${firstName}`);
}

/**
 * The id token of the session signed in on `page` (Amplify keeps it in local storage as
 * `CognitoIdentityServiceProvider.<client>.<user>.idToken`): for calls a test makes through the
 * REST API as that person, which sends it as the app does (`Authorization: <id token>`).
 */
export async function sessionIdToken(page: Page): Promise<string> {
  const idToken = await page.evaluate(() => {
    const { localStorage } = globalThis as unknown as {
      localStorage: { getItem(name: string): string | null; readonly length: number; key(index: number): string | null };
    };
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index) ?? '');
    const last = keys.find((key) => key.endsWith('.LastAuthUser'));
    return last ? localStorage.getItem(`${last.slice(0, -'LastAuthUser'.length)}${localStorage.getItem(last)}.idToken`) : null;
  });
  if (!idToken) throw new Error('sessionIdToken: nobody is signed in on this page');
  return idToken;
}

/** The password invited people choose at their first sign-in in these tests. */
export const FIRST_PASSWORD = 'first-password';

/**
 * Tokens for an invited person who answers the first sign-in's NEW_PASSWORD_REQUIRED challenge
 * with `password`, through the identity service's API.
 */
async function setFirstPassword(email: string, temporaryPassword: string, password: string): Promise<AuthenticationResultType> {
  const { userPoolClientId } = readEndpoints();
  const challenge = await cognito().send(
    new InitiateAuthCommand({
      ClientId: userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword },
    }),
  );
  expect(challenge.ChallengeName, `the first sign-in of ${email} asks for a new password`).toBe('NEW_PASSWORD_REQUIRED');
  const { AuthenticationResult } = await cognito().send(
    new RespondToAuthChallengeCommand({
      ClientId: userPoolClientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? email, NEW_PASSWORD: password },
    }),
  );
  if (!AuthenticationResult?.IdToken) throw new Error(`no tokens for ${email} after setting a new password`);
  return AuthenticationResult;
}

/**
 * A fresh user created through the admin API, who has set a permanent password (the invitation's
 * NEW_PASSWORD_REQUIRED challenge, answered through the identity service's API) and is signed in
 * on `page`, on the account page.
 */
export async function inviteAndActivateUser(
  page: Page,
  firstName: string,
  details: InviteDetails = {},
): Promise<{ email: string; password: string }> {
  const { email, temporaryPassword } = await inviteUser(page, firstName, details);
  await signInWithTokens(page, await setFirstPassword(email, temporaryPassword, FIRST_PASSWORD), `Hi, ${firstName}`);
  return { email, password: FIRST_PASSWORD };
}

/** How an invited person's first sign-in goes, and how the app greets them after it. */
export interface FirstSignIn {
  /**
   * `form`: the sign-in page's two steps, for tests of that page (sign-in, invitations and team
   * specs); `api`: the identity service's API, then the tokens as Amplify keeps them.
   */
  readonly via: 'form' | 'api';
  /** The greeting once signed in: `Hi, <first name>`, or `Hi there` for someone invited by address only. */
  readonly greeting: string;
  readonly password?: string;
}

/**
 * The first sign-in of someone invited (by an admin, or by a firm from its Team page): the
 * temporary password of the newest invitation e-mail to `email` (the local outbox), then a
 * password of their own. `page` ends signed in on the account page.
 */
export async function firstSignIn(
  page: Page,
  email: string,
  { via, greeting, password = FIRST_PASSWORD }: FirstSignIn,
): Promise<{ email: string; password: string }> {
  const { temporaryPassword } = await latestMessageTo(page, email, (message) => Boolean(message.temporaryPassword));
  if (!temporaryPassword) throw new Error(`no temporary password for ${email}`);
  if (via === 'api') {
    await signInWithTokens(page, await setFirstPassword(email, temporaryPassword, password), greeting);
    return { email, password };
  }
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporaryPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText(greeting)).toBeVisible();
  return { email, password };
}

/** Joins the firm whose invitation waits on the Team page ("Join <firm>"), and waits for the firm's Team page. */
export async function joinTeam(page: Page, firm: string): Promise<void> {
  await page.goto('/team');
  await page.getByRole('button', { name: `Join ${firm}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: firm })).toBeVisible();
}
