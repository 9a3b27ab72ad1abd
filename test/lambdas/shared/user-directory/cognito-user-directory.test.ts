import { ConflictError, NotFoundError, UpstreamError } from '../../../../lambdas/shared/errors';
import { createCognitoClient, createCognitoUserDirectory } from '../../../../lambdas/shared/user-directory/cognito-user-directory';
import { lastMessageTo, LOCAL_CREDENTIALS, startIdentityServices, type IdentityServices } from '../../support/identity-services';

let services: IdentityServices;
beforeAll(async () => {
  services = await startIdentityServices();
});
afterAll(() => services.stop());

const person = (email: string) => ({ email, firstName: 'Dana', lastName: 'Li', companyName: 'Acme Staffing', phoneNumber: '+15550100199' });

describe('Cognito user directory (against cognito-local)', () => {
  it('invites a person: a verified email, their names, company and phone, and an emailed temporary password', async () => {
    const invited = await services.directory.inviteUser(person('dana@example.com'));
    expect(invited).toEqual({ username: expect.stringMatching(/^[0-9a-f-]{36}$/), sub: invited.username, status: 'FORCE_CHANGE_PASSWORD' });

    const found = await services.directory.getUser(invited.username);
    expect(found).toMatchObject({
      username: invited.username,
      sub: invited.sub,
      email: 'dana@example.com',
      status: 'FORCE_CHANGE_PASSWORD',
      enabled: true,
      groups: [],
      attributes: {
        email: 'dana@example.com',
        email_verified: 'true',
        given_name: 'Dana',
        family_name: 'Li',
        'custom:companyName': 'Acme Staffing',
        phone_number: '+15550100199',
      },
    });
    const invitation = lastMessageTo(services.cognito, 'dana@example.com');
    expect(invitation).toMatchObject({ kind: 'invitation', temporaryPassword: expect.any(String) });
  });

  it('refuses a second invitation for the same email with a ConflictError', async () => {
    await services.directory.inviteUser(person('twice@example.com'));
    await expect(services.directory.inviteUser(person('twice@example.com'))).rejects.toBeInstanceOf(ConflictError);
  });

  it('adds a user to a group once, however often asked, and finds them by email too', async () => {
    const { username } = await services.directory.inviteUser(person('grouped@example.com'));
    await services.directory.addToGroup(username, 'Beta_Customer_R3');
    await services.directory.addToGroup(username, 'Beta_Customer_R3');
    expect((await services.directory.getUser('grouped@example.com'))?.groups).toEqual(['Beta_Customer_R3']);
  });

  it('reports an unknown user or group as such', async () => {
    await expect(services.directory.addToGroup('no-such-user', 'Beta_Customer_R1')).rejects.toBeInstanceOf(NotFoundError);
    const { username } = await services.directory.inviteUser(person('nogroup@example.com'));
    await expect(services.directory.addToGroup(username, 'No_Such_Group')).rejects.toThrow(UpstreamError);
    expect(await services.directory.getUser('no-such-user')).toBeUndefined();
  });

  it('deletes a user, and says so only once', async () => {
    const { username } = await services.directory.inviteUser(person('gone@example.com'));
    expect(await services.directory.deleteUser(username)).toBe(true);
    expect(await services.directory.deleteUser(username)).toBe(false);
    expect(await services.directory.getUser(username)).toBeUndefined();
  });

  it('turns an unreachable identity service into a retryable UpstreamError', async () => {
    const directory = createCognitoUserDirectory({
      client: createCognitoClient({ endpoint: 'http://127.0.0.1:9', region: 'us-east-2', credentials: LOCAL_CREDENTIALS }),
      userPoolId: services.cognito.userPoolId,
    });
    const failure = await directory.getUser('anyone').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({
      retryable: true,
      message: 'The identity service could not look the user up right now. Please try again shortly.',
    });
  });
});
