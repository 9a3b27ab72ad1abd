import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StringAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolOperation,
  type UserPoolGroup,
} from 'aws-cdk-lib/aws-cognito';
import { IdentityPool, UserPoolAuthenticationProvider } from 'aws-cdk-lib/aws-cognito-identitypool';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import * as path from 'node:path';
import { ADMIN_GROUP, BETA_CUSTOMER_GROUPS } from '../../lambdas/shared/domain/groups';
import { CUSTOM_ATTRIBUTES } from '../../lambdas/shared/registration-codes/sign-up-contract';
import { COGNITO_TRIGGERS, type CognitoTriggerDefinition, type CognitoTriggerName } from '../definitions/cognito-triggers';
import { TABLES, type TableName } from '../definitions/tables';
import { acknowledgeTableIndexWildcard } from './nag-acknowledgements';
import { grantTableAccess } from './table-access';
import { ProductFunction } from './product-function';

/** Repository root (this file lives in `lib/constructs/`); trigger entries are relative to it. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface AuthProps {
  /** Keep the user pool (and its users) when the stack is deleted, and protect it from deletion. */
  readonly retainData: boolean;
  /** Tables by name; each Cognito trigger gets the ones it lists (lib/definitions/cognito-triggers.ts). */
  readonly tables: Readonly<Record<TableName, ITable>>;
  /**
   * Keep the triggers' log groups on stack deletion (prod).
   * @default false
   */
  readonly retainLogs?: boolean;
  /**
   * The triggers to attach; the shared definitions by default.
   * @default COGNITO_TRIGGERS
   */
  readonly triggers?: readonly CognitoTriggerDefinition[];
}

/** The Cognito operation of each trigger. */
const TRIGGER_OPERATIONS: Record<CognitoTriggerName, UserPoolOperation> = {
  PreSignUp: UserPoolOperation.PRE_SIGN_UP,
  PostConfirmation: UserPoolOperation.POST_CONFIRMATION,
  CustomMessage: UserPoolOperation.CUSTOM_MESSAGE,
};

/**
 * The user pool actions a trigger with `userPoolAccess` calls: nothing more is granted, on this
 * pool only. IAM cannot narrow AdminAddUserToGroup to the beta groups (groups are not IAM
 * resources and the action has no group condition key); the trigger's code refuses every other
 * group (lambdas/identity/registration-completion.ts).
 */
export const TRIGGER_USER_POOL_ACTIONS: Record<CognitoTriggerName, readonly string[]> = {
  PreSignUp: [],
  PostConfirmation: ['cognito-idp:AdminAddUserToGroup'],
  CustomMessage: [],
};

/** Cognito waits 5 seconds for a trigger (and retries up to three times): the function may not take longer. */
export const TRIGGER_TIMEOUT = Duration.seconds(5);

/** Spec, identity configuration: password minimum length 8, no required character classes. */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Identity: the Cognito user pool exactly as the spec's identity configuration (email is the
 * username and the sign-up attribute, verification by email, no MFA, password minimum 8 with no
 * required character classes), the Beta_Customer_R1..R3 and admin groups, the web app's client
 * (SRP and refresh only: the password never travels; cognito-local, which has no SRP, gets
 * USER_PASSWORD_AUTH from the local runtime's own client, `local/identity/pool-settings.ts`) and
 * an identity pool.
 */
export class Auth extends Construct {
  public readonly userPool: UserPool;
  /** The web app's public client (no secret). */
  public readonly userPoolClient: UserPoolClient;
  public readonly identityPool: IdentityPool;
  /** Groups by name: Beta_Customer_R1..R3 and Admins. */
  public readonly groups: Readonly<Record<string, UserPoolGroup>>;
  /** The Cognito trigger functions, by `functionId` (PreSignUpFunction, PostConfirmationFunction). */
  public readonly triggerFunctions: Readonly<Record<string, ProductFunction>>;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      // Email is the username; invitations sign up through SignUp with a registration code that a
      // Cognito trigger checks (identity issue), so self sign-up stays on.
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // Invitation sign-up carries the company and the registration code as attributes, so the
      // post-confirmation trigger finds them on the user (sign-up-contract.ts). Adding custom
      // attributes updates the pool in place; they can never be changed or removed afterwards.
      customAttributes: Object.fromEntries(
        Object.values(CUSTOM_ATTRIBUTES).map((attribute) => [
          attribute.name,
          new StringAttribute({ minLen: 1, maxLen: attribute.maxLength, mutable: attribute.mutable }),
        ]),
      ),
      mfa: Mfa.OFF,
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: props.retainData,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The spec fixes the password policy: minimum length 8 with no required character classes (SPEC 3 identity configuration, 5, 9).',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'The spec fixes multi-factor authentication to off (SPEC 3 identity configuration, 9: "Multi-factor: off").',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials tier: the Plus tier (threat protection, compromised-credential checks) costs about USD 0.02 per MAU on top and the spec asks for none of its features; it can be switched on later without replacing the pool.',
      },
    );

    const groups: Record<string, UserPoolGroup> = {};
    groups[ADMIN_GROUP] = this.userPool.addGroup('AdminsGroup', {
      groupName: ADMIN_GROUP,
      description: 'Operators who invite, remove and look up users.',
      precedence: 0,
    });
    BETA_CUSTOMER_GROUPS.forEach((groupName, index) => {
      groups[groupName] = this.userPool.addGroup(`${groupName.replace(/_/g, '')}Group`, {
        groupName,
        description: `Beta customers of release R${index + 1}, joined through their registration code.`,
        precedence: 10 * (index + 1),
      });
    });
    this.groups = groups;
    // Memberships live in the groups: they follow the pool's removal policy.
    const removalPolicy = props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    for (const group of Object.values(groups)) group.applyRemovalPolicy(removalPolicy);

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // SRP only (CDK adds ALLOW_REFRESH_TOKEN_AUTH): USER_PASSWORD_AUTH would send the password
      // itself to Cognito, and nothing deployed needs it (the web app and the smoke test use SRP).
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // The web app signs in with its own forms (Amplify Auth); no hosted UI, no OAuth flows.
      disableOAuth: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    // Guest (unauthenticated) identities are off: the spec does not show guest access, and the
    // public pages need no AWS credentials (the contact form uses the AppSync API key).
    this.identityPool = new IdentityPool(this, 'IdentityPool', {
      allowUnauthenticatedIdentities: false,
      authenticationProviders: {
        userPools: [new UserPoolAuthenticationProvider({ userPool: this.userPool, userPoolClient: this.userPoolClient })],
      },
    });
    // Identity ids are stable per user only while the pool lives: retained with the data.
    this.identityPool.applyRemovalPolicy(removalPolicy);

    const triggerFunctions: Record<string, ProductFunction> = {};
    for (const trigger of props.triggers ?? COGNITO_TRIGGERS) {
      triggerFunctions[trigger.functionId] = this.attachTrigger(trigger, props);
    }
    this.triggerFunctions = triggerFunctions;
  }

  /**
   * One trigger: a ProductFunction with exactly the tables it lists, attached to the pool. Its
   * user pool permission lives in a separate IAM Policy: in the role's default policy it would
   * make the function depend on the pool, which depends on the function (a cycle).
   */
  private attachTrigger(trigger: CognitoTriggerDefinition, props: AuthProps): ProductFunction {
    const environment: Record<string, string> = {};
    for (const { table } of trigger.tables) environment[TABLES[table].envVar] = props.tables[table].tableName;
    const fn = new ProductFunction(this, trigger.functionId, {
      entry: path.resolve(REPO_ROOT, trigger.entry),
      description: `Cognito ${trigger.trigger} trigger`,
      environment,
      timeout: TRIGGER_TIMEOUT,
      retainLogs: props.retainLogs,
    });
    for (const { table, access } of trigger.tables) {
      grantTableAccess(props.tables[table], fn, access);
      if (TABLES[table].globalIndexes.length > 0) acknowledgeTableIndexWildcard(fn.role!, props.tables[table]);
    }
    const actions = TRIGGER_USER_POOL_ACTIONS[trigger.trigger];
    if (trigger.userPoolAccess && actions.length > 0) {
      new Policy(this, `${trigger.functionId}UserPoolPolicy`, {
        roles: [fn.role!],
        statements: [new PolicyStatement({ actions: [...actions], resources: [this.userPool.userPoolArn] })],
      });
    }
    this.userPool.addTrigger(TRIGGER_OPERATIONS[trigger.trigger], fn);
    return fn;
  }
}
