import { ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createPostConfirmationHandler } from '../../../lambdas/identity/post-confirmation';
import { createPreSignUpHandler } from '../../../lambdas/identity/pre-sign-up';
import { signUpErrorKind, signUpUserAttributes, type SignUpFields } from '../../../lambdas/shared/registration-codes/sign-up-contract';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { lastMessageTo, startIdentityServices, type IdentityServices } from '../support/identity-services';

/**
 * The whole invitation sign-up as the web app drives it, through cognito-local's SignUp and
 * ConfirmSignUp with the real trigger handlers behind its Lambda endpoint.
 */

let services: IdentityServices;
let logs: CapturedLogs;

beforeAll(async () => {
  // The triggers read `services` when cognito-local invokes them, after it is assigned.
  services = await startIdentityServices({
    triggers: {
      PreSignUp: createPreSignUpHandler(() => ({ codes: services.codes })) as never,
      PostConfirmation: createPostConfirmationHandler(() => ({
        codes: services.codes,
        users: services.users,
        directoryFor: () => services.directory,
      })) as never,
    },
  });
  await services.addCode('WELCOME-R3', 'Beta_Customer_R3');
  await services.addCode('LAST-SEAT', 'Beta_Customer_R1', { maxUses: 1 });
});
afterAll(() => services.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

const PASSWORD = 'eight chars';

function fields(email: string, registrationCode: string): SignUpFields {
  return { email, firstName: 'Dana', lastName: 'Li', companyName: 'Acme Staffing', phoneNumber: '+1 555 010 0199', registrationCode };
}

/** Amplify's `signUp({ username, password, options: { userAttributes } })`. */
function signUp(input: SignUpFields) {
  return services.cognitoClient.send(
    new SignUpCommand({
      ClientId: services.cognito.userPoolClientId,
      Username: input.email.trim().toLowerCase(),
      Password: PASSWORD,
      UserAttributes: Object.entries(signUpUserAttributes(input)).map(([Name, Value]) => ({ Name, Value })),
    }),
  );
}

/** Amplify's `confirmSignUp({ username, confirmationCode })` with the code from the (local) email. */
function confirm(email: string) {
  const code = lastMessageTo(services.cognito, email).code;
  return services.cognitoClient.send(
    new ConfirmSignUpCommand({ ClientId: services.cognito.userPoolClientId, Username: email, ConfirmationCode: code }),
  );
}

describe('invitation sign-up through Cognito (cognito-local with the triggers)', () => {
  it('signs up with a good code, confirms the email, and ends with a record, a group and a working sign-in', async () => {
    const answer = await signUp(fields('Dana@Example.com', ' welcome-r3 '));
    expect(answer.UserConfirmed).toBe(false);
    expect(await services.users.getById(answer.UserSub!)).toBeUndefined();

    await confirm('dana@example.com');

    expect(await services.users.getById(answer.UserSub!)).toMatchObject({
      id: answer.UserSub,
      email: 'dana@example.com',
      companyName: 'Acme Staffing',
      phoneNumber: '+15550100199',
      status: 'ACTIVE',
      subscriptionId: 'SubscriptionTBD',
    });
    expect((await services.codes.get('WELCOME-R3'))?.uses).toBe(1);
    const signedIn = await services.cognitoClient.send(
      new InitiateAuthCommand({
        ClientId: services.cognito.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'dana@example.com', PASSWORD },
      }),
    );
    const idToken = JSON.parse(Buffer.from(signedIn.AuthenticationResult!.IdToken!.split('.')[1], 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(idToken['cognito:groups']).toEqual(['Beta_Customer_R3']);
  });

  it('refuses a bad code at sign-up with an error the web app routes to the Unknown Registration Code page', async () => {
    const failure = await signUp(fields('wrong@example.com', 'NO-SUCH-CODE')).catch((error: Error) => error);

    expect(failure).toMatchObject({ name: 'UserLambdaValidationException' });
    expect((failure as Error).message).toMatch(
      /^PreSignUp failed with error REGISTRATION_CODE_INVALID: You have provided an incorrect registration code\. Please try again\.?$/,
    );
    expect(signUpErrorKind((failure as Error).message)).toBe('registration_code_invalid');
    expect(await services.directory.getUser('wrong@example.com')).toBeUndefined();
  });

  it("gives a code's last use to exactly one of two people confirming at once", async () => {
    await signUp(fields('first@example.com', 'LAST-SEAT'));
    await signUp(fields('second@example.com', 'LAST-SEAT'));

    const results = await Promise.allSettled([confirm('first@example.com'), confirm('second@example.com')]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')?.reason as Error;
    expect(signUpErrorKind(refused.message)).toBe('registration_code_invalid');
    expect((await services.codes.get('LAST-SEAT'))?.uses).toBe(1);
  });
});
