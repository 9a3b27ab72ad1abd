import { expect, type Page } from '@playwright/test';

/** The local billing adapter's approved test card (see local/README.md, Billing). */
export const APPROVED_TEST_CARD = '4111 1111 1111 1111';

/**
 * Subscribes the signed-in user to `plan` with the approved test card through /subscribe, as a
 * person would, and waits for the success page.
 */
export async function subscribeWithTestCard(
  page: Page,
  plan: 'Starter' | 'Professional' | 'Enterprise',
  cardholder: string,
): Promise<void> {
  await page.goto('/subscribe');
  await page.getByRole('button', { name: `Choose ${plan}` }).click();
  await fillTestCard(page, cardholder);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/success$/);
}

/** Fills the checkout's card fields with the approved test card. */
export async function fillTestCard(page: Page, cardholder: string): Promise<void> {
  await page.getByLabel('Card number').fill(APPROVED_TEST_CARD);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(cardholder);
}
