import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../dynamodb/document-client';
import { scanWindow, type ScanWindow, type ScanWindowRequest } from '../dynamodb/scan-window';

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

export interface ContactsRepository {
  /** A window of the messages in scan order: the admin console's list reads one per request. */
  readWindow(window: ScanWindowRequest): Promise<ScanWindow<StoredContact>>;
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
    readWindow: (window) => scanWindow<StoredContact>(client, tableName, 'id', window),

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
