import { expect, test, type Locator, type Page } from './support/test';
import { readFile } from 'node:fs/promises';
import { DESKTOP_VIEWPORT, expectNoAxeViolations, expectNoSidewaysScroll, PHONE_VIEWPORT } from './support/accessibility';
import { inviteAndActivateUser } from './support/identity';
import { subscribeThroughApi } from './support/subscriptions';
import { openInApp } from './support/navigation';

/**
 * Billing self-service (issue 17), at desktop and phone width: a refused card is explained next to
 * the card fields (not only in a toast that goes away), and the account page shows the card on
 * file, takes a new one and lists the invoices with a PDF that downloads as a real file.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const DECLINED_CARD = '4000 0000 0000 0002';
const APPROVED_CARD = '4111 1111 1111 1111';

async function fillCard(scope: Page | Locator, number: string, expiry: string, name: string): Promise<void> {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry (MM/YY)').fill(expiry);
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('Name on card').fill(name);
}

/** The card fields' group says (aria-describedby) what the alert next to it says. */
async function expectCardProblem(scope: Page | Locator, message: string): Promise<void> {
  const fields = scope.getByRole('group', { name: /Test card/ });
  const problem = scope.getByRole('alert').filter({ hasText: message });
  await expect(problem).toBeVisible();
  const problemId = await problem.getAttribute('id');
  expect(problemId).toBeTruthy();
  await expect(fields).toHaveAttribute('aria-describedby', problemId!);
}

/** How many lines an element's text takes. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = node.ownerDocument.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

// The refused checkout is walked once, on a phone, and checked at both widths: a second whole
// checkout at 1280 px proved nothing more (the plans, subscriptions and keyboard specs walk the
// checkout at 1280 px).
test('a declined card shows its message next to the card fields (walked at 390 px, checked at 1280 and 390 px)', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE_VIEWPORT);
  await inviteAndActivateUser(page, 'Dalia');
  const checkout = page.getByRole('region', { name: 'Start your free trial' });
  await openInApp(page, '/subscribe');
  await page.getByRole('button', { name: 'Choose Starter' }).click();
  await fillCard(page, DECLINED_CARD, '12/30', 'Dalia Haddad');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
    await page.setViewportSize(viewport);
    await expectCardProblem(checkout, 'Your card was declined.');
    await expectNoSidewaysScroll(page, `the refused checkout at ${viewport.width} px`);
    await expectNoAxeViolations(page, `the refused checkout at ${viewport.width} px`);
  }

  // The message stays until the next attempt, which goes through with a good card.
  await checkout.getByLabel('Card number').fill(APPROVED_CARD);
  await expect(checkout.getByText('Your card was declined.')).toBeVisible();
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/success$/);
});

test('the account page shows the card on file, updates it and downloads invoice PDFs, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(90_000);
  await inviteAndActivateUser(page, 'Tomas');
  await subscribeThroughApi(page, 'Professional', 'Tomas Berg');

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/account');
    const subscription = page.getByRole('region', { name: 'Your subscription' });
    const billing = page.getByRole('region', { name: 'Billing and invoices' });

    // The subscription's facts keep their lines: "Next bill" is one line, not "December / 10, 2026: / $149".
    const nextBill = subscription.locator('.facts__row', { hasText: 'Next bill' }).locator('dd');
    await expect(nextBill).toContainText('$149');
    expect(await lineCount(nextBill)).toBe(1);

    // The card on file.
    await expect(billing.getByText(/^Visa ending in 1111, expires (12\/2030|11\/2031)$/)).toBeVisible();

    // The setup fee's invoice, paid, with its PDF.
    const invoice = billing.getByRole('row').filter({ hasText: '$199' });
    await expect(invoice).toHaveCount(1);
    await expect(invoice).toContainText('Paid');
    const number = (await invoice.getByRole('rowheader').textContent())?.replace(/\D/g, '') ?? '';
    expect(number).toMatch(/^\d+$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      invoice.getByRole('button', { name: `Download PDF of invoice ${number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`Invoice ${number}`);
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

    await expectNoSidewaysScroll(page, `/account at ${viewport.name}`);
    await expectNoAxeViolations(page, `/account at ${viewport.name}`);

    if (viewport.name === 'desktop') {
      // A declined card is refused next to the fields and the old card stays on file.
      await billing.getByRole('button', { name: 'Update card' }).click();
      await fillCard(billing, DECLINED_CARD, '11/31', 'Tomas Berg');
      await billing.getByRole('button', { name: 'Save card' }).click();
      await expectCardProblem(billing, 'Your card was declined.');
      await expectNoAxeViolations(page, '/account with a refused card update');
      await expect(billing.getByText('Visa ending in 1111, expires 12/2030')).toBeVisible();

      // A good card replaces it.
      await billing.getByLabel('Card number').fill(APPROVED_CARD);
      await billing.getByRole('button', { name: 'Save card' }).click();
      await expect(page.getByText('Your card was updated. Your next invoices are charged to it.')).toBeVisible();
      await expect(billing.getByText('Visa ending in 1111, expires 11/2031')).toBeVisible();
      await expect(billing.getByRole('button', { name: 'Update card' })).toBeFocused();
    }
  }
});
