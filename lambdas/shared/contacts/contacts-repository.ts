import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../dynamodb/document-client';
import { scanAll } from '../dynamodb/scan-all';

/**
 * Contact messages in the contacts table (pk `id`). The public contact form writes them through
 * the `createContact` resolver; admins read them in the console and mark them handled here.
 */
export interface StoredContact {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phoneNumber?: string | null;
  readonly message: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly handledAt?: string | null;
  readonly handledBy?: string | null;
}

/** The most messages the console reads at once (a contact form's volume is far below it). */
export const CONTACTS_READ_LIMIT = 10_000;

export interface ContactsRepository {
  /** Every message (up to {@link CONTACTS_READ_LIMIT}), in no order. */
  listAll(): Promise<{ readonly items: StoredContact[]; readonly complete: boolean }>;
  /**
   * Marks a message handled by `adminSub` at `now`, or open again (`handled` false). `undefined`
   * when there is no such message (nothing is created).
   */
  setHandled(id: string, handled: boolean, adminSub: string, now: Date): Promise<StoredContact | undefined>;
}

export interface ContactsRepositoryOptions {
  readonly client: DynamoDBDocumentClient;
  /** `CONTACTS_TABLE`. */
  readonly tableName: string;
}

export function createContactsRepository({ client, tableName }: ContactsRepositoryOptions): ContactsRepository {
  return {
    listAll: () => scanAll<StoredContact>(client, tableName, CONTACTS_READ_LIMIT),

    async setHandled(id, handled, adminSub, now) {
      const timestamp = now.toISOString();
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { id },
            UpdateExpression: handled
              ? 'SET handledAt = :now, handledBy = :by, updatedAt = :now'
              : 'SET updatedAt = :now REMOVE handledAt, handledBy',
            ConditionExpression: 'attribute_exists(id)',
            ExpressionAttributeValues: handled ? { ':now': timestamp, ':by': adminSub } : { ':now': timestamp },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return result.Attributes as StoredContact;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },
  };
}
