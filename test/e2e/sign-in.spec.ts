import { expect, test } from './support/test';
import { createCognitoOnlyUser, SEEDED_ADMIN, signIn, signInThroughApi, uniqueEmail } from './support/identity';

test('a user signs in, is greeted by first name, and Sign Out returns to the home page', async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, SEEDED_ADMIN.firstName);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeHidden();

  await page.getByRole('button', { name: /Hi, Avery/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Hi, Avery')).toBeHidden();
});

test('a wrong password is refused with a clear message and nobody is signed in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(SEEDED_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a Cognito user without a database record is signed out with "You are not logged in"', async ({ page }) => {
  const email = uniqueEmail('no-record');
  await createCognitoOnlyUser(email, 'correct horse battery');
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('You are not logged in')).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a signed-out visitor is sent to sign in and then back to the page they wanted', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('Email').fill(SEEDED_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(SEEDED_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(SEEDED_ADMIN.email)).toBeVisible();
});

test.describe('signed in at the 640px breakpoint', () => {
  test.use({ viewport: { width: 640, height: 900 } });

  test('the main links join the account menu', async ({ page }) => {
    await signInThroughApi(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, SEEDED_ADMIN.firstName);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true })).toBeHidden();
    await page.getByRole('button', { name: /Hi, Avery/ }).click();
    for (const name of ['Home', 'Products', 'Company', 'Contact', 'Account', 'Profile', 'Services', 'Support', 'Sign Out']) {
      await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: 'Products', exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});
