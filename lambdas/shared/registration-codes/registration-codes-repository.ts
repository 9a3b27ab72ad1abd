import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RegistrationCodeRecord } from '../contracts/registration-code';
import { BETA_CUSTOMER_GROUPS } from '../domain/groups';
import { isConditionalCheckFailed } from '../dynamodb/document-client';
import { scanWindow, type ScanWindow, type ScanWindowRequest } from '../dynamodb/scan-window';
import { isWellFormedRegistrationCode, RegistrationCodeError } from './registration-code-rules';

/**
 * Registration codes in the registrationCodes table (pk `code`, stored upper-case).
 *
 * Besides the fields of {@link RegistrationCodeRecord}, each item keeps `usedBy`, the string set
 * of the Cognito subs whose sign-up was counted. It makes counting idempotent per person (a
 * retried post-confirmation trigger never counts twice) without transactions, which dynalite
 * lacks. It grows by one id (36 bytes) per sign-up: an item holds about 10,000 of them, far above
 * any beta cohort; give larger groups several codes.
 */
export interface RegistrationCodesRepository {
  /** The code (already normalised) or `undefined`; strongly consistent. */
  get(code: string): Promise<RegistrationCodeRecord | undefined>;
  /**
   * Counts `userId`'s sign-up against the code, atomically: `uses + 1` only while
   * `uses < maxUses` (when there is a limit) and only once per user. `counted` is false when this
   * user's use was counted before (a retry). Throws a RegistrationCodeError `unknown` or
   * `used_up`. Expiry is not checked here: it is checked at sign-up, and a person who signed up in
   * time may confirm their email later.
   */
  countUse(code: string, userId: string, now: Date): Promise<{ readonly record: RegistrationCodeRecord; readonly counted: boolean }>;
  /** Stores a new code (seeding, the operator CLI); false when the code exists already. */
  putIfAbsent(record: RegistrationCodeRecord): Promise<boolean>;
  /** A window of the codes in scan order: the admin console's list reads one per request. */
  readWindow(window: ScanWindowRequest): Promise<ScanWindow<RegistrationCodeRecord>>;
  /**
   * Ends a code at `now`: its `expiresAt` becomes `now` unless it expired earlier already (an
   * expiry is never moved later). `undefined` when there is no such code.
   */
  expire(code: string, now: Date): Promise<RegistrationCodeRecord | undefined>;
}

export interface RegistrationCodesRepositoryOptions {
  readonly client: DynamoDBDocumentClient;
  /** `REGISTRATION_CODES_TABLE`. */
  readonly tableName: string;
}

interface StoredCode extends RegistrationCodeRecord {
  usedBy?: Set<string>;
}

/** The record without the bookkeeping set; numbers as numbers. */
function toRecord(item: StoredCode): RegistrationCodeRecord {
  const { usedBy: _usedBy, ...record } = item;
  return {
    ...record,
    uses: Number(record.uses ?? 0),
    ...(record.maxUses !== undefined ? { maxUses: Number(record.maxUses) } : {}),
  };
}

export function createRegistrationCodesRepository({ client, tableName }: RegistrationCodesRepositoryOptions): RegistrationCodesRepository {
  const getStored = async (code: string): Promise<StoredCode | undefined> => {
    // A malformed code is never stored; do not send arbitrary strings as keys.
    if (!isWellFormedRegistrationCode(code)) return undefined;
    const result = await client.send(new GetCommand({ TableName: tableName, Key: { code }, ConsistentRead: true }));
    return result.Item as StoredCode | undefined;
  };

  return {
    async get(code) {
      const stored = await getStored(code);
      return stored ? toRecord(stored) : undefined;
    },

    async countUse(code, userId, now) {
      if (!isWellFormedRegistrationCode(code)) throw new RegistrationCodeError('unknown');
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { code },
            UpdateExpression: 'ADD uses :one, usedBy :user SET updatedAt = :now',
            ConditionExpression:
              'attribute_exists(code) AND NOT contains(usedBy, :userId) AND (attribute_not_exists(maxUses) OR uses < maxUses)',
            ExpressionAttributeValues: { ':one': 1, ':user': new Set([userId]), ':userId': userId, ':now': now.toISOString() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { record: toRecord(result.Attributes as StoredCode), counted: true };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const stored = await getStored(code);
        if (!stored) throw new RegistrationCodeError('unknown');
        if (stored.usedBy?.has(userId)) return { record: toRecord(stored), counted: false };
        throw new RegistrationCodeError('used_up');
      }
    },

    async putIfAbsent(record) {
      if (!isWellFormedRegistrationCode(record.code)) throw new Error(`Malformed registration code ${JSON.stringify(record.code)}`);
      if (!BETA_CUSTOMER_GROUPS.includes(record.group)) throw new Error(`Unknown group ${JSON.stringify(record.group)}`);
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: { ...record }, ConditionExpression: 'attribute_not_exists(code)' }));
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async readWindow(window) {
      const { items, nextAfter } = await scanWindow<StoredCode>(client, tableName, 'code', window);
      return { items: items.map(toRecord), nextAfter };
    },

    async expire(code, now) {
      if (!isWellFormedRegistrationCode(code)) return undefined;
      const timestamp = now.toISOString();
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { code },
            UpdateExpression: 'SET expiresAt = :now, updatedAt = :now',
            // ISO instants of one format order like the instants they name.
            ConditionExpression: 'attribute_exists(code) AND (attribute_not_exists(expiresAt) OR expiresAt > :now)',
            ExpressionAttributeValues: { ':now': timestamp },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toRecord(result.Attributes as StoredCode);
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const stored = await getStored(code);
        return stored ? toRecord(stored) : undefined;
      }
    },
  };
}
