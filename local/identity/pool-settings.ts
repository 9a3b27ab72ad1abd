import type { AppClient } from 'cognito-local/lib/services/appClient';
import type { Group, UserPool } from 'cognito-local/lib/services/userPoolService';
import { ADMIN_GROUP, BETA_CUSTOMER_GROUPS } from '../../lambdas/shared/domain/groups';
import { CUSTOM_ATTRIBUTES } from '../../lambdas/shared/registration-codes/sign-up-contract';

/**
 * The product's user pool as cognito-local holds it: an AWS-style id, the settings of the Auth
 * construct (lib/constructs/auth.ts), its groups and the web app's client. Plain data, shared by
 * the main thread (ids, issuer) and the cognito-local worker (which creates them).
 */

export const LOCAL_REGION = 'us-east-2';
export const LOCAL_USER_POOL_ID = `${LOCAL_REGION}_LocalPool1`;
/** The web app's client: fixed, so endpoints.json and config.json stay the same across resets. */
export const LOCAL_USER_POOL_CLIENT_ID = 'talentpilotlocalwebclient1';
/** cognito-local's `TokenConfig.IssuerDomain`: tokens carry the real Cognito issuer of the pool id. */
export const COGNITO_ISSUER_DOMAIN = `https://cognito-idp.${LOCAL_REGION}.amazonaws.com`;
export const LOCAL_ISSUER = `${COGNITO_ISSUER_DOMAIN}/${LOCAL_USER_POOL_ID}`;
/** The account id local ARNs carry (AWS's documentation example, as local/rest does). */
const LOCAL_ACCOUNT_ID = '123456789012';

/** The pool's custom attributes (sign-up-contract.ts), as Cognito lists them. */
function customSchemaAttributes(): NonNullable<UserPool['SchemaAttributes']> {
  return Object.values(CUSTOM_ATTRIBUTES).map((attribute) => ({
    Name: `custom:${attribute.name}`,
    AttributeDataType: 'String',
    DeveloperOnlyAttribute: false,
    Mutable: attribute.mutable,
    Required: false,
    StringAttributeConstraints: { MinLength: '0', MaxLength: String(attribute.maxLength) },
  }));
}

/**
 * The pool exactly as the Auth construct configures it (lib/constructs/auth.ts): cognito-local's
 * standard attributes plus the custom ones (UpdateUserAttributes refuses attributes outside the
 * schema).
 */
export function poolOptions(standardAttributes: NonNullable<UserPool['SchemaAttributes']>): UserPool {
  const now = new Date();
  return {
    SchemaAttributes: [...standardAttributes.filter((attribute) => !attribute.Name?.startsWith('custom:')), ...customSchemaAttributes()],
    Id: LOCAL_USER_POOL_ID,
    Name: 'talentpilot-local',
    Arn: `arn:aws:cognito-idp:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:userpool/${LOCAL_USER_POOL_ID}`,
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    UsernameConfiguration: { CaseSensitive: false },
    MfaConfiguration: 'OFF',
    Policies: {
      PasswordPolicy: {
        MinimumLength: 8,
        RequireUppercase: false,
        RequireLowercase: false,
        RequireNumbers: false,
        RequireSymbols: false,
        TemporaryPasswordValidityDays: 7,
      },
    },
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: false, UnusedAccountValidityDays: 7 },
    VerificationMessageTemplate: {
      DefaultEmailOption: 'CONFIRM_WITH_CODE',
      EmailSubject: 'Verify your new account',
      EmailMessage: 'The verification code to your new account is {####}',
    },
    AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    CreationDate: now,
    LastModifiedDate: now,
  };
}

export const GROUPS: readonly { readonly GroupName: string; readonly Description: string; readonly Precedence: number }[] = [
  { GroupName: ADMIN_GROUP, Description: 'Operators who invite, remove and look up users.', Precedence: 0 },
  ...BETA_CUSTOMER_GROUPS.map((GroupName, index) => ({
    GroupName,
    Description: `Beta customers of release R${index + 1}, joined through their registration code.`,
    Precedence: 10 * (index + 1),
  })),
];

/**
 * The web client as the Auth construct creates it, plus USER_PASSWORD_AUTH: cognito-local has no
 * SRP, so the web app signs in with the password here (and only here; deployed clients allow SRP
 * and refresh only).
 */
export function webClient(now: Date): AppClient {
  return {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    ClientName: 'WebClient',
    UserPoolId: LOCAL_USER_POOL_ID,
    CreationDate: now,
    LastModifiedDate: now,
    ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    PreventUserExistenceErrors: 'ENABLED',
    EnableTokenRevocation: true,
    SupportedIdentityProviders: ['COGNITO'],
    AccessTokenValidity: 1,
    IdTokenValidity: 1,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
  } as AppClient;
}

/** A group record of the pool. */
export function groupRecord(group: (typeof GROUPS)[number], now: Date): Group {
  return { ...group, UserPoolId: LOCAL_USER_POOL_ID, CreationDate: now, LastModifiedDate: now, members: [] } as unknown as Group;
}
