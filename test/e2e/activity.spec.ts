import { expect, test } from './support/test';
import { readFile } from 'node:fs/promises';
import { createActivityRecorder } from '../../lambdas/shared/activity/activity-log';
import type { ActivityInput } from '../../lambdas/shared/domain/activity';
import { DESKTOP_VIEWPORT, expectAccessibleAtBothWidths } from './support/accessibility';
import { inviteAndActivateUser, signInThroughApi, uniqueEmail } from './support/identity';
import { joinFirm, userIdOf } from './support/firm';
import { localDatabase, localTable } from './support/local-runtime';
import { subscribeThroughApi } from './support/subscriptions';
import { openInApp } from './support/navigation';

// The Activity page (issue 18): an owner whose firm's log holds entries reads them in plain words,
// filters them, and exports them as CSV (the file named after the firm, a formula-like job title
// made harmless); a recruiter of the same firm is told the log is for owners and admins. The
// entries are written by the real recorder (lambdas/shared/activity/activity-log.ts) on the local
// runtime's table, as the team, billing and ATS routes write theirs; this file never writes items.

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

const DESKTOP = DESKTOP_VIEWPORT;

async function record(inputs: readonly ActivityInput[]): Promise<void> {
  const recorder = createActivityRecorder({ client: localDatabase(), tableName: await localTable('activity') });
  for (const input of inputs) await recorder.record(input);
}

const FORMULA_TITLE = '=HYPERLINK("http://evil.example","Click")';

let owner: { email: string; password: string; id: string };
let recruiter: { email: string; password: string; id: string };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP })).newPage();
  const ownerLogin = await inviteAndActivateUser(page, 'Dana', {
    email: uniqueEmail('dana.activity'),
    lastName: 'Reyes',
    companyName: 'Reyes Staffing',
  });
  // Subscribing founds the firm (its id is the founder's).
  await subscribeThroughApi(page, 'Professional', 'Dana Reyes');
  owner = { ...ownerLogin, id: await userIdOf(ownerLogin.email) };
  const recruiterPage = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  const recruiterLogin = await inviteAndActivateUser(recruiterPage, 'Sam', { email: uniqueEmail('sam.activity'), lastName: 'Lee' });
  recruiter = { ...recruiterLogin, id: await userIdOf(recruiterLogin.email) };
  await recruiterPage.context().close();
  await page.context().close();
  await joinFirm(owner.id, recruiter.email, 'recruiter');

  const firm = owner.id;
  await record([
    {
      organizationId: firm,
      actorId: owner.id,
      action: 'member.invited',
      subject: { kind: 'invitation', id: recruiter.email },
      details: { role: 'recruiter' },
    },
    { organizationId: firm, actorId: recruiter.id, action: 'invitation.accepted', details: { role: 'recruiter' } },
    {
      organizationId: firm,
      actorId: owner.id,
      action: 'ats.synced',
      subject: { kind: 'ats', id: 'greenhouse' },
      details: { vendor: 'greenhouse', jobs: 4, candidates: 31 },
    },
    // A value a spreadsheet would run as a formula, as the subject's id (the Subject column).
    {
      organizationId: firm,
      actorId: recruiter.id,
      action: 'job.saved',
      subject: { kind: 'job', id: FORMULA_TITLE },
      details: { jobTitle: 'Staff nurse' },
    },
  ]);
});

test('the owner reads the firm’s activity, filters it and exports it as CSV, at desktop and phone width', async ({ browser }) => {
  const page = await (await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP, acceptDownloads: true })).newPage();
  await signInThroughApi(page, owner.email, owner.password, 'Dana');
  await openInApp(page, '/activity');

  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Team activity, newest first' });
  await expect(table.getByRole('cell', { name: 'Dana Reyes synced the ATS (Greenhouse): 4 jobs, 31 candidates' })).toBeVisible();
  await expect(table.getByRole('cell', { name: `Dana Reyes invited ${recruiter.email} as recruiter` })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Sam Lee accepted the invitation and joined as recruiter' })).toBeVisible();
  // The owner's checkout records the subscription too (the subscription writes record into the firm's log).
  await expect(table.getByRole('cell', { name: /^Dana Reyes subscribed to professional_/ })).toBeVisible();
  await expect(page.getByText('Showing 5 entries.')).toBeVisible();
  await expectAccessibleAtBothWidths(page, '/activity for the owner');

  await page.getByRole('combobox', { name: 'Action type' }).selectOption({ label: 'ATS connection' });
  await expect(page.getByText('Showing 1 entry.')).toBeVisible();
  await expect(table.getByRole('cell', { name: /synced the ATS/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action type' }).selectOption({ label: 'All actions' });
  await page.getByRole('combobox', { name: 'Person' }).selectOption({ label: 'Sam Lee' });
  await expect(page.getByText('Showing 2 entries.')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^activity-reyes-staffing-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('When (UTC),Who,Email,Action,What happened,Subject type,Subject,Details');
  // Sam's two entries only (the person filter), the formula-like subject unable to start a formula.
  expect(lines).toHaveLength(3);
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
  expect(csv).not.toContain('synced the ATS');
  await page.context().close();
});

test('a recruiter of the firm is told the log is for owners and admins, at desktop and phone width', async ({ browser }) => {
  const page = await (await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP })).newPage();
  await signInThroughApi(page, recruiter.email, recruiter.password, 'Sam');
  await openInApp(page, '/activity');

  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByText('The activity log is for the owners and admins of your team.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, '/activity for a recruiter');
  await page.context().close();
});
