import { expect, test, type Browser, type Page } from './support/test';
import { DESKTOP_VIEWPORT, expectAccessibleAtBothWidths, expectNoAxeViolations } from './support/accessibility';
import { idTokenFor, inviteAndActivateUser, SEEDED_ADMIN, signInThroughApi, uniqueEmail } from './support/identity';
import { readEndpoints } from './support/local-runtime';
import { subscribeThroughApi } from './support/subscriptions';
import { openInApp } from './support/navigation';

// The admin console (issue 17): the seeded admin reads and handles a visitor's contact message,
// finds a subscriber with their plan, invites and removes a person, and makes and expires a
// registration code, at desktop and phone width with axe; anyone else is told it is not for them
// and the server refuses them too. Everything the admin changes is this file's own data.

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

test('a signed-in recruiter who is no admin is told the console is not for them, and the server refuses them', async ({ page }) => {
  const { email, password } = await inviteAndActivateUser(page, 'Noor');

  await openInApp(page, '/admin');

  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('The admin console is for administrators.', { exact: false })).toBeVisible();
  await expectAccessibleAtBothWidths(page, '/admin for a recruiter');
  await page.getByRole('button', { name: /Hi, Noor/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  const answer = await page.request.post(`${readEndpoints().restUrl}/admin/console`, {
    headers: { Authorization: await idTokenFor(email, password), 'content-type': 'application/json' },
    data: { action: 'listContacts' },
  });
  expect(answer.status()).toBe(403);
});

test.describe('the seeded admin', () => {
  let page: Page;
  const marker = `console-${Date.now()}`;
  let subscriber: { email: string };

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(90_000);
    // A visitor's message, and a Professional subscriber, before the admin looks.
    const visitor = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
    await visitor.goto('/contact');
    await visitor.getByLabel('Name').fill('Morgan Blake');
    await visitor.getByLabel('Work email').fill('morgan.blake@harbor-talent.example');
    await visitor.getByLabel('How can we help?').fill(`Can the assistant read our Lever pipeline? ${marker}`);
    await visitor.getByRole('button', { name: 'Send message' }).click();
    await expect(visitor.getByRole('status').filter({ hasText: 'your message is on its way' })).toBeVisible();
    subscriber = await inviteAndActivateUser(visitor, 'Kai', { email: uniqueEmail('kai.console'), companyName: 'Harbor Talent' });
    await subscribeThroughApi(visitor, 'Professional', 'Kai Okafor');
    await visitor.context().close();

    page = await (await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP_VIEWPORT })).newPage();
    await signInThroughApi(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, SEEDED_ADMIN.firstName);
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('opens the console from the account menu, finds the visitor’s message and marks it handled', async () => {
    await page.getByRole('button', { name: `Hi, ${SEEDED_ADMIN.firstName}` }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search messages' }).fill(marker);
    await page.getByRole('button', { name: 'Search' }).click();
    // This run's message, whatever else is listed: another file's visitor may be a Morgan Blake too
    // (screenshots.spec.ts), and the list before the search applies shows every open message.
    const card = page.getByRole('article', { name: 'Morgan Blake' }).filter({ hasText: marker });
    await expect(card.getByText(marker, { exact: false })).toBeVisible();
    await expect(card.getByText('Open', { exact: true })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the contact messages');

    await card.getByRole('button', { name: 'Mark handled (message from Morgan Blake)' }).click();
    await expect(page.getByText(`No open messages match “${marker}”.`)).toBeVisible();
    await page.getByLabel('Show').selectOption('handled');
    await expect(card.getByText('Handled', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Mark open (message from Morgan Blake)' }).click();
    await expect(page.getByText(`No handled messages match “${marker}”.`)).toBeVisible();
  });

  test('finds a subscriber with their plan, invites a person and removes them again', async () => {
    await page.goto('/admin?section=users');
    await page.getByRole('searchbox', { name: 'Search by name, email or company' }).fill(subscriber.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const kai = page.getByRole('article', { name: 'Kai Okafor' });
    await expect(kai.getByText(/^Professional, (active|future)/)).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the users');

    const invitee = uniqueEmail('lee.console');
    const form = page.getByRole('form', { name: 'Invite a person' });
    await form.getByLabel('Email').fill(invitee);
    await form.getByLabel('First name').fill('Lee');
    await form.getByLabel('Last name').fill('Park');
    await form.getByLabel('Company').fill('Park Search');
    await form.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByText(`${invitee} is invited`, { exact: false })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search by name, email or company' }).fill(invitee);
    await page.getByRole('button', { name: 'Search' }).click();
    const lee = page.getByRole('article', { name: 'Lee Park' });
    await expect(lee.getByText('No subscription')).toBeVisible();
    await lee.getByRole('button', { name: 'Remove Lee Park' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Lee Park?' });
    await expectNoAxeViolations(page, 'the remove dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(lee.getByText('Removed', { exact: true })).toBeVisible();
  });

  test('creates a registration code with the safe defaults, sees its uses, and expires it', async () => {
    await page.goto('/admin?section=codes');
    const form = page.getByRole('form', { name: 'New registration code' });
    await expect(form.getByText('Empty: 25 sign-ups.')).toBeVisible();
    await form.getByLabel('Beta group').selectOption('Beta_Customer_R2');
    await form.getByRole('button', { name: 'Create code' }).click();
    const toast = page.getByText(/^New code \S+ for Beta_Customer_R2/);
    await expect(toast).toBeVisible();
    const code = /^New code (\S+) for/.exec((await toast.textContent()) ?? '')?.[1] ?? '';
    // 80 random bits: 16 base-32 characters at least.
    expect(code.replace(/-/g, '')).toMatch(/^[A-Z0-9]{16,}$/);

    const card = page.getByRole('article', { name: code });
    await expect(card.getByText('0 of 25 used')).toBeVisible();
    await expect(card.getByText('Admits sign-ups')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the registration codes');

    await card.getByRole('button', { name: `Expire now (${code})` }).click();
    await expect(card.getByText('Expired', { exact: true }).first()).toBeVisible();
    await expect(card.getByRole('button', { name: /Expire now/ })).toHaveCount(0);
  });
});
