import { Match } from 'aws-cdk-lib/assertions';
import { RESOLVERS } from '../../../lib/definitions/resolvers';
import { onlyResource, resourcesOfType } from '../support/build-app';
import { synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { concernSnapshot } from '../support/template-snapshots';

describe('GraphqlApi: AppSync with the API key and Cognito user pools', () => {
  let dev: SynthesizedApp;
  beforeAll(async () => {
    dev = await synthesizedApp('dev');
  }, SYNTHESIS_TIMEOUT_MS);

  it('authorizes with the API key by default and Cognito user pools as an additional mode', () => {
    dev.template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      Name: 'talentpilot-dev',
      AuthenticationType: 'API_KEY',
      AdditionalAuthenticationProviders: [
        {
          AuthenticationType: 'AMAZON_COGNITO_USER_POOLS',
          UserPoolConfig: { AwsRegion: 'us-east-2', UserPoolId: { Ref: Match.stringLikeRegexp('^AuthUserPool') } },
        },
      ],
      XrayEnabled: true,
    });
  });

  it("has an API key that expires within AppSync's 365-day limit, renewed by each deployment", () => {
    const key = onlyResource(dev.template, 'AWS::AppSync::ApiKey');
    const expiresInDays = ((key.Properties.Expires as number) * 1000 - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(364);
    expect(expiresInDays).toBeLessThanOrEqual(365);
  });

  it('uses the schema file', () => {
    const schema = onlyResource(dev.template, 'AWS::AppSync::GraphQLSchema');
    expect(schema.Properties.Definition).toContain(
      'createContact(input: CreateContactInput!, condition: ModelContactConditionInput): Contact',
    );
  });

  it('logs field errors without verbose content, through a role that may only write to its log group', () => {
    dev.template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      LogConfig: { FieldLogLevel: 'ERROR', ExcludeVerboseContent: true, CloudWatchLogsRoleArn: Match.anyValue() },
    });
    dev.template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: { 'Fn::Join': ['', ['/aws/appsync/apis/', { 'Fn::GetAtt': [Match.stringLikeRegexp('^GraphqlApi'), 'ApiId'] }]] },
      RetentionInDays: 30,
    });
    dev.template.resourceCountIs('Custom::LogRetention', 0);
  });

  it('attaches one APPSYNC_JS unit resolver per resolver definition', () => {
    const resolvers = resourcesOfType(dev.template, 'AWS::AppSync::Resolver').map(([, r]) => r.Properties);
    expect(resolvers.map((r) => `${r.TypeName}.${r.FieldName}`).sort()).toEqual(
      RESOLVERS.map((r) => `${r.typeName}.${r.fieldName}`).sort(),
    );
    for (const resolver of resolvers) {
      expect(resolver).toMatchObject({ Kind: 'UNIT', Runtime: { Name: 'APPSYNC_JS', RuntimeVersion: '1.0.0' } });
      expect(resolver.Code).toEqual(expect.stringContaining('export {'));
      expect(resolver.Code).toContain('@aws-appsync/utils');
      expect((resolver.Code as string).length).toBeLessThan(32_768);
    }
  });

  it('has one DynamoDB data source per table the resolvers use; the contacts one may write (createContact)', () => {
    const tables = [...new Set(RESOLVERS.map((r) => r.table))];
    dev.template.resourceCountIs('AWS::AppSync::DataSource', tables.length);
    // contacts: createContact writes
    const contactsPolicy = resourcesOfType(dev.template, 'AWS::IAM::Policy').find(([id]) => id.startsWith('GraphqlApiContactsDataSource'));
    const actions = JSON.stringify(contactsPolicy?.[1].Properties);
    expect(actions).toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:*');
  });

  it('matches the reviewed snapshot of the API, its data sources and resolvers (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'GraphQL API')).toMatchSnapshot();
  });
});
