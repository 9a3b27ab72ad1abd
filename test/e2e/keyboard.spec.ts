import { expect, test, type Browser, type Page } from './support/test';
import { expectNoAxeViolations } from './support/accessibility';
import { inviteUser, latestMessageTo, SEEDED_ADMIN, uniqueEmail } from './support/identity';
import { expectAnnouncedError, expectTabOrder, expectVisibleFocus, fillInTabOrder, tabTo } from './support/keyboard';
import { APPROVED_TEST_CARD } from './support/subscriptions';
import { GREENHOUSE_DEMO_CLIENT } from '../../local/ats/ats-stand-ins';

// Every form here is driven by page.keyboard alone: no clicks, no fill(). The steps only reached
// through a flow (verify email, first new password, reset code) also get their axe check here.

test('sign-in works by keyboard alone: tab order, Enter submits, errors announced, the greeting follows', async ({ page }) => {
  await page.goto('/sign-in');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  await expectTabOrder(page, [
    email,
    password,
    page.getByRole('button', { name: 'Sign in' }),
    page.getByRole('button', { name: 'Forgot password?' }),
  ]);
  await expectVisibleFocus(page);

  // Enter in an empty form: focus goes to the first invalid field and each error is announced.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(password).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(email).toBeFocused();
  await expectAnnouncedError(email, /email/i);
  await expectAnnouncedError(password, 'Please enter your password.');

  await page.keyboard.type(SEEDED_ADMIN.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  // A refusal from the service is an alert, announced at once.
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();

  await expect(password).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(SEEDED_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Hi, Avery/ })).toBeVisible();
});

test('invitation sign-up works by keyboard alone, through the emailed code', async ({ page }) => {
  const address = uniqueEmail('keyboard-signup');
  await page.goto('/invite-signup');
  const code = page.getByLabel('Registration code');
  await tabTo(page, code);
  await page.keyboard.press('Enter');
  await expect(code).toBeFocused();
  await expectAnnouncedError(code, /code/i);
  await expectAnnouncedError(page.getByLabel('Password', { exact: true }), /8 characters/);

  await fillInTabOrder(
    page,
    [
      [code, 'BETA-R1-2024'],
      [page.getByLabel('First name'), 'Kwame'],
      [page.getByLabel('Last name'), 'Mensah'],
      [page.getByLabel('Email'), address],
      [page.getByLabel('Company'), 'Mensah Search'],
      [page.getByLabel(/Phone number/), '+1 555 010 0177'],
      [page.getByLabel('Password', { exact: true }), 'keyboard-only-1'],
    ],
    page.getByRole('button', { name: 'Create account' }),
  );

  // The next step takes focus at its heading; Tab leads into the code field.
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeFocused();
  const verification = page.getByLabel('Verification code');
  await tabTo(page, verification, 3);
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await expectAnnouncedError(verification, /6-digit|6 digits|code/i);
  await expectNoAxeViolations(page, 'the Verify your email step with its error');
  const { code: emailed } = await latestMessageTo(page, address, (message) => Boolean(message.code));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(emailed ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Hi, Kwame/ })).toBeVisible();
});

test('the contact form works by keyboard alone, its errors announced and its success in a live region', async ({ page }) => {
  await page.goto('/contact');
  const name = page.getByLabel('Name');
  await tabTo(page, name);
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expectAnnouncedError(name, /name/i);
  await expectAnnouncedError(page.getByLabel('Work email'), /email/i);
  await expectAnnouncedError(page.getByLabel('How can we help?'), /message|help/i);

  await fillInTabOrder(
    page,
    [
      [name, 'Ines Duarte'],
      [page.getByLabel('Work email'), 'ines.duarte@example.com'],
      [page.getByLabel(/Phone number/), '+351 21 000 0000'],
      [page.getByLabel('How can we help?'), 'We hire field engineers across Portugal and use Greenhouse.'],
    ],
    page.getByRole('button', { name: 'Send message' }),
  );
  await expect(page.getByRole('status').filter({ hasText: /your message is on its way/ })).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send message' }), 'focus stays on the button once the message is sent').toBeFocused();
});

test('every link and button on the home page shows a focus indicator with 3:1 contrast', async ({ page }) => {
  await page.goto('/');
  // The app renders once the page's code has arrived, which can be after the load event.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Walk the whole page with Tab, header, content and footer, until focus leaves the document.
  let checked = 0;
  for (; checked < 80; checked += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate<boolean>('document.activeElement === document.body || document.activeElement === null')) break;
    await expectVisibleFocus(page);
  }
  expect(checked, 'links and buttons walked through').toBeGreaterThanOrEqual(12);
});

/**
 * One invited user, driven by the keyboard through every form a signed-in user has, in order:
 * first sign-in with the new-password step, edit profile, change password, subscribe with the
 * local card form, the account menu and Sign Out, then forgot password.
 */
test.describe('a signed-in user by keyboard alone', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let email: string;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    let temporaryPassword: string;
    ({ email, temporaryPassword } = await inviteUser(page, 'Folake'));
    await page.goto('/sign-in');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(temporaryPassword);
    await page.keyboard.press('Enter');
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('the first sign-in asks for a new password: mismatches announced, Enter saves', async () => {
    const heading = page.getByRole('heading', { level: 1, name: 'Choose a new password' });
    await expect(heading).toBeFocused();
    const newPassword = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    await tabTo(page, newPassword, 3);
    await expect(newPassword).toHaveAccessibleDescription(/At least 8 characters/);
    await page.keyboard.type('first-password');
    await page.keyboard.press('Tab');
    await page.keyboard.type('first-passwort');
    await page.keyboard.press('Enter');
    await expect(confirm).toBeFocused();
    await expectAnnouncedError(confirm, /match/i);
    await expectNoAxeViolations(page, 'the first sign-in new-password step with its error');
    await fillInTabOrder(
      page,
      [[confirm, 'first-password']],
      page.getByRole('button', { name: /Set password|Save password|Change password/ }),
    );
    await expect(page.getByRole('button', { name: /Hi, Folake/ })).toBeVisible();
  });

  test('edit profile: a cleared required field is announced, the change is saved', async () => {
    await page.goto('/edit-profile');
    const firstName = page.getByLabel('First name');
    await tabTo(page, firstName);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expectAnnouncedError(firstName, /first name/i);
    await fillInTabOrder(
      page,
      [
        [firstName, 'Folasade'],
        [page.getByLabel('Last name'), null],
        [page.getByLabel(/Phone number/), null],
        [page.getByLabel('Company'), 'Adeyemi Talent'],
        [page.getByLabel(/Role/), null],
      ],
      page.getByRole('button', { name: 'Save changes' }),
    );
    await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Hi, Folasade/ })).toBeVisible();
  });

  test('change password: empty fields announced, a wrong current password is an alert, then it changes', async () => {
    await page.goto('/change-password');
    const current = page.getByLabel('Current password');
    await tabTo(page, current);
    await page.keyboard.press('Enter');
    await expectAnnouncedError(current, /password/i);
    await expectAnnouncedError(page.getByLabel('New password', { exact: true }), /8 characters/);

    const submit = page.getByRole('button', { name: 'Change password' });
    const fields = (currentPassword: string) =>
      [
        [current, currentPassword],
        [page.getByLabel('New password', { exact: true }), 'second-password'],
        [page.getByLabel('Confirm new password'), 'second-password'],
      ] as const;
    await fillInTabOrder(page, fields('not-my-password'), submit);
    await expect(page.getByRole('alert')).toBeVisible();
    // The refusal leaves focus on the button that was pressed, not on the page body.
    await expect(submit).toBeFocused();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('Shift+Tab');
    await expect(current).toBeFocused();
    await fillInTabOrder(page, fields('first-password'), submit);
    await expect(page.getByRole('status').filter({ hasText: 'Your password was changed.' })).toBeVisible();
  });

  test('subscribe: the plan is chosen and the local card form filled and sent by keyboard', async () => {
    await page.goto('/subscribe');
    // Professional: the service below (candidate summary) is not in Starter.
    await tabTo(page, page.getByRole('button', { name: 'Choose Professional' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Start your free trial' })).toBeFocused();
    const number = page.getByLabel('Card number');
    await tabTo(page, number, 5);
    await page.keyboard.press('Enter');
    await expectAnnouncedError(number, /card number/i);
    await expectAnnouncedError(page.getByLabel('Expiry (MM/YY)'), /expir/i);
    await fillInTabOrder(
      page,
      [
        [number, APPROVED_TEST_CARD],
        [page.getByLabel('Expiry (MM/YY)'), '12/30'],
        [page.getByLabel('CVC'), '123'],
        [page.getByLabel('Name on card'), 'Folasade Okafor'],
      ],
      page.getByRole('button', { name: 'Start free trial' }),
    );
    await expect(page).toHaveURL(/\/success$/);
  });

  test('a service by keyboard: the empty resume announced, a sample filled, Enter submits and focus lands on the result', async () => {
    await page.goto('/services/candidate-summary');
    const profile = page.getByLabel('Resume or profile');
    const submit = page.getByRole('button', { name: 'Write the summary' });
    await tabTo(page, submit, 60);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(profile).toBeFocused();
    await expectAnnouncedError(profile, 'Please give the resume or profile.');

    // Back past the candidate name to the sample button.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Try a sample' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /^Filled in the sample:/ })).toBeVisible();
    await tabTo(page, submit, 60);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: /^Summary of / })).toBeFocused({ timeout: 20_000 });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Copy the candidate summary' })).toBeFocused();
    await expectVisibleFocus(page);
  });

  test('ATS settings by keyboard: the ATS chosen by typing, the empty key announced, Enter connects, Sync now by Enter', async () => {
    await page.goto('/account');
    const ats = page.getByLabel('ATS', { exact: true });
    await tabTo(page, ats, 80);
    await page.keyboard.type('Greenhouse');
    await expect(ats).toHaveValue('greenhouse');
    const key = page.getByLabel('Client ID', { exact: true });
    const submit = page.getByRole('button', { name: 'Test and save' });
    await tabTo(page, submit, 10);
    await page.keyboard.press('Enter');
    await expect(key).toBeFocused();
    await expectAnnouncedError(key, 'Please give the Client ID.');

    await page.keyboard.type(GREENHOUSE_DEMO_CLIENT.clientId);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Greenhouse user ID', { exact: true })).toBeFocused();
    await page.keyboard.type(GREENHOUSE_DEMO_CLIENT.userId);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Client secret', { exact: true })).toBeFocused();
    await page.keyboard.type(GREENHOUSE_DEMO_CLIENT.clientSecret);
    await tabTo(page, submit, 10);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 3, name: 'Connected ATS' })).toBeFocused({ timeout: 20_000 });

    const sync = page.getByRole('button', { name: 'Sync now' });
    await tabTo(page, sync, 20);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Sync complete\./)).toBeVisible({ timeout: 60_000 });
    await expect(sync).toBeFocused();
  });

  test('the account menu opens, moves and closes with the keyboard, and Sign Out signs out', async () => {
    await page.goto('/account');
    const button = page.getByRole('button', { name: /Hi, Folasade/ });
    await tabTo(page, button);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const items = page.getByRole('menuitem');
    await expect(items.first()).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(page.getByRole('menu')).toBeHidden();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('forgot password: the reset code and the new password by keyboard, then sign in with it', async () => {
    await page.goto('/sign-in');
    await tabTo(page, page.getByRole('button', { name: 'Forgot password?' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
    const address = page.getByLabel('Email');
    await tabTo(page, address, 3);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeFocused();
    const code = page.getByLabel('Verification code');
    await tabTo(page, code, 3);
    await page.keyboard.press('Enter');
    await expectAnnouncedError(code, /code/i);
    await expectNoAxeViolations(page, 'the reset-password step with its error');
    const { code: emailed } = await latestMessageTo(page, email, (message) => Boolean(message.code));
    await fillInTabOrder(
      page,
      [
        [code, emailed ?? ''],
        [page.getByLabel('New password', { exact: true }), 'third-password'],
        [page.getByLabel('Confirm new password'), 'third-password'],
      ],
      page.getByRole('button', { name: 'Reset password' }),
    );
    await expect(page.getByText('Your password was reset. Sign in with your new password.')).toBeVisible();

    const password = page.getByLabel('Password', { exact: true });
    await tabTo(page, password);
    await page.keyboard.type('third-password');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /Hi, Folasade/ })).toBeVisible();
  });
});
