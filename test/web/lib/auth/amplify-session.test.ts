import { loadAuth } from '../../../../web/src/lib/amplify';
import { createAmplifySession } from '../../../../web/src/lib/auth/session';
import { mayHaveStoredSession } from '../../../../web/src/lib/auth/stored-session';
import { testConfig } from '../../support/render';

/**
 * The real Amplify Auth against a fake Cognito endpoint (HTTP level): guards the two things the
 * app assumes about Amplify — the localStorage key that tells a stored session exists, and the
 * email claim of the id token.
 */

const config = testConfig({
  userPoolId: 'us-east-2_LocalPool1',
  userPoolClientId: 'client123',
  cognitoEndpoint: 'http://cognito.test',
});

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function jwt(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ iat: now, exp: now + 3600, ...claims })}.c2lnbmF0dXJl`;
}

const sub = '5f0c2e1a-1111-2222-3333-444455556666';
const requests: { target: string; body: Record<string, unknown> }[] = [];

function fakeCognito(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  const target = headers.get('x-amz-target') ?? '';
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  requests.push({ target, body });
  const json = (status: number, payload: unknown) =>
    Promise.resolve(new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/x-amz-json-1.1' } }));
  if (String(input) !== 'http://cognito.test/') return json(404, {});
  switch (target) {
    case 'AWSCognitoIdentityProviderService.InitiateAuth':
      return json(200, {
        AuthenticationResult: {
          AccessToken: jwt({
            sub,
            username: sub,
            token_use: 'access',
            client_id: 'client123',
            iss: 'https://cognito-idp.us-east-2.amazonaws.com/us-east-2_LocalPool1',
          }),
          IdToken: jwt({
            sub,
            'cognito:username': sub,
            'cognito:groups': ['Beta_Customer_R1', 'Admins'],
            email: 'ada@northbridge.example',
            token_use: 'id',
            aud: 'client123',
          }),
          RefreshToken: 'refresh-token',
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
        ChallengeParameters: {},
      });
    case 'AWSCognitoIdentityProviderService.RevokeToken':
      return json(200, {});
    default:
      return json(400, { __type: 'InvalidParameterException', message: `unexpected ${target}` });
  }
}

describe('the session through the real Amplify Auth', () => {
  const originalFetch = global.fetch;
  let consoleWarn: jest.SpyInstance;
  beforeAll(() => {
    global.fetch = jest.fn(fakeCognito) as typeof fetch;
    // Amplify warns that a custom (cognito-local style) endpoint is configured.
    consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterAll(() => {
    global.fetch = originalFetch;
    consoleWarn.mockRestore();
    localStorage.clear();
  });

  it('marks a stored session where the stored-session check looks, and removes the mark on sign-out', async () => {
    const session = createAmplifySession(config);
    expect(mayHaveStoredSession(config)).toBe(false);
    await expect(session.currentUser()).resolves.toBeNull();

    const { signIn } = await loadAuth(config);
    await expect(
      signIn({
        username: 'ada@northbridge.example',
        password: 'placements-2024',
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      }),
    ).resolves.toMatchObject({
      isSignedIn: true,
    });
    expect(requests.find((request) => request.target.endsWith('InitiateAuth'))?.body).toMatchObject({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'client123',
      AuthParameters: { USERNAME: 'ada@northbridge.example', PASSWORD: 'placements-2024' },
    });
    expect(mayHaveStoredSession(config)).toBe(true);

    // The token's groups come along: the web app shows the admin console's link by them.
    await expect(session.currentUser()).resolves.toEqual({
      userId: sub,
      username: sub,
      email: 'ada@northbridge.example',
      groups: ['Beta_Customer_R1', 'Admins'],
    });

    await session.signOut();
    expect(mayHaveStoredSession(config)).toBe(false);
    await expect(session.currentUser()).resolves.toBeNull();
  });
});
