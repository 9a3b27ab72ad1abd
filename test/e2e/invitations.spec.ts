import { expect, test, type Page } from './support/test';
import { createCognitoOnlyUser, firstSignIn, groupsOf, idTokenFor, latestMessageTo, SEEDED_ADMIN, uniqueEmail } from './support/identity';
import { readEndpoints, scanTable } from './support/local-runtime';

async function fillInviteSignUp(page: Page, code: string, email: string) {
  await page.goto('/invite-signup');
  await page.getByLabel('Registration code').fill(code);
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Raman');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Company').fill('Northbridge Staffing');
  await page.getByLabel(/Phone number/).fill('+1 555 010 0142');
  await page.getByLabel('Password', { exact: true }).fill('placements-2024');
  await page.getByRole('button', { name: 'Create account' }).click();
}

test("invitation sign-up with a good code: verify the email, get signed in, join the code's group", async ({ page }) => {
  const email = uniqueEmail('priya');
  await fillInviteSignUp(page, 'beta-r2-2024', email);

  const message = await latestMessageTo(page, email);
  expect(message.code).toMatch(/^\d{6}$/);
  await page.getByLabel('Verification code').fill(message.code ?? '');
  await page.getByRole('button', { name: 'Verify email' }).click();

  await expect(page.getByText('Hi, Priya')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  const users = (await scanTable('users')).filter((user) => user.email === email);
  expect(users).toHaveLength(1);
  expect(users[0]).toMatchObject({
    firstName: 'Priya',
    lastName: 'Raman',
    companyName: 'Northbridge Staffing',
    subscriptionId: 'SubscriptionTBD',
    status: 'ACTIVE',
  });
  expect(await groupsOf(email)).toEqual(['Beta_Customer_R2']);
});

test('invitation sign-up with an unknown code leads to the Unknown Registration Code page', async ({ page }) => {
  await fillInviteSignUp(page, 'NOT-A-REAL-CODE', uniqueEmail('bad-code'));
  await expect(page).toHaveURL(/\/sign-in-error$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unknown Registration Code' })).toBeVisible();
  await expect(page.getByText('You have provided an incorrect registration code. Please try again.')).toBeVisible();
});

test('an admin invites a user, who signs in with the emailed temporary password and sets a new one', async ({ page, request }) => {
  const email = uniqueEmail('invited');
  const { restUrl } = readEndpoints();
  const response = await request.post(`${restUrl}/admin/user/create`, {
    headers: { Authorization: await idTokenFor(SEEDED_ADMIN.email, SEEDED_ADMIN.password), 'content-type': 'application/json' },
    data: { email, firstName: 'Marcus', lastName: 'Bell', companyName: 'Bell Technical Search', group: 'Beta_Customer_R1' },
  });
  expect(response.status()).toBe(201);

  await firstSignIn(page, email, { via: 'form', greeting: 'Hi, Marcus', password: 'my-own-password' });
});

test('only admins may invite: anonymous callers get 401, other users 403, and nothing is created', async ({ request }) => {
  const { restUrl } = readEndpoints();
  const invite = {
    email: uniqueEmail('should-not-exist'),
    firstName: 'No',
    lastName: 'Body',
    companyName: 'Nowhere',
    group: 'Beta_Customer_R1',
  };
  const before = (await scanTable('users')).length;

  const anonymous = await request.post(`${restUrl}/admin/user/create`, { data: invite });
  expect(anonymous.status()).toBe(401);

  const member = uniqueEmail('member');
  await createCognitoOnlyUser(member, 'member-password-1');
  const notAdmin = await request.post(`${restUrl}/admin/user/create`, {
    headers: { Authorization: await idTokenFor(member, 'member-password-1'), 'content-type': 'application/json' },
    data: invite,
  });
  expect(notAdmin.status()).toBe(403);
  expect((await notAdmin.json()).message).toBe('Only administrators may manage users.');

  expect((await scanTable('users')).length).toBe(before);
});
