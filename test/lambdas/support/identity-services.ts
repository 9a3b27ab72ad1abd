import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegistrationCodeRecord } from '../../../lambdas/shared/contracts/registration-code';
import type { BetaCustomerGroup } from '../../../lambdas/shared/domain/groups';
import {
  createRegistrationCodesRepository,
  type RegistrationCodesRepository,
} from '../../../lambdas/shared/registration-codes/registration-codes-repository';
import { createCognitoClient, createCognitoUserDirectory } from '../../../lambdas/shared/user-directory/cognito-user-directory';
import type { UserDirectory } from '../../../lambdas/shared/user-directory/user-directory';
import { createUsersRepository, type UsersRepository } from '../../../lambdas/shared/users/users-repository';
import { startCognitoLocal, type RunningCognitoLocal } from '../../../local/identity/cognito-local';
import { startMemoryDynamoDbInProcess } from './memory-dynamodb';

/**
 * Real stand-ins for the identity tests: dynalite (in memory, the shared tables) and cognito-local
 * (the product's pool, groups and web client, emails in an outbox), plus, when asked, a Lambda
 * Invoke endpoint through which cognito-local calls the trigger handlers in this process, as
 * Cognito calls the deployed functions. Nothing is mocked.
 */

export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

type TriggerHandler = (event: never, context: { awsRequestId: string }) => Promise<unknown>;

export interface IdentityServicesOptions {
  /** Trigger handlers cognito-local invokes (by trigger name). */
  readonly triggers?: Partial<Record<'PreSignUp' | 'PostConfirmation', TriggerHandler>>;
}

export interface IdentityServices {
  readonly cognito: RunningCognitoLocal;
  readonly cognitoClient: CognitoIdentityProviderClient;
  readonly documentClient: DynamoDBDocumentClient;
  /** A low-level client of the same dynalite (e.g. for countItems). */
  readonly dynamodbClient: DynamoDBClient;
  readonly dynamodbEndpoint: string;
  readonly tableNames: Readonly<Record<string, string>>;
  readonly users: UsersRepository;
  readonly codes: RegistrationCodesRepository;
  readonly directory: UserDirectory;
  /** Stores a registration code (uses 0 unless given). */
  addCode(code: string, group: BetaCustomerGroup, extra?: Partial<RegistrationCodeRecord>): Promise<void>;
  stop(): Promise<void>;
}

/** The Lambda Invoke API (`POST /2015-03-31/functions/<name>/invocations`) over in-process handlers. */
async function startLambdaEndpoint(handlers: Record<string, TriggerHandler>) {
  let invocation = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const name = decodeURIComponent(/\/functions\/([^/]+)\/invocations/.exec(req.url ?? '')?.[1] ?? '');
      const handler = handlers[name];
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (!handler)
        return reply(404, { Type: 'User', message: `Function not found: ${name}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as never;
      handler(event, { awsRequestId: `trigger-${++invocation}` }).then(
        (result) => reply(200, result),
        (error: Error) => reply(200, { errorType: error.name, errorMessage: error.message }, { 'x-amz-function-error': 'Unhandled' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startIdentityServices(options: IdentityServicesOptions = {}): Promise<IdentityServices> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamodb = await startMemoryDynamoDbInProcess();
  const triggerNames = Object.keys(options.triggers ?? {}) as ('PreSignUp' | 'PostConfirmation')[];
  const lambdaEndpoint =
    triggerNames.length > 0
      ? await startLambdaEndpoint(Object.fromEntries(triggerNames.map((name) => [`${name}Function`, options.triggers![name]!])))
      : undefined;
  const cognito = await startCognitoLocal({
    lambdaEndpoint: lambdaEndpoint?.endpoint,
    triggers: lambdaEndpoint ? Object.fromEntries(triggerNames.map((name) => [name, `${name}Function`])) : undefined,
  });
  const cognitoClient = createCognitoClient({ endpoint: cognito.endpoint, region: cognito.region, credentials: LOCAL_CREDENTIALS });
  const documentClient = dynamodb.documentClient;
  const codes = createRegistrationCodesRepository({ client: documentClient, tableName: dynamodb.tableNames.registrationCodes });
  return {
    cognito,
    cognitoClient,
    documentClient,
    dynamodbClient: dynamodb.client,
    dynamodbEndpoint: dynamodb.endpoint,
    tableNames: dynamodb.tableNames,
    users: createUsersRepository({ client: documentClient, tableName: dynamodb.tableNames.users }),
    codes,
    directory: createCognitoUserDirectory({ client: cognitoClient, userPoolId: cognito.userPoolId }),
    async addCode(code, group, extra = {}) {
      const now = new Date().toISOString();
      await codes.putIfAbsent({ code, group, uses: 0, createdAt: now, updatedAt: now, ...extra });
    },
    async stop() {
      cognitoClient.destroy();
      await cognito.stop();
      await lambdaEndpoint?.stop();
      await dynamodb.stop();
    },
  };
}

/** The latest message the outbox holds for `to` (verification codes, invitations). */
export function lastMessageTo(cognito: RunningCognitoLocal, to: string) {
  const message = cognito.outbox.messages().find((candidate) => candidate.to === to);
  if (!message) throw new Error(`No message to ${to} in the outbox`);
  return message;
}
