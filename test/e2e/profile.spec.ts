import { expect, test } from './support/test';
import { inviteAndActivateUser, latestMessageTo, signIn } from './support/identity';
import { openInApp } from './support/navigation';

test('a user edits their profile and sees the change on the profile page and in the greeting', async ({ page }) => {
  await inviteAndActivateUser(page, 'Ngozi');
  await openInApp(page, '/edit-profile');
  await page.getByLabel('First name').fill('Ngozika');
  await page.getByLabel('Company').fill('Okafor Talent Partners');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Okafor Talent Partners')).toBeVisible();
  await expect(page.getByText('Hi, Ngozika')).toBeVisible();
});

test('a user changes their password and signs in with the new one', async ({ page }) => {
  const { email, password } = await inviteAndActivateUser(page, 'Tomas');
  await openInApp(page, '/change-password');
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  const confirm = page.getByLabel('Confirm new password');
  if (await confirm.count()) await confirm.fill('second-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  await page.getByRole('button', { name: /Hi, Tomas/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await signIn(page, email, 'second-password', 'Tomas');
});

test('a user who forgot their password resets it with the emailed code', async ({ page }) => {
  const { email } = await inviteAndActivateUser(page, 'Lena');
  await page.getByRole('button', { name: /Hi, Lena/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  // Signing out is asynchronous: leaving the page before it ends would keep the session.
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await page.goto('/sign-in');
  await page
    .getByRole('button', { name: /Forgot password/ })
    .or(page.getByRole('link', { name: /Forgot password/ }))
    .click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const { code } = await latestMessageTo(page, email, (message) => Boolean(message.code));
  await page.getByLabel('Verification code').fill(code ?? '');
  await page.getByLabel('New password', { exact: true }).fill('reset-password-1');
  const confirm = page.getByLabel('Confirm new password');
  if (await confirm.count()) await confirm.fill('reset-password-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password was reset. Sign in with your new password.')).toBeVisible();
  await signIn(page, email, 'reset-password-1', 'Lena');
});
