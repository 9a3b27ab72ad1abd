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
 * CONFIRMED in the Admins group, plus its users-table record, id = sub) and one registration code
 * per beta group. Local data only: these credentials are printed and are not secrets.
 */

export const SEED_ADMIN = {
  email: 'admin@talentpilot.local',
  password: 'LocalAdmin#2024',
  firstName: 'Avery',
  lastName: 'Admin',
  companyName: 'TalentPilot',
} as const;

/** `BETA-R1-2024` → Beta_Customer_R1, ... */
export const SEED_REGISTRATION_CODES: readonly { readonly code: string; readonly group: BetaCustomerGroup }[] = BETA_CUSTOMER_GROUPS.map((group, index) => ({
  code: `BETA-R${index + 1}-2024`,
  group,
}));

export interface SeedResult {
  readonly admin: {
    readonly email: string;
    readonly password: string;
    readonly sub: string;
    /** Whether this start created the Cognito user / the users-table record. */
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
    await documents.send(new PutCommand({ TableName: tableName, Item: item as Record<string, unknown>, ConditionExpression: 'attribute_not_exists(#key)', ExpressionAttributeNames: { '#key': keyName } }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The admin's sub, creating the CONFIRMED user when it is missing. */
async function ensureAdminUser(cognito: CognitoIdentityProviderClient, UserPoolId: string): Promise<{ sub: string; created: boolean }> {
  const Username = SEED_ADMIN.email;
  const subOf = (attributes: readonly { Name?: string; Value?: string }[] | undefined) => attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
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
      TemporaryPassword: SEED_ADMIN.password,
      UserAttributes: [
        { Name: 'email', Value: Username },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username, Password: SEED_ADMIN.password, Permanent: true }));
  return { sub: subOf(created?.Attributes) ?? created!.Username!, created: true };
}

export async function seedLocalIdentity(input: SeedInput): Promise<SeedResult> {
  const { cognito, userPoolId: UserPoolId } = input;
  const { sub, created: createdUser } = await ensureAdminUser(cognito, UserPoolId);
  const { Groups = [] } = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId, Username: SEED_ADMIN.email }));
  if (!Groups.some((group) => group.GroupName === ADMIN_GROUP)) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: SEED_ADMIN.email, GroupName: ADMIN_GROUP }));
  }

  const documents = DynamoDBDocumentClient.from(input.dynamodb);
  const timestamp = new Date().toISOString();
  const record: User = {
    id: sub,
    email: SEED_ADMIN.email,
    firstName: SEED_ADMIN.firstName,
    lastName: SEED_ADMIN.lastName,
    companyName: SEED_ADMIN.companyName,
    status: 'ACTIVE',
    subscriptionId: SUBSCRIPTION_TBD,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  const createdRecord = await putIfAbsent(documents, input.tableNames.users, 'id', record);

  const registrationCodes = [];
  for (const { code, group } of SEED_REGISTRATION_CODES) {
    const item: RegistrationCodeRecord = { code, group, uses: 0, createdAt: timestamp, updatedAt: timestamp };
    registrationCodes.push({ code, group, created: await putIfAbsent(documents, input.tableNames.registrationCodes, 'code', item) });
  }

  return { admin: { email: SEED_ADMIN.email, password: SEED_ADMIN.password, sub, createdUser, createdRecord }, registrationCodes };
}
