import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';
import { AtsError } from '../ats-port';
import type { BullhornGrant, BullhornGrantStore } from '../connectors/bullhorn-session';
import { CredentialVaultError, ENTER_AGAIN_MESSAGE, type CredentialCipher } from '../credentials/credential-cipher';

/**
 * Where a Bullhorn connection keeps its grant (docs/decisions.md, "Bullhorn's grant"): one item in
 * the user's partition of the ATS table, `connection#bullhorn-grant`, holding the refresh token
 * and the data centre's URLs as ONE sealed value (`enc:v1:…`, the credential cipher with the
 * field `bullhornGrant`, so it opens for this user and this use only). Not on the User record:
 * Bullhorn rotates the refresh token at every session, and a write per sync there would race the
 * settings form's conditional saves. The partition's removal (disconnecting) deletes it with the
 * synced data.
 *
 * `create` writes it once the browser's authorization succeeded; `save` replaces it only while
 * it exists, so a sync still running when the recruiter disconnects cannot bring it back.
 */

export const BULLHORN_GRANT_ITEM_ID = 'connection#bullhorn-grant';

const GrantSchema = z.object({ refreshToken: z.string(), oauthUrl: z.string(), restUrl: z.string() });

export interface BullhornGrantStoreOptions {
  readonly client: DynamoDBDocumentClient;
  /** `ATS_TABLE`. */
  readonly tableName: string;
  readonly cipher: CredentialCipher;
  /** The owner (Cognito sub), from the caller's identity. */
  readonly userId: string;
  readonly now?: () => Date;
}

export interface SealedBullhornGrantStore extends BullhornGrantStore {
  /** Writes the first grant of a connection (after the authorization code was traded). */
  create(grant: BullhornGrant): Promise<void>;
  /** Deletes the grant (an authorization that failed after its grant was written, with none before). */
  remove(): Promise<void>;
}

export function createBullhornGrantStore({
  client,
  tableName,
  cipher,
  userId,
  now = () => new Date(),
}: BullhornGrantStoreOptions): SealedBullhornGrantStore {
  const key = { userId, itemId: BULLHORN_GRANT_ITEM_ID };
  const context = { userId, field: 'bullhornGrant' } as const;
  const seal = (grant: BullhornGrant) =>
    cipher.encrypt(JSON.stringify({ refreshToken: grant.refreshToken, oauthUrl: grant.oauthUrl, restUrl: grant.restUrl }), context);

  return {
    async read() {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
      if (!Item || typeof Item.grant !== 'string') return null;
      const opened = GrantSchema.safeParse(JSON.parse(await cipher.decrypt(Item.grant, context)) as unknown);
      if (!opened.success) throw new CredentialVaultError('format', ENTER_AGAIN_MESSAGE);
      return opened.data;
    },
    async create(grant) {
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...key, grant: await seal(grant), updatedAt: now().toISOString() } }),
      );
    },
    async remove() {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key }));
    },
    async save(grant) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
            UpdateExpression: 'SET #grant = :grant, updatedAt = :now',
            ConditionExpression: 'attribute_exists(itemId)',
            ExpressionAttributeNames: { '#grant': 'grant' },
            ExpressionAttributeValues: { ':grant': await seal(grant), ':now': now().toISOString() },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        throw new AtsError('credentials', 'Bullhorn was disconnected while it was being read: connect Bullhorn again.');
      }
    },
  };
}
