import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ATS_DEMO_CREDENTIALS, BULLHORN_DEMO_CLIENT, BULLHORN_DEMO_USERNAME, GREENHOUSE_DEMO_CLIENT } from '../../local/ats/ats-stand-ins';
import { bullhornDemoHistory } from '../../local/ats/bullhorn-history';
import { crelateDemoHistory } from '../../local/ats/crelate-history';
import { demoPersonName, numberOfSyntheticId } from '../../local/ats/demo-people';
import { greenhouseDemoHistory } from '../../local/ats/greenhouse-history';
import { leverDemoHistory } from '../../local/ats/lever-history';
import type { SyntheticHistory } from '../../local/ats/synthetic-history';
import { workableDemoHistory } from '../../local/ats/workable-history';
import { searchAndPickOnly } from './support/combobox';
import { inviteAndActivateUser } from './support/identity';
import { subscribeThroughApi } from './support/subscriptions';

// Every capability that reads the ATS works with each of the five ATSs: a subscribed recruiter
// connects the vendor's demo account (the local runtime's fake, answering in the vendor's
// documented shapes) on /account, syncs it and sees what is stored, ranks the job's ATS candidates
// for best fit, summarises one of them and predicts placements for the job. The expected names and
// figures come from the demo account's own history.

const JOB_TITLE = 'Senior Backend Engineer';
const NOW = new Date();

interface Vendor {
  readonly label: string;
  /** The demo history the fake serves, and each of its candidates' name as the vendor holds it. */
  readonly history: SyntheticHistory;
  readonly nameOf: (candidateId: string) => string;
  readonly connect: (section: Locator) => Promise<void>;
}

const syntheticName = (candidateId: string) => {
  const { firstName, lastName } = demoPersonName(numberOfSyntheticId(candidateId));
  return `${firstName} ${lastName}`;
};

/** Chooses the ATS, fills its key fields (label → value) and presses Test and save. */
const withKeys = (label: string, fields: Readonly<Record<string, string>>) => async (section: Locator) => {
  await section.getByLabel('ATS', { exact: true }).selectOption({ label });
  for (const [field, value] of Object.entries(fields)) await section.getByLabel(field, { exact: true }).fill(value);
  await section.getByRole('button', { name: 'Test and save' }).click();
};

const bullhorn = bullhornDemoHistory(NOW);
const bullhornNames = new Map(
  (bullhorn.data.candidates ?? []).map((candidate) => [
    String(candidate.id),
    `${String(candidate.firstName)} ${String(candidate.lastName)}`,
  ]),
);

const VENDORS: readonly Vendor[] = [
  {
    label: 'Greenhouse',
    history: greenhouseDemoHistory(NOW).history,
    nameOf: syntheticName,
    connect: withKeys('Greenhouse', {
      'Client ID': GREENHOUSE_DEMO_CLIENT.clientId,
      'Greenhouse user ID': GREENHOUSE_DEMO_CLIENT.userId,
      'Client secret': GREENHOUSE_DEMO_CLIENT.clientSecret,
    }),
  },
  {
    label: 'Lever',
    history: leverDemoHistory(NOW).history,
    nameOf: syntheticName,
    connect: withKeys('Lever', { 'Lever API key': ATS_DEMO_CREDENTIALS.lever.apikey1 }),
  },
  {
    label: 'Workable',
    history: workableDemoHistory(NOW).history,
    nameOf: syntheticName,
    connect: withKeys('Workable', {
      'API access token': ATS_DEMO_CREDENTIALS.workable.apikey1,
      'Workable subdomain': ATS_DEMO_CREDENTIALS.workable.apikey2,
    }),
  },
  {
    label: 'Crelate',
    history: crelateDemoHistory(NOW).history,
    nameOf: syntheticName,
    connect: withKeys('Crelate', { 'Crelate API key': ATS_DEMO_CREDENTIALS.crelate.apikey1 }),
  },
  {
    label: 'Bullhorn',
    history: bullhorn.history,
    nameOf: (candidateId) => bullhornNames.get(candidateId) ?? candidateId,
    // Off to the fake Bullhorn's authorize page, which approves at once and sends the browser back.
    connect: async (section) => {
      await section.getByLabel('ATS', { exact: true }).selectOption({ label: 'Bullhorn' });
      await section.getByLabel('OAuth client id', { exact: true }).fill(BULLHORN_DEMO_CLIENT.clientId);
      await section.getByLabel('OAuth client secret', { exact: true }).fill(BULLHORN_DEMO_CLIENT.clientSecret);
      await section.getByLabel('Bullhorn API user name', { exact: true }).fill(BULLHORN_DEMO_USERNAME);
      await section.getByRole('button', { name: 'Sign in with Bullhorn' }).click();
    },
  },
];

/** What the Your ATS panel and the job's screens must show for a vendor's demo history. */
function expected(vendor: Vendor) {
  const { history } = vendor;
  const job = history.jobs.find((candidate) => candidate.title === JOB_TITLE)!;
  const active = history.applications.filter((application) => application.jobId === job.id && application.status === 'active');
  const applicants = history.applications.filter((application) => application.jobId === job.id);
  return {
    stored: {
      Jobs: `${history.jobs.length} jobs`,
      Candidates: `${history.candidates.length.toLocaleString('en-US')} candidates`,
      Applications: `${history.applications.length.toLocaleString('en-US')} applications`,
      Placements: `${history.applications.filter((application) => application.status === 'hired').length} placements`,
    },
    activeNames: new Set(active.map((application) => vendor.nameOf(application.candidateId))),
    applicantNames: new Set(applicants.map((application) => vendor.nameOf(application.candidateId))),
  };
}

test.use({ reducedMotion: 'reduce' });

let page: Page;

// A fresh subscriber per vendor rather than one per worker: the ATS routes allow a user 30 calls a
// minute, and one vendor's flow makes about fifteen, so one user running all five back to back is
// (rightly) told to slow down. Inviting and subscribing costs a few seconds.
test.beforeEach(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(90_000);
  page = await browser.newPage({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
  await inviteAndActivateUser(page, 'Rosa');
  // Enterprise: best fit and placement prediction are in no other plan.
  await subscribeThroughApi(page, 'Enterprise', 'Rosa Delgado');
});

test.afterEach(async () => {
  await page.context().close();
});

function atsSection(): Locator {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Your ATS' }) })
    .first();
}

/** The value beside a label in the sync panel's facts. */
const fact = (label: string) => atsSection().getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

/** Finds the demo job in an ATS job picker (`scope`) by typing, checks its count of active applications, and picks it. */
async function chooseJob(scope: Locator | Page, activeCount: number): Promise<void> {
  expect(await searchAndPickOnly(scope, 'ATS job', JOB_TITLE)).toContain(`${activeCount} active application`);
}

for (const vendor of VENDORS) {
  test(`${vendor.label}: connect, sync, best fit, a candidate summary and placement prediction on its own data`, async () => {
    const { stored, activeNames, applicantNames } = expected(vendor);

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 3, name: 'Connect your ATS' })).toBeVisible();
    await vendor.connect(atsSection());
    await expect(atsSection().getByText(new RegExp(`^Connected to ${vendor.label}`))).toBeVisible({ timeout: 30_000 });

    await atsSection().getByRole('button', { name: 'Sync now' }).click();
    await expect(atsSection().getByText(/^Sync complete\./)).toBeVisible({ timeout: 60_000 });
    for (const [label, value] of Object.entries(stored)) await expect(fact(label)).toHaveText(value);

    // Best fit: the job's candidates in its pipeline are checked by default; past applicants can be checked too.
    await page.goto('/services/best-fit');
    const importer = page.getByRole('group', { name: 'Add candidates from your ATS' });
    await chooseJob(importer, activeNames.size);
    await importer.getByRole('button', { name: 'Load candidates' }).click();
    await expect(importer.getByText(new RegExp(`the ${activeNames.size} in the pipeline are checked\\.$`))).toBeVisible();
    await importer.getByRole('button', { name: /^Add the (\d+ )?checked candidates?$/ }).click();
    await expect(importer.getByText(new RegExp(`^Added ${activeNames.size} candidates? from ${JOB_TITLE}`))).toBeVisible();
    const nameFields = page.locator('input[name$=".name"]');
    await expect(nameFields).toHaveCount(activeNames.size);
    const names = await Promise.all([...activeNames].map((_, index) => nameFields.nth(index).inputValue()));
    expect(new Set(names)).toEqual(activeNames);
    await page.getByRole('button', { name: /^Rank/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Best fit for ${JOB_TITLE}` })).toBeFocused({ timeout: 30_000 });
    const ranked = await page.locator('section.assistant-result tbody tr th').allTextContents();
    expect(new Set(ranked)).toEqual(activeNames);
    expect(ranked.every((name) => applicantNames.has(name))).toBe(true);

    // Candidate summary of one of the job's active applicants, read from the ATS.
    await page.goto('/services/candidate-summary');
    const single = page.getByRole('group', { name: 'Add a candidate from your ATS' });
    await chooseJob(single, activeNames.size);
    await single.getByRole('button', { name: 'Load candidates' }).click();
    const candidatePicker = single.getByRole('combobox', { name: 'ATS candidate' });
    await candidatePicker.click();
    const firstActive = single.getByRole('listbox', { name: 'ATS candidate' }).getByRole('option').first();
    const name = (await firstActive.locator('.combobox__label').textContent()) ?? '';
    const headline = ((await firstActive.locator('.combobox__detail').textContent()) ?? '').split(' · ')[0];
    expect(activeNames.has(name)).toBe(true);
    // Type to search, then pick with the keyboard.
    await candidatePicker.fill(name);
    await candidatePicker.press('ArrowDown');
    await candidatePicker.press('Enter');
    await expect(candidatePicker).toHaveValue(name);
    await single.getByRole('button', { name: 'Use this candidate' }).click();
    await expect(page.getByLabel('Candidate name')).toHaveValue(name);
    await page.getByRole('button', { name: 'Write the summary' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Summary of ${name}` })).toBeFocused({ timeout: 30_000 });
    // The current title from the ATS, not a section heading, says what the candidate is.
    await expect(page.locator('section.assistant-result')).toContainText(new RegExp(`${name} is an? ${headline.split(' at ')[0]}\\b`));

    // Placement prediction: the job's active applications, ranked, with an accuracy above the baseline.
    await page.goto('/services/placement-prediction');
    await chooseJob(page, activeNames.size);
    await page.getByRole('button', { name: 'Predict placements' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Placement prediction for ${JOB_TITLE}` })).toBeFocused({ timeout: 30_000 });
    const accuracy = page.getByText(/^Right \d+% of the time on \d+ past applications it did not learn from;/);
    const [, right, baseline] = /Right (\d+)% .* right (\d+)%/.exec((await accuracy.textContent()) ?? '') ?? [];
    expect(Number(right)).toBeGreaterThan(Number(baseline));
    const predicted = await page
      .getByRole('table', { name: /most likely placement first$/ })
      .locator('tbody tr th')
      .allTextContents();
    expect(new Set(predicted)).toEqual(activeNames);
  });
}
