import { expect, test } from './support/test';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/accessibility';
import { inviteAndActivateUser } from './support/identity';
import { subscribeWithTestCard } from './support/subscriptions';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const PUBLIC_PAGES = [
  { path: '/', title: 'Home', heading: /Fill roles faster/ },
  { path: '/products', title: 'Products', heading: /release by release/ },
  { path: '/company', title: 'Company', heading: /Built with recruiters/ },
  { path: '/contact', title: 'Contact', heading: /Talk to the TalentPilot team/ },
  { path: '/privacy-policy', title: 'Privacy Policy', heading: 'Privacy Policy' },
  { path: '/terms-condition', title: 'Terms and Conditions', heading: 'Terms and Conditions' },
];

for (const page of PUBLIC_PAGES) {
  test(`a visitor can read ${page.path} with the header, footer and its own title`, async ({ page: browser }) => {
    await browser.goto(page.path);
    await expect(browser.getByRole('heading', { level: 1, name: page.heading })).toBeVisible();
    await expect(browser).toHaveTitle(`${page.title} · TalentPilot`);

    const nav = browser.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Products', 'Company', 'Contact']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(browser.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');

    const footer = browser.getByRole('contentinfo');
    for (const label of ['Home', 'Products', 'Company', 'Privacy Policy', 'Terms and Conditions']) {
      await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(footer).toContainText('© 2024 TalentPilot');
  });
}

test('the header navigation moves between pages without a full reload', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await nav.getByRole('link', { name: 'Company', exact: true }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('heading', { level: 1, name: /Built with recruiters/ })).toBeVisible();
});

test('the products page compares 9 capabilities across releases R1, R2 and R3', async ({ page }) => {
  await page.goto('/products');
  const matrix = page.getByRole('table');
  await expect(matrix.getByRole('columnheader', { name: 'R1' })).toBeVisible();
  await expect(matrix.getByRole('columnheader', { name: 'R2' })).toBeVisible();
  await expect(matrix.getByRole('columnheader', { name: 'R3' })).toBeVisible();
  await expect(matrix.locator('tbody tr')).toHaveCount(9);
  await expect(matrix.locator('tbody tr').first()).toContainText(/sourcing search terms/i);
  const cells = await matrix.locator('tbody td').allInnerTexts();
  expect(cells).toHaveLength(27);
  for (const cell of cells) expect(cell.toLowerCase()).toMatch(/included|repeat|pending/);
  const legend = page.getByLabel('Legend');
  await expect(legend).toBeVisible();
  for (const state of [/included/i, /repeat/i, /pending/i]) await expect(legend).toContainText(state);
});

test('a page loaded in a tab where another was scrolled opens at its top, with its fields styled', async ({ page }) => {
  await page.goto('/company');
  await expect(page.getByRole('heading', { level: 1, name: /Built with recruiters/ })).toBeVisible();
  // Scrolled again on each poll: a page still laying out may not be tall enough the first time.
  await expect
    .poll(() => page.evaluate<number>('window.scrollTo(0, document.documentElement.scrollHeight), window.scrollY'))
    .toBeGreaterThan(200);

  // Typed into the tab, not a link: a fresh load, whose history entry react-router always keys "default".
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: /release by release/ })).toBeVisible();
  expect(await page.evaluate<number>('window.scrollY')).toBe(0);
  // The Currency select is a form field like the others (form.css's border), not the browser's default.
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveCSS('border-top-color', 'rgb(185, 195, 214)');
});

test('an unknown path shows Missing Route with a way home, at desktop and phone width', async ({ page }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Missing Route' })).toBeVisible();
    await expectNoSidewaysScroll(page, `Missing Route at ${viewport.width}px`);
    // At 1280px accessibility.spec.ts scans this very page (an unknown path, opened signed out).
    if (viewport !== DESKTOP) await expectNoAxeViolations(page, `Missing Route at ${viewport.width}px`);
  }
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /Fill roles faster/ })).toBeVisible();
});

test('after subscribing, the success page says what happens next: the ATS is connected on /account', async ({ page }) => {
  test.setTimeout(60_000);
  await inviteAndActivateUser(page, 'Ines');
  await subscribeWithTestCard(page, 'Professional', 'Ines Moreau');
  const next = page.getByRole('region', { name: 'Next steps' });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(next.getByRole('link', { name: 'Connect your ATS' })).toHaveAttribute('href', '/account');
    await expect(next).not.toContainText('send it to us through Support');
    await expectNoSidewaysScroll(page, `/success at ${viewport.width}px`);
    await expectNoAxeViolations(page, `/success at ${viewport.width}px`);
  }
  await next.getByRole('link', { name: 'Connect your ATS' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your ATS' })).toBeVisible();
});

test('the Unknown Registration Code page explains the problem and Try Again leads to /sign-in', async ({ page }) => {
  await page.goto('/sign-in-error');
  await expect(page.getByRole('heading', { level: 1, name: 'Unknown Registration Code' })).toBeVisible();
  await expect(page.getByText('You have provided an incorrect registration code. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});
