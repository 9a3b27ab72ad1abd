import { expect, test, type Browser, type Locator, type Page } from './support/test';
import { SAMPLE_JOBS } from '../../lambdas/assistant/samples/sample-jobs';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/accessibility';
import { backToServices } from './support/assistant';
import { connectAndSyncDemoGreenhouseThroughApi } from './support/ats';
import { chooseInCombobox } from './support/combobox';
import { inviteAndActivateUser } from './support/identity';
import { subscribeThroughApi } from './support/subscriptions';

// A workspace that stays tidy (issue 17): "Try a sample" and proposing must-haves twice keep one
// job; what was pasted survives leaving a screen; the ATS candidate pickers search and default to
// the job's pipeline; best fit and placement prediction read as cards on a phone; saved jobs are
// renamed, archived, restored and deleted. The tests run in order on one signed-in page.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const FIRST_SAMPLE = SAMPLE_JOBS[0];

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP });
  page = await context.newPage();
  await inviteAndActivateUser(page, 'Wren');
  // Enterprise: best fit and placement prediction are in no other plan.
  await subscribeThroughApi(page, 'Enterprise', 'Wren Talbot');
});

test.afterAll(async () => {
  await page.context().close();
});

function savedJobs(): Locator {
  return page.getByRole('region', { name: 'Your saved jobs' });
}

/** The first sample proposed and saved as a new job on the must-haves screen, as a recruiter would. */
async function proposeAndSaveFirstSample(): Promise<void> {
  await page.getByLabel('Job', { exact: true }).selectOption({ label: 'A new job' });
  await page.getByRole('button', { name: 'Try a sample' }).click();
  await expect(page.getByText(`Filled in the sample: ${FIRST_SAMPLE.title}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Propose must-haves' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Proposed for / })).toBeFocused({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Save (as a new job|the job)$/ }).click();
  await expect(page.getByText(new RegExp(`^Saved “${FIRST_SAMPLE.title}” with`))).toBeVisible();
}

test('the same sample proposed and saved twice is one saved job', async () => {
  await page.goto('/services/must-haves');
  await proposeAndSaveFirstSample();
  // A fresh screen starts the samples over: the same sample again, proposed and saved as new again.
  await page.reload();
  await proposeAndSaveFirstSample();

  await backToServices(page);
  await expect(savedJobs().getByRole('button', { name: `Rename ${FIRST_SAMPLE.title}` })).toHaveCount(1);
  await expect(savedJobs().getByRole('listitem')).toHaveCount(1);
  await page.setViewportSize(PHONE);
  await expect(savedJobs().getByRole('button', { name: `Delete ${FIRST_SAMPLE.title}` })).toBeVisible();
  await expectNoSidewaysScroll(page, '/services with a saved job at 390px');
  await expectNoAxeViolations(page, '/services with a saved job at 390px');
  await page.setViewportSize(DESKTOP);
});

test('a pasted resume and description survive leaving the screen and coming back', async () => {
  const resume = 'Priya Raman\nSenior backend engineer · Northwind Payments\nEight years of TypeScript and Node.js on AWS.';
  // From the hub, where the first test ended, through its links.
  await page.getByRole('link', { name: 'Candidate summary', exact: true }).click();
  await page.getByLabel('Resume or profile').fill(resume);
  await backToServices(page);
  await page.getByRole('link', { name: 'Sourcing search terms', exact: true }).click();
  await page.getByLabel('Job', { exact: true }).selectOption({ index: 0 });
  await page.getByLabel('Job description').fill('Payments platform engineer, Go and Kafka.');

  // Away through the app's own links (the screen's way back to Services), then back.
  await backToServices(page);
  await page.getByRole('link', { name: 'Candidate summary', exact: true }).click();
  await expect(page.getByLabel('Resume or profile')).toHaveValue(resume);
  await backToServices(page);
  await page.getByRole('link', { name: 'Sourcing search terms', exact: true }).click();
  await expect(page.getByLabel('Job description')).toHaveValue('Payments platform engineer, Go and Kafka.');
  await expectNoAxeViolations(page, '/services/sourcing-terms with its draft');

  // On a phone too: away and back again, the drafts are still there.
  await page.setViewportSize(PHONE);
  await backToServices(page);
  await page.getByRole('link', { name: 'Candidate summary', exact: true }).click();
  await expect(page.getByLabel('Resume or profile')).toHaveValue(resume);
  await expectNoSidewaysScroll(page, '/services/candidate-summary with its draft at 390px');
  await expectNoAxeViolations(page, '/services/candidate-summary with its draft at 390px');
  await page.setViewportSize(DESKTOP);
});

test('with the ATS synced, the candidate summary picks from a searchable list', async () => {
  test.setTimeout(120_000);
  // Set up through the API: the account page's ATS form and "Sync now" are walked in ats.spec.ts.
  await connectAndSyncDemoGreenhouseThroughApi(page);

  await page.goto('/services/candidate-summary');
  const group = page.getByRole('group', { name: 'Add a candidate from your ATS' });
  await chooseInCombobox(group, 'ATS job', /\([1-9]\d* active application/);
  await group.getByRole('button', { name: 'Load candidates' }).click();
  const picker = group.getByRole('combobox', { name: 'ATS candidate' });
  await picker.click();
  const list = group.getByRole('listbox', { name: 'ATS candidate' });
  const all = await list.getByRole('option').count();
  expect(all).toBeGreaterThan(5);
  const name = (await list.getByRole('option').nth(3).locator('.combobox__label').textContent()) ?? '';
  await picker.fill(name);
  expect(await list.getByRole('option').count()).toBeLessThan(all);
  await expect(list.getByRole('option').first()).toContainText(name);
  await picker.press('ArrowDown');
  await expect(picker).toHaveAttribute('aria-activedescendant', /option/);
  await picker.press('Enter');
  await expect(picker).toHaveValue(name);
  await expect(list).toBeHidden();
  await group.getByRole('button', { name: 'Use this candidate' }).click();
  await expect(page.getByLabel('Candidate name')).toHaveValue(name);
  await expectNoAxeViolations(page, '/services/candidate-summary with the ATS candidate picked');

  // On a phone: the ATS job picker searched by typing, its list open, fits and passes axe.
  await page.setViewportSize(PHONE);
  const jobPicker = group.getByRole('combobox', { name: 'ATS job', exact: true });
  await jobPicker.fill('');
  await jobPicker.pressSequentially('engineer');
  const jobs = group.getByRole('listbox', { name: 'ATS job' });
  await expect(jobs).toBeVisible();
  await expect(jobs.getByRole('option').first()).toContainText(/engineer/i);
  await expect(group.getByText(/^\d+ of \d+ match/)).toBeAttached();
  await expectNoSidewaysScroll(page, '/services/candidate-summary with the ATS job list open at 390px');
  await expectNoAxeViolations(page, '/services/candidate-summary with the ATS job list open at 390px');
  await jobPicker.press('Escape');
  await expect(jobs).toBeHidden();
  await page.setViewportSize(DESKTOP);
});

test('best fit checks the ATS job’s pipeline by default, and its ranking reads as cards at 390 px', async () => {
  await page.goto('/services/best-fit');
  const jobs = page.getByLabel('Job', { exact: true });
  const sampleJob = jobs.locator('option', { hasText: FIRST_SAMPLE.title });
  await expect(sampleJob).toHaveCount(1);
  await jobs.selectOption((await sampleJob.getAttribute('value')) ?? '');
  // The candidates of the draft (none yet) are replaced by the ATS job's pipeline.
  const group = page.getByRole('group', { name: 'Add candidates from your ATS' });
  const jobLabel = await chooseInCombobox(group, 'ATS job', /\([1-9]\d* active application/);
  const active = Number(/\((\d+) active application/.exec(jobLabel)?.[1]);
  await group.getByRole('button', { name: 'Load candidates' }).click();
  const checked = Math.min(active, 20);
  await expect(group.getByText(`the ${checked} in the pipeline are checked.`, { exact: false })).toBeVisible();
  await expect(group.getByRole('checkbox', { checked: true })).toHaveCount(checked);
  await group.getByLabel('Search the candidates').fill('zzzz-nobody');
  await expect(group.getByRole('checkbox')).toHaveCount(0);
  await group.getByLabel('Search the candidates').fill('');
  await group.getByRole('button', { name: /^Add the (\d+ )?checked candidates?$/ }).click();
  await expect(group.getByText(new RegExp(`^Added ${checked} candidates? from `))).toBeVisible();
  await page.getByRole('button', { name: 'Rank the candidates' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Best fit for / })).toBeFocused({ timeout: 30_000 });

  await page.setViewportSize(PHONE);
  const firstRow = page
    .getByRole('table', { name: /^Candidates ranked for / })
    .locator('tbody tr')
    .first();
  const why = firstRow.locator('td[data-label="Why"]');
  // A card: the reasons take the card's width, not a sliver beside three other columns.
  expect((await why.boundingBox())?.width ?? 0).toBeGreaterThan(280);
  expect((await firstRow.boundingBox())?.width ?? 0).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole('table', { name: /^Candidates ranked for / }).locator('thead')).toHaveCSS('position', 'absolute');
  await expectNoSidewaysScroll(page, '/services/best-fit at 390px');
  await expectNoAxeViolations(page, '/services/best-fit ranking at 390px');
  await page.setViewportSize(DESKTOP);
  expect((await why.boundingBox())?.width ?? 0).toBeLessThan((await firstRow.boundingBox())?.width ?? 0);
});

test('placement prediction reads as cards at 390 px', async () => {
  await page.goto('/services/placement-prediction');
  await chooseInCombobox(page, 'ATS job', /\([1-9]\d* active application/);
  await page.getByRole('button', { name: 'Predict placements' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Placement prediction for / })).toBeFocused({ timeout: 30_000 });

  await page.setViewportSize(PHONE);
  const firstRow = page
    .getByRole('table', { name: /most likely placement first$/ })
    .locator('tbody tr')
    .first();
  for (const column of ['Stage', 'Why']) {
    expect((await firstRow.locator(`td[data-label="${column}"]`).boundingBox())?.width ?? 0, column).toBeGreaterThan(280);
  }
  await expectNoSidewaysScroll(page, '/services/placement-prediction at 390px');
  await expectNoAxeViolations(page, '/services/placement-prediction ranking at 390px');
  await page.setViewportSize(DESKTOP);
});

test('a saved job is renamed, archived out of the pickers, restored, and deleted after a confirmation', async () => {
  // The one job saved in the first test (its results stay: the first test's proposals, the rankings).
  const renamed = 'Backend engineer, payments (Northwind)';
  await backToServices(page);
  await expect(savedJobs().getByRole('listitem')).toHaveCount(1);
  await savedJobs()
    .getByRole('button', { name: `Rename ${FIRST_SAMPLE.title}` })
    .click();
  await savedJobs().getByLabel('New title').fill(renamed);
  await savedJobs().getByRole('button', { name: 'Save the title' }).click();
  await expect(savedJobs().getByRole('status')).toHaveText(`Renamed “${FIRST_SAMPLE.title}” to “${renamed}”.`);

  await savedJobs()
    .getByRole('button', { name: `Archive ${renamed}` })
    .click();
  await expect(savedJobs().getByRole('status')).toContainText(`Archived “${renamed}”`);
  await expectNoAxeViolations(page, '/services with an archived job');

  await page.goto('/services/screening-questions');
  const picker = page.getByLabel('Job', { exact: true });
  await expect(page.getByLabel('Show archived jobs (1)')).toBeVisible();
  await expect(picker.locator('option', { hasText: renamed })).toHaveCount(0);
  await page.getByLabel('Show archived jobs (1)').check();
  await expect(picker.locator('option', { hasText: `${renamed}` })).toHaveText(/\(archived\)$/);

  await backToServices(page);
  await savedJobs().getByLabel('Show archived jobs (1)').check();
  await savedJobs()
    .getByRole('button', { name: `Restore ${renamed}` })
    .click();
  await expect(savedJobs().getByRole('status')).toContainText(`Restored “${renamed}”`);

  await page.setViewportSize(PHONE);
  await savedJobs()
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Delete “${renamed}”?` });
  await expect(dialog).toContainText('Its results stay in your recent results until you delete them there.');
  await expectNoAxeViolations(page, '/services asking to delete a job at 390px');
  await expectNoSidewaysScroll(page, '/services asking to delete a job at 390px');
  await dialog.getByRole('button', { name: 'Delete the job' }).click();
  await expect(savedJobs().getByRole('status')).toHaveText(`Deleted “${renamed}”.`);
  await expect(savedJobs().getByText(/^No saved jobs\./)).toBeVisible();
  // Its results are still there.
  await expect(page.getByRole('region', { name: 'Your recent results' }).getByRole('link').first()).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, '/services after deleting a job');
});
