import {
  AdminCreateUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
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

/** An id token for a user, straight from the identity service (USER_PASSWORD_AUTH). */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const { userPoolClientId } = readEndpoints();
  const { AuthenticationResult } = await cognito().send(
    new InitiateAuthCommand({
      ClientId: userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!AuthenticationResult?.IdToken) throw new Error(`no id token for ${email}`);
  return AuthenticationResult.IdToken;
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
    headers: { Authorization: await idTokenFor(SEEDED_ADMIN.email, SEEDED_ADMIN.password), 'content-type': 'application/json' },
    data: { email, firstName, lastName, companyName, group: 'Beta_Customer_R3' },
  });
  expect(response.status()).toBe(201);
  const { temporaryPassword } = await latestMessageTo(page, email, (message) => Boolean(message.temporaryPassword));
  return { email, temporaryPassword: temporaryPassword ?? '' };
}

/** A fresh user created through the admin API, signed in once to set a permanent password. */
export async function inviteAndActivateUser(
  page: Page,
  firstName: string,
  details: InviteDetails = {},
): Promise<{ email: string; password: string }> {
  const { email, temporaryPassword } = await inviteUser(page, firstName, details);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporaryPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('New password', { exact: true }).fill('first-password');
  const confirm = page.getByLabel('Confirm new password');
  if (await confirm.count()) await confirm.fill('first-password');
  await page.getByRole('button', { name: /Set password|Change password|Save password/ }).click();
  await expect(page.getByText(`Hi, ${firstName}`)).toBeVisible();
  return { email, password: 'first-password' };
}
