import { stageTarget, TargetError } from '../../bin/smoke/target';

/** `--stage`: the smoke test finds everything it needs in the stack's outputs. */

const OUTPUTS = {
  WebsiteUrl: 'https://d111111abcdef8.cloudfront.net/',
  RestApiUrl: 'https://abc123.execute-api.us-east-2.amazonaws.com/prod/',
  GraphqlUrl: 'https://xyz.appsync-api.us-east-2.amazonaws.com/graphql',
  GraphqlApiKey: 'da2-abcdefghijklmnopqrstuvwxyz',
  UserPoolId: 'us-east-2_AbCdEf123',
  UserPoolClientId: '1example23456789',
  UsersTableName: 'talentpilot-prod-UsersTable-1',
  ContactsTableName: 'talentpilot-prod-ContactsTable-1',
};

describe('smoke test target of a deployed stage', () => {
  it('takes the URLs, API key, user pool and tables from the stack outputs, with AWS’s own endpoints and credentials, signing in with SRP', () => {
    expect(stageTarget('prod', OUTPUTS)).toEqual({
      name: 'prod',
      productSlug: 'talentpilot',
      region: 'us-east-2',
      webUrl: OUTPUTS.WebsiteUrl,
      restUrl: OUTPUTS.RestApiUrl,
      graphqlUrl: OUTPUTS.GraphqlUrl,
      graphqlApiKey: OUTPUTS.GraphqlApiKey,
      userPoolId: OUTPUTS.UserPoolId,
      userPoolClientId: OUTPUTS.UserPoolClientId,
      signInFlow: 'srp',
      usersTable: OUTPUTS.UsersTableName,
      contactsTable: OUTPUTS.ContactsTableName,
    });
  });

  it('names the missing output (an older stack, or another stack)', () => {
    const { ContactsTableName: _dropped, ...older } = OUTPUTS;
    expect(() => stageTarget('dev', older)).toThrow(new TargetError('The stack talentpilot-dev has no ContactsTableName.'));
  });
});
