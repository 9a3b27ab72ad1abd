import * as z from '../shared/zod';
import { TABLES } from '../../lib/definitions/tables';
import { ENV } from '../shared/environment';
import { readEnvironment, requiredNameVariable, type EnvironmentSource } from '../shared/read-environment';
import {
  createRegistrationCodesRepository,
  type RegistrationCodesRepository,
} from '../shared/registration-codes/registration-codes-repository';
import { createCognitoClient, createCognitoUserDirectory } from '../shared/user-directory/cognito-user-directory';
import { USER_DIRECTORY_ENV } from '../shared/user-directory/environment';
import type { UserDirectory } from '../shared/user-directory/user-directory';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { createUsersRepository, type UsersRepository } from '../shared/users/users-repository';

/**
 * The PostConfirmation trigger's dependencies from its environment (set by the Auth construct, and
 * by the local runtime with `DYNAMODB_ENDPOINT` and `COGNITO_ENDPOINT`). Clients are created once
 * per container; the user directory is bound per event to the pool the event names. (PreSignUp
 * builds its own in pre-sign-up.ts, so its bundle carries no Cognito client.)
 */

const PostConfirmationEnvironmentSchema = z.object({
  [TABLES.registrationCodes.envVar]: requiredNameVariable,
  [TABLES.users.envVar]: requiredNameVariable,
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
  [USER_DIRECTORY_ENV.cognitoEndpoint]: z.optional(z.url()),
});

export interface PostConfirmationDependencies {
  readonly codes: RegistrationCodesRepository;
  readonly users: UsersRepository;
  /** The user directory of one pool (the event's `userPoolId`). */
  readonly directoryFor: (userPoolId: string) => Pick<UserDirectory, 'addToGroup'>;
}

export function postConfirmationDependenciesFromEnvironment(source: EnvironmentSource = process.env): PostConfirmationDependencies {
  const env = readEnvironment(PostConfirmationEnvironmentSchema, source);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  const cognito = createCognitoClient({ endpoint: env[USER_DIRECTORY_ENV.cognitoEndpoint] });
  return {
    codes: createRegistrationCodesRepository({ client, tableName: env[TABLES.registrationCodes.envVar] }),
    users: createUsersRepository({ client, tableName: env[TABLES.users.envVar] }),
    directoryFor: (userPoolId) => createCognitoUserDirectory({ client: cognito, userPoolId }),
  };
}
