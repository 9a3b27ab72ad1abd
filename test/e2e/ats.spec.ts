import { expect, test, type Browser, type Locator, type Page } from './support/test';
import {
  ATS_DEMO_CREDENTIALS,
  BULLHORN_DEMO_CLIENT,
  BULLHORN_DEMO_USERNAME,
  GREENHOUSE_DEMO_CLIENT,
  LEVER_NEW_ACCOUNT_KEY,
} from '../../local/ats/ats-stand-ins';
import { DEMO_JOB_TITLE, demoAccountExpectations } from '../support/ats-demo-accounts';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/accessibility';
import { chooseInCombobox, searchAndPickOnly } from './support/combobox';
import { inviteAndActivateUser } from './support/identity';
import { scanTable } from './support/local-runtime';
import { subscribeThroughApi } from './support/subscriptions';
import { atsFact, atsSettings, expectStoredFacts, submitDemoGreenhouse, syncAtsNow } from './support/ats';

// A recruiter connects their ATS (the local runtime's fake Greenhouse, which answers like
// Greenhouse Harvest v3), syncs it, predicts placements for a job from their past placements and
// ranks the job's candidates with the assistant; a short history gets a clear message instead of
// a model; Bullhorn connects through its sign-in (the fake Bullhorn's authorize page approves at
// once and sends the browser back to the account page). The tests run in order on one signed-in page.
// This is the browser's one walk of the screens after a sync (best fit, a candidate summary,
// placement prediction), on the demo job of the demo Greenhouse, with the names and figures its
// history holds: those screens read the stored records whatever the ATS, so what they show of the
// other vendors' demo accounts is checked on the handlers (test/lambdas/ats/routes/demo-accounts.test.ts),
// and their connect forms in ats-vendors.spec.ts.

const GREENHOUSE = ATS_DEMO_CREDENTIALS.greenhouse;
const GREENHOUSE_MASK = `••••${GREENHOUSE.apikey1.slice(-4)}`;
const GREENHOUSE_DEMO = demoAccountExpectations('greenhouse');

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

let page: Page;
let email = '';

// One recruiter for the whole file: its pages make 28 ATS calls in all (counted in the runtime's
// log), under the routes' 30 a minute for one user even if the file ran within one minute.
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  ({ email } = await inviteAndActivateUser(page, 'Tomas'));
  await subscribeThroughApi(page, 'Enterprise', 'Tomas Lind');
});

test.afterAll(async () => {
  await page.context().close();
});

/** This recruiter's User record: other files' recruiters connect their ATSs at the same time. */
async function ownUser(): Promise<Record<string, unknown> | undefined> {
  return (await scanTable('users')).find((user) => user.email === email);
}

/** This recruiter's items in the ATS table. */
async function ownAtsItems(): Promise<Record<string, unknown>[]> {
  const user = await ownUser();
  return (await scanTable('ats')).filter((item) => user !== undefined && item.userId === user.id);
}

const atsSection = (): Locator => atsSettings(page);

async function connect(atsLabel: string, key: string): Promise<void> {
  const section = atsSection();
  await section.getByLabel('ATS', { exact: true }).selectOption({ label: atsLabel });
  const keyField = section.locator('input[type="password"]').first();
  await keyField.fill(key);
  await section.getByRole('button', { name: 'Test and save' }).click();
}

test('a wrong client secret is refused by the ATS, said next to the key field, and nothing is saved', async () => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 3, name: 'Connect your ATS' })).toBeVisible();
  await expect(atsSection().getByRole('option', { name: 'Bullhorn', exact: true })).toBeEnabled();

  await submitDemoGreenhouse(page, 'not-the-right-secret-0000');

  const keyField = atsSection().locator('input[type="password"]').first();
  await expect(keyField).toBeFocused();
  await expect(keyField).toHaveAttribute('aria-invalid', 'true');
  await expect(atsSection().getByRole('alert')).toContainText('Greenhouse');
  await expect(page.getByRole('heading', { level: 3, name: 'Connected ATS' })).toHaveCount(0);
  expect((await ownUser())?.atsname || '').toBe('');
  await expectNoAxeViolations(page, '/account with a refused ATS key');
});

test('the demo Greenhouse credentials connect: the keys are shown masked only, and stored sealed', async () => {
  await submitDemoGreenhouse(page, GREENHOUSE_DEMO_CLIENT.clientSecret);

  await expect(page.getByRole('heading', { level: 3, name: 'Connected ATS' })).toBeFocused();
  await expect(
    atsSection()
      .getByRole('status')
      .filter({ hasText: /^Connected to Greenhouse/ }),
  ).toBeVisible();
  await expect(atsSection().getByText(GREENHOUSE_MASK).first()).toBeVisible();
  expect(await page.content()).not.toContain(GREENHOUSE_DEMO_CLIENT.clientSecret);
  const stored = await ownUser();
  expect(stored?.atsname).toBe('greenhouse');
  expect(stored?.apikey1).toMatch(/^enc:v1:local:/);
  expect(stored?.apikey2).toMatch(/^enc:v1:local:/);
  expect(JSON.stringify(stored)).not.toContain(GREENHOUSE.apikey1);
  expect(JSON.stringify(stored)).not.toContain(GREENHOUSE_DEMO_CLIENT.clientSecret);

  await atsSection().getByRole('button', { name: 'Test connection' }).click();
  await expect(atsSection().getByRole('status').filter({ hasText: /works/i })).toBeVisible();
  await expectNoAxeViolations(page, '/account with a connected ATS');
});

test('Sync now reads the ATS and shows what is stored', async () => {
  await syncAtsNow(page);

  await expect(atsSection().getByText('Up to date')).toBeVisible();
  await expectStoredFacts(page, GREENHOUSE_DEMO.stored);
  const placements = atsFact(page, 'Sync', 'Placements');
  expect(Number((await placements.textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(5);
  const atsItems = await ownAtsItems();
  expect(atsItems.filter((item) => String(item.itemId).startsWith('application#')).length).toBeGreaterThanOrEqual(30);
});

test('placement prediction ranks a job’s active applications and reports its accuracy on held-out history', async () => {
  await page.goto('/services/placement-prediction');
  await expect(page.getByRole('heading', { level: 1, name: 'Placement prediction' })).toBeVisible();
  await chooseInCombobox(page, 'ATS job', new RegExp(`^${DEMO_JOB_TITLE} .*\\(${GREENHOUSE_DEMO.activeNames.size} active application`));

  await page.getByRole('button', { name: 'Predict placements' }).click();

  await expect(page.getByRole('heading', { level: 2, name: `Placement prediction for ${DEMO_JOB_TITLE}` })).toBeFocused({
    timeout: 20_000,
  });
  const accuracy = page.getByText(
    /^Right \d+% of the time on \d+ past applications it did not learn from; always guessing ‘(not placed|placed)’ would be right \d+%\./,
  );
  await expect(accuracy).toBeVisible();
  const [, right, , baseline] = /Right (\d+)% .* on (\d+) .* right (\d+)%/.exec((await accuracy.textContent()) ?? '') ?? [];
  expect(Number(right)).toBeGreaterThan(Number(baseline));
  const ranking = page.getByRole('table', { name: /most likely placement first$/ });
  const rows = ranking.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(1);
  const chances = (await rows.locator('td:nth-child(3), th:nth-child(3)').allTextContents()).map((text) =>
    Number(text.replace(/[^\d]/g, '')),
  );
  expect(chances).toEqual([...chances].sort((a, b) => b - a));
  await expect(rows.first()).toContainText(/Raises:|Lowers:/);
  expect(new Set(await rows.locator('th').allTextContents())).toEqual(GREENHOUSE_DEMO.activeNames);
  await expectNoAxeViolations(page, '/services/placement-prediction with a ranking');
  await page.setViewportSize({ width: 640, height: 900 });
  await expectNoSidewaysScroll(page, '/services/placement-prediction at 640px');
  await page.setViewportSize({ width: 1280, height: 800 });
});

/** Finds the demo job in an ATS job picker (`scope`) by typing, checks its count of active applications, and picks it. */
async function chooseDemoJob(scope: Locator | Page): Promise<void> {
  expect(await searchAndPickOnly(scope, 'ATS job', DEMO_JOB_TITLE)).toContain(`${GREENHOUSE_DEMO.activeNames.size} active application`);
}

test('best fit ranks candidates read from the ATS: the job’s pipeline, checked by default', async () => {
  const { activeNames, applicantNames } = GREENHOUSE_DEMO;
  await page.goto('/services/best-fit');
  const group = page.getByRole('group', { name: 'Add candidates from your ATS' });
  await chooseDemoJob(group);
  await group.getByRole('button', { name: 'Load candidates' }).click();
  // The job's pipeline is checked by default; past applicants can be checked too.
  await expect(group.getByText(new RegExp(`the ${activeNames.size} in the pipeline are checked\\.$`))).toBeVisible();
  await group.getByRole('button', { name: /^Add the (\d+ )?checked candidates?$/ }).click();
  await expect(group.getByText(new RegExp(`^Added ${activeNames.size} candidates? from ${DEMO_JOB_TITLE}`))).toBeVisible();
  const nameFields = page.locator('input[name$=".name"]');
  await expect(nameFields).toHaveCount(activeNames.size);
  const names = await Promise.all([...activeNames].map((_, index) => nameFields.nth(index).inputValue()));
  expect(new Set(names)).toEqual(activeNames);

  await page.getByRole('button', { name: /^Rank/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Best fit for ${DEMO_JOB_TITLE}` })).toBeFocused({ timeout: 30_000 });
  await expect(page.locator('section.assistant-result').getByText(/^Produced by the offline engine/)).toBeVisible();
  const ranked = await page.locator('section.assistant-result tbody tr th').allTextContents();
  expect(new Set(ranked)).toEqual(activeNames);
  expect(ranked.every((name) => applicantNames.has(name))).toBe(true);
});

test('a candidate summary of one of the job’s active applicants, read from the ATS, says what their current title is', async () => {
  await page.goto('/services/candidate-summary');
  const single = page.getByRole('group', { name: 'Add a candidate from your ATS' });
  await chooseDemoJob(single);
  await single.getByRole('button', { name: 'Load candidates' }).click();
  const candidatePicker = single.getByRole('combobox', { name: 'ATS candidate' });
  await candidatePicker.click();
  const firstActive = single.getByRole('listbox', { name: 'ATS candidate' }).getByRole('option').first();
  const name = (await firstActive.locator('.combobox__label').textContent()) ?? '';
  const headline = ((await firstActive.locator('.combobox__detail').textContent()) ?? '').split(' · ')[0];
  expect(GREENHOUSE_DEMO.activeNames.has(name)).toBe(true);
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
});

test('a short ATS history gets a clear message instead of predictions; disconnecting deletes the key and the synced data', async () => {
  await page.goto('/account');
  // The fake Lever's second account: a new one, with a handful of opportunities.
  await connect('Lever', LEVER_NEW_ACCOUNT_KEY);
  await expect(
    atsSection()
      .getByRole('status')
      .filter({ hasText: /^Connected to Lever/ }),
  ).toBeVisible();
  await syncAtsNow(page);

  await page.goto('/services/placement-prediction');
  await chooseInCombobox(page, 'ATS job', /active application/);
  await page.getByRole('button', { name: 'Predict placements' }).click();
  await expect(page.getByRole('status').filter({ hasText: /closed applications/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table')).toHaveCount(0);

  await page.goto('/account');
  await atsSection().getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect your ATS?' });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Connect your ATS' })).toBeFocused();
  await expect(page.getByText('Your ATS is disconnected and its key deleted.')).toBeVisible();
  expect((await ownUser())?.atsname || '').toBe('');
  expect((await ownAtsItems()).some((item) => String(item.itemId).startsWith('job#'))).toBe(false);
});

test('Bullhorn connects through its sign-in, syncs the demo staffing firm, and disconnecting deletes its grant', async () => {
  await page.goto('/account');
  const section = atsSection();
  await section.getByLabel('ATS', { exact: true }).selectOption({ label: 'Bullhorn' });
  await section.getByLabel('OAuth client id', { exact: true }).fill(BULLHORN_DEMO_CLIENT.clientId);
  await section.getByLabel('OAuth client secret', { exact: true }).fill(BULLHORN_DEMO_CLIENT.clientSecret);
  await section.getByLabel('Bullhorn API user name', { exact: true }).fill(BULLHORN_DEMO_USERNAME);

  await section.getByRole('button', { name: 'Sign in with Bullhorn' }).click();

  // Off to the fake Bullhorn's authorize page and back to the account page, the code posted once.
  await expect(atsSection().getByText(/^Connected to Bullhorn/)).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('heading', { level: 3, name: 'Connected ATS' })).toBeVisible();
  expect(await page.content()).not.toContain(BULLHORN_DEMO_CLIENT.clientSecret);
  const stored = await ownUser();
  expect(stored?.atsname).toBe('bullhorn');
  expect(stored?.apikey1).toMatch(/^enc:v1:local:/);
  expect(stored?.apikey2).toMatch(/^enc:v1:local:/);
  const grant = (await ownAtsItems()).find((item) => item.itemId === 'connection#bullhorn-grant');
  expect(grant?.grant).toMatch(/^enc:v1:local:/);

  await expect(atsFact(page, 'Connected ATS', 'OAuth client id')).toHaveText(`••••${BULLHORN_DEMO_CLIENT.clientId.slice(-4)}`);

  await syncAtsNow(page);
  const placements = atsFact(page, 'Sync', 'Placements');
  expect(Number((await placements.textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
  await expectStoredFacts(page, demoAccountExpectations('bullhorn').stored);
  await expectNoAxeViolations(page, '/account with Bullhorn connected');

  await atsSection().getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog', { name: 'Disconnect your ATS?' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Your ATS is disconnected and its key deleted.')).toBeVisible();
  const items = await ownAtsItems();
  expect(items.some((item) => item.itemId === 'connection#bullhorn-grant')).toBe(false);
  expect((await ownUser())?.atsname || '').toBe('');
});
