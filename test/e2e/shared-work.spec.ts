import { expect, test, type Browser, type Locator, type Page } from './support/test';
import { DESKTOP_VIEWPORT, expectAccessibleAtBothWidths, PHONE_VIEWPORT } from './support/accessibility';
import { inviteAndActivateUser, uniqueEmail } from './support/identity';
import { joinFirm, userIdOf } from './support/firm';
import { subscribeThroughApi } from './support/subscriptions';
import { JOB_CHANGE_RULE } from '../../lambdas/shared/contracts/assistant';

// A firm's shared work (issue 18) on the Services hub, at 1280 and 390 px: a recruiter saves a
// job; a teammate who is a recruiter sees it but may not change it; an admin may. A recruiter's
// result is theirs until "Share with my firm", then the owner sees it; "Stop sharing" hides it
// again. The team is made by the organization rules on the runtime's table (the Team page's
// invitations are walked by team.spec and organization.spec). Walked once, the recruiters on a
// phone and the admin and owner on a desktop, with each state checked at both widths: the layout
// follows the width through CSS, so a second whole walk per width proved nothing more.

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

/** Everyone's own browser, signed in: the owner, two recruiters and an admin of one firm. */
const people = {} as Record<'owner' | 'rita' | 'sam' | 'ada', Page>;

async function signedIn(browser: Browser, firstName: string, lastName: string): Promise<{ page: Page; email: string; id: string }> {
  const page = await (await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP_VIEWPORT })).newPage();
  const { email } = await inviteAndActivateUser(page, firstName, { email: uniqueEmail(firstName.toLowerCase()), lastName });
  return { page, email, id: await userIdOf(email) };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await signedIn(browser, 'Olga', 'Okafor');
  await subscribeThroughApi(owner.page, 'Starter', 'Olga Okafor');
  people.owner = owner.page;
  for (const [key, firstName, role] of [
    ['rita', 'Rita', 'recruiter'],
    ['sam', 'Sam', 'recruiter'],
    ['ada', 'Ada', 'admin'],
  ] as const) {
    const person = await signedIn(browser, firstName, 'Mensah');
    await joinFirm(owner.id, person.email, role);
    people[key] = person.page;
  }
});

test.afterAll(async () => {
  for (const page of Object.values(people)) await page.context().close();
});

/** The hub's "Your saved jobs" list on `page`, freshly loaded. */
async function savedJobs(page: Page): Promise<Locator> {
  await page.goto('/services');
  return page.getByRole('region', { name: 'Your saved jobs' });
}

/** The saved job titled exactly `title` in a saved jobs list: its title, who saved it, its buttons. */
function jobItem(jobs: Locator, title: string): Locator {
  return jobs.getByRole('listitem').filter({ has: jobs.page().locator('.saved-jobs__title').getByText(title, { exact: true }) });
}

/** Renames `title` in the saved jobs list to `to`. */
async function rename(jobs: Locator, title: string, to: string): Promise<void> {
  await jobs.getByRole('button', { name: `Rename ${title}`, exact: true }).click();
  await jobs
    .getByRole('form', { name: `Rename ${title}` })
    .getByLabel('New title')
    .fill(to);
  await jobs.getByRole('button', { name: 'Save the title' }).click();
}

/** The owner's view of what is shared with the firm, freshly loaded. */
async function sharedWithTheFirm(page: Page): Promise<Locator> {
  await page.goto('/services');
  const recent = page.getByRole('region', { name: 'Your recent results' });
  await recent.getByRole('combobox', { name: 'Results' }).selectOption({ label: 'Shared with the firm' });
  // Loaded: the list, or what an empty firm view says.
  await expect(recent.locator('.recent-results__list').or(recent.getByText(/^Nothing is shared with the firm yet/))).toBeVisible();
  return recent;
}

test('shared jobs and results (recruiters at 390 px, the admin and owner at 1280 px, checked at both)', async () => {
  test.setTimeout(180_000);
  const { rita, sam, ada, owner } = people;
  for (const recruiter of [rita, sam]) await recruiter.setViewportSize(PHONE_VIEWPORT);

  // Rita proposes must-haves for a job (her result) and saves the job.
  await rita.goto('/services/must-haves');
  await rita.getByRole('button', { name: 'Try a sample' }).click();
  await expect(rita.getByLabel('Job title')).not.toHaveValue('');
  const title = await rita.getByLabel('Job title').inputValue();
  await rita.getByRole('button', { name: 'Propose must-haves' }).click();
  await expect(rita.getByRole('heading', { level: 2, name: /^Proposed for / })).toBeFocused({ timeout: 20_000 });
  await rita.getByRole('button', { name: 'Save as a new job' }).click();
  await expect(rita.getByRole('status').filter({ hasText: `Saved “${title}”` })).toBeVisible();

  // Sam, a recruiter too, sees it, saved by Rita, but is offered no change to it, and told who may.
  const samsJobs = await savedJobs(sam);
  await expect(jobItem(samsJobs, title)).toContainText('Saved by Rita Mensah');
  await expect(jobItem(samsJobs, title).getByRole('button')).toHaveCount(0);
  await expect(samsJobs.getByText(JOB_CHANGE_RULE)).toBeVisible();
  await expectAccessibleAtBothWidths(sam, "/services with a teammate's job he may not change");

  // Ada, an admin, may.
  const adasJobs = await savedJobs(ada);
  const renamed = `${title} (confirmed)`;
  await rename(adasJobs, title, renamed);
  await expect(adasJobs.getByRole('status')).toHaveText(`Renamed “${title}” to “${renamed}”.`);
  await expect(jobItem(await savedJobs(sam), renamed)).toContainText('Saved by Rita Mensah');

  // Rita's result is hers until she shares it; then the owner sees it; unshared, it is gone again.
  const resultName = new RegExp(`^Client must-haves: ${title}`);
  await expect((await sharedWithTheFirm(owner)).getByRole('link', { name: resultName })).toHaveCount(0);
  await rita.goto('/services');
  const ritasResults = rita.getByRole('region', { name: 'Your recent results' });
  const share = ritasResults.getByRole('button', { name: new RegExp(`^Share with my firm Client must-haves: ${title}`) });
  await share.click();
  await expect(ritasResults.getByRole('status')).toHaveText(new RegExp(`^Shared Client must-haves: ${title}.* with your firm\\.$`));
  await expectAccessibleAtBothWidths(rita, '/services with a shared result');

  const ownersView = await sharedWithTheFirm(owner);
  await expect(ownersView.getByRole('link', { name: resultName })).toBeVisible();
  await expect(ownersView.getByText('Shared by Rita Mensah').first()).toBeVisible();
  await expectAccessibleAtBothWidths(owner, '/services, shared with the firm');

  await ritasResults.getByRole('button', { name: new RegExp(`^Stop sharing Client must-haves: ${title}`) }).click();
  await expect(ritasResults.getByRole('status')).toHaveText(/: it is yours alone again\.$/);
  await expect((await sharedWithTheFirm(owner)).getByRole('link', { name: resultName })).toHaveCount(0);
});
