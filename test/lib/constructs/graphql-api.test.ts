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

  it('attaches one APPSYNC_JS resolver per resolver definition: a pipeline behind the admin check where the field has an admin branch', () => {
    const functions = resourcesOfType(dev.template, 'AWS::AppSync::FunctionConfiguration');
    const check = functions.find(([, f]) => f.Properties.Name === 'AdminStanding');
    // The data source named AdminStanding is the Lambda one.
    expect(check?.[1].Properties.DataSourceName).toBe('AdminStanding');
    const lambdaSource = resourcesOfType(dev.template, 'AWS::AppSync::DataSource').find(([, d]) => d.Properties.Name === 'AdminStanding');
    expect(lambdaSource?.[1].Properties.Type).toBe('AWS_LAMBDA');
    const resolvers = resourcesOfType(dev.template, 'AWS::AppSync::Resolver').map(([, r]) => r.Properties);
    expect(resolvers.map((r) => `${r.TypeName}.${r.FieldName}`).sort()).toEqual(
      RESOLVERS.map((r) => `${r.typeName}.${r.fieldName}`).sort(),
    );
    for (const resolver of resolvers) {
      const definition = RESOLVERS.find((r) => r.typeName === resolver.TypeName && r.fieldName === resolver.FieldName)!;
      expect(resolver).toMatchObject({ Runtime: { Name: 'APPSYNC_JS', RuntimeVersion: '1.0.0' } });
      // The field's own code: the unit resolver's, or the pipeline's second function's.
      let code = resolver.Code as string;
      if (definition.checksAdminStanding) {
        expect(resolver.Kind).toBe('PIPELINE');
        const [first, second] = (resolver.PipelineConfig as { Functions: { 'Fn::GetAtt': [string, string] }[] }).Functions;
        expect(first['Fn::GetAtt'][0]).toBe(check?.[0]);
        const own = functions.find(([id]) => id === second['Fn::GetAtt'][0])![1].Properties;
        expect(own.Name).toBe(`${definition.typeName}_${definition.fieldName}`);
        code = own.Code as string;
      } else {
        expect(resolver.Kind).toBe('UNIT');
      }
      expect(code).toEqual(expect.stringContaining('export {'));
      expect(code).toContain('@aws-appsync/utils');
      expect(code.length).toBeLessThan(32_768);
    }
    // Every field with an admin branch checks; the public contact form does not.
    expect(RESOLVERS.filter((r) => r.checksAdminStanding).map((r) => `${r.typeName}.${r.fieldName}`)).toEqual([
      'Query.getContact',
      'Mutation.createUser',
      'Mutation.updateUser',
      'Query.listUsers',
      'Query.getUserByEmail',
    ]);
  });

  it('gives the admin check Lambda only a GetItem on the users table and the admin check on the one pool, and AppSync only its invoke', () => {
    const [, fn] = resourcesOfType(dev.template, 'AWS::Lambda::Function').find(([id]) => id.startsWith('GraphqlApiAdminStandingFunction'))!;
    expect((fn.Properties.Environment as { Variables: unknown }).Variables).toMatchObject({
      USERS_TABLE: { Ref: expect.stringMatching(/^DataUsersTable/) },
      USER_POOL_ID: { Ref: expect.stringMatching(/^AuthUserPool/) },
    });
    const statements = (id: string) =>
      (
        resourcesOfType(dev.template, 'AWS::IAM::Policy').find(([policyId]) => policyId.startsWith(id))![1].Properties.PolicyDocument as {
          Statement: { Action: string | string[]; Resource: unknown }[];
        }
      ).Statement;
    const own = statements('GraphqlApiAdminStandingFunctionRole').filter(
      (statement) => ![statement.Action].flat().some((action) => action.startsWith('logs:') || action.startsWith('xray:')),
    );
    expect(own).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Resource: { 'Fn::GetAtt': [expect.stringMatching(/^DataUsersTable/), 'Arn'] },
      }),
      expect.objectContaining({
        Action: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
        Resource: { 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool/), 'Arn'] },
      }),
    ]);
    const invoke = statements('GraphqlApiAdminStandingDataSourceServiceRole');
    expect(invoke).toHaveLength(1);
    expect(invoke[0].Action).toBe('lambda:InvokeFunction');
    expect(JSON.stringify(invoke[0].Resource)).toContain('GraphqlApiAdminStandingFunction');
    expect(JSON.stringify(invoke[0].Resource)).not.toContain('"*"');
  });

  it('has one DynamoDB data source per table the resolvers use and the admin check as a Lambda data source; the contacts one may write (createContact)', () => {
    const tables = [...new Set(RESOLVERS.map((r) => r.table))];
    const types = resourcesOfType(dev.template, 'AWS::AppSync::DataSource').map(([, d]) => d.Properties.Type as string);
    expect(types.sort()).toEqual([...tables.map(() => 'AMAZON_DYNAMODB'), 'AWS_LAMBDA'].sort());
    const contactsPolicy = resourcesOfType(dev.template, 'AWS::IAM::Policy').find(([id]) => id.startsWith('GraphqlApiContactsDataSource'));
    const actions = JSON.stringify(contactsPolicy?.[1].Properties);
    expect(actions).toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:*');
  });

  it('matches the reviewed snapshot of the API, its data sources and resolvers (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'GraphQL API')).toMatchSnapshot();
  });
});
