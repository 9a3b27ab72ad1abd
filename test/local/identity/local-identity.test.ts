import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { COGNITO_TRIGGERS, type CognitoTriggerDefinition } from '../../../lib/definitions/cognito-triggers';
import type { LocalIdentityService } from '../../../local/identity';
import { createCognitoIdentity } from '../../../local/identity/local-identity';
import { startMemoryDynamoDb, temporaryFolder } from '../support/local-services';
import type { OutboxMessage } from '../../../local/identity/outbox';
import { CUSTOM_MESSAGES } from '../../../lambdas/identity/custom-messages';
import { claimsOf, cognitoClient, failure, latestCode, uniqueEmail } from './support';

/**
 * The identity service the runtime starts: cognito-local with the Cognito triggers behind the
 * local Lambda endpoint (here fixture handlers), the production verifier in front of AppSync and
 * the REST authorizer.
 */

const FIXTURE_TRIGGERS: readonly CognitoTriggerDefinition[] = [
  {
    trigger: 'PreSignUp',
    functionId: 'FixturePreSignUpFunction',
    entry: 'test/local/identity/fixtures/reject-sign-up.ts',
    tables: [{ table: 'registrationCodes', access: 'read' }],
    userPoolAccess: false,
  },
  {
    trigger: 'PostConfirmation',
    functionId: 'FixturePostConfirmationFunction',
    entry: 'test/local/identity/fixtures/record-confirmation.ts',
    tables: [{ table: 'users', access: 'readWrite' }],
    userPoolAccess: true,
  },
  // The product's own trigger: the outbox must hold what Cognito would send with it.
  ...COGNITO_TRIGGERS.filter((trigger) => trigger.trigger === 'CustomMessage'),
];

let dynamodb: Awaited<ReturnType<typeof startMemoryDynamoDb>>;
let build: ReturnType<typeof temporaryFolder>;
let identity: LocalIdentityService;
let client: CognitoIdentityProviderClient;
let endpoints: { cognitoEndpoint: string; userPoolId: string; userPoolClientId: string; lambdaEndpoint: string; outboxEndpoint: string };

beforeAll(async () => {
  dynamodb = await startMemoryDynamoDb();
  build = temporaryFolder('identity-build');
  identity = await createCognitoIdentity({
    ports: { cognito: 0, lambda: 0 },
    buildDir: build.path,
    triggers: FIXTURE_TRIGGERS,
    seed: false,
  })({
    dataDir: undefined,
    dynamodbEndpoint: dynamodb.endpoint,
    tableNames: dynamodb.tableNames,
    reset: false,
  });
  endpoints = identity.endpoints as typeof endpoints;
  client = cognitoClient(endpoints.cognitoEndpoint);
}, 30_000);

/** The endpoint prints a trigger's failure (as CloudWatch would log it); expected here. */
function quietTriggerErrors() {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
}

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  client?.destroy();
  await identity?.stop();
  await dynamodb?.stop();
  build?.remove();
});

/** Signs up, confirms with the code from the outbox (read as a worker would: `GET /_local/outbox`) and signs in. */
async function confirmedUser(email = uniqueEmail('dana')) {
  await client.send(
    new SignUpCommand({
      ClientId: endpoints.userPoolClientId,
      Username: email,
      Password: 'correct horse',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  const messages = (await (await fetch(endpoints.outboxEndpoint)).json()) as OutboxMessage[];
  await client.send(
    new ConfirmSignUpCommand({
      ClientId: endpoints.userPoolClientId,
      Username: email,
      ConfirmationCode: latestCode({ messages: () => messages }, email),
    }),
  );
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({
      ClientId: endpoints.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'correct horse' },
    }),
  );
  return { email, sub: claimsOf(AuthenticationResult!.IdToken!).sub as string, tokens: AuthenticationResult! };
}

describe('the local identity service', () => {
  it('publishes the pool, the client and the endpoints for endpoints.json, config.json and the handlers', () => {
    expect(identity.endpoints).toMatchObject({
      cognitoEndpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      userPoolId: 'us-east-2_LocalPool1',
      userPoolClientId: 'talentpilotlocalwebclient1',
      lambdaEndpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    expect(identity.webConfig).toEqual({
      userPoolId: 'us-east-2_LocalPool1',
      userPoolClientId: 'talentpilotlocalwebclient1',
      cognitoEndpoint: endpoints.cognitoEndpoint,
    });
    expect(identity.webConfig).not.toHaveProperty('identityPoolId');
    expect(identity.userPool).toEqual({ userPoolId: 'us-east-2_LocalPool1', endpoint: endpoints.cognitoEndpoint });
    expect(Object.keys(identity.webPages ?? {})).toEqual(['/_local/outbox', '/_local/outbox.json']);
  });

  it('fails SignUp with Cognito’s message when the PreSignUp trigger throws', async () => {
    quietTriggerErrors();
    const refused = await failure(
      client.send(
        new SignUpCommand({
          ClientId: endpoints.userPoolClientId,
          Username: 'kim@blocked.example',
          Password: 'correct horse',
          UserAttributes: [{ Name: 'email', Value: 'kim@blocked.example' }],
        }),
      ),
    );

    expect(refused).toEqual({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error REGISTRATION_CODE_INVALID: this address may not sign up.',
    });
    expect(
      await failure(client.send(new AdminGetUserCommand({ UserPoolId: endpoints.userPoolId, Username: 'kim@blocked.example' }))),
    ).toMatchObject({ name: 'UserNotFoundException' });
  });

  it('passes SignUp’s ValidationData to the PreSignUp trigger, as Cognito does', async () => {
    quietTriggerErrors();
    const email = uniqueEmail('code');
    const signUp = (code: string) =>
      client.send(
        new SignUpCommand({
          ClientId: endpoints.userPoolClientId,
          Username: email,
          Password: 'correct horse',
          UserAttributes: [{ Name: 'email', Value: email }],
          ValidationData: [{ Name: 'registrationCode', Value: code }],
        }),
      );

    expect(await failure(signUp('NOPE-2024'))).toMatchObject({
      message: 'PreSignUp failed with error REGISTRATION_CODE_INVALID: unknown code NOPE-2024.',
    });
    await expect(signUp('GOOD-CODE')).resolves.toMatchObject({ UserConfirmed: false });
  });

  it('runs the PostConfirmation trigger with its own environment; it can call the pool', async () => {
    const { email, tokens } = await confirmedUser();
    const { UserAttributes = [], Username } = await client.send(
      new AdminGetUserCommand({ UserPoolId: endpoints.userPoolId, Username: email }),
    );
    const recorded = await dynamodb.client.send(
      new GetItemCommand({ TableName: dynamodb.tableNames.users, Key: { id: { S: Username! } }, ConsistentRead: true }),
    );

    expect(recorded.Item).toMatchObject({
      email: { S: email },
      emailVerified: { S: 'true' },
      triggerSource: { S: 'PostConfirmation_ConfirmSignUp' },
      region: { S: 'us-east-2' },
    });
    expect(recorded.Item?.environment.S?.split(',')).toEqual(
      [
        'AWS_ACCESS_KEY_ID',
        'AWS_DEFAULT_REGION',
        'AWS_LAMBDA_FUNCTION_NAME',
        'AWS_REGION',
        'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
        'AWS_SECRET_ACCESS_KEY',
        'COGNITO_ENDPOINT',
        'DYNAMODB_ENDPOINT',
        ...(process.env.PATH ? ['PATH'] : []),
        'USERS_TABLE',
      ].sort(),
    );
    expect(UserAttributes.find((attribute) => attribute.Name === 'email_verified')?.Value).toBe('true');
    expect(claimsOf(tokens.IdToken!)['cognito:groups']).toEqual(['Beta_Customer_R1']);
  });

  it('puts the CustomMessage trigger’s e-mails in the outbox: the sign-up code and a password reset, each its own', async () => {
    const { email } = await confirmedUser(uniqueEmail('mira'));
    await client.send(new ForgotPasswordCommand({ ClientId: endpoints.userPoolClientId, Username: email }));
    const messages = ((await (await fetch(endpoints.outboxEndpoint)).json()) as OutboxMessage[]).filter((message) => message.to === email);
    const signUp = messages.find((message) => message.kind === 'verification');
    const reset = messages.find((message) => message.kind === 'password-reset');

    expect(signUp).toMatchObject({ subject: CUSTOM_MESSAGES.CustomMessage_SignUp.subject });
    expect(signUp?.body).toBe(CUSTOM_MESSAGES.CustomMessage_SignUp.body.replace('{####}', signUp?.code ?? 'no code'));
    expect(reset).toMatchObject({ subject: 'Reset your password' });
    expect(reset?.body).toContain(reset?.code ?? 'no code');
  });

  it('puts a temporary password in the trigger’s invitation as written, `$&` and `$$` included', async () => {
    // cognito-local's own filling used String.replace, which read `$&` as "the match": an
    // invitation showed `{####}` where the password's `$&` was, and the person could not sign in.
    const email = uniqueEmail('rosa');
    const temporaryPassword = 'Tmp$&1$$x$`Aa9';
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: endpoints.userPoolId,
        Username: email,
        TemporaryPassword: temporaryPassword,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    const messages = (await (await fetch(endpoints.outboxEndpoint)).json()) as OutboxMessage[];
    const invitation = messages.find((message) => message.to === email && message.kind === 'invitation');

    expect(invitation).toMatchObject({ subject: CUSTOM_MESSAGES.CustomMessage_AdminCreateUser.subject, temporaryPassword });
    expect(invitation?.body).toBe(
      CUSTOM_MESSAGES.CustomMessage_AdminCreateUser.body.split('{username}').join(email).split('{####}').join(temporaryPassword),
    );
  });

  it('fails ConfirmSignUp with Cognito’s message when PostConfirmation throws; the user stays confirmed', async () => {
    quietTriggerErrors();
    const email = `noor.${Date.now()}@post-fails.example`;
    await client.send(
      new SignUpCommand({
        ClientId: endpoints.userPoolClientId,
        Username: email,
        Password: 'correct horse',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const messages = (await (await fetch(endpoints.outboxEndpoint)).json()) as OutboxMessage[];

    const refused = await failure(
      client.send(
        new ConfirmSignUpCommand({
          ClientId: endpoints.userPoolClientId,
          Username: email,
          ConfirmationCode: latestCode({ messages: () => messages }, email),
        }),
      ),
    );

    expect(refused).toEqual({
      name: 'UserLambdaValidationException',
      message: 'PostConfirmation failed with error USERS_UNAVAILABLE: try again later.',
    });
    await expect(client.send(new AdminGetUserCommand({ UserPoolId: endpoints.userPoolId, Username: email }))).resolves.toMatchObject({
      UserStatus: 'CONFIRMED',
    });
  });

  it('verifies id and access tokens for AppSync, and only id tokens for the REST authorizer', async () => {
    const session = await confirmedUser();
    const { email } = session;
    const { IdToken, AccessToken } = session.tokens;

    await expect(identity.verifyUserPoolToken(AccessToken!)).resolves.toMatchObject({
      tokenUse: 'access',
      sub: session.sub,
      username: session.sub,
      groups: ['Beta_Customer_R1'],
      issuer: 'https://cognito-idp.us-east-2.amazonaws.com/us-east-2_LocalPool1',
    });
    await expect(identity.verifyUserPoolToken(IdToken!)).resolves.toMatchObject({ tokenUse: 'id', sub: session.sub });
    await expect(identity.verifyUserPoolToken(`${IdToken!.slice(0, -4)}AAAA`)).resolves.toBeUndefined();
    await expect(identity.verifyUserPoolToken('not a token')).resolves.toBeUndefined();

    const claims = await identity.resolveAuthorizerClaims({ authorization: IdToken });
    expect(claims).toMatchObject({
      sub: session.sub,
      email,
      'cognito:groups': 'Beta_Customer_R1',
      email_verified: 'true',
      token_use: 'id',
      aud: endpoints.userPoolClientId,
    });
    expect(claims?.exp).toMatch(/^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{2}:\d{2}:\d{2} UTC \d{4}$/);
    expect(Object.values(claims ?? {}).every((value) => typeof value === 'string')).toBe(true);
    await expect(identity.resolveAuthorizerClaims({ authorization: `Bearer ${IdToken}` })).resolves.toMatchObject({ sub: session.sub });
    await expect(identity.resolveAuthorizerClaims({ authorization: AccessToken })).resolves.toBeUndefined();
    await expect(identity.resolveAuthorizerClaims({})).resolves.toBeUndefined();
  });
});
