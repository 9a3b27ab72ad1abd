import { expect, test, type Browser, type Locator, type Page } from './support/test';
import {
  PLANTED_BEST_CANDIDATE_BY_JOB,
  SAMPLE_CANDIDATES,
  SAMPLE_INTERVIEW_ANSWERS,
} from '../../lambdas/assistant/samples/sample-candidates';
import { SAMPLE_JOBS } from '../../lambdas/assistant/samples/sample-jobs';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/accessibility';
import { inviteAndActivateUser } from './support/identity';
import { subscribeThroughApi } from './support/subscriptions';

// One recruiter works through every capability on /services with the shipped samples, in the
// order a job goes: must-haves, sourcing, the external description, screening questions, an
// interview evaluation, the best-fit ranking and a candidate summary; then finds it all again
// in the history. The tests run in order on one signed-in page.

/** The sample job the sample interview answers and candidates were written for. */
const JOB = SAMPLE_JOBS.find((job) => job.id === SAMPLE_INTERVIEW_ANSWERS.jobId) ?? SAMPLE_JOBS[0];
const BEST = SAMPLE_CANDIDATES.find((candidate) => candidate.id === PLANTED_BEST_CANDIDATE_BY_JOB[JOB.id]);

const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 640, height: 900 };

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: DESKTOP,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await context.newPage();
  await inviteAndActivateUser(page, 'Nadia');
});

test.afterAll(async () => {
  await page.context().close();
});

/** The result on show: the section named by its heading. */
function result(): Locator {
  return page.locator('section.assistant-result');
}

/** Chooses the saved sample job in the screen's job picker (once the jobs have loaded). */
async function chooseJob(): Promise<void> {
  const picker = page.getByLabel('Job', { exact: true });
  const option = picker.locator('option', { hasText: JOB.title });
  await expect(option).toHaveCount(1);
  await picker.selectOption((await option.getAttribute('value')) ?? '');
}

/** Submits with `button` and waits for the result, whose heading takes focus. */
async function produce(button: string, heading: RegExp): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const title = page.getByRole('heading', { level: 2, name: heading });
  await expect(title).toBeFocused({ timeout: 20_000 });
  await expect(result().getByText(/^Produced by (the offline engine|Amazon Bedrock)/)).toBeVisible();
}

test('a recruiter without a subscription who opens a service is sent to choose a plan', async () => {
  await page.goto('/services/sourcing-terms');
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  // The checkout's pages are walked in subscriptions.spec.ts (from the gate to /success) and
  // public-site.spec.ts (the success page): here the subscription only opens the services.
  await subscribeThroughApi(page, 'Enterprise', 'Nadia Haddad');
});

test('the Services hub leads to one screen per capability', async () => {
  await page.goto('/services');
  for (const [name, path] of [
    ['Client must-haves', '/services/must-haves'],
    ['Sourcing search terms', '/services/sourcing-terms'],
    ['External job description', '/services/job-description'],
    ['Screening questions', '/services/screening-questions'],
    ['Interview answer evaluation', '/services/interview-evaluation'],
    ['Best-fit recommendation', '/services/best-fit'],
    ['Candidate summary', '/services/candidate-summary'],
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
  }
  await page.getByRole('link', { name: 'Client must-haves', exact: true }).click();
  await expect(page).toHaveURL(/\/services\/must-haves$/);
  await expect(page).toHaveTitle('Client must-haves · TalentPilot');
});

test('must-haves: an empty description is refused next to the field; a sample job’s proposed must-haves are edited and saved', async () => {
  await page.goto('/services/must-haves');
  // Opened by its address, the screen's code and the route that loads it came with the entry.
  for (const chunk of ['capability', 'must-haves'])
    await expect(page.locator(`link[rel="modulepreload"][href^="/assets/${chunk}-"]`)).toHaveCount(1);
  const description = page.getByRole('textbox', { name: 'Job description' });
  await page.getByRole('button', { name: 'Propose must-haves' }).click();
  await expect(description).toBeFocused();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveAccessibleDescription(/Please give the job description\./);
  await expectNoAxeViolations(page, '/services/must-haves with its validation error');

  const title = page.getByLabel('Job title');
  for (let tries = 0; tries < SAMPLE_JOBS.length && (await title.inputValue()) !== JOB.title; tries += 1) {
    await page.getByRole('button', { name: 'Try a sample' }).click();
    await expect(page.getByText(/^Filled in the sample:/)).toBeVisible();
  }
  await expect(title).toHaveValue(JOB.title);
  await expect(description).not.toHaveValue('');
  await expect(description).not.toHaveAttribute('aria-invalid', 'true');

  await produce('Propose must-haves', /^Proposed for /);
  // Each proposed must-have shows the sentence of the description it came from, so the recruiter can judge it.
  const firstProposed = page.locator('.evidence-list').first().locator('li').first();
  await expect(firstProposed.locator('.evidence-list__evidence')).not.toBeEmpty();
  const spaced = (text: string) => text.replace(/\s+/g, ' ');
  expect(spaced(await description.inputValue())).toContain(spaced(await firstProposed.locator('.evidence-list__evidence').innerText()));
  const mustHaves = page.getByRole('group', { name: 'Must-haves' }).getByRole('textbox');
  const proposed = await mustHaves.count();
  expect(proposed, 'must-haves proposed from the sample description').toBeGreaterThanOrEqual(2);

  // The recruiter removes the last proposal and adds one of their own, then confirms.
  await page
    .getByRole('group', { name: 'Must-haves' })
    .getByRole('button', { name: new RegExp(`^Remove must-have ${proposed}\\b`) })
    .click();
  await expect(mustHaves).toHaveCount(proposed - 1);
  await page.getByRole('button', { name: 'Add a must-have' }).click();
  await expect(mustHaves.last()).toBeFocused();
  await page.keyboard.type('Eligible to work in the United States');
  await page.getByRole('button', { name: 'Save as a new job' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved “${JOB.title}” with ${proposed} must-haves` })).toBeVisible();
  await expect(page.getByLabel('Job', { exact: true }).locator('option', { hasText: JOB.title })).toHaveCount(1);
  await expectNoAxeViolations(page, '/services/must-haves with a proposal and a saved job');
});

test('sourcing terms: boolean strings for the saved job, each within its limit, one copied to the clipboard', async () => {
  await page.goto('/services/sourcing-terms');
  await chooseJob();
  await produce('Generate search strings', /^Search strings for /);
  const strings = result().locator('.search-string');
  expect(await strings.count()).toBeGreaterThanOrEqual(3);
  await expect(result().getByText('(over the limit)')).toHaveCount(0);

  const first = strings.first();
  const query = (await first.locator('pre').textContent()) ?? '';
  expect(query).toMatch(/ AND /);
  await first.getByRole('button', { name: /^Copy / }).click();
  await expect(first.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(query);
  await expectNoAxeViolations(page, '/services/sourcing-terms with search strings');
});

test('external job description: the planted client name is gone from the text and listed as removed, with why', async () => {
  const client = JOB.plantedSensitive.find((item) => item.category === 'client-name')?.text ?? JOB.clientNames[0];
  await page.goto('/services/job-description');
  await page.getByRole('button', { name: 'Try a sample' }).click();
  await expect(page.getByRole('textbox', { name: 'Job description' })).toHaveValue(JOB.description);
  await expect(page.getByLabel(/Client names/)).toHaveValue(JOB.clientNames.join('\n'));
  await produce('Write the external description', /^External description/);
  const article = page.getByRole('article', { name: 'External job description' });
  await expect(article).toBeVisible();
  await expect(article).not.toContainText(client);
  const removed = result().locator('.removed-list li', { hasText: client }).first();
  await expect(removed).toBeVisible();
  await expect(removed.locator('.removed-list__reason')).not.toBeEmpty();
  await expectNoAxeViolations(page, '/services/job-description with a description');
});

test('screening questions: each with the requirement it checks and what a good answer covers', async () => {
  await page.goto('/services/screening-questions');
  await chooseJob();
  await produce('Generate screening questions', /^Screening questions for /);
  const questions = result().locator('.question-list__item');
  expect(await questions.count()).toBeGreaterThanOrEqual(3);
  await expect(questions.first().getByText('A good answer covers:')).toBeVisible();
  await expect(questions.first().locator('ul li').first()).not.toBeEmpty();
});

test('interview evaluation: the sample answers are scored against the rubrics with evidence', async () => {
  await page.goto('/services/interview-evaluation');
  await chooseJob();
  await page.getByRole('button', { name: 'Try sample answers' }).click();
  await expect(page.getByLabel('Candidate name')).toHaveValue(SAMPLE_INTERVIEW_ANSWERS.strong.candidateName);
  await produce('Evaluate the answers', /^Evaluation of /);
  await expect(result().getByText(/of 100 overall/)).toBeVisible();
  await expect(
    result()
      .getByText(/^Score:/)
      .first(),
  ).toBeVisible();
  await expect(result().getByText('Covered, with the evidence:').first()).toBeVisible();
  await expect(result().locator('.evidence-list__evidence').first()).not.toBeEmpty();
  await expectNoAxeViolations(page, '/services/interview-evaluation with scores');
});

test('best fit: the sample candidates are ranked with the planted best first, with reasons', async () => {
  await page.goto('/services/best-fit');
  await chooseJob();
  await page.getByRole('button', { name: 'Try a sample' }).click();
  await expect(page.getByLabel(/^Candidate \d+: name$/)).toHaveCount(
    SAMPLE_CANDIDATES.filter((candidate) => candidate.jobId === JOB.id).length,
  );
  await produce('Rank the candidates', /^Best fit for /);
  const rows = result().locator('tbody tr');
  await expect(rows.first().locator('th')).toHaveText(BEST?.name ?? '');
  await expect(rows.first().locator('.ranking__reasons li').first()).not.toBeEmpty();
  await expectNoAxeViolations(page, '/services/best-fit with a ranking');
  await page.setViewportSize(NARROW);
  await expectNoSidewaysScroll(page, '/services/best-fit with a ranking at 640px');
  await page.setViewportSize(DESKTOP);
});

test('candidate summary: a client-ready summary of a sample resume for the saved job, copied without contact details', async () => {
  await page.goto('/services/candidate-summary');
  await chooseJob();
  const name = page.getByLabel(/^Candidate name/);
  await page.getByRole('button', { name: 'Try a sample' }).click();
  await expect(name).not.toHaveValue('');
  const first = await name.inputValue();
  // The next sample: another candidate.
  await page.getByRole('button', { name: 'Try a sample' }).click();
  await expect(name).not.toHaveValue(first);
  await expect(name).not.toHaveValue('');
  await expect(page.getByLabel('Resume or profile')).not.toHaveValue('');
  await produce('Write the summary', new RegExp(`^Summary of ${await name.inputValue()}`));
  await result().getByRole('button', { name: 'Copy the candidate summary' }).click();
  // The Copy button's own status (the exports beside it have theirs).
  await expect(result().locator('.copy-row').getByRole('status')).toHaveText('Copied');
  const copied = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(copied.length).toBeGreaterThan(40);
  expect(copied).not.toMatch(/@|555-01/);
});

test('the history: every result is listed on the hub and on its screen, and opens again', async () => {
  await page.goto('/services');
  const recent = page.getByRole('region', { name: 'Your recent results' });
  for (const title of [
    'Client must-haves',
    'Sourcing search terms',
    'External job description',
    'Screening questions',
    'Interview answer evaluation',
    'Best-fit recommendation',
    'Candidate summary',
  ]) {
    await expect(recent.getByRole('link', { name: new RegExp(`^${title}: `) }).first()).toBeVisible();
  }
  await recent
    .getByRole('link', { name: /^Sourcing search terms: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/services\/sourcing-terms\?result=/);
  await expect(page.getByRole('heading', { level: 2, name: /^Search strings for / })).toBeVisible();
  const item = page.getByRole('complementary', { name: 'Recent results' }).getByRole('button').first();
  await expect(item).toHaveAttribute('aria-current', 'true');
});
