import { expect, test, type Browser, type Locator, type Page } from './support/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SAMPLE_CANDIDATES } from '../../lambdas/assistant/samples/sample-candidates';
import { SAMPLE_JOBS } from '../../lambdas/assistant/samples/sample-jobs';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/accessibility';
import { assistantThroughApi, backToServices } from './support/assistant';
import { inviteAndActivateUser } from './support/identity';
import { subscribeThroughApi } from './support/subscriptions';

// A recruiter keeps their results tidy on the Services hub: they search them (by words, by
// service, by job), delete one after a confirmation, and export a candidate summary and an
// external job description as PDF and Word files and as formatted text for an e-mail; at desktop
// width and on a 390px phone. The tests run in order on one signed-in page.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

let page: Page;
/** The job saved from the first sample, and the names of the two candidates summarized. */
const made = { jobTitle: SAMPLE_JOBS[0].title, withJob: SAMPLE_CANDIDATES[0].name, withoutJob: SAMPLE_CANDIDATES[1].name };

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: DESKTOP,
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await context.newPage();
  await inviteAndActivateUser(page, 'Rosa');
  await subscribeThroughApi(page, 'Enterprise', 'Rosa Lind');

  // The results to keep, made through the API as the screens make them (each screen is walked in
  // assistant.spec.ts): must-haves proposed for the first sample, which is then saved as a job; a
  // candidate summary written for that job and one for no job; an external job description.
  const assistant = await assistantThroughApi(page);
  const sample = SAMPLE_JOBS[0];
  const proposal = await assistant.proposeMustHaves({
    title: sample.title,
    description: sample.description,
    companyInfo: sample.companyInfo,
  });
  const job = await assistant.saveJob({
    title: sample.title,
    description: sample.description,
    companyInfo: sample.companyInfo,
    location: sample.location,
    mustHaves: proposal.mustHaves.map((requirement) => requirement.text),
    niceToHaves: proposal.niceToHaves.map((requirement) => requirement.text),
  });
  const [withJob, withoutJob] = SAMPLE_CANDIDATES;
  await assistant.candidateSummary({ jobId: job.id, candidateName: withJob.name, profile: withJob.profile });
  await assistant.candidateSummary({ candidateName: withoutJob.name, profile: withoutJob.profile });
  await assistant.jobDescription({
    description: sample.description,
    companyInfo: sample.companyInfo,
    clientNames: [...sample.clientNames],
  });
});

test.afterAll(async () => {
  await page.context().close();
});

/** The hub's results section. */
function recent(): Locator {
  return page.getByRole('region', { name: 'Your recent results' });
}

/** The links of the hub's list, by their text. */
async function listed(): Promise<string[]> {
  await expect(recent().locator('.spinner')).toHaveCount(0);
  return recent().locator('.recent-results__list a').allInnerTexts();
}

/** Clicks `button` and waits for the browser's download: its suggested name, where it was saved and its bytes. */
async function download(button: Locator): Promise<{ name: string; path: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = (await file.path()) ?? '';
  return { name: file.suggestedFilename(), path, bytes: readFileSync(path) };
}

/** The text of a downloaded .docx's document.xml: through the unzip CLI when there is one, else the stored (uncompressed) bytes. */
function wordText(file: { path: string; bytes: Buffer }): string {
  try {
    return execFileSync('unzip', ['-p', file.path, 'word/document.xml'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  } catch {
    return file.bytes.toString('utf8');
  }
}

test('the hub: results are searched by words (fitting a 390px phone too), filtered by service and by job, and shown again in full', async () => {
  await page.goto('/services');
  await expect.poll(listed).toHaveLength(4);

  await recent().getByRole('searchbox', { name: 'Search' }).fill(made.withoutJob.toUpperCase());
  await recent().getByRole('button', { name: 'Search' }).click();
  await expect.poll(listed).toEqual([`Candidate summary: ${made.withoutJob}`]);
  await expectNoAxeViolations(page, '/services with a search');
  // On a phone: the search, the list and its delete buttons fit the width.
  await page.setViewportSize(PHONE);
  await expect(recent().getByRole('button', { name: `Delete Candidate summary: ${made.withoutJob}` })).toBeVisible();
  await expectNoSidewaysScroll(page, '/services at 390px with a search');
  await expectNoAxeViolations(page, '/services at 390px with a search');
  await page.setViewportSize(DESKTOP);

  await recent().getByRole('button', { name: 'Show all' }).click();
  await expect.poll(async () => (await listed()).length).toBe(4);
  await recent().getByRole('combobox', { name: 'Service' }).selectOption({ label: 'External job description' });
  await expect.poll(listed).toEqual([expect.stringMatching(/^External job description: /)]);

  await recent().getByRole('combobox', { name: 'Service' }).selectOption({ label: 'All services' });
  await recent().getByRole('combobox', { name: 'Job' }).selectOption({ label: made.jobTitle });
  // Proposing must-haves comes before the job is saved: only the summary written for the job is about it.
  await expect.poll(listed).toEqual([expect.stringMatching(new RegExp(`^Candidate summary: ${made.withJob} · `))]);
  await recent().getByRole('combobox', { name: 'Job' }).selectOption({ label: 'All jobs' });
  await expect.poll(async () => (await listed()).length).toBe(4);
});

test('deleting: the dialog asks first, "Keep it" keeps the result, "Delete" removes it from the hub and its screen', async () => {
  await page.goto('/services');
  const name = `Candidate summary: ${made.withoutJob}`;
  await expect.poll(listed).toContain(name);
  await recent()
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this result?' });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectNoAxeViolations(page, '/services with the delete dialog open');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(listed).toContain(name);

  await recent()
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(recent().getByRole('status')).toHaveText(`Deleted ${name}.`);
  await expect.poll(listed).not.toContain(name);
  await expect.poll(listed).toHaveLength(3);

  await page.goto('/services/candidate-summary');
  const history = page.getByRole('complementary', { name: 'Recent results' });
  await expect(history.getByRole('button', { name: new RegExp(`^${made.withJob}`) })).toBeVisible();
  await expect(history.getByRole('button', { name: new RegExp(made.withoutJob) })).toHaveCount(0);
});

test('exports: the candidate summary downloads as PDF and Word and copies for e-mail with its formatting, and fits a 390px phone', async () => {
  await page.goto('/services');
  await recent()
    .getByRole('link', { name: new RegExp(`^Candidate summary: ${made.withJob}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: /^Summary of / })).toBeVisible();
  const exports = page.getByRole('group', { name: 'Export the candidate summary' });

  const pdf = await download(exports.getByRole('button', { name: 'Download PDF of the candidate summary' }));
  expect(pdf.name).toMatch(/^candidate-summary-[a-z0-9-]+\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.toString('latin1')).toContain('(Summary) Tj');
  await expect(exports.getByRole('status')).toHaveText(`Downloaded ${pdf.name}.`);

  const word = await download(exports.getByRole('button', { name: 'Download Word document of the candidate summary' }));
  expect(word.name).toMatch(/^candidate-summary-[a-z0-9-]+\.docx$/);
  expect(word.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(wordText(word)).toContain('<w:t xml:space="preserve">Summary</w:t>');

  await exports.getByRole('button', { name: 'Copy for e-mail (the candidate summary, formatted)' }).click();
  await expect(exports.getByRole('status')).toHaveText('Copied with its formatting: paste it into your e-mail.');
  const copied = await page.evaluate<{ types: string[]; html: string; text: string }>(`(async () => {
    const [item] = await navigator.clipboard.read();
    return { types: item.types, html: await (await item.getType('text/html')).text(), text: await navigator.clipboard.readText() };
  })()`);
  expect(copied.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
  expect(copied.html).toContain('<h2 style="font-size:16px;margin:16px 0 4px">Summary</h2>');
  expect(copied.text).toMatch(/\n\nSummary\n/);
  await expectNoAxeViolations(page, '/services/candidate-summary after exporting');

  // On a phone: the exports fit the width and still download.
  await page.setViewportSize(PHONE);
  await expect(exports.getByRole('button', { name: 'Download Word document of the candidate summary' })).toBeVisible();
  const phonePdf = await download(exports.getByRole('button', { name: 'Download PDF of the candidate summary' }));
  expect(phonePdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectNoSidewaysScroll(page, '/services/candidate-summary at 390px');
  await expectNoAxeViolations(page, '/services/candidate-summary at 390px');
  await page.setViewportSize(DESKTOP);
});

test('exports: the external job description downloads as PDF and Word with its sections', async () => {
  await page.goto('/services');
  await recent()
    .getByRole('link', { name: /^External job description: / })
    .click();
  const article = page.getByRole('article', { name: 'External job description' });
  await expect(article).toBeVisible();
  const firstHeading = (await article.locator('h4').first().innerText()).trim();
  const exports = page.getByRole('group', { name: 'Export the external job description' });

  const pdf = await download(exports.getByRole('button', { name: 'Download PDF of the external job description' }));
  expect(pdf.name).toMatch(/^job-description-[a-z0-9-]+\.pdf$/);
  expect(pdf.bytes.toString('latin1')).toContain(`(${firstHeading}) Tj`);
  const word = await download(exports.getByRole('button', { name: 'Download Word document of the external job description' }));
  expect(word.name).toMatch(/^job-description-[a-z0-9-]+\.docx$/);
  expect(wordText(word)).toContain(`<w:t xml:space="preserve">${firstHeading}</w:t>`);
});

test('a screen’s recent results delete the same way, at desktop width and on a 390px phone', async () => {
  const history = page.getByRole('complementary', { name: 'Recent results' });
  const dialog = page.getByRole('dialog', { name: 'Delete this result?' });

  // Desktop: the external description's screen asks first; "Keep it" keeps it.
  await page.goto('/services/job-description');
  const description = history.getByRole('button', { name: /^Delete External job description: / });
  await expect(description).toHaveCount(1);
  await description.click();
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectNoAxeViolations(page, '/services/job-description with the delete dialog open');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(description).toBeFocused();

  // Phone: the must-haves proposed at the start, shown, then deleted from its screen's panel.
  await page.setViewportSize(PHONE);
  await page.goto('/services/must-haves');
  const proposal = history.getByRole('button', { name: /^Delete Client must-haves: / });
  await expect(proposal).toHaveCount(1);
  const name = ((await proposal.textContent()) ?? '').replace(/^Delete\s*/, '');
  await history.locator('.assistant-history__item').first().click();
  await expect(page.getByRole('heading', { level: 2, name: /^Proposed for / })).toBeFocused();
  await expectNoSidewaysScroll(page, '/services/must-haves at 390px with its recent results');
  await proposal.click();
  await expect(dialog).toContainText(`${name}, from `);
  await expectNoAxeViolations(page, '/services/must-haves at 390px with the delete dialog open');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(history.getByRole('status')).toHaveText(`Deleted ${name}.`);
  await expect(history.getByRole('heading', { name: 'Your recent results' })).toBeFocused();
  await expect(history.getByText('Nothing yet: what you produce here is kept and listed here.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Proposed for / })).toHaveCount(0);

  // Gone from the hub too (through the screen's way back to Services).
  await page.setViewportSize(DESKTOP);
  await backToServices(page);
  await expect.poll(listed).not.toContain(name);
  await expect.poll(listed).toHaveLength(2);
});
