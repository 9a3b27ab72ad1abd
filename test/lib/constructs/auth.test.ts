import { Match } from 'aws-cdk-lib/assertions';
import { ADMIN_GROUP, BETA_CUSTOMER_GROUPS } from '../../../lambdas/shared/domain/groups';
import { buildApp, onlyResource, type BuiltApp } from '../support/build-app';

describe('Auth: the identity configuration of the spec', () => {
  let dev: BuiltApp;
  let prod: BuiltApp;
  beforeAll(() => {
    dev = buildApp({ stage: 'dev' });
    prod = buildApp({ stage: 'prod' });
  });

  it('signs users in with their email as username and verifies it by email', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Schema: [{ Name: 'email', Required: true, Mutable: true }],
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

  it('gives the web app a public client allowing SRP and USER_PASSWORD_AUTH, hiding whether a user exists', () => {
    dev.template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlowsUserPoolClient: false,
      EnableTokenRevocation: true,
    });
    const client = onlyResource(dev.template, 'AWS::Cognito::UserPoolClient');
    expect([...(client.Properties.ExplicitAuthFlows as string[])].sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
  });

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
    dev.template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }) });
    prod.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});
