import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createPostConfirmationHandler } from '../../../lambdas/identity/post-confirmation';
import type { PostConfirmationDependencies } from '../../../lambdas/identity/post-confirmation-dependencies';
import { countItems } from '../../local/support/local-services';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { postConfirmationEvent, signUpAttributes } from '../support/cognito-trigger-events';
import { startIdentityServices, type IdentityServices } from '../support/identity-services';

const NOW = new Date('2026-03-01T12:00:00Z');

let services: IdentityServices;
let postConfirmation: ReturnType<typeof createPostConfirmationHandler>;
let logs: CapturedLogs;

function dependencies(overrides: Partial<PostConfirmationDependencies> = {}): PostConfirmationDependencies {
  return { codes: services.codes, users: services.users, directoryFor: () => services.directory, ...overrides };
}

beforeAll(async () => {
  services = await startIdentityServices();
  postConfirmation = createPostConfirmationHandler(
    () => dependencies(),
    () => NOW,
  );
});
afterAll(() => services.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

let sequence = 0;
/** A person who signed up in cognito-local (no triggers here) and whose confirmation event we replay. */
async function signedUp(code: string, extra: Record<string, string> = {}): Promise<PostConfirmationTriggerEvent> {
  const email = `person-${++sequence}@example.com`;
  const userAttributes = signUpAttributes(email, code, extra);
  const answer = await services.cognitoClient.send(
    new SignUpCommand({
      ClientId: services.cognito.userPoolClientId,
      Username: email,
      Password: 'correct horse',
      UserAttributes: Object.entries(userAttributes).map(([Name, Value]) => ({ Name, Value })),
    }),
  );
  return postConfirmationEvent({ sub: answer.UserSub!, userAttributes });
}

async function newCode(group: 'Beta_Customer_R1' | 'Beta_Customer_R2', maxUses?: number): Promise<string> {
  const code = `CONFIRM-${++sequence}`;
  await services.addCode(code, group, maxUses === undefined ? {} : { maxUses });
  return code;
}

describe('PostConfirmation trigger (after the email is confirmed)', () => {
  it("creates the User record, counts the code's use and adds the person to the code's group", async () => {
    const code = await newCode('Beta_Customer_R2');
    const event = await signedUp(code.toLowerCase());
    const sub = event.request.userAttributes.sub;

    const result = await postConfirmation(event, { awsRequestId: 'confirm-1' });

    expect(result).toEqual(event);
    expect(await services.users.getById(sub)).toEqual({
      id: sub,
      email: event.request.userAttributes.email,
      firstName: 'Dana',
      lastName: 'Li',
      companyName: 'Acme Staffing',
      phoneNumber: '+15550100199',
      status: 'ACTIVE',
      subscriptionId: 'SubscriptionTBD',
      subscriptions: [],
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect((await services.codes.get(code))?.uses).toBe(1);
    expect((await services.directory.getUser(sub))?.groups).toEqual(['Beta_Customer_R2']);
  });

  it('changes nothing twice when Cognito retries it', async () => {
    const code = await newCode('Beta_Customer_R1');
    const event = await signedUp(code);
    const before = await countItems(services.dynamodbClient, services.tableNames.users);

    await postConfirmation(event);
    await postConfirmation(event);
    await postConfirmation(event);

    expect(await countItems(services.dynamodbClient, services.tableNames.users)).toBe(before + 1);
    expect((await services.codes.get(code))?.uses).toBe(1);
    expect((await services.directory.getUser(event.userName))?.groups).toEqual(['Beta_Customer_R1']);
  });

  it('finishes a registration that failed half-way on the retry, still counting the use once', async () => {
    const code = await newCode('Beta_Customer_R1');
    const event = await signedUp(code);
    const failing = createPostConfirmationHandler(
      () => dependencies({ directoryFor: () => ({ addToGroup: async () => Promise.reject(new Error('throttled')) }) }),
      () => NOW,
    );

    await expect(failing(event)).rejects.toThrow(/^SIGN_UP_UNAVAILABLE: /);
    expect(await services.users.getById(event.userName)).toBeDefined();
    expect((await services.directory.getUser(event.userName))?.groups).toEqual([]);

    await postConfirmation(event);

    expect((await services.directory.getUser(event.userName))?.groups).toEqual(['Beta_Customer_R1']);
    expect((await services.codes.get(code))?.uses).toBe(1);
  });

  it("of two people confirming at once for a code's last use, registers exactly one", async () => {
    const code = await newCode('Beta_Customer_R2', 1);
    const [first, second] = await Promise.all([signedUp(code), signedUp(code)]);

    const results = await Promise.allSettled([postConfirmation(first), postConfirmation(second)]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect((refused?.reason as Error).message).toBe(
      'REGISTRATION_CODE_INVALID: You have provided an incorrect registration code. Please try again',
    );
    expect((await services.codes.get(code))?.uses).toBe(1);
    const records = await Promise.all([services.users.getById(first.userName), services.users.getById(second.userName)]);
    expect(records.filter(Boolean)).toHaveLength(1);
  });

  it('never adds anyone to a group other than the beta groups, even when a code item names Admins', async () => {
    // A tampered item: putIfAbsent refuses such a group, so it is written past the repository.
    const code = `TAMPERED-${++sequence}`;
    await services.documentClient.send(
      new PutCommand({
        TableName: services.tableNames.registrationCodes,
        Item: { code, group: 'Admins', uses: 0, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() },
      }),
    );
    const event = await signedUp(code);
    const addToGroup = jest.fn(async () => {});
    const guarded = createPostConfirmationHandler(
      () => dependencies({ directoryFor: () => ({ addToGroup }) }),
      () => NOW,
    );

    await expect(guarded(event)).rejects.toThrow(/^SIGN_UP_UNAVAILABLE: /);

    expect(addToGroup).not.toHaveBeenCalled();
    expect(await services.users.getById(event.request.userAttributes.sub)).toBeUndefined();
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ message: 'Trigger failed', error: expect.objectContaining({ name: 'NotBetaGroupError' }) }),
    );
  });

  it('does nothing after a password reset', async () => {
    const code = await newCode('Beta_Customer_R1');
    const event = { ...(await signedUp(code)), triggerSource: 'PostConfirmation_ConfirmForgotPassword' as const };

    await expect(postConfirmation(event)).resolves.toEqual(event);

    expect(await services.users.getById(event.userName)).toBeUndefined();
    expect((await services.codes.get(code))?.uses).toBe(0);
  });

  it('leaves a user an admin invited alone (no code; their record exists)', async () => {
    const invited = await services.directory.inviteUser({
      email: 'invited@example.com',
      firstName: 'Ira',
      lastName: 'Kent',
      companyName: 'Kent Talent',
    });
    await services.users.putIfAbsent({
      id: invited.sub,
      email: 'invited@example.com',
      companyName: 'Kent Talent',
      status: 'ACTIVE',
      createdAt: 'x',
      updatedAt: 'x',
    });
    const event = postConfirmationEvent({
      sub: invited.sub,
      userAttributes: { email: 'invited@example.com', given_name: 'Ira', family_name: 'Kent' },
    });

    await expect(postConfirmation(event)).resolves.toEqual(event);
    expect((await services.users.getById(invited.sub))?.createdAt).toBe('x');
  });

  it('refuses (REGISTRATION_CODE_INVALID) a confirmation with neither a code nor a record', async () => {
    const event = postConfirmationEvent({ userAttributes: { email: 'stray@example.com', given_name: 'S', family_name: 'T' } });
    await expect(postConfirmation(event)).rejects.toThrow('REGISTRATION_CODE_INVALID: Please enter your registration code');
  });

  it("refuses a different code in ConfirmSignUp's clientMetadata", async () => {
    const code = await newCode('Beta_Customer_R1');
    const event = await signedUp(code);
    event.request.clientMetadata = { registrationCode: 'SOMETHING-ELSE' };
    await expect(postConfirmation(event)).rejects.toThrow('REGISTRATION_CODE_INVALID: The registration codes given do not match');
    expect(await services.users.getById(event.userName)).toBeUndefined();
  });
});
