import { expect, test, type Page } from './support/test';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createOrganizationsRepository } from '../../lambdas/shared/organizations/organizations-repository';
import { expectAccessibleAtBothWidths, expectNoAxeViolations, expectNoSidewaysScroll, PHONE_VIEWPORT } from './support/accessibility';
import { inviteAndActivateUser } from './support/identity';
import { localDatabase, scanTable } from './support/local-runtime';
import { APPROVED_TEST_CARD, subscribeThroughApi } from './support/subscriptions';
import { openInApp } from './support/navigation';

/**
 * A firm's seats through its subscription's quantity (issue 18), at desktop and phone width: the
 * owner previews a change (the new price, what is due now), confirms it and the seats follow; the
 * Team page's deep link opens the dialog filled in and leads back; going below the seats in use is
 * refused by the server with its reason by the field. And seats chosen at checkout: the firm
 * founded by the purchase has them.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Pending invitations of the owner's firm, as the Team page's invitations store them (they hold seats). */
async function invitePending(ownerEmail: string, emails: readonly string[]): Promise<void> {
  const users = await scanTable('users');
  const owner = users.find((user) => user.email === ownerEmail);
  if (!owner) throw new Error(`no user record for ${ownerEmail}`);
  const db = localDatabase();
  const { TableNames = [] } = await db.send(new ListTablesCommand({}));
  const tableName = TableNames.find((name) => name.endsWith('-organizations'));
  if (!tableName) throw new Error(`no organizations table: ${TableNames.join(', ')}`);
  const organizations = createOrganizationsRepository({ client: db, tableName });
  const now = new Date();
  for (const email of emails) {
    await organizations.saveInvitation({
      organizationId: String(owner.id),
      email,
      role: 'recruiter',
      invitedBy: String(owner.id),
      state: 'pending',
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
      updatedAt: now.toISOString(),
    });
  }
}

async function previewSeats(page: Page, seats: number) {
  const region = page.getByRole('region', { name: 'Seats' });
  await region.getByLabel('Number of seats').fill(String(seats));
  await region.getByRole('button', { name: 'Change seats' }).click();
}

test('an owner previews, confirms and gets more seats; below the seats in use is refused; at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await inviteAndActivateUser(page, 'Selma');
  await subscribeThroughApi(page, 'Starter', 'Selma Ortiz');
  const seatsRegion = page.getByRole('region', { name: 'Seats' });

  let seats = 1;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/account');
    await expect(seatsRegion.getByText(`Seats: ${seats} (1 in use)`)).toBeVisible();
    await expectNoSidewaysScroll(page, `/account with seats at ${viewport.name}`);
    await expectNoAxeViolations(page, `/account with seats at ${viewport.name}`);

    // Preview: the new price and what is due now (nothing during the free trial), then confirm.
    const next = seats + 2;
    await previewSeats(page, next);
    const dialog = page.getByRole('dialog', { name: `Change to ${next} seats?` });
    await expect(dialog.getByText(`$${49 * next} / month (${next} × $49)`)).toBeVisible();
    await expect(dialog.getByText('$0 due now.')).toBeVisible();
    await expectNoAxeViolations(page, `the seat change dialog at ${viewport.name}`);
    await dialog.getByRole('button', { name: `Confirm ${next} seats` }).click();
    await expect(page.getByText(`Your firm now has ${next} seats.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(seatsRegion.getByText(`Seats: ${next} (1 in use)`)).toBeVisible();
    seats = next;
  }

  // Two pending invitations hold seats: three in use. Going to two is refused, by the server, with why.
  await invitePending(email, ['kim.seats@example.com', 'lee.seats@example.com']);
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/account');
  await expect(seatsRegion.getByText(`Seats: ${seats} (3 in use)`)).toBeVisible();
  await previewSeats(page, 2);
  const refusal = seatsRegion.getByRole('alert');
  await expect(refusal).toHaveText(
    '3 seats are in use (members and pending invitations): revoke invitations or remove members before going below 3.',
  );
  await expect(seatsRegion.getByLabel('Number of seats')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page, '/account with a refused seat change');

  // The Team page's link for an invitation beyond the seats: the dialog opens filled in, and leads back.
  await page.goto(`/account?seats=${seats + 1}&returnTo=/services`);
  const linked = page.getByRole('dialog', { name: `Change to ${seats + 1} seats?` });
  await expect(linked).toBeVisible();
  await linked.getByRole('button', { name: `Confirm ${seats + 1} seats` }).click();
  // The path, not the whole address: the deep link's own address ends in `returnTo=/services`, so
  // a pattern on it matched before the change was answered, and the next page load raced it.
  await expect(page).toHaveURL((url) => url.pathname === '/services');
  await page.goto('/account');
  await expect(seatsRegion.getByText(`Seats: ${seats + 1} (3 in use)`)).toBeVisible();
});

// Walked once, on a phone, with each state checked at both widths: the layout follows the width
// through CSS, so a second whole checkout at 1280 px proved nothing more (the plans, subscriptions
// and keyboard specs walk the checkout at 1280 px).
test('a new subscriber buys 3 seats at checkout and the Team page shows them (walked at 390 px, checked at 1280 and 390 px)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE_VIEWPORT);
  await inviteAndActivateUser(page, 'Tariq');
  await openInApp(page, '/subscribe');
  await page.getByRole('button', { name: 'Choose Starter' }).click();
  const checkout = page.getByRole('region', { name: 'Start your free trial' });
  const seats = checkout.getByLabel('Seats');
  await expect(seats).toHaveValue('1');
  await expect(seats).toHaveAccessibleDescription('One seat per recruiter. You can add seats later from the Team page.');

  // A bad number is refused by the field, before any card is read.
  await seats.fill('0');
  await checkout.getByRole('button', { name: 'Start free trial' }).click();
  await expect(seats).toHaveAttribute('aria-invalid', 'true');
  await expect(seats).toHaveAccessibleDescription(/Choose from 1 to 1,000 seats\./);
  await expectAccessibleAtBothWidths(page, 'the checkout with a seats error');

  // Three seats: the monthly total for them before paying (the setup fee once, the trial first).
  await seats.fill('3');
  const total = (term: string) => checkout.locator('.facts__row', { has: page.getByText(term, { exact: true }) }).locator('dd');
  await expect(total('Monthly total')).toHaveText(/^\$147 \/ month \(3 seats × \$49\), from /);
  await expect(total('Due today')).toHaveText('$99 (the one-time setup fee of $99, not per seat)');
  await page.getByLabel('Card number').fill(APPROVED_TEST_CARD);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await expectAccessibleAtBothWidths(page, 'the checkout with 3 seats');
  await checkout.getByRole('button', { name: 'Start free trial' }).click();

  await expect(page).toHaveURL(/\/success$/);
  const bought = page.getByRole('region', { name: 'What you bought' });
  await expect(bought.locator('.facts__row', { has: page.getByText('Seats', { exact: true }) }).locator('dd')).toHaveText('3');
  await expect(bought.getByText('$147 / month: 3 seats × $49 (USD)')).toBeVisible();
  await expectAccessibleAtBothWidths(page, '/success with 3 seats');

  // The firm founded by the purchase has the seats bought.
  await page.goto('/team');
  const teamSeats = page.getByRole('region', { name: 'Seats' });
  await expect(teamSeats.getByRole('definition').first()).toHaveText('3');
  await expect(teamSeats).toContainText(/Total\s*3\s*In use\s*1\s*Free\s*2/);
  await expectAccessibleAtBothWidths(page, '/team with 3 seats');
});
