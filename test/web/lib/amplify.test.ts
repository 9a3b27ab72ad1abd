import { toAmplifyConfig } from '../../../web/src/lib/amplify';
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
