/** @jest-environment ./test/support/backend-environment.js */
import { createRestAdminApi } from '../../../../web/src/features/admin/api/admin-api';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { jsonResponse, restClientAnswering } from '../../support/rest';
import { testConfig } from '../../support/config';

/** The admin API over the real REST client, against a fake HTTP answer. */
function adminApi(answer: Response) {
  const { client, fetchImpl } = restClientAnswering(answer, 'id-token-avery');
  const sent = () => {
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
    return {
      url,
      method: init.method,
      authorization: (init.headers as Record<string, string>).Authorization,
      body: JSON.parse(String(init.body)),
    };
  };
  return { api: createRestAdminApi(testConfig(), client), sent };
}

describe('the admin API', () => {
  it('posts each console action to /admin/console with the admin’s token', async () => {
    const page = { items: [], nextCursor: 'next-page' };
    const { api, sent } = adminApi(jsonResponse(200, page));

    await expect(api.listContacts({ search: 'lever', state: 'open', cursor: 'abc_-1' })).resolves.toEqual(page);

    expect(sent()).toEqual({
      url: 'http://127.0.0.1:5181/prod/admin/console',
      method: 'POST',
      authorization: 'id-token-avery',
      body: { action: 'listContacts', search: 'lever', state: 'open', cursor: 'abc_-1' },
    });
  });

  it('invites and removes people through the admin user routes', async () => {
    const invite = adminApi(jsonResponse(201, { user: {}, cognito: { username: 'u', status: 'FORCE_CHANGE_PASSWORD' } }));
    const remove = adminApi(jsonResponse(200, { username: 'lee@park.example', removed: true }));

    await invite.api.inviteUser({
      email: 'lee@park.example',
      firstName: 'Lee',
      lastName: 'Park',
      companyName: 'Park',
      group: 'Beta_Customer_R1',
    });
    await remove.api.removeUser('lee@park.example');

    expect(invite.sent()).toMatchObject({ url: 'http://127.0.0.1:5181/prod/admin/user/create', body: { email: 'lee@park.example' } });
    expect(remove.sent()).toMatchObject({ url: 'http://127.0.0.1:5181/prod/admin/user/remove', body: { username: 'lee@park.example' } });
  });

  it('rejects with the server’s message and fields', async () => {
    const { api } = adminApi(
      jsonResponse(400, {
        code: 'validation_error',
        message: 'Some fields are missing or invalid.',
        fields: { maxUses: 'The use limit must be at least 1.' },
      }),
    );

    const failure = api.createRegistrationCode({ group: 'Beta_Customer_R1', maxUses: 0 });

    await expect(failure).rejects.toBeInstanceOf(RestApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, fields: { maxUses: 'The use limit must be at least 1.' } });
  });
});
