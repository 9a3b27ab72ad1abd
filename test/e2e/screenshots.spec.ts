import { expect, test, type Browser, type Locator, type Page } from './support/test';
import { inviteAndActivateUser, SEEDED_ADMIN, signInThroughApi } from './support/identity';
import { SAMPLE_JOBS } from '../../lambdas/assistant/samples/sample-jobs';
import { GREENHOUSE_DEMO_CLIENT } from '../../local/ats/ats-stand-ins';
import { chooseInCombobox } from './support/combobox';
import { saveScreenshot, WIDTHS, writeScreenshotIndex, type IndexSection, type WidthName } from './support/screenshots';
import { subscribeThroughApi } from './support/subscriptions';

// Screenshots of the main pages at desktop width and on a 390 px phone, for people who want to
// see the product without running it (docs/screenshots/README.md). See support/screenshots.ts for
// when they are written into the repository.

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

const SECTIONS: readonly IndexSection[] = [
  { title: 'Home', name: 'home' },
  { title: 'Products', name: 'products' },
  { title: 'Products: the plans, with their prices and what each includes', name: 'products-plans' },
  { title: 'Contact', name: 'contact' },
  { title: 'Sign in', name: 'sign-in' },
  { title: 'Menu on a phone (signed out)', name: 'menu-open', widths: ['phone'] },
  { title: 'Choose a plan (signed in, no subscription yet)', name: 'subscribe' },
  { title: 'Account', name: 'account' },
  { title: 'Account: billing, with the card on file and the invoices', name: 'account-billing' },
  { title: 'Services', name: 'services' },
  { title: 'Sourcing search strings from a sample job', name: 'services-sourcing-terms' },
  { title: 'External job description from a sample requisition, with what was removed', name: 'services-job-description' },
  {
    title: 'Candidate summary with its exports: PDF, Word and a copy for e-mail',
    name: 'services-candidate-summary-exports',
  },
  { title: 'Services: your saved jobs, each to rename, archive or delete', name: 'services-saved-jobs' },
  { title: 'Services: your recent results, searched by words and filtered by service', name: 'services-results-search' },
  { title: 'Your ATS on the account page: the fake Greenhouse connected and synced', name: 'account-ats' },
  { title: 'Placement prediction for a synced ATS job, with its held-out accuracy', name: 'services-placement-prediction' },
  { title: 'Best fit: the ATS job picker, searched by typing', name: 'services-best-fit-ats-picker' },
  { title: 'Profile', name: 'profile' },
  { title: 'Account menu, open', name: 'account-menu-open', note: 'On a phone (under 640 px) the main links join the account menu.' },
  { title: 'Admin console: contact messages', name: 'admin-contacts', note: 'Administrators only (the Admins group).' },
  { title: 'Admin console: users, with their subscriptions', name: 'admin-users' },
  { title: 'Admin console: registration codes', name: 'admin-codes' },
];

const WIDTH_NAMES = Object.keys(WIDTHS) as WidthName[];

/**
 * Each width in turn: resizes the page, lets `atWidth` bring what is shown into view, and saves it
 * as `<width>-<name>.jpg`. One load or one result serves both widths: the layout follows the width
 * through CSS media queries and the app's `matchMedia` listeners, so a page resized to 390 px shows
 * what a load at 390 px shows.
 */
async function shootEachWidth(page: Page, name: string, atWidth: () => Promise<void> = async () => undefined): Promise<void> {
  for (const width of WIDTH_NAMES) {
    await page.setViewportSize(WIDTHS[width]);
    // Two frames for what a resize sets off (the app's media-query listeners; Chromium scrolling a
    // focused field back into view) before `atWidth` scrolls: otherwise it lands after, and moves the shot.
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    await atWidth();
    await saveScreenshot(page, width, name);
  }
}

/**
 * Opens `path` at desktop width, waits for its heading (and `ready`), and saves it at each width as
 * `<width>-<name>.jpg`, from the top: the app's ScrollRestoration keys a freshly loaded page as
 * `default`, so a load restores where the previous load was left scrolled.
 */
async function shootAtBothWidths(
  page: Page,
  path: string,
  name: string,
  ready: () => Promise<void> = async () => undefined,
): Promise<void> {
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main .spinner')).toHaveCount(0);
  await ready();
  await page.evaluate('window.scrollTo(0, 0)');
  await shootEachWidth(page, name);
}

/** Scrolls `element` to just below the sticky header. */
async function scrollToTop(page: Page, element: Locator): Promise<void> {
  await element.evaluate((node) => node.scrollIntoView({ block: 'start' }));
  await page.evaluate('window.scrollBy(0, -96)');
}

test('the public pages, at desktop width and on a phone', async ({ page }) => {
  for (const [path, name] of [
    ['/', 'home'],
    ['/products', 'products'],
    ['/contact', 'contact'],
    ['/sign-in', 'sign-in'],
  ] as const) {
    await shootAtBothWidths(page, path, name);
  }
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/products');
  await expect(page.locator('.plan-card__price').first()).toContainText(/\$\d/);
  await shootEachWidth(page, 'products-plans', () => scrollToTop(page, page.getByRole('heading', { level: 2, name: 'Plans' })));
  await page.setViewportSize(WIDTHS.phone);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  await saveScreenshot(page, 'phone', 'menu-open');
});

test.describe('signed in', () => {
  let page: Page;

  /** Waits until nothing on the page is still loading: no spinner, and the account menu (its own chunk) in the header. */
  async function settled(): Promise<void> {
    await expect(page.locator('main .spinner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Hi, Dana/ })).toBeVisible();
  }

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
    await shootAtBothWidths(page, '/subscribe', 'subscribe', settled);
    await page.setViewportSize(WIDTHS.desktop);
    await subscribeThroughApi(page, 'Enterprise', 'Dana Reyes');
    await shootAtBothWidths(page, '/account', 'account', settled);
    // The billing section of the same load, scrolled into view at each width.
    const billing = page.getByRole('region', { name: 'Billing and invoices' });
    await expect(billing.getByText(/^Visa ending in 1111/)).toBeVisible();
    await expect(billing.getByRole('button', { name: /^Download PDF of invoice / }).first()).toBeVisible();
    await shootEachWidth(page, 'account-billing', async () => {
      await scrollToTop(page, billing);
      await settled();
    });
    for (const [path, name] of [
      ['/services', 'services'],
      ['/profile', 'profile'],
    ] as const) {
      await shootAtBothWidths(page, path, name, settled);
    }
  });

  test('two assistant screens with a result from a sample', async () => {
    test.setTimeout(60_000);
    for (const [path, name, button, heading] of [
      ['/services/sourcing-terms', 'services-sourcing-terms', 'Generate search strings', /^Search strings for /],
      ['/services/job-description', 'services-job-description', 'Write the external description', /^External description/],
    ] as const) {
      await page.setViewportSize(WIDTHS.desktop);
      await page.goto(path);
      await page.getByRole('button', { name: 'Try a sample' }).click();
      // The sample loads on demand: a click before it lands submits an empty form.
      await expect(page.getByText(/^Filled in the sample:/)).toBeVisible();
      await page.getByRole('button', { name: button }).click();
      const title = page.getByRole('heading', { level: 2, name: heading });
      await expect(title).toBeFocused({ timeout: 20_000 });
      await shootEachWidth(page, name, () => title.evaluate((element) => element.scrollIntoView({ block: 'start' })));
    }
  });

  test('a candidate summary’s exports, then the hub’s saved jobs and its results searched', async () => {
    test.setTimeout(60_000);
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto('/services/candidate-summary');
    await page.getByRole('button', { name: 'Try a sample' }).click();
    await expect(page.getByText(/^Filled in the sample:/)).toBeVisible();
    await page.getByRole('button', { name: 'Write the summary' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Summary of / })).toBeFocused({ timeout: 20_000 });
    const exports = page.getByRole('group', { name: 'Export the candidate summary' });
    for (const width of WIDTH_NAMES) {
      await page.setViewportSize(WIDTHS[width]);
      await scrollToTop(page, page.locator('section.assistant-result'));
      await expect(exports).toBeInViewport();
      await settled();
      await saveScreenshot(page, width, 'services-candidate-summary-exports');
    }

    // Two sample jobs saved with their must-haves, as a recruiter saves them, for the hub to list.
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto('/services/must-haves');
    for (const sample of SAMPLE_JOBS.slice(0, 2)) {
      await page.getByLabel('Job', { exact: true }).selectOption({ label: 'A new job' });
      await page.getByRole('button', { name: 'Try a sample' }).click();
      await expect(page.getByText(`Filled in the sample: ${sample.title}.`)).toBeVisible();
      await page.getByRole('button', { name: 'Propose must-haves' }).click();
      await expect(page.getByRole('heading', { level: 2, name: `Proposed for ${sample.title}` })).toBeFocused({ timeout: 20_000 });
      await page.getByRole('button', { name: /^Save (as a new job|the job)$/ }).click();
      await expect(page.getByText(`Saved “${sample.title}” with`, { exact: false })).toBeVisible();
    }

    // The sourcing search strings made from a sample (above) are the results searched for. One
    // load of the hub: its saved jobs at each width, then its results searched at each width.
    const sourced = 'Sourcing search terms';
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto('/services');
    const saved = page.getByRole('region', { name: 'Your saved jobs' });
    await expect(saved.getByRole('button', { name: /^Archive / })).toHaveCount(2);
    await shootEachWidth(page, 'services-saved-jobs', async () => {
      await scrollToTop(page, saved);
      await settled();
    });

    const recent = page.getByRole('region', { name: 'Your recent results' });
    const links = recent.locator('.recent-results__list a');
    await expect(links.first()).toBeVisible();
    const words = (
      (await recent
        .getByRole('link', { name: new RegExp(`^${sourced}: `) })
        .first()
        .textContent()) ?? ''
    )
      .replace(`${sourced}: `, '')
      .split(/\s+/)
      .slice(0, 2)
      .join(' ');
    await recent.getByRole('searchbox', { name: 'Search' }).fill(words);
    await recent.getByRole('combobox', { name: 'Service' }).selectOption({ label: sourced });
    await expect
      .poll(async () => {
        const texts = await links.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.startsWith(`${sourced}: `));
      })
      .toBe(true);
    await shootEachWidth(page, 'services-results-search', async () => {
      await scrollToTop(page, recent);
      await settled();
    });
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
    await page.goto('/account');
    await expect(page.getByText('Up to date')).toBeVisible();
    await shootEachWidth(page, 'account-ats', () => scrollToTop(page, page.getByRole('heading', { level: 2, name: 'Your ATS' })));

    await page.setViewportSize(WIDTHS.desktop);
    await page.goto('/services/placement-prediction');
    await chooseInCombobox(page, 'ATS job', /\([1-9]\d* active application/);
    await page.getByRole('button', { name: 'Predict placements' }).click();
    const title = page.getByRole('heading', { level: 2, name: /^Placement prediction for / });
    await expect(title).toBeFocused({ timeout: 20_000 });
    await shootEachWidth(page, 'services-placement-prediction', () =>
      title.evaluate((element) => element.scrollIntoView({ block: 'start' })),
    );

    // Best fit: the ATS's jobs searched by typing, in the list under the field.
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto('/services/best-fit');
    const importer = page.getByRole('group', { name: 'Add candidates from your ATS' });
    const jobPicker = importer.getByRole('combobox', { name: 'ATS job', exact: true });
    await jobPicker.fill('engineer');
    const firstJob = importer.getByRole('listbox', { name: 'ATS job' }).getByRole('option').first();
    await shootEachWidth(page, 'services-best-fit-ats-picker', async () => {
      await expect(firstJob).toContainText(/engineer/i);
      await scrollToTop(page, importer);
      await settled();
    });
  });

  test('the open account menu', async () => {
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto('/account');
    const button = page.getByRole('button', { name: /Hi, Dana/ });
    const menu = page.getByRole('menu');
    await shootEachWidth(page, 'account-menu-open', async () => {
      // The menu opened at the previous width is closed first by its button (a key would show
      // focus rings), so each width shows it as a click opens it.
      if (await menu.isVisible()) {
        await button.click();
        await expect(menu).toBeHidden();
      }
      await button.click();
      await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    });
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
  await signInThroughApi(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, SEEDED_ADMIN.firstName);
  for (const [path, name] of [
    ['/admin', 'admin-contacts'],
    ['/admin?section=users', 'admin-users'],
    ['/admin?section=codes', 'admin-codes'],
  ] as const) {
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto(path);
    await expect(page.getByRole('article').first()).toBeVisible();
    // The account menu is its own chunk: wait for it, or the header is caught without it.
    await expect(page.getByRole('button', { name: `Hi, ${SEEDED_ADMIN.firstName}` })).toBeVisible();
    await shootEachWidth(page, name);
  }
  await page.context().close();
});

test.afterAll(() => {
  writeScreenshotIndex(SECTIONS);
});
