import { Match } from 'aws-cdk-lib/assertions';
import { ADMIN_GROUP, BETA_CUSTOMER_GROUPS } from '../../../lambdas/shared/domain/groups';
import { flatten, onlyResource, resourcesOfType } from '../support/build-app';
import { resourceOf, synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { concernSnapshot } from '../support/template-snapshots';

describe('Auth: the identity configuration of the spec', () => {
  let dev: SynthesizedApp;
  let prod: SynthesizedApp;
  beforeAll(async () => {
    dev = await synthesizedApp('dev');
    prod = await synthesizedApp('prod');
  }, SYNTHESIS_TIMEOUT_MS);

  it('signs users in with their email as username and verifies it by email', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Schema: Match.arrayWith([{ Name: 'email', Required: true, Mutable: true }]),
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('has no multi-factor authentication', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OFF' });
  });

  it('requires passwords of at least 8 characters and no character classes', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
  });

  it('has the three beta customer groups and the admin group', () => {
    const groups = Object.values(dev.template.findResources('AWS::Cognito::UserPoolGroup')).map(
      (group) => (group as { Properties: { GroupName: string } }).Properties.GroupName,
    );
    expect(groups.sort()).toEqual([ADMIN_GROUP, ...BETA_CUSTOMER_GROUPS].sort());
    expect(groups).toEqual(expect.arrayContaining(['Admins', 'Beta_Customer_R1', 'Beta_Customer_R2', 'Beta_Customer_R3']));
  });

  it('gives the web app a public client, hiding whether a user exists', () => {
    dev.template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlowsUserPoolClient: false,
      EnableTokenRevocation: true,
    });
  });

  it.each(['dev', 'prod'] as const)(
    'lets the %s web client sign in with SRP and refresh tokens only, never the plain password',
    (stage) => {
      const app = stage === 'dev' ? dev : prod;
      app.template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
      const client = onlyResource(app.template, 'AWS::Cognito::UserPoolClient');
      expect([...(client.Properties.ExplicitAuthFlows as string[])].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
    },
  );

  it('has an identity pool without guest access, backed by the user pool and its client', () => {
    dev.template.hasResourceProperties('AWS::Cognito::IdentityPool', {
      AllowUnauthenticatedIdentities: false,
      CognitoIdentityProviders: [
        Match.objectLike({
          ClientId: { Ref: Match.stringLikeRegexp('^AuthUserPoolWebClient') },
          ProviderName: Match.anyValue(),
        }),
      ],
    });
  });

  it('destroys the user pool with a dev stack but retains and protects it in prod', () => {
    dev.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }),
    });
    prod.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });

  it('matches the reviewed snapshot of the user pool, identity pool and triggers (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'auth')).toMatchSnapshot();
  });
});

describe('Auth: invitation sign-up (custom attributes and Cognito triggers)', () => {
  let dev: SynthesizedApp;
  beforeAll(async () => {
    dev = await synthesizedApp('dev');
  }, SYNTHESIS_TIMEOUT_MS);

  const functionOf = (functionId: string) => resourceOf(dev, dev.logicalIds.authTriggerFunctions[functionId]);
  const policyDocuments = (prefix: string) =>
    resourcesOfType(dev.template, 'AWS::IAM::Policy')
      .filter(([id]) => id.startsWith(prefix))
      .map(([id, policy]) => [id, JSON.stringify(policy.Properties.PolicyDocument)] as const);

  it('adds the company (mutable) and the registration code (set once, at sign-up) as custom attributes', () => {
    const pool = onlyResource(dev.template, 'AWS::Cognito::UserPool');
    expect(pool.Properties.Schema).toEqual([
      { Name: 'email', Required: true, Mutable: true },
      { Name: 'companyName', AttributeDataType: 'String', Mutable: true, StringAttributeConstraints: { MinLength: '1', MaxLength: '100' } },
      {
        Name: 'registrationCode',
        AttributeDataType: 'String',
        Mutable: false,
        StringAttributeConstraints: { MinLength: '1', MaxLength: '64' },
      },
    ]);
  });

  it('attaches the PreSignUp, PostConfirmation and CustomMessage triggers, and lets Cognito invoke them', () => {
    const lambdaConfig = onlyResource(dev.template, 'AWS::Cognito::UserPool').Properties.LambdaConfig as Record<string, unknown>;
    expect(Object.keys(lambdaConfig).sort()).toEqual(['CustomMessage', 'PostConfirmation', 'PreSignUp']);
    expect(flatten(lambdaConfig.CustomMessage)).toMatch(/^\$\{AuthCustomMessageFunction[0-9A-F]{8}\.Arn\}$/);
    expect(flatten(lambdaConfig.PreSignUp)).toMatch(/^\$\{AuthPreSignUpFunction[0-9A-F]{8}\.Arn\}$/);
    expect(flatten(lambdaConfig.PostConfirmation)).toMatch(/^\$\{AuthPostConfirmationFunction[0-9A-F]{8}\.Arn\}$/);
    const permissions = resourcesOfType(dev.template, 'AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.Principal === 'cognito-idp.amazonaws.com',
    );
    expect(permissions).toHaveLength(3);
    for (const [, permission] of permissions)
      expect(flatten(permission.Properties.SourceArn)).toMatch(/^\$\{AuthUserPool[0-9A-F]{8}\.Arn\}$/);
  });

  it("runs each trigger on the product runtime within Cognito's 5-second limit, with its tables in the environment", () => {
    expect(functionOf('PreSignUpFunction').Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: 5,
      Environment: { Variables: { REGISTRATION_CODES_TABLE: { Ref: expect.stringMatching(/^DataRegistrationCodesTable/) } } },
    });
    expect(functionOf('PreSignUpFunction').Properties.Environment.Variables.USERS_TABLE).toBeUndefined();
    expect(functionOf('PostConfirmationFunction').Properties).toMatchObject({
      Timeout: 5,
      Environment: {
        Variables: {
          REGISTRATION_CODES_TABLE: { Ref: expect.stringMatching(/^DataRegistrationCodesTable/) },
          USERS_TABLE: { Ref: expect.stringMatching(/^DataUsersTable/) },
        },
      },
    });
  });

  it('lets PreSignUp only read the registration codes', () => {
    const documents = policyDocuments('AuthPreSignUpFunction')
      .map(([, document]) => document)
      .join();
    expect(documents).toContain('dynamodb:GetItem');
    expect(documents).not.toMatch(/dynamodb:(PutItem|UpdateItem|DeleteItem)/);
    expect(documents).not.toContain('DataUsersTable');
    expect(documents).not.toContain('cognito-idp');
  });

  it('lets PostConfirmation write codes and users and only add users to groups of this pool (IAM cannot name the groups), in a policy of its own', () => {
    const documents = policyDocuments('AuthPostConfirmationFunction');
    const defaultPolicy = documents.find(([id]) => id.startsWith('AuthPostConfirmationFunctionRoleDefaultPolicy'))?.[1] ?? '';
    expect(defaultPolicy).toContain('dynamodb:UpdateItem');
    expect(defaultPolicy).toContain('DataUsersTable');
    expect(defaultPolicy).toContain('DataRegistrationCodesTable');
    // In the default policy the grant would close a cycle: pool -> function -> role policy -> pool.
    expect(defaultPolicy).not.toContain('cognito-idp');
    const userPoolPolicy = resourcesOfType(dev.template, 'AWS::IAM::Policy').find(([id]) =>
      id.startsWith('AuthPostConfirmationFunctionUserPoolPolicy'),
    )?.[1];
    expect(userPoolPolicy?.Properties).toMatchObject({
      PolicyDocument: {
        Statement: [
          {
            Effect: 'Allow',
            Action: 'cognito-idp:AdminAddUserToGroup',
            Resource: { 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool[0-9A-F]{8}$/), 'Arn'] },
          },
        ],
      },
      Roles: [{ Ref: expect.stringMatching(/^AuthPostConfirmationFunctionRole/) }],
    });
  });
});
