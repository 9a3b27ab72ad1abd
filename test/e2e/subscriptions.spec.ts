import { expect, test } from './support/test';
import { inviteAndActivateUser } from './support/identity';
import { scanTable } from './support/local-runtime';
import { openInApp } from './support/navigation';

test('a new user subscribes from the gate, reaches services, and manages the subscription on the account page', async ({ page }) => {
  test.setTimeout(90_000);
  const { email } = await inviteAndActivateUser(page, 'Imani');

  // No subscription yet: the gated area sends the user to choose a plan.
  await page.goto('/services');
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await expect(page.getByText(/two weeks free/i).first()).toBeVisible();

  await page.getByRole('button', { name: 'Choose Professional' }).click();
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Imani Okafor');
  await page.getByRole('button', { name: 'Start free trial' }).click();

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await expect(page.getByText(/Professional/).first()).toBeVisible();

  // The card never reached our API: only the token. The subscription is stored and linked.
  const users = (await scanTable('users')).filter((user) => user.email === email);
  expect(users).toHaveLength(1);
  expect(users[0].subscriptionId).not.toBe('SubscriptionTBD');
  const records = (await scanTable('subscriptions')).filter((record) => record.userId === users[0].id);
  expect(records).toHaveLength(1);
  expect(JSON.stringify(records)).not.toContain('4111');

  await page.goto('/services');
  await expect(page).toHaveURL(/\/services$/);

  await page.goto('/account');
  const subscription = page.getByRole('region', { name: 'Your subscription' });
  await expect(subscription.getByText(/In trial/)).toBeVisible();
  await expect(subscription.getByText(/Professional/).first()).toBeVisible();

  // Change plan.
  await subscription.getByRole('link', { name: 'Change plan' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await page.getByRole('button', { name: 'Choose Enterprise' }).click();
  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByText('Your plan is now Enterprise.')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(subscription.getByText(/Enterprise/).first()).toBeVisible();

  // Cancel at period end, then reactivate.
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(subscription.getByText(/Canceled/)).toBeVisible();
  await subscription.getByRole('button', { name: 'Reactivate subscription' }).click();
  await expect(subscription.getByText(/In trial/)).toBeVisible();
  await expect(subscription.getByText(/Canceled/)).toBeHidden();
});

test('a declined test card is refused with a clear message and nothing is subscribed', async ({ page }) => {
  const { email } = await inviteAndActivateUser(page, 'Rafael');
  await openInApp(page, '/subscribe');
  await page.getByRole('button', { name: 'Choose Starter' }).click();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Rafael Ortiz');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/subscribe$/);
  const users = (await scanTable('users')).filter((user) => user.email === email);
  expect(users[0].subscriptionId).toBe('SubscriptionTBD');
});
