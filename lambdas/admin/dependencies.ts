import * as z from '../shared/zod';
import { TABLES } from '../../lib/definitions/tables';
import { ENV } from '../shared/environment';
import { lazily } from '../shared/lazily';
import { readEnvironment, requiredNameVariable, type EnvironmentSource } from '../shared/read-environment';
import { createCognitoClient, createCognitoUserDirectory } from '../shared/user-directory/cognito-user-directory';
import { USER_DIRECTORY_ENV } from '../shared/user-directory/environment';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { createUsersRepository } from '../shared/users/users-repository';
import type { AdminUsersDependencies } from './admin-users';

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
    directory: createCognitoUserDirectory({
      client: createCognitoClient({ endpoint: env[USER_DIRECTORY_ENV.cognitoEndpoint] }),
      userPoolId: env[USER_DIRECTORY_ENV.userPoolId],
    }),
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
