import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/accessibility';
import { inviteAndActivateUser } from './support/identity';
import { subscribeThroughApi } from './support/subscriptions';

// axe reads the page as it is: finished transitions and toasts that have arrived, not mid-animation.
test.use({ reducedMotion: 'reduce' });

const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 640, height: 900 };

/**
 * Opens `path` at desktop width, waits for its heading, and checks it (axe, reflow) there and,
 * resized, at the 640px breakpoint. One load serves both widths: the layout follows the width
 * through CSS media queries and the app's `matchMedia` listeners, so a resized page is the page a
 * load at 640px gives (and a second load only cost the app's start and axe's injection again).
 */
async function checkAtBothWidths(page: Page, path: string, what = path): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  for (const viewport of [DESKTOP, NARROW]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${what} at ${viewport.width}px`);
    await expectNoSidewaysScroll(page, `${what} at ${viewport.width}px`);
  }
}

test.describe('signed out', () => {
  const PUBLIC_ROUTES = [
    '/',
    '/sign-in',
    '/invite-signup',
    '/success',
    '/sign-in-error',
    '/company',
    '/contact',
    '/products',
    '/privacy-policy',
    '/terms-condition',
    '/no/such/page',
  ];

  for (const path of PUBLIC_ROUTES) {
    test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
      await checkAtBothWidths(page, path, path === '/no/such/page' ? 'an unknown path (Missing Route)' : path);
    });
  }

  test('the home page text keeps its contrast on every colour of its background gradients', async ({ page }) => {
    // axe cannot measure text over a gradient and leaves it undecided: paint each gradient's end
    // colours as solid backgrounds in turn (the gradients only blend between them) and measure.
    await page.goto('/');
    await expect(page.locator('main h1')).toBeVisible();
    for (const colour of ['--color-brand-soft', '--color-accent-soft']) {
      const style = await page.addStyleTag({ content: `.hero, .cta { background: var(${colour}) !important; }` });
      await expectNoAxeViolations(page, `the home page with its gradients painted ${colour}`);
      await style.evaluate((element) => element.remove());
    }
  });

  test('the open menu at the 640px breakpoint has no serious or critical violations', async ({ page }) => {
    await page.setViewportSize(NARROW);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'the open Menu at 640px');
  });

  test('forms showing their validation errors, and an error toast, have no serious or critical violations', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, '/contact with its validation errors');

    await page.goto('/invite-signup');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await expectNoAxeViolations(page, '/invite-signup with its validation errors');

    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, '/sign-in with its validation errors');

    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
    await expectNoAxeViolations(page, '/sign-in with an error toast');
  });
});

/**
 * One user for every signed-in check, signed in once: first without a subscription (the plan
 * choice and the card form), then subscribed (the gated pages). The checks run in order.
 */
test.describe('signed in', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(60_000);
    page = await (await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP })).newPage();
    await inviteAndActivateUser(page, 'Adaeze');
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('the plan choice and the card form, with its errors, have no serious or critical violations', async () => {
    await page.goto('/services');
    await expect(page).toHaveURL(/\/subscribe$/);
    await expectNoAxeViolations(page, '/subscribe without a subscription');
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'the card form with its validation errors');
  });

  const ASSISTANT_SCREENS = [
    '/services/must-haves',
    '/services/sourcing-terms',
    '/services/job-description',
    '/services/screening-questions',
    '/services/interview-evaluation',
    '/services/best-fit',
    '/services/candidate-summary',
  ];
  // The assistant's screens with their results: test/e2e/assistant.spec.ts.
  for (const path of [
    '/account',
    '/profile',
    '/edit-profile',
    '/change-password',
    '/subscribe',
    '/services',
    ...ASSISTANT_SCREENS,
    '/support',
    '/success',
  ]) {
    test(`${path}, subscribed, has no serious or critical violations`, async () => {
      if (path === '/account') await subscribeThroughApi(page, 'Enterprise', 'Adaeze Okafor');
      await checkAtBothWidths(page, path);
    });
  }

  test('the open account menu, at desktop width and at 640px, has no serious or critical violations', async () => {
    for (const viewport of [DESKTOP, NARROW]) {
      await page.setViewportSize(viewport);
      await page.goto('/profile');
      await page.getByRole('button', { name: /Hi, Adaeze/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page, `the open account menu at ${viewport.width}px`);
    }
  });

  test('the cancel confirmation dialog and the edit-profile errors have no serious or critical violations', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/account');
    await page.getByRole('region', { name: 'Your subscription' }).getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'the cancel-subscription dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/edit-profile');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, '/edit-profile with its validation errors');
  });
});
