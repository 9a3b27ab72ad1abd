import { expect, test, type Browser, type Locator, type Page } from './support/test';
import { ATS_DEMO_CREDENTIALS } from '../../local/ats/ats-stand-ins';
import { demoAccountExpectations } from '../support/ats-demo-accounts';
import { atsFact, atsSettings, expectStoredFacts, syncAtsNow } from './support/ats';
import { inviteAndActivateUser } from './support/identity';
import { subscribeThroughApi } from './support/subscriptions';

// Each ATS connects through its own form: a subscribed recruiter connects the demo accounts of
// Lever, Workable and Crelate in turn (the local runtime's fakes, answering in the vendor's
// documented shapes) with the fields each ATS names its keys by, sees the keys masked, syncs, and
// reads what the sync stored: that account's whole history (connecting another ATS clears the
// data synced before). Greenhouse's form and Bullhorn's sign-in are ats.spec.ts's, with the one
// walk of the screens after a sync (best fit, a candidate summary, placement prediction); what
// those screens show of each other vendor's data is checked on the handlers, in
// test/lambdas/ats/routes/demo-accounts.test.ts.

interface Vendor {
  readonly atsname: 'lever' | 'workable' | 'crelate';
  readonly label: string;
  /** Each key field's label and what the recruiter types in it. */
  readonly fields: Readonly<Record<string, string>>;
  /** The fields whose saved key the connection shows masked (`••••` and its last four characters). */
  readonly masked: readonly string[];
}

const { lever, workable, crelate } = ATS_DEMO_CREDENTIALS;

const VENDORS: readonly Vendor[] = [
  { atsname: 'lever', label: 'Lever', fields: { 'Lever API key': lever.apikey1 }, masked: ['Lever API key'] },
  {
    atsname: 'workable',
    label: 'Workable',
    fields: { 'API access token': workable.apikey1, 'Workable subdomain': workable.apikey2 },
    masked: ['API access token'],
  },
  { atsname: 'crelate', label: 'Crelate', fields: { 'Crelate API key': crelate.apikey1 }, masked: ['Crelate API key'] },
];

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

let page: Page;

// One recruiter for the three: each connect and sync makes three ATS calls, well under the routes'
// 30 a minute for one user.
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(90_000);
  page = await browser.newPage({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
  await inviteAndActivateUser(page, 'Rosa');
  // Enterprise: the ATS connection is in no other plan.
  await subscribeThroughApi(page, 'Enterprise', 'Rosa Delgado');
});

test.afterAll(async () => {
  await page.context().close();
});

for (const vendor of VENDORS) {
  test(`${vendor.label}: its own key fields connect its demo account, the keys show masked, and a sync stores its whole history`, async () => {
    test.setTimeout(90_000);
    const section: Locator = atsSettings(page);
    await page.goto('/account');
    // A new recruiter's form connects; once an ATS is connected, the same form changes it.
    await expect(page.getByRole('heading', { level: 3, name: /^(Connect your ATS|Change the connection)$/ })).toBeVisible();

    await section.getByLabel('ATS', { exact: true }).selectOption({ label: vendor.label });
    for (const [field, value] of Object.entries(vendor.fields)) await section.getByLabel(field, { exact: true }).fill(value);
    await section.getByRole('button', { name: 'Test and save' }).click();

    await expect(section.getByText(new RegExp(`^Connected to ${vendor.label}`))).toBeVisible({ timeout: 30_000 });
    for (const field of vendor.masked)
      await expect(atsFact(page, 'Connected ATS', field)).toHaveText(`••••${vendor.fields[field].slice(-4)}`);

    await syncAtsNow(page);
    await expectStoredFacts(page, demoAccountExpectations(vendor.atsname).stored);
  });
}
