import { expect, test } from './support/test';
import { readEndpoints, scanTable } from './support/local-runtime';

test('a visitor sends a contact message that is stored and the form clears', async ({ page }) => {
  const marker = `e2e-${Date.now()}`;
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Dana Whitfield');
  await page.getByLabel('Work email').fill('dana.whitfield@northbridge-staffing.com');
  await page.getByLabel(/Phone number/).fill('+1 555 010 0199');
  await page.getByLabel('How can we help?').fill(`We place nurses across three states and use Bullhorn. ${marker}`);
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'your message is on its way' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('How can we help?')).toHaveValue('');

  const stored = (await scanTable('contacts')).filter((item) => String(item.message).includes(marker));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    name: 'Dana Whitfield',
    email: 'dana.whitfield@northbridge-staffing.com',
    phoneNumber: '+1 555 010 0199',
  });
  expect(stored[0].createdAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
});

test('invalid contact input is explained inline and nothing is stored', async ({ page }) => {
  const before = (await scanTable('contacts')).length;
  await page.goto('/contact');
  await page.getByLabel('Name').fill('<script>alert(1)</script>');
  await page.getByLabel('Work email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Work email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please enter a valid email address, like name@company.com.')).toBeVisible();
  await expect(page.getByText('Please enter a message.')).toBeVisible();
  expect(await scanTable('contacts')).toHaveLength(before);
});

test('the GraphQL API itself refuses injection strings with a clear error and stores nothing', async ({ request }) => {
  const { graphqlUrl, graphqlApiKey } = readEndpoints();
  const before = (await scanTable('contacts')).length;
  const response = await request.post(graphqlUrl, {
    headers: { 'x-api-key': graphqlApiKey, 'content-type': 'application/json' },
    data: {
      query: 'mutation ($input: CreateContactInput!) { createContact(input: $input) { id } }',
      variables: { input: { name: '{"$gt": ""}', email: 'ops@example.com', message: '<img src=x onerror=alert(1)>' } },
    },
  });
  const body = await response.json();
  expect(body.data).toEqual({ createContact: null });
  expect(body.errors[0]).toMatchObject({ errorType: 'ValidationError', path: ['createContact'] });
  expect(body.errors[0].message).toMatch(/Name cannot contain/);
  expect(await scanTable('contacts')).toHaveLength(before);
});
