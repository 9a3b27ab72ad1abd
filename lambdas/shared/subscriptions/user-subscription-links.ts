import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { USERS_BY_SUBSCRIPTION_ID_INDEX } from '../../../lib/definitions/tables';
import type { User } from '../contracts/user';
import { isConditionalCheckFailed } from '../dynamodb/document-client';

/**
 * The link from a User record to its subscriptions: `subscriptions` (every provider subscription
 * id the user ever had, no duplicates) and `subscriptionId` (the current one, which the
 * `bySubscriptionId` index and `GET /user/subscriptions/{id}` use). Only the server writes these
 * fields (they are not self-editable), and only through here.
 */
export interface UserSubscriptionLinks {
  /**
   * Adds `subscriptionId` to the user's list if missing and, when `makeCurrent(user)` says so,
   * makes it their current one. Other fields are left alone; concurrent writers are detected by
   * conditions and the change is re-applied on the fresh record. `undefined` when the user has no
   * record.
   */
  link(input: LinkInput): Promise<User | undefined>;
  /** The ids of the users whose current subscription is this one (normally one). */
  findUserIdsByCurrentSubscription(subscriptionId: string): Promise<string[]>;
}

export interface LinkInput {
  readonly userId: string;
  readonly subscriptionId: string;
  readonly now: Date;
  /** Whether the subscription should become the user's current one, given the fresh record. */
  readonly makeCurrent: (user: User) => boolean | Promise<boolean>;
}

export interface UserSubscriptionLinksOptions {
  readonly client: DynamoDBDocumentClient;
  /** `USERS_TABLE`. */
  readonly tableName: string;
  /** How often a link is re-applied after a concurrent change to the same record. */
  readonly maxAttempts?: number;
}

/** A condition that the attribute still holds what was read: absent, NULL, or (for strings) equal. */
function stillHolds(name: string, value: unknown, values: Record<string, unknown>): string {
  if (value === undefined) return `attribute_not_exists(${name})`;
  if (value === null) {
    values[':nullType'] = 'NULL';
    return `attribute_type(${name}, :nullType)`;
  }
  values[':old'] = value;
  return `${name} = :old`;
}

export function createUserSubscriptionLinks({ client, tableName, maxAttempts = 8 }: UserSubscriptionLinksOptions): UserSubscriptionLinks {
  /** One conditional update; the new record, or undefined when the condition failed. */
  const update = async (
    userId: string,
    set: string,
    condition: string,
    values: Record<string, unknown>,
    names: Record<string, string>,
  ): Promise<User | undefined> => {
    try {
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { id: userId },
          UpdateExpression: `SET ${set}, updatedAt = :now`,
          ConditionExpression: `attribute_exists(id) AND ${condition}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return result.Attributes as User;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  };

  return {
    async link({ userId, subscriptionId, now, makeCurrent }) {
      // Each step is one atomic conditional update (no transactions, no list comparison, both of
      // which DynamoDB's local stand-in lacks); a failed condition means someone else wrote the
      // record since it was read: read it again and redo what is still missing.
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        const read = await client.send(new GetCommand({ TableName: tableName, Key: { id: userId }, ConsistentRead: true }));
        let user = read.Item as User | undefined;
        if (!user) return undefined;
        const listName = { '#subscriptions': 'subscriptions' };
        const stamp = { ':now': now.toISOString(), ':one': [subscriptionId] };

        if (!(user.subscriptions ?? []).includes(subscriptionId)) {
          user = Array.isArray(user.subscriptions)
            ? await update(
                userId,
                '#subscriptions = list_append(#subscriptions, :one)',
                'attribute_type(#subscriptions, :listType) AND NOT contains(#subscriptions, :id)',
                { ...stamp, ':id': subscriptionId, ':listType': 'L' },
                listName,
              )
            : await update(
                userId,
                '#subscriptions = :one',
                '(attribute_not_exists(#subscriptions) OR attribute_type(#subscriptions, :nullType))',
                { ...stamp, ':nullType': 'NULL' },
                listName,
              );
          if (!user) continue;
        }

        if (user.subscriptionId === subscriptionId || !(await makeCurrent(user))) return user;
        const values: Record<string, unknown> = { ':now': now.toISOString(), ':id': subscriptionId };
        const current = await update(userId, '#subscriptionId = :id', stillHolds('#subscriptionId', user.subscriptionId, values), values, {
          '#subscriptionId': 'subscriptionId',
        });
        if (current) return current;
      }
      throw new Error(`Could not link subscription ${subscriptionId} to user ${userId}: the record kept changing`);
    },

    async findUserIdsByCurrentSubscription(subscriptionId) {
      const ids: string[] = [];
      let exclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: USERS_BY_SUBSCRIPTION_ID_INDEX,
            KeyConditionExpression: 'subscriptionId = :subscriptionId',
            ExpressionAttributeValues: { ':subscriptionId': subscriptionId },
            ProjectionExpression: 'id',
            ExclusiveStartKey: exclusiveStartKey,
          }),
        );
        ids.push(...(page.Items ?? []).map((item) => String(item.id)));
        exclusiveStartKey = page.LastEvaluatedKey;
      } while (exclusiveStartKey);
      return ids;
    },
  };
}
