import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  ConfirmForgotPasswordCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { createSign } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { LocalRuntimeError } from '../../../local/errors';
import {
  LOCAL_ISSUER,
  LOCAL_USER_POOL_CLIENT_ID,
  LOCAL_USER_POOL_ID,
  startCognitoLocal,
  type RunningCognitoLocal,
} from '../../../local/identity/cognito-local';
import { createUserPoolVerifier } from '../../../local/identity/user-pool-verifier';
import { temporaryFolder } from '../support/local-services';
import { claimsOf, cognitoClient, failure, latestCode, signedUpUser, uniqueEmail } from './support';

/**
 * cognito-local as the local runtime runs it: the product's pool under an AWS-style id, tokens the
 * production verifier accepts, and the places where it now answers like Cognito.
 */

let cognito: RunningCognitoLocal;
let client: CognitoIdentityProviderClient;

beforeAll(async () => {
  cognito = await startCognitoLocal();
  client = cognitoClient(cognito.endpoint);
});

afterAll(async () => {
  client.destroy();
  await cognito.stop();
});

async function verifier() {
  const jwks = await (await fetch(cognito.jwksUrl)).json();
  return createUserPoolVerifier({ userPoolId: cognito.userPoolId, clientId: cognito.userPoolClientId, issuer: cognito.issuer, jwks });
}

/** A token signed with cognito-local's (public) private key, with the claims given. */
function forgedToken(claims: Record<string, unknown>): string {
  const key = JSON.parse(
    fs.readFileSync(
      path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib', 'keys', 'cognitoLocal.private.json'),
      'utf8',
    ),
  ) as { pem: string };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${encode(claims)}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(key.pem).toString('base64url')}`;
}

describe('startCognitoLocal', () => {
  it('starts with the AWS-style pool, its four groups and the web client', async () => {
    expect(cognito).toMatchObject({
      userPoolId: 'us-east-2_LocalPool1',
      userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
      region: 'us-east-2',
      issuer: 'https://cognito-idp.us-east-2.amazonaws.com/us-east-2_LocalPool1',
    });
    expect(cognito.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: LOCAL_USER_POOL_ID }));
    expect(UserPool).toMatchObject({
      Id: LOCAL_USER_POOL_ID,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: 'OFF',
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: false,
          RequireLowercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
    expect(UserPool?.SchemaAttributes?.map((attribute) => attribute.Name)).toEqual(
      expect.arrayContaining(['email', 'given_name', 'family_name', 'phone_number', 'custom:companyName', 'custom:registrationCode']),
    );
    const { Groups = [] } = await client.send(new ListGroupsCommand({ UserPoolId: LOCAL_USER_POOL_ID }));
    expect(Groups.map((group) => group.GroupName).sort()).toEqual(['Admins', 'Beta_Customer_R1', 'Beta_Customer_R2', 'Beta_Customer_R3']);
    const { UserPoolClient } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: LOCAL_USER_POOL_ID, ClientId: LOCAL_USER_POOL_CLIENT_ID }),
    );
    expect(UserPoolClient?.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']),
    );
  });

  it('signs in with USER_PASSWORD_AUTH; the tokens carry the Cognito issuer and pass the production verifier', async () => {
    const user = await signedUpUser(client, cognito.outbox, cognito.userPoolClientId);
    const check = await verifier();

    const id = await check.verify(user.tokens.IdToken!);
    const access = await check.verify(user.tokens.AccessToken!);

    expect(id).toMatchObject({
      iss: LOCAL_ISSUER,
      token_use: 'id',
      aud: LOCAL_USER_POOL_CLIENT_ID,
      sub: user.sub,
      email: user.email,
      'cognito:username': user.sub,
    });
    expect(access).toMatchObject({ iss: LOCAL_ISSUER, token_use: 'access', client_id: LOCAL_USER_POOL_CLIENT_ID, sub: user.sub });
  });

  it('refuses tokens of another pool, of another issuer, and tampered tokens', async () => {
    const check = await verifier();
    const { UserPool } = await client.send(new CreateUserPoolCommand({ PoolName: 'other', UsernameAttributes: ['email'] }));
    const { UserPoolClient } = await client.send(new CreateUserPoolClientCommand({ UserPoolId: UserPool!.Id!, ClientName: 'other' }));
    const email = uniqueEmail('other');
    await client.send(new AdminCreateUserCommand({ UserPoolId: UserPool!.Id!, Username: email, MessageAction: 'SUPPRESS' }));
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: UserPool!.Id!, Username: email, Password: 'another password', Permanent: true }),
    );
    const other = await client.send(
      new InitiateAuthCommand({
        ClientId: UserPoolClient!.ClientId!,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'another password' },
      }),
    );
    const user = await signedUpUser(client, cognito.outbox, cognito.userPoolClientId);
    const [header, , signature] = user.tokens.IdToken!.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(user.tokens.IdToken!), 'cognito:groups': ['Admins'] })).toString('base64url')}.${signature}`;
    const now = Math.floor(Date.now() / 1000);
    const otherIssuer = forgedToken({
      ...claimsOf(user.tokens.IdToken!),
      iss: 'https://cognito-idp.us-east-2.amazonaws.com/us-east-2_Elsewhere',
      exp: now + 600,
    });
    const expired = forgedToken({ ...claimsOf(user.tokens.IdToken!), iat: now - 7200, exp: now - 3600 });

    await expect(check.verify(other.AuthenticationResult!.IdToken!)).rejects.toThrow();
    await expect(check.verify(other.AuthenticationResult!.AccessToken!)).rejects.toThrow();
    await expect(check.verify(otherIssuer)).rejects.toThrow(/issuer/i);
    await expect(check.verify(tampered)).rejects.toThrow(/signature/i);
    await expect(check.verify(expired)).rejects.toThrow(/expired/i);
  });

  it('answers GetTokensFromRefreshToken (Amplify v6 refresh) with new tokens', async () => {
    const user = await signedUpUser(client, cognito.outbox, cognito.userPoolClientId);

    const { AuthenticationResult } = await client.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: cognito.userPoolClientId, RefreshToken: user.tokens.RefreshToken! }),
    );

    expect(AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    expect(AuthenticationResult?.IdToken).not.toBe(user.tokens.IdToken);
    await expect((await verifier()).verify(AuthenticationResult!.IdToken!)).resolves.toMatchObject({ sub: user.sub });
    expect(
      await failure(
        client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.userPoolClientId, RefreshToken: 'not-a-refresh-token' })),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('answers a preflight from the web origin, as Amplify needs', async () => {
    const response = await fetch(cognito.endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5180',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });

  it('puts the sign-up verification code in the outbox, and a resent one', async () => {
    const email = uniqueEmail('lee');
    await client.send(
      new SignUpCommand({
        ClientId: cognito.userPoolClientId,
        Username: email,
        Password: 'long enough',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const first = cognito.outbox.messages()[0];
    await client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.userPoolClientId, Username: email }));
    const second = cognito.outbox.messages()[0];

    expect(first).toMatchObject({
      to: email,
      kind: 'verification',
      subject: 'Verify your new account',
      body: `The verification code to your new account is ${first.code}`,
    });
    expect(first.code).toMatch(/^\d{6}$/);
    expect(second).toMatchObject({ to: email, kind: 'verification' });
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: cognito.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: 'long enough' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
  });

  it('answers like Cognito: credentials, password policy, schema, case, verified email', async () => {
    const user = await signedUpUser(client, cognito.outbox, cognito.userPoolClientId);
    const signIn = (USERNAME: string, PASSWORD: string) =>
      client.send(
        new InitiateAuthCommand({
          ClientId: cognito.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME, PASSWORD },
        }),
      );

    expect(await failure(signIn(user.email, 'wrong password'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await failure(signIn('nobody@example.com', 'whatever1'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(signIn(user.email.toUpperCase(), user.password)).resolves.toMatchObject({ AuthenticationResult: expect.anything() });
    expect(claimsOf(user.tokens.IdToken!).email_verified).toBe(true);
    const email = uniqueEmail('short');
    expect(
      await failure(
        client.send(
          new SignUpCommand({
            ClientId: cognito.userPoolClientId,
            Username: email,
            Password: 'short',
            UserAttributes: [{ Name: 'email', Value: email }],
          }),
        ),
      ),
    ).toEqual({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    expect(
      await failure(
        client.send(
          new SignUpCommand({
            ClientId: cognito.userPoolClientId,
            Username: email,
            Password: 'long enough',
            UserAttributes: [{ Name: 'custom:nickname', Value: 'x' }],
          }),
        ),
      ),
    ).toMatchObject({
      name: 'InvalidParameterException',
      message: expect.stringContaining('custom:nickname: Attribute does not exist in the schema.'),
    });
  });

  it('sends an admin invitation with a temporary password; the first sign-in asks for a new one', async () => {
    const email = uniqueEmail('invited');
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: LOCAL_USER_POOL_ID,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const invitation = cognito.outbox.messages()[0];
    const signIn = (PASSWORD: string) =>
      client.send(
        new InitiateAuthCommand({
          ClientId: cognito.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD },
        }),
      );

    expect(invitation).toMatchObject({
      to: email,
      kind: 'invitation',
      subject: 'Your temporary password',
      body: `Your username is ${email} and temporary password is ${invitation.temporaryPassword}.`,
    });
    expect(invitation.temporaryPassword!.length).toBeGreaterThanOrEqual(8);
    expect(await failure(signIn('not the temporary one'))).toMatchObject({ name: 'NotAuthorizedException' });
    const challenge = await signIn(invitation.temporaryPassword!);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answered = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'my own password' },
      }),
    );
    expect(answered.AuthenticationResult?.IdToken).toBeDefined();
    await expect(signIn('my own password')).resolves.toMatchObject({ AuthenticationResult: expect.anything() });
  });

  it('refuses an invitation without a delivery medium when the user has no phone number (cognito-local, like Cognito’s SMS default)', async () => {
    const email = uniqueEmail('nomedium');

    expect(await failure(client.send(new AdminCreateUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: email })))).toEqual({
      name: 'InvalidParameterException',
      message: 'User has no attribute matching desired delivery mediums',
    });
  });

  it('sends a password-reset code and accepts it', async () => {
    const user = await signedUpUser(client, cognito.outbox, cognito.userPoolClientId);

    await client.send(new ForgotPasswordCommand({ ClientId: cognito.userPoolClientId, Username: user.email }));
    const reset = cognito.outbox.messages()[0];
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: cognito.userPoolClientId,
        Username: user.email,
        ConfirmationCode: reset.code!,
        Password: 'a brand new one',
      }),
    );

    expect(reset).toMatchObject({ to: user.email, kind: 'password-reset', code: expect.stringMatching(/^\d{6}$/) });
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: cognito.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: user.email, PASSWORD: 'a brand new one' },
        }),
      ),
    ).resolves.toBeDefined();
  });

  it('lists the groups of a user named by email', async () => {
    const user = await signedUpUser(client, cognito.outbox, cognito.userPoolClientId);
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: user.sub, GroupName: 'Beta_Customer_R2' }),
    );

    const byEmail = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: user.email }));

    expect(byEmail.Groups?.map((candidate) => candidate.GroupName)).toEqual(['Beta_Customer_R2']);
  });

  it('knows no user named like an Object member (toString, constructor, __proto__), as Cognito', async () => {
    for (const username of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(await failure(client.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: username })))).toMatchObject({
        name: 'UserNotFoundException',
      });
      expect(
        await failure(client.send(new AdminListGroupsForUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: username }))),
      ).toMatchObject({ name: 'UserNotFoundException' });
    }
  });
});

describe('startCognitoLocal with a data folder', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  beforeEach(() => {
    folder = temporaryFolder('cognito-data');
  });
  afterEach(() => folder.remove());

  it('keeps users and the outbox across a restart; reset empties both', async () => {
    const dataDir = path.join(folder.path, 'cognito');
    const first = await startCognitoLocal({ dataDir });
    const firstClient = cognitoClient(first.endpoint);
    const user = await signedUpUser(firstClient, first.outbox, first.userPoolClientId);
    firstClient.destroy();
    await first.stop();

    const second = await startCognitoLocal({ dataDir });
    const secondClient = cognitoClient(second.endpoint);
    try {
      await expect(
        secondClient.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: user.email })),
      ).resolves.toMatchObject({ UserStatus: 'CONFIRMED' });
      expect(latestCode(second.outbox, user.email)).toMatch(/^\d{6}$/);
      expect(fs.existsSync(path.join(dataDir, 'db', 'us-east-2_LocalPool1.json'))).toBe(true);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'config.json'), 'utf8'))).toMatchObject({
        TokenConfig: { IssuerDomain: 'https://cognito-idp.us-east-2.amazonaws.com' },
      });
    } finally {
      secondClient.destroy();
      await second.stop();
    }

    const reset = await startCognitoLocal({ dataDir, reset: true });
    const resetClient = cognitoClient(reset.endpoint);
    try {
      expect(
        await failure(resetClient.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: user.email }))),
      ).toMatchObject({ name: 'UserNotFoundException' });
      expect(reset.outbox.messages()).toEqual([]);
      await expect(resetClient.send(new ListGroupsCommand({ UserPoolId: LOCAL_USER_POOL_ID }))).resolves.toMatchObject({
        Groups: expect.arrayContaining([expect.objectContaining({ GroupName: 'Admins' })]),
      });
    } finally {
      resetClient.destroy();
      await reset.stop();
    }
  }, 30_000);

  it('explains a busy port in one line', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busyPort = (blocker.address() as net.AddressInfo).port;
    try {
      const attempt = startCognitoLocal({ dataDir: path.join(folder.path, 'cognito'), port: busyPort });

      await expect(attempt).rejects.toThrow(LocalRuntimeError);
      await expect(attempt).rejects.toThrow(
        `Port ${busyPort} is already in use (Cognito (cognito-local)). Stop the other process or set LOCAL_COGNITO_PORT.`,
      );
    } finally {
      blocker.close();
    }
  });
});
