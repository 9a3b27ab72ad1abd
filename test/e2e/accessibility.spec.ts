import { expect, test, type Browser, type Page } from './support/test';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/accessibility';
import { inviteAndActivateUser } from './support/identity';
import { openInApp } from './support/navigation';
import { subscribeThroughApi } from './support/subscriptions';

// axe reads the page as it is: finished transitions and toasts that have arrived, not mid-animation.
test.use({ reducedMotion: 'reduce' });

const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 640, height: 900 };

/** How a check reaches its page: a load of the app (`page.goto`), or a move inside it (`openInApp`). */
type Open = (page: Page, path: string) => Promise<unknown>;
const load: Open = (page, path) => page.goto(path);

/**
 * Opens `path` at desktop width, waits for its heading, and checks it (axe, reflow) there and,
 * resized, at the 640px breakpoint. One load serves both widths: the layout follows the width
 * through CSS media queries and the app's `matchMedia` listeners, so a resized page is the page a
 * load at 640px gives (and a second load only cost the app's start and axe's injection again).
 */
async function checkAtBothWidths(page: Page, path: string, what = path, open: Open = load): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await open(page, path);
  await expect(page.locator('main h1').first()).toBeVisible();
  for (const viewport of [DESKTOP, NARROW]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${what} at ${viewport.width}px`);
    await expectNoSidewaysScroll(page, `${what} at ${viewport.width}px`);
  }
}

/**
 * One page for the signed-out checks, each route loaded afresh (a visitor lands on any of them from
 * outside). A check of a state of a page (an open menu, a form's errors) follows the check of that
 * page and goes on from it; it loads the page itself only when it does not find it (run alone, or
 * after a failure, when Playwright starts a new worker and so a new page).
 */
test.describe('signed out', () => {
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  /** Goes on from the page the previous check left when it shows `path`; loads `path` otherwise. */
  async function onPage(path: string): Promise<void> {
    await page.setViewportSize(DESKTOP);
    if (new URL(page.url(), 'http://app').pathname !== path) await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
  }

  /** The states checked on each route after the route itself, in the order they run. */
  const STATES: Readonly<Record<string, readonly { readonly title: string; readonly check: () => Promise<void> }[]>> = {
    '/': [
      {
        title: 'the home page text keeps its contrast on every colour of its background gradients',
        check: async () => {
          // axe cannot measure text over a gradient and leaves it undecided: paint each gradient's end
          // colours as solid backgrounds in turn (the gradients only blend between them) and measure.
          await onPage('/');
          for (const colour of ['--color-brand-soft', '--color-accent-soft']) {
            const style = await page.addStyleTag({ content: `.hero, .cta { background: var(${colour}) !important; }` });
            await expectNoAxeViolations(page, `the home page with its gradients painted ${colour}`);
            await style.evaluate((element) => element.remove());
          }
        },
      },
      {
        title: 'the open menu at the 640px breakpoint has no serious or critical violations',
        check: async () => {
          await onPage('/');
          await page.setViewportSize(NARROW);
          await page.getByRole('button', { name: 'Menu' }).click();
          await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true })).toBeVisible();
          await expectNoAxeViolations(page, 'the open Menu at 640px');
        },
      },
    ],
    '/sign-in': [
      {
        title: '/sign-in showing its validation errors, and an error toast, has no serious or critical violations',
        check: async () => {
          await onPage('/sign-in');
          await page.getByRole('button', { name: 'Sign in' }).click();
          await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
          await expectNoAxeViolations(page, '/sign-in with its validation errors');

          await page.getByLabel('Email').fill('nobody@example.com');
          await page.getByLabel('Password', { exact: true }).fill('not-the-password');
          await page.getByRole('button', { name: 'Sign in' }).click();
          await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
          await expectNoAxeViolations(page, '/sign-in with an error toast');
        },
      },
    ],
    '/invite-signup': [
      {
        title: '/invite-signup showing its validation errors has no serious or critical violations',
        check: async () => {
          await onPage('/invite-signup');
          await page.locator('main form button[type="submit"]').click();
          await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
          await expectNoAxeViolations(page, '/invite-signup with its validation errors');
        },
      },
    ],
    '/contact': [
      {
        title: '/contact showing its validation errors has no serious or critical violations',
        check: async () => {
          await onPage('/contact');
          await page.getByRole('button', { name: 'Send message' }).click();
          await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
          await expectNoAxeViolations(page, '/contact with its validation errors');
        },
      },
    ],
  };

  for (const path of [
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
  ]) {
    test(`${path} has no serious or critical accessibility violations`, async () => {
      await checkAtBothWidths(page, path, path === '/no/such/page' ? 'an unknown path (Missing Route)' : path);
    });
    for (const { title, check } of STATES[path] ?? []) test(title, check);
  }
});

/**
 * One user for every signed-in check, signed in once: first without a subscription (the plan
 * choice and the card form), then subscribed (the gated pages). The checks run in order, and move
 * from page to page inside the app, as a signed-in person does: the page each move shows is the
 * page a load shows (same elements, attributes, text and computed colours, fonts, outlines and
 * boxes, compared for every route here in this order; docs/decisions.md, W14A11Y).
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
      if (path !== '/account') return checkAtBothWidths(page, path, path, openInApp);
      // Subscribed through the API, behind the app's back: the app is loaded again to see it.
      await subscribeThroughApi(page, 'Enterprise', 'Adaeze Okafor');
      await checkAtBothWidths(page, path);
    });
  }

  test('the open account menu, at desktop width and at 640px, has no serious or critical violations', async () => {
    await openInApp(page, '/profile');
    const button = page.getByRole('button', { name: /Hi, Adaeze/ });
    for (const viewport of [DESKTOP, NARROW]) {
      await page.setViewportSize(viewport);
      await button.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page, `the open account menu at ${viewport.width}px`);
      await button.click();
      await expect(page.getByRole('menu')).toBeHidden();
    }
  });

  test('the cancel confirmation dialog and the edit-profile errors have no serious or critical violations', async () => {
    await page.setViewportSize(DESKTOP);
    await openInApp(page, '/account');
    await page.getByRole('region', { name: 'Your subscription' }).getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'the cancel-subscription dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await openInApp(page, '/edit-profile');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, '/edit-profile with its validation errors');
  });
});

/** The scanner itself: a page with serious violations fails with each rule and element named. */
test('the axe check fails on a page with serious violations and names them', async ({ page }) => {
  await page.setContent('<main><h1>Broken</h1><button id="nameless"></button><img id="no-alt" src="data:,"></main>');

  const failure = await expectNoAxeViolations(page, 'a deliberately broken page').then(
    () => 'passed',
    (error: unknown) => String(error),
  );

  expect(failure).toContain('axe found serious or critical violations on a deliberately broken page');
  for (const named of ['[critical] button-name:', 'at #nameless', '[critical] image-alt:', 'at #no-alt']) {
    expect(failure).toContain(named);
  }
});
