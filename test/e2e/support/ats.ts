import { expect, type Locator, type Page } from '@playwright/test';
import { ATS_DEMO_CREDENTIALS, GREENHOUSE_DEMO_CLIENT } from '../../../local/ats/ats-stand-ins';
import type { AtsSyncResponse } from '../../../lambdas/shared/contracts/ats';
import type { DemoAccountExpectations } from '../../support/ats-demo-accounts';
import { sessionIdToken } from './identity';
import { readEndpoints } from './local-runtime';
import { syncUntilComplete } from '../../support/ats-sync';

/** The account page's ATS settings. */
export function atsSettings(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Your ATS' })
    .or(page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Your ATS' }) }))
    .first();
}

/**
 * On the account page, fills the local runtime's fake Greenhouse (which answers like Greenhouse
 * Harvest v3) with its demo client and `secret` as the client secret, and presses "Test and save".
 */
export async function submitDemoGreenhouse(page: Page, secret: string = GREENHOUSE_DEMO_CLIENT.clientSecret): Promise<void> {
  const section = atsSettings(page);
  await section.getByLabel('ATS', { exact: true }).selectOption({ label: 'Greenhouse' });
  await section.getByLabel('Client ID', { exact: true }).fill(GREENHOUSE_DEMO_CLIENT.clientId);
  await section.getByLabel('Greenhouse user ID', { exact: true }).fill(GREENHOUSE_DEMO_CLIENT.userId);
  await section.getByLabel('Client secret', { exact: true }).fill(secret);
  await section.getByRole('button', { name: 'Test and save' }).click();
}

/** Connects the demo Greenhouse (see {@link submitDemoGreenhouse}) and waits for the connection. */
export async function connectDemoGreenhouse(page: Page): Promise<void> {
  await submitDemoGreenhouse(page);
  await expect(
    atsSettings(page)
      .getByRole('status')
      .filter({ hasText: /^Connected to Greenhouse/ }),
  ).toBeVisible();
}

/** Presses "Sync now" in the account page's ATS settings and waits until the sync says it is complete. */
export async function syncAtsNow(page: Page): Promise<void> {
  await atsSettings(page).getByRole('button', { name: 'Sync now' }).click();
  await expect(atsSettings(page).getByText(/^Sync complete\./)).toBeVisible({ timeout: 90_000 });
}

/**
 * Connects the demo Greenhouse for the person signed in on `page` and syncs it through the routes
 * the account page calls (`POST /ats/connection`, then `POST /ats/sync` again while the answer is
 * `partial`, as "Sync now" does): for tests whose subject comes after a sync. The form, its focus
 * and "Sync now" are walked in ats.spec.ts.
 */
export async function connectAndSyncDemoGreenhouseThroughApi(page: Page): Promise<void> {
  const { restUrl } = readEndpoints();
  const headers = { Authorization: await sessionIdToken(page) };
  const connected = await page.request.post(`${restUrl}/ats/connection`, { headers, data: ATS_DEMO_CREDENTIALS.greenhouse });
  expect(connected.status(), await connected.text()).toBe(200);
  await syncUntilComplete(
    async () => {
      const response = await page.request.post(`${restUrl}/ats/sync`, { headers, data: {}, timeout: 60_000 });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as AtsSyncResponse;
    },
    { maxCalls: 20, what: 'Syncing the demo Greenhouse' },
  );
}

/** The value beside `label` in the facts of the account page's ATS block `block` ("Connected ATS", "Sync"). */
export function atsFact(page: Page, block: 'Connected ATS' | 'Sync', label: string): Locator {
  return atsSettings(page)
    .getByRole('region', { name: block, exact: true })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::*[1]');
}

/** Checks that the sync panel shows `stored` (a demo account's whole history) as the web words it: "3 jobs", "1,204 candidates". */
export async function expectStoredFacts(page: Page, stored: DemoAccountExpectations['stored']): Promise<void> {
  const words = (value: number, plural: string) => `${value.toLocaleString('en-US')} ${plural}`;
  await expect(atsFact(page, 'Sync', 'Jobs')).toHaveText(words(stored.jobs, 'jobs'));
  await expect(atsFact(page, 'Sync', 'Candidates')).toHaveText(words(stored.candidates, 'candidates'));
  await expect(atsFact(page, 'Sync', 'Applications')).toHaveText(words(stored.applications, 'applications'));
  await expect(atsFact(page, 'Sync', 'Placements')).toHaveText(words(stored.placements, 'placements'));
}
