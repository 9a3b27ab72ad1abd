import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { sessionIdToken } from './identity';
import { readEndpoints } from './local-runtime';

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

/**
 * Subscribes the signed-in user on `page` (after inviteAndActivateUser or a sign-in) to `plan` with the
 * approved test card through the two calls the checkout makes: the card to the local billing
 * stand-in for a token, then `POST /subscription/create-change` with the user's id token. For tests
 * whose subject comes after subscribing: the checkout's pages cost two page loads and the card form
 * every time, and they are walked where they are the subject (subscriptions, plans, keyboard,
 * billing-self-service, three-d-secure and accessibility specs). The page stays where it was; the
 * app reads the subscription on its next page load.
 */
export async function subscribeThroughApi(page: Page, plan: 'Starter' | 'Professional' | 'Enterprise', cardholder: string): Promise<void> {
  const { restUrl, localBillingTokenUrl } = readEndpoints();
  const idToken = await sessionIdToken(page);
  const [firstName, ...lastNames] = cardholder.split(' ');
  const card = await page.request.post(localBillingTokenUrl, {
    data: { number: APPROVED_TEST_CARD.replace(/ /g, ''), month: '12', year: '2030', cvv: '123', firstName, lastName: lastNames.join(' ') },
  });
  expect(card.status(), await card.text()).toBe(201);
  const plans = (await (await page.request.get(`${restUrl}/subscription/plans`)).json()) as { plans: { code: string }[] };
  const planCode = plans.plans.find((candidate) => candidate.code.startsWith(`${plan.toLowerCase()}_`))?.code;
  const created = await page.request.post(`${restUrl}/subscription/create-change`, {
    headers: { Authorization: idToken, 'Idempotency-Key': randomUUID() },
    data: { planCode, currency: 'USD', billingToken: ((await card.json()) as { id: string }).id },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect(((await created.json()) as { outcome: string }).outcome).toBe('created');
}
