import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, test, type Browser, type Page } from './support/test';
import { createOrganizationsRepository } from '../../lambdas/shared/organizations/organizations-repository';
import { DESKTOP_VIEWPORT, expectAccessibleAtBothWidths, PHONE_VIEWPORT } from './support/accessibility';
import { cognito, firstSignIn, inviteAndActivateUser, joinTeam, uniqueEmail } from './support/identity';
import { userIdOf } from './support/firm';
import { localDatabase, localTable, readEndpoints, scanTable } from './support/local-runtime';
import { subscribeThroughApi } from './support/subscriptions';

/**
 * The Team page (issue 18) end to end, at desktop and phone widths: an owner subscribes (their
 * firm is founded), an invitation beyond the seats offers "Add seats", the firm gets seats, the
 * owner invites a recruiter, who signs in with the temporary password from the outbox, sets their
 * own and joins; the owner changes a role and removes a member, who is refused at once.
 *
 * Walked once, the owner on a desktop and the recruiter on a phone, with every state checked at
 * both widths: the layout follows the width through CSS, so a second whole walk per width (a
 * second firm, sign-in and removal) proved nothing more.
 */

/**
 * Gives the firm `seats` seats in the local table: the stand-in for the billing page's seat
 * dialog (its own specs), which this spec only links to.
 */
async function setSeats(organizationId: string, seats: number): Promise<void> {
  const organizations = createOrganizationsRepository({ client: localDatabase(), tableName: await localTable('organizations') });
  const firm = await organizations.getOrganization(organizationId);
  if (!firm) throw new Error(`No firm ${organizationId}`);
  expect(await organizations.saveOrganization({ ...firm, seats }, firm.updatedAt)).toBe(true);
}

/** A teammate's first sign-in through the sign-in page, in a browser of their own: the emailed temporary password, then their own. */
async function firstSignInThroughForm(browser: Browser, email: string, viewport: typeof PHONE_VIEWPORT): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  // Invited by address only, they have no name yet: the greeting says so.
  await firstSignIn(page, email, { via: 'form', greeting: 'Hi there', password: 'team-password-2024' });
  return page;
}

test('a team: invite beyond the seats, join, change a role, remove (owner at 1280 px, recruiter at 390 px, checked at both)', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP_VIEWPORT);
  const firm = `Okafor Search ${Date.now().toString(36)}`;
  const owner = await inviteAndActivateUser(page, 'Olga', { companyName: firm });
  await subscribeThroughApi(page, 'Starter', 'Olga Okafor');
  const ownerId = await userIdOf(owner.email);

  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: firm })).toBeVisible();
  await expectAccessibleAtBothWidths(page, '/team of a one-seat firm');
  // The account menu names the firm.
  await page.getByRole('button', { name: 'Hi, Olga' }).click();
  await expect(page.getByRole('menuitem', { name: `Team · ${firm}` })).toBeVisible();
  await page.keyboard.press('Escape');

  // Beyond the seats: how many are missing, and the way to add them.
  const rita = uniqueEmail('rita');
  await page.getByRole('textbox', { name: 'Email' }).fill(rita);
  await page.getByRole('button', { name: 'Invite' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('add 1 seat');
  await expect(alert.getByRole('link', { name: 'Add seats' })).toHaveAttribute('href', '/account?seats=2&returnTo=/team');
  await expectAccessibleAtBothWidths(page, '/team with the seats refusal');

  await setSeats(ownerId, 3);
  await page.reload();
  const sam = uniqueEmail('sam');
  for (const [email, role] of [
    [rita, 'Recruiter'],
    [sam, 'Recruiter'],
  ] as const) {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: role });
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByRole('region', { name: 'Invitations' }).getByText(email, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Seats' })).toContainText('3');
  await expectAccessibleAtBothWidths(page, '/team with invitations');

  // Rita signs in with the emailed temporary password, sets her own, and joins.
  const ritaPage = await firstSignInThroughForm(browser, rita, PHONE_VIEWPORT);
  await joinTeam(ritaPage, firm);
  await expect(ritaPage.getByRole('region', { name: 'Members' })).toContainText(owner.email);
  // A recruiter sees the team read-only.
  await expect(ritaPage.getByRole('button', { name: /Remove|Invite/ })).toHaveCount(0);
  await expectAccessibleAtBothWidths(ritaPage, '/team as a recruiter');
  const ritaId = await userIdOf(rita);

  // The owner makes Rita an admin, then removes her.
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' });
  await members.getByRole('combobox', { name: `Role of ${rita}` }).selectOption({ label: 'Admin' });
  await expect(page.getByText(`${rita} is now admin.`)).toBeVisible();
  await members.getByRole('button', { name: `Remove ${rita}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${rita}?` });
  await expectAccessibleAtBothWidths(page, 'the removal dialog');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(members.getByText(rita, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Members' })).toBeFocused();

  // Rita is refused at once: no team, and her refresh token was revoked by the global sign-out.
  await ritaPage.reload();
  await expect(ritaPage.getByText('You are not part of a team yet.')).toBeVisible();
  const team = (await scanTable('organizations')).find((item) => item.pk === `org#${ownerId}` && item.sk === `member#${ritaId}`);
  expect(team).toMatchObject({ state: 'removed', removedBy: ownerId });
  await expect(
    cognito().send(
      new InitiateAuthCommand({
        ClientId: readEndpoints().userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: String(await refreshTokenOf(ritaPage)) },
      }),
    ),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  await ritaPage.context().close();
});

/** The refresh token Amplify keeps for the signed-in user of `page`. */
async function refreshTokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const storage = (
      globalThis as unknown as { localStorage: { getItem(name: string): string | null; key(index: number): string | null; length: number } }
    ).localStorage;
    for (let index = 0; index < storage.length; index += 1) {
      const name = storage.key(index);
      if (name?.endsWith('.refreshToken')) return storage.getItem(name);
    }
    return null;
  });
}
