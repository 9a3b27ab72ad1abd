import { expect, test, type Browser, type Page } from '@playwright/test';
import { inviteAndActivateUser, SEEDED_ADMIN, signIn } from './support/identity';
import { GREENHOUSE_DEMO_CLIENT } from '../../local/ats/ats-stand-ins';
import { saveScreenshot, WIDTHS, writeScreenshotIndex, type IndexSection, type WidthName } from './support/screenshots';
import { subscribeWithTestCard } from './support/subscriptions';

// Screenshots of the main pages at desktop width and at the 640px breakpoint, for people who want
// to see the product without running it (docs/screenshots/README.md). See support/screenshots.ts
// for when they are written into the repository.

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

const SECTIONS: readonly IndexSection[] = [
  { title: 'Home', name: 'home' },
  { title: 'Products', name: 'products' },
  { title: 'Contact', name: 'contact' },
  { title: 'Sign in', name: 'sign-in' },
  { title: 'Menu at the 640 px breakpoint (signed out)', name: 'menu-open', widths: ['640px'] },
  { title: 'Choose a plan (signed in, no subscription yet)', name: 'subscribe' },
  { title: 'Account', name: 'account' },
  { title: 'Services', name: 'services' },
  { title: 'Sourcing search strings from a sample job', name: 'services-sourcing-terms' },
  { title: 'External job description from a sample requisition, with what was removed', name: 'services-job-description' },
  { title: 'Your ATS on the account page: the fake Greenhouse connected and synced', name: 'account-ats' },
  { title: 'Placement prediction for a synced ATS job, with its held-out accuracy', name: 'services-placement-prediction' },
  { title: 'Profile', name: 'profile' },
  { title: 'Account menu, open', name: 'account-menu-open', note: 'At 640 px the main links join the account menu.' },
  { title: 'Admin console: contact messages', name: 'admin-contacts', note: 'Administrators only (the Admins group).' },
  { title: 'Admin console: users, with their subscriptions', name: 'admin-users' },
  { title: 'Admin console: registration codes', name: 'admin-codes' },
];

const WIDTH_NAMES = Object.keys(WIDTHS) as WidthName[];

/** Opens `path` at each width, waits for its heading, and saves it as `<width>-<name>.jpg`. */
async function shootAtBothWidths(page: Page, path: string, name: string): Promise<void> {
  for (const width of WIDTH_NAMES) {
    await page.setViewportSize(WIDTHS[width]);
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.locator('main .spinner')).toHaveCount(0);
    await saveScreenshot(page, width, name);
  }
}

test('the public pages, at desktop width and at 640px', async ({ page }) => {
  for (const [path, name] of [
    ['/', 'home'],
    ['/products', 'products'],
    ['/contact', 'contact'],
    ['/sign-in', 'sign-in'],
  ] as const) {
    await shootAtBothWidths(page, path, name);
  }
  await page.setViewportSize(WIDTHS['640px']);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  await saveScreenshot(page, '640px', 'menu-open');
});

test.describe('signed in', () => {
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
    // A fixed person: the runtime starts empty for every browser-test run, so the address is free.
    await inviteAndActivateUser(page, 'Dana', { email: 'dana.reyes@example.com', lastName: 'Reyes', companyName: 'Northbridge Staffing' });
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('the plans, then account, services and profile once subscribed', async () => {
    test.setTimeout(60_000);
    await shootAtBothWidths(page, '/subscribe', 'subscribe');
    await page.setViewportSize(WIDTHS.desktop);
    await subscribeWithTestCard(page, 'Enterprise', 'Dana Reyes');
    for (const [path, name] of [
      ['/account', 'account'],
      ['/services', 'services'],
      ['/profile', 'profile'],
    ] as const) {
      await shootAtBothWidths(page, path, name);
    }
  });

  test('two assistant screens with a result from a sample', async () => {
    test.setTimeout(60_000);
    for (const [path, name, button, heading] of [
      ['/services/sourcing-terms', 'services-sourcing-terms', 'Generate search strings', /^Search strings for /],
      ['/services/job-description', 'services-job-description', 'Write the external description', /^External description/],
    ] as const) {
      for (const width of WIDTH_NAMES) {
        await page.setViewportSize(WIDTHS[width]);
        await page.goto(path);
        await page.getByRole('button', { name: 'Try a sample' }).click();
        await page.getByRole('button', { name: button }).click();
        const title = page.getByRole('heading', { level: 2, name: heading });
        await expect(title).toBeFocused({ timeout: 20_000 });
        await title.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await saveScreenshot(page, width, name);
      }
    }
  });

  test('the ATS connected and synced, and a placement prediction', async () => {
    test.setTimeout(90_000);
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto('/account');
    await page.getByLabel('ATS', { exact: true }).selectOption({ label: 'Greenhouse' });
    await page.getByLabel('Client ID', { exact: true }).fill(GREENHOUSE_DEMO_CLIENT.clientId);
    await page.getByLabel('Greenhouse user ID', { exact: true }).fill(GREENHOUSE_DEMO_CLIENT.userId);
    await page.getByLabel('Client secret', { exact: true }).fill(GREENHOUSE_DEMO_CLIENT.clientSecret);
    await page.getByRole('button', { name: 'Test and save' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Connected ATS' })).toBeFocused({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText(/^Sync complete\./)).toBeVisible({ timeout: 60_000 });
    for (const width of WIDTH_NAMES) {
      await page.setViewportSize(WIDTHS[width]);
      await page.goto('/account');
      const heading = page.getByRole('heading', { level: 2, name: 'Your ATS' });
      await expect(page.getByText('Up to date')).toBeVisible();
      // The section's heading just below the sticky header.
      await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.evaluate('window.scrollBy(0, -96)');
      await saveScreenshot(page, width, 'account-ats');

      await page.goto('/services/placement-prediction');
      const picker = page.getByLabel('ATS job');
      const withActive = picker.locator('option', { hasText: /\([1-9]\d* active application/ });
      await expect(withActive.first()).toBeAttached();
      await picker.selectOption((await withActive.first().getAttribute('value')) ?? '');
      await page.getByRole('button', { name: 'Predict placements' }).click();
      const title = page.getByRole('heading', { level: 2, name: /^Placement prediction for / });
      await expect(title).toBeFocused({ timeout: 20_000 });
      await title.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await saveScreenshot(page, width, 'services-placement-prediction');
    }
  });

  test('the open account menu', async () => {
    for (const width of WIDTH_NAMES) {
      await page.setViewportSize(WIDTHS[width]);
      await page.goto('/account');
      await page.getByRole('button', { name: /Hi, Dana/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
      await saveScreenshot(page, width, 'account-menu-open');
    }
  });
});

test('the admin console: contact messages, users and registration codes', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  // A visitor's message to show (the runtime starts empty for every browser-test run).
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Morgan Blake');
  await page.getByLabel('Work email').fill('morgan.blake@harbor-talent.example');
  await page.getByLabel('How can we help?').fill('We place nurses in three states and use Lever. Can the assistant read our pipeline?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your message is on its way' })).toBeVisible();
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, SEEDED_ADMIN.firstName);
  for (const [path, name] of [
    ['/admin', 'admin-contacts'],
    ['/admin?section=users', 'admin-users'],
    ['/admin?section=codes', 'admin-codes'],
  ] as const) {
    for (const width of WIDTH_NAMES) {
      await page.setViewportSize(WIDTHS[width]);
      await page.goto(path);
      await expect(page.getByRole('article').first()).toBeVisible();
      // The account menu is its own chunk: wait for it, or the header is caught without it.
      await expect(page.getByRole('button', { name: `Hi, ${SEEDED_ADMIN.firstName}` })).toBeVisible();
      await saveScreenshot(page, width, name);
    }
  }
  await page.context().close();
});

test.afterAll(() => {
  writeScreenshotIndex(SECTIONS);
});
