import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { User } from '../contracts/user';
import { USERS_BY_EMAIL_INDEX } from '../../../lib/definitions/tables';
import { isConditionalCheckFailed } from '../dynamodb/document-client';
import { scanWindow, type ScanWindow, type ScanWindowRequest } from '../dynamodb/scan-window';

/**
 * User records in the users table (pk `id` = Cognito sub, GSI `byEmail`). The triggers, the
 * admin handlers and the operator CLI write records only through here.
 */
export interface UsersRepository {
  /** The record with this id (a strongly consistent read), or `undefined`. */
  getById(id: string): Promise<User | undefined>;
  /** Every record with this email, newest first (a removed person may have an older record). */
  findByEmail(email: string): Promise<User[]>;
  /**
   * Writes the record unless one with its id exists (`attribute_not_exists(id)`): a retried
   * trigger or request creates no duplicate and overwrites nothing. `created` tells which.
   */
  putIfAbsent(user: User): Promise<{ readonly created: boolean; readonly user: User }>;
  /**
   * Sets status REMOVED (and updatedAt) on an existing record, keeping everything else (its
   * subscriptions above all). `undefined` when there is no record with this id.
   */
  markRemoved(id: string, now: Date): Promise<User | undefined>;
  /** A window of the records, removed ones too, in scan order: the admin console's list reads one per request. */
  readWindow(window: ScanWindowRequest): Promise<ScanWindow<User>>;
}

export interface UsersRepositoryOptions {
  readonly client: DynamoDBDocumentClient;
  /** `USERS_TABLE`. */
  readonly tableName: string;
}

export function createUsersRepository({ client, tableName }: UsersRepositoryOptions): UsersRepository {
  const getById = async (id: string): Promise<User | undefined> => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: { id }, ConsistentRead: true }));
    return result.Item as User | undefined;
  };

  return {
    getById,

    async findByEmail(email) {
      const users: User[] = [];
      let exclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: USERS_BY_EMAIL_INDEX,
            KeyConditionExpression: 'email = :email',
            ExpressionAttributeValues: { ':email': email },
            ExclusiveStartKey: exclusiveStartKey,
          }),
        );
        users.push(...((page.Items ?? []) as User[]));
        exclusiveStartKey = page.LastEvaluatedKey;
      } while (exclusiveStartKey);
      return users.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    async putIfAbsent(user) {
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: user, ConditionExpression: 'attribute_not_exists(id)' }));
        return { created: true, user };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const existing = await getById(user.id);
        // Deleted between the failed put and the read: extremely unlikely; report what we tried.
        return { created: false, user: existing ?? user };
      }
    },

    async markRemoved(id, now) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { id },
            UpdateExpression: 'SET #status = :removed, updatedAt = :now',
            ConditionExpression: 'attribute_exists(id)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':removed': 'REMOVED', ':now': now.toISOString() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return result.Attributes as User;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    readWindow: (window) => scanWindow<User>(client, tableName, 'id', window),
  };
}
