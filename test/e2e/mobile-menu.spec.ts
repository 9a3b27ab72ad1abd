import { expect, test } from './support/test';

test.describe('at the 640px breakpoint', () => {
  test.use({ viewport: { width: 640, height: 900 } });

  test('the main links move into a menu that opens, navigates and closes', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menuButton = page.getByRole('button', { name: 'Menu' });

    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Products', exact: true })).toBeHidden();

    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Products', exact: true })).toBeVisible();

    await nav.getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Company', exact: true })).toBeHidden();
  });
});

test.describe('just above the breakpoint', () => {
  test.use({ viewport: { width: 641, height: 900 } });

  test('the main links show in the header and there is no menu button', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  });
});
