import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';

/**
 * A Bullhorn authorization the browser has started and not finished (docs/decisions.md, "Bullhorn's
 * authorization state"): one item per user in their partition of the ATS table,
 * `connection#bullhorn-pending`, holding the random `state` sent to Bullhorn, when it expires, the
 * client id and secret ALREADY SEALED by the credential vault (for `apikey1`/`apikey2`, as they
 * will be stored on the User record), the data centre and the redirect URI the code is bound to.
 *
 * A new start replaces the previous one (one pending authorization per user). {@link consume}
 * deletes the item only if its `state` matches, and answers what it held, so a state works once:
 * a second callback with it, or with an older one, finds nothing. Disconnecting removes it with
 * the rest of the partition.
 */

export const BULLHORN_PENDING_ITEM_ID = 'connection#bullhorn-pending';

export interface PendingBullhornAuthorization {
  readonly state: string;
  /** ISO 8601. */
  readonly expiresAt: string;
  /** Sealed (`enc:v1:…`) for the user's `apikey1`. */
  readonly apikey1: string;
  /** Sealed for the user's `apikey2`. */
  readonly apikey2: string;
  readonly oauthUrl: string;
  readonly restUrl: string;
  readonly redirectUri: string;
}

export interface BullhornPendingStore {
  /** Stores `pending` as the user's one pending authorization. */
  put(userId: string, pending: PendingBullhornAuthorization): Promise<void>;
  /** Deletes and answers the user's pending authorization if its state is `state`; `null` otherwise. */
  consume(userId: string, state: string): Promise<PendingBullhornAuthorization | null>;
}

export function createBullhornPendingStore({
  client,
  tableName,
}: {
  readonly client: DynamoDBDocumentClient;
  /** `ATS_TABLE`. */
  readonly tableName: string;
}): BullhornPendingStore {
  return {
    async put(userId, pending) {
      // `ttl` (epoch seconds) lets a table with TTL on that attribute drop abandoned items; expiry is checked in code anyway.
      const ttl = Math.ceil(Date.parse(pending.expiresAt) / 1000) + 86_400;
      await client.send(new PutCommand({ TableName: tableName, Item: { userId, itemId: BULLHORN_PENDING_ITEM_ID, ...pending, ttl } }));
    },
    async consume(userId, state) {
      try {
        const { Attributes } = await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { userId, itemId: BULLHORN_PENDING_ITEM_ID },
            ConditionExpression: '#state = :state',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':state': state },
            ReturnValues: 'ALL_OLD',
          }),
        );
        if (!Attributes) return null;
        const { state: stored, expiresAt, apikey1, apikey2, oauthUrl, restUrl, redirectUri } = Attributes as Record<string, unknown>;
        const fields = [stored, expiresAt, apikey1, apikey2, oauthUrl, restUrl, redirectUri];
        if (!fields.every((value) => typeof value === 'string')) return null;
        return { state, expiresAt, apikey1, apikey2, oauthUrl, restUrl, redirectUri } as PendingBullhornAuthorization;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return null;
        throw error;
      }
    },
  };
}
