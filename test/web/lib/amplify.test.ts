import { getIdToken, loadAuth, signInFlowOptions, toAmplifyConfig } from '../../../web/src/lib/amplify';
import { testConfig } from '../support/render';

describe('the Amplify configuration built from config.json', () => {
  it('sets up the GraphQL API with the API key as the default auth mode', () => {
    expect(toAmplifyConfig(testConfig())).toEqual({
      API: {
        GraphQL: {
          endpoint: 'http://127.0.0.1:5182/graphql',
          region: 'us-east-2',
          defaultAuthMode: 'apiKey',
          apiKey: 'da2-localtestkey',
        },
      },
    });
  });

  it('adds the Cognito user pool only when the config has one, with the local endpoint when given', () => {
    const config = toAmplifyConfig(
      testConfig({ userPoolId: 'us-east-2_LocalPool1', userPoolClientId: 'client123', cognitoEndpoint: 'http://127.0.0.1:9229' }),
    );
    expect(config.Auth).toEqual({
      Cognito: {
        userPoolId: 'us-east-2_LocalPool1',
        userPoolClientId: 'client123',
        userPoolEndpoint: 'http://127.0.0.1:9229',
        loginWith: { email: true },
      },
    });
  });

  it('adds the identity pool when the config has one', () => {
    const config = toAmplifyConfig(
      testConfig({ userPoolId: 'us-east-2_Abc', userPoolClientId: 'client123', identityPoolId: 'us-east-2:1111-2222' }),
    );
    expect(config.Auth?.Cognito).toEqual(expect.objectContaining({ identityPoolId: 'us-east-2:1111-2222' }));
    expect(config.Auth?.Cognito).not.toHaveProperty('userPoolEndpoint');
  });
});

describe('the sign-in flow for the environment', () => {
  it('uses USER_PASSWORD_AUTH against cognito-local and Amplify’s default (SRP) in AWS', () => {
    expect(signInFlowOptions(testConfig({ cognitoEndpoint: 'http://127.0.0.1:9229' }))).toEqual({ authFlowType: 'USER_PASSWORD_AUTH' });
    expect(signInFlowOptions(testConfig())).toEqual({});
  });
});

describe('loading Amplify Auth', () => {
  it('refuses with a message for people when the config has no user pool', async () => {
    await expect(loadAuth(testConfig())).rejects.toThrow('Signing in is not available right now. Please try again later.');
  });

  it('gives no id token (and loads nothing) when nobody can be signed in', async () => {
    await expect(getIdToken(testConfig())).resolves.toBeUndefined();
  });
});
