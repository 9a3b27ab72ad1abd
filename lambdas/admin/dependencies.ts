import * as z from '../shared/zod';
import { TABLES } from '../../lib/definitions/tables';
import { ENV } from '../shared/environment';
import { lazily } from '../shared/lazily';
import { readEnvironment, requiredNameVariable, type EnvironmentSource } from '../shared/read-environment';
import { createCognitoClient, createCognitoUserDirectory } from '../shared/user-directory/cognito-user-directory';
import { USER_DIRECTORY_ENV } from '../shared/user-directory/environment';
import type { UserDirectory } from '../shared/user-directory/user-directory';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { createUsersRepository } from '../shared/users/users-repository';
import type { AdminUsersDependencies } from './admin-users';
import type { AdminConsoleDependencies } from './admin-console';
import { createContactsRepository } from '../shared/contacts/contacts-repository';
import { createRegistrationCodesRepository } from '../shared/registration-codes/registration-codes-repository';
import { createSubscriptionsRepository } from '../shared/subscriptions/subscriptions-repository';

const UserDirectoryEnvironmentSchema = z.object({
  [USER_DIRECTORY_ENV.userPoolId]: requiredNameVariable,
  [USER_DIRECTORY_ENV.cognitoEndpoint]: z.optional(z.url()),
});

/**
 * The user pool from `USER_POOL_ID` (and cognito-local's `COGNITO_ENDPOINT` in the local runtime),
 * for every handler that checks an admin caller now (admin-caller.ts). Throws naming a missing variable.
 */
export function userDirectoryFromEnvironment(source: EnvironmentSource = process.env): UserDirectory {
  const env = readEnvironment(UserDirectoryEnvironmentSchema, source);
  return createCognitoUserDirectory({
    client: createCognitoClient({ endpoint: env[USER_DIRECTORY_ENV.cognitoEndpoint] }),
    userPoolId: env[USER_DIRECTORY_ENV.userPoolId],
  });
}

const AdminEnvironmentSchema = z.object({
  [USER_DIRECTORY_ENV.userPoolId]: requiredNameVariable,
  [TABLES.users.envVar]: requiredNameVariable,
  [USER_DIRECTORY_ENV.cognitoEndpoint]: z.optional(z.url()),
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
});

/**
 * The admin handlers' dependencies from their environment: `USER_POOL_ID`, `USERS_TABLE`, and in
 * the local runtime `COGNITO_ENDPOINT` and `DYNAMODB_ENDPOINT`. Throws an error naming each
 * missing variable (a deployment mistake: the handler answers a logged 500).
 */
export function adminDependenciesFromEnvironment(source: EnvironmentSource = process.env): AdminUsersDependencies {
  const env = readEnvironment(AdminEnvironmentSchema, source);
  return {
    directory: userDirectoryFromEnvironment(source),
    users: createUsersRepository({
      client: createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] }),
      tableName: env[TABLES.users.envVar],
    }),
  };
}

/** Resolves the environment's dependencies on first use and keeps them for the container's life. */
export function lazyAdminDependencies(): () => AdminUsersDependencies {
  return lazily(adminDependenciesFromEnvironment);
}

const AdminConsoleEnvironmentSchema = z.object({
  [TABLES.users.envVar]: requiredNameVariable,
  [TABLES.contacts.envVar]: requiredNameVariable,
  [TABLES.subscriptions.envVar]: requiredNameVariable,
  [TABLES.registrationCodes.envVar]: requiredNameVariable,
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
});

/** The console's dependencies from its environment (the four tables, the user pool); throws naming a missing variable. */
export function adminConsoleDependenciesFromEnvironment(source: EnvironmentSource = process.env): AdminConsoleDependencies {
  const env = readEnvironment(AdminConsoleEnvironmentSchema, source);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  return {
    directory: userDirectoryFromEnvironment(source),
    users: createUsersRepository({ client, tableName: env[TABLES.users.envVar] }),
    contacts: createContactsRepository({ client, tableName: env[TABLES.contacts.envVar] }),
    subscriptions: createSubscriptionsRepository({ client, tableName: env[TABLES.subscriptions.envVar] }),
    codes: createRegistrationCodesRepository({ client, tableName: env[TABLES.registrationCodes.envVar] }),
  };
}
