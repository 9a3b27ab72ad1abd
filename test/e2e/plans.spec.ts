import { expect, test, type Browser, type Page } from './support/test';
import { expectNoAxeViolations } from './support/accessibility';
import { inviteAndActivateUser, latestMessageTo } from './support/identity';
import { subscribeThroughApi } from './support/subscriptions';

// Plans that mean what they say: a visitor compares the plans with their prices on /products; a
// Starter subscriber meets an upgrade prompt where a service is not in their plan, the server
// refuses the same service (403 plan_upgrade_required), and the upgrade makes it available.

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test('a visitor sees each plan’s price and what it includes on /products, at desktop and phone width', async ({ page }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/products');
    const plans = page.getByRole('region', { name: 'Plans' });
    await expect(plans.getByRole('heading', { name: 'Starter', exact: true })).toBeVisible();
    await expect(plans.getByText(/^\$\d+ \/ month after a 14-day free trial/).first()).toBeVisible();
    await expect(plans.getByRole('list', { name: 'Enterprise includes' }).getByText('Placement prediction')).toBeVisible();
    await expect(plans.getByRole('list', { name: 'Starter includes' }).getByText('Placement prediction')).toHaveCount(0);
  }
  await page.getByLabel('Currency').selectOption('EUR');
  await expect(
    page
      .getByRole('region', { name: 'Plans' })
      .getByText(/^€\d+ \/ month/)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/products with the plans');
});

let page: Page;

test.describe('a Starter subscriber', () => {
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(60_000);
    page = await (await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP })).newPage();
    await inviteAndActivateUser(page, 'Imani');
    await subscribeThroughApi(page, 'Starter', 'Imani Clarke');
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('meets an upgrade prompt for best fit on the hub and the screen, and the upgrade opens it', async () => {
    await page.goto('/services');
    await expect(page.getByRole('link', { name: 'Sourcing search terms' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Best-fit recommendation' })).toHaveCount(0);

    await page.goto('/services/best-fit');
    await expect(page.getByText(/Best-fit recommendation is included in the Enterprise plan\. Your plan is Starter\./)).toBeVisible();
    await expectNoAxeViolations(page, 'the upgrade prompt');
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('link', { name: 'Upgrade to Enterprise' })).toBeVisible();
    await expectNoAxeViolations(page, 'the upgrade prompt at 390px');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Upgrade to Enterprise' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await page.getByRole('button', { name: 'Choose Enterprise' }).click();
    await page.getByRole('button', { name: 'Change plan' }).click();
    await expect(page).toHaveURL(/\/account$/);

    await page.goto('/services/best-fit');
    await expect(page.getByRole('heading', { level: 1, name: 'Best-fit recommendation' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Upgrade to/ })).toHaveCount(0);
  });
});

test('the invitation and the password reset e-mails are the product’s own, in the local outbox', async ({ browser }) => {
  const invited = await browser.newPage();
  const { email } = await inviteAndActivateUser(invited, 'Rosa');
  const invitation = await latestMessageTo(invited, email, (message) => Boolean(message.temporaryPassword));
  expect(invitation.subject).toBe('You are invited to your recruiting assistant');
  expect(invitation.body).toContain(invitation.temporaryPassword ?? 'no password');
  await invited.context().close();

  const visitor = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await visitor.goto('/sign-in');
  await visitor.getByRole('button', { name: /Forgot password/ }).click();
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: 'Send code' }).click();
  const reset = await latestMessageTo(visitor, email, (message) => Boolean(message.code));
  expect(reset.subject).toBe('Reset your password');
  expect(reset.body).toContain(reset.code ?? 'no code');
  expect(reset.body).not.toMatch(/new account/i);
  await visitor.context().close();
});
