import { ATS_MANAGERS_ONLY_SENTENCE } from '../../lambdas/shared/contracts/ats';
import { expect, test, type Page } from './support/test';
import { DESKTOP_VIEWPORT, expectAccessibleAtBothWidths } from './support/accessibility';
import { connectAndSyncDemoGreenhouseThroughApi } from './support/ats';
import { joinFirm, userIdOf } from './support/firm';
import { inviteAndActivateUser, signInThroughApi, uniqueEmail } from './support/identity';
import { subscribeWithTestCard } from './support/subscriptions';

// The firm's ATS by role (issue 18): the owner connects the firm's Greenhouse (the local fake) and
// syncs it, and the firm's activity log says so; a recruiter of the firm sees the connection, its
// sync and the firm's jobs and candidates on the account page, read-only, with who can change
// them, at desktop and phone widths.

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

const atsSection = (page: Page) => page.getByRole('region', { name: 'Your ATS' });

let recruiter: { email: string; password: string };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await (await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP_VIEWPORT })).newPage();
  const owner = await inviteAndActivateUser(page, 'Ines', {
    email: uniqueEmail('ines.ats'),
    lastName: 'Moreau',
    companyName: 'Moreau Staffing',
  });
  // Subscribing founds the firm (its id is the founder's); Enterprise includes the ATS connection.
  await subscribeWithTestCard(page, 'Enterprise', 'Ines Moreau');
  const ownerId = await userIdOf(owner.email);

  // Through the routes the account page calls: an owner's connect form and "Sync now" are walked
  // in organization.spec.ts (a firm's owner) and ats.spec.ts.
  await connectAndSyncDemoGreenhouseThroughApi(page);

  // The firm's activity log names who connected and synced the ATS.
  await page.goto('/activity');
  const log = page.getByRole('table', { name: 'Team activity, newest first' });
  await expect(log.getByRole('cell', { name: 'Ines Moreau connected the ATS (Greenhouse)' })).toBeVisible();
  await expect(
    log.getByRole('cell', { name: /^Ines Moreau synced all of the ATS \(Greenhouse\): [1-9][\d,]* jobs, [1-9][\d,]* candidates/ }),
  ).toBeVisible();
  await page.context().close();

  const recruiterPage = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  recruiter = await inviteAndActivateUser(recruiterPage, 'Rafael', { email: uniqueEmail('rafael.ats'), lastName: 'Silva' });
  await recruiterPage.context().close();
  await joinFirm(ownerId, recruiter.email, 'recruiter');
});

test('a recruiter sees the firm’s ATS read-only, with who can change it, at desktop and phone width', async ({ browser }) => {
  const page = await (await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP_VIEWPORT })).newPage();
  // Lands on the account page; the sign-in form is sign-in.spec.ts's and keyboard.spec.ts's.
  await signInThroughApi(page, recruiter.email, recruiter.password, 'Rafael');

  const section = atsSection(page);
  await expect(section.getByText(ATS_MANAGERS_ONLY_SENTENCE)).toBeVisible();
  const connection = section.getByRole('region', { name: 'Connected ATS' });
  await expect(connection.getByText('Greenhouse', { exact: true })).toBeVisible();
  const sync = section.getByRole('region', { name: 'Sync' });
  await expect(sync.getByText('Up to date')).toBeVisible();
  const countOf = async (term: string) =>
    Number((await sync.getByText(term, { exact: true }).locator('xpath=following-sibling::*[1]').textContent())?.replace(/\D/g, ''));
  expect(await countOf('Jobs')).toBeGreaterThan(0);
  expect(await countOf('Candidates')).toBeGreaterThan(0);
  for (const control of ['Test connection', 'Disconnect', 'Sync now', 'Test and save'])
    await expect(section.getByRole('button', { name: control })).toHaveCount(0);
  await expect(section.locator('input, select')).toHaveCount(0);

  await expectAccessibleAtBothWidths(page, '/account with the firm’s ATS, for a recruiter');
  await page.context().close();
});
