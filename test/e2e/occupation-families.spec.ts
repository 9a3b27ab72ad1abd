import { expect, test, type Browser, type Page } from './support/test';
import { garbageReason } from '../eval/term-quality';
import { OCCUPATION_POSTINGS, type OccupationPosting } from './fixtures/occupation-postings';
import { inviteAndActivateUser } from './support/identity';
import { subscribeThroughApi } from './support/subscriptions';

// A recruiter pastes a posting of an occupation family the agencies fill (our own postings, shaped
// like real ones) into the sourcing-terms and must-haves services on /services: the search carries
// the role's usual title and a word of its trade, no term is garbage (a sentence piece, fragment,
// soft skill or generic word: the evaluation's rule), and the proposed must-haves name the hard
// requirement. Every family's posting is checked on the engine the routes run
// (test/lambdas/assistant/domain/occupation-families.test.ts); this walks the first family through
// the screens and reads the same checks off the page, as a person sees them.

/** The family walked here; the engine's test covers all of them. */
const WALKED = OCCUPATION_POSTINGS[0];

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

let page: Page;

/** Fills the pasted job on the open service screen and submits it; resolves when the result's heading has focus. */
async function submitPosting(posting: OccupationPosting, button: string, heading: RegExp): Promise<void> {
  await page.getByLabel('Job title').fill(posting.title);
  await page.getByRole('textbox', { name: 'Job description' }).fill(posting.description);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeFocused({ timeout: 20_000 });
}

/** The search titles and every term of the result's groups, as the page shows them. */
async function shownTerms(): Promise<{ titles: string[]; terms: string[] }> {
  const result = page.locator('section.assistant-result');
  const titles = (await result.getByRole('heading', { name: 'Title variants' }).locator('xpath=following-sibling::p[1]').innerText())
    .split(' · ')
    .map((t) => t.trim());
  const terms: string[] = [];
  for (const item of await result.locator('.term-groups > li').all()) {
    const concept = await item.locator('strong').innerText();
    const evidence = item.locator('.term-groups__evidence');
    const from = (await evidence.count()) ? await evidence.innerText() : '';
    const listed = (await item.innerText())
      .replace(concept, '')
      .replace(from, '')
      .replace(/^\s*:\s*/, '');
    terms.push(
      ...listed
        .split(' or ')
        .map((term) => term.trim())
        .filter(Boolean),
    );
  }
  return { titles, terms };
}

function familyTest(posting: OccupationPosting): void {
  test(`${posting.family}: “${posting.title}” gives a search with its title and trade, and its must-haves`, async () => {
    await page.goto('/services/sourcing-terms');
    await submitPosting(posting, 'Generate search strings', /^Search strings for /);
    const { titles, terms } = await shownTerms();
    expect(titles, 'search titles').toContainEqual(expect.stringMatching(posting.searchTitle));
    expect(terms, 'search terms').toContainEqual(expect.stringMatching(posting.coreSkill));
    const garbage = [...titles, ...terms].flatMap((term) => {
      const reason = garbageReason(term);
      return reason ? [`${term} (${reason})`] : [];
    });
    expect(garbage, 'garbage terms').toEqual([]);
    await expect(page.locator('.search-string')).not.toHaveCount(0);

    await page.goto('/services/must-haves');
    await submitPosting(posting, 'Propose must-haves', /^Proposed for /);
    const mustHaves = page.getByRole('group', { name: 'Must-haves' }).getByRole('textbox');
    await expect(mustHaves.first()).toBeVisible();
    const proposed = await Promise.all((await mustHaves.all()).map((input) => input.inputValue()));
    expect(proposed, 'proposed must-haves').toContainEqual(expect.stringMatching(posting.mustHave));
  });
}

test.describe(WALKED.family, () => {
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await inviteAndActivateUser(page, 'Omar');
    await subscribeThroughApi(page, 'Starter', 'Omar Reyes');
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  familyTest(WALKED);
});
