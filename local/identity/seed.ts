import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RegistrationCodeRecord } from '../../lambdas/shared/contracts/registration-code';
import { SUBSCRIPTION_TBD, type User } from '../../lambdas/shared/contracts/user';
import { ADMIN_GROUP, BETA_CUSTOMER_GROUPS, type BetaCustomerGroup } from '../../lambdas/shared/domain/groups';

/**
 * What `npm start` seeds on every start, skipping what exists: an administrator (Cognito user
 * CONFIRMED in the Admins group, plus its users-table record, id = sub), a demo recruiter (a
 * CONFIRMED beta customer with a record; local/assistant/demo-seed.ts subscribes them and saves
 * the sample jobs) and one registration code per beta group. Local data only: these credentials
 * are printed and are not secrets.
 */

export const SEED_ADMIN = {
  email: 'admin@talentpilot.local',
  password: 'LocalAdmin#2024',
  firstName: 'Avery',
  lastName: 'Admin',
  companyName: 'TalentPilot',
} as const;

/** A recruiter with a trial subscription and the sample jobs, to try the assistant at once. */
export const SEED_DEMO_RECRUITER = {
  email: 'demo@talentpilot.local',
  password: 'LocalDemo#2024',
  firstName: 'Dana',
  lastName: 'Reyes',
  companyName: 'Northbridge Staffing',
  group: 'Beta_Customer_R1',
} as const satisfies { readonly group: BetaCustomerGroup } & Record<string, string>;

/** `BETA-R1-2024` → Beta_Customer_R1, ... */
export const SEED_REGISTRATION_CODES: readonly { readonly code: string; readonly group: BetaCustomerGroup }[] = BETA_CUSTOMER_GROUPS.map(
  (group, index) => ({
    code: `BETA-R${index + 1}-2024`,
    group,
  }),
);

export interface SeedResult {
  readonly admin: {
    readonly email: string;
    readonly password: string;
    readonly sub: string;
    /** Whether this start created the Cognito user / the users-table record. */
    readonly createdUser: boolean;
    readonly createdRecord: boolean;
  };
  readonly demo: {
    readonly email: string;
    readonly password: string;
    readonly sub: string;
    readonly createdUser: boolean;
    readonly createdRecord: boolean;
  };
  readonly registrationCodes: readonly { readonly code: string; readonly group: BetaCustomerGroup; readonly created: boolean }[];
}

export interface SeedInput {
  /** An SDK client on cognito-local: the admin is created through the same admin API as invitations. */
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly dynamodb: DynamoDBClient;
  readonly tableNames: Readonly<Record<string, string>>;
}

/** Puts an item unless its key exists; whether it was written. */
async function putIfAbsent(documents: DynamoDBDocumentClient, tableName: string, keyName: string, item: object): Promise<boolean> {
  try {
    await documents.send(
      new PutCommand({
        TableName: tableName,
        Item: item as Record<string, unknown>,
        ConditionExpression: 'attribute_not_exists(#key)',
        ExpressionAttributeNames: { '#key': keyName },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** A seeded person's sub, creating the CONFIRMED user when it is missing. */
async function ensureUser(
  cognito: CognitoIdentityProviderClient,
  UserPoolId: string,
  person: { readonly email: string; readonly password: string },
): Promise<{ sub: string; created: boolean }> {
  const Username = person.email;
  const subOf = (attributes: readonly { Name?: string; Value?: string }[] | undefined) =>
    attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  try {
    const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId, Username }));
    return { sub: subOf(existing.UserAttributes) ?? existing.Username!, created: false };
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
  const { User: created } = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: person.password,
      UserAttributes: [
        { Name: 'email', Value: Username },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username, Password: person.password, Permanent: true }));
  return { sub: subOf(created?.Attributes) ?? created!.Username!, created: true };
}

/** Puts the seeded person in `group` unless they are in it. */
async function ensureGroup(cognito: CognitoIdentityProviderClient, UserPoolId: string, Username: string, GroupName: string): Promise<void> {
  const { Groups = [] } = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId, Username }));
  if (!Groups.some((group) => group.GroupName === GroupName))
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username, GroupName }));
}

/** A seeded person's users-table record, as post-confirmation writes it. */
function userRecord(
  sub: string,
  person: { email: string; firstName: string; lastName: string; companyName: string },
  timestamp: string,
): User {
  return {
    id: sub,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    companyName: person.companyName,
    status: 'ACTIVE',
    subscriptionId: SUBSCRIPTION_TBD,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}

export async function seedLocalIdentity(input: SeedInput): Promise<SeedResult> {
  const { cognito, userPoolId: UserPoolId } = input;
  const { sub, created: createdUser } = await ensureUser(cognito, UserPoolId, SEED_ADMIN);
  await ensureGroup(cognito, UserPoolId, SEED_ADMIN.email, ADMIN_GROUP);
  const demo = await ensureUser(cognito, UserPoolId, SEED_DEMO_RECRUITER);
  await ensureGroup(cognito, UserPoolId, SEED_DEMO_RECRUITER.email, SEED_DEMO_RECRUITER.group);

  const documents = DynamoDBDocumentClient.from(input.dynamodb);
  const timestamp = new Date().toISOString();
  const createdRecord = await putIfAbsent(documents, input.tableNames.users, 'id', userRecord(sub, SEED_ADMIN, timestamp));
  const createdDemoRecord = await putIfAbsent(
    documents,
    input.tableNames.users,
    'id',
    userRecord(demo.sub, SEED_DEMO_RECRUITER, timestamp),
  );

  const registrationCodes = [];
  for (const { code, group } of SEED_REGISTRATION_CODES) {
    const item: RegistrationCodeRecord = { code, group, uses: 0, createdAt: timestamp, updatedAt: timestamp };
    registrationCodes.push({ code, group, created: await putIfAbsent(documents, input.tableNames.registrationCodes, 'code', item) });
  }

  return {
    admin: { email: SEED_ADMIN.email, password: SEED_ADMIN.password, sub, createdUser, createdRecord },
    demo: {
      email: SEED_DEMO_RECRUITER.email,
      password: SEED_DEMO_RECRUITER.password,
      sub: demo.sub,
      createdUser: demo.created,
      createdRecord: createdDemoRecord,
    },
    registrationCodes,
  };
}
