import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SealedCredentials, StoredCredentials } from '../credentials/credential-vault';
import { ATS_USER_FIELDS as FIELDS } from '../../shared/contracts/user';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';

/**
 * The ATS fields of a User record (`atsname`, `apikeytype`, `apikey1`, `apikey2`; spec section 3)
 * as the ATS routes write them: sealed keys only, by conditional UpdateItem, so a write never
 * creates a record, never touches another field, and never overwrites settings that changed
 * since the caller read them (two tabs saving at once: the second is told, nothing is lost).
 */

export interface AtsUserSettings {
  /**
   * Replaces the ATS fields with `sealed` if the record is ACTIVE and its fields are still
   * `previous`; `false` when they changed meanwhile (or the record is gone or removed).
   */
  save(userId: string, sealed: SealedCredentials, previous: StoredCredentials, now: Date): Promise<boolean>;
  /** Removes the ATS fields; `false` when the record is gone. */
  clear(userId: string, now: Date): Promise<boolean>;
}

export interface AtsUserSettingsOptions {
  readonly client: DynamoDBDocumentClient;
  /** `USERS_TABLE`. */
  readonly tableName: string;
}

export function createAtsUserSettings({ client, tableName }: AtsUserSettingsOptions): AtsUserSettings {
  return {
    async save(userId, sealed, previous, now) {
      const names: Record<string, string> = { '#id': 'id', '#status': 'status', '#updatedAt': 'updatedAt' };
      const values: Record<string, unknown> = { ':active': 'ACTIVE', ':now': now.toISOString() };
      const sets = ['#updatedAt = :now'];
      const removes: string[] = [];
      const unchanged: string[] = [];
      FIELDS.forEach((field, index) => {
        names[`#f${index}`] = field;
        const next = sealed[field];
        if (next === null) {
          removes.push(`#f${index}`);
        } else {
          sets.push(`#f${index} = :f${index}`);
          values[`:f${index}`] = next;
        }
        const before = previous[field];
        if (before === null || before === undefined) {
          unchanged.push(`attribute_not_exists(#f${index})`);
        } else {
          unchanged.push(`#f${index} = :p${index}`);
          values[`:p${index}`] = before;
        }
      });
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { id: userId },
            UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
            ConditionExpression: ['attribute_exists(#id)', '#status = :active', ...unchanged].join(' AND '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async clear(userId, now) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { id: userId },
            UpdateExpression: `SET #updatedAt = :now REMOVE ${FIELDS.map((_field, index) => `#f${index}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(#id)',
            ExpressionAttributeNames: {
              '#id': 'id',
              '#updatedAt': 'updatedAt',
              ...Object.fromEntries(FIELDS.map((field, index) => [`#f${index}`, field])),
            },
            ExpressionAttributeValues: { ':now': now.toISOString() },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
  };
}
