import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionState } from '../../shared/contracts/subscriptions';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';
import type { LocalSubscription } from './local-subscription-lifecycle';
import { newThreeDSecureActionTokenId, type TokenizedCard } from './local-test-cards';

/**
 * Where the local billing adapter keeps its "Recurly site": one DynamoDB table of the local
 * runtime (dynalite), never deployed. Single-table layout:
 *
 * | pk                    | sk                         | what                                      |
 * |-----------------------|----------------------------|-------------------------------------------|
 * | `account#<code>`      | `account`                  | the billing account and its card (brand, last four, expiry) |
 * | `account#<code>`      | `charge#<instant>#<id>`    | an invoice line (the setup fee)           |
 * | `subscription#<id>`   | `subscription`             | a subscription; index `byAccount` on (`accountKey`, `createdKey`) |
 * | `token#<id>`          | `token`                    | a card token from the local card form     |
 * | `three-d-secure#<id>` | `three-d-secure`           | a 3-D Secure challenge asked for a card token, and its outcome |
 * | `clock`               | `clock`                    | the local billing clock's offset from real time |
| `invoice-sequence`    | `invoice-sequence`         | the last invoice number given (site-wide, as Recurly numbers them) |
 *
 * Card numbers are never stored: a token keeps the brand, the last four digits and the expiry.
 */

export const LOCAL_BILLING_TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  accountIndex: { indexName: 'byAccount', partitionKey: 'accountKey', sortKey: 'createdKey' },
} as const;

/** How long a card token may wait before it is used (Recurly.js tokens are short-lived too). */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface LocalBillingInfo {
  readonly brand: string;
  readonly lastFour: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly firstName: string;
  readonly lastName: string;
}

export interface LocalAccount {
  readonly code: string;
  readonly email: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly company: string | null;
  readonly state: 'active' | 'closed';
  readonly billingInfo: LocalBillingInfo | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Where local invoice numbers start (Recurly's sites start their sequence at 1000 by default). */
export const FIRST_LOCAL_INVOICE_NUMBER = 1001;

/**
 * An invoice of the local billing: one charge on its own invoice, paid at once: the setup fee, or
 * the prorated price of seats added during a paid period (quantity-proration.ts).
 */
export interface LocalCharge {
  /** Also the invoice's id. */
  readonly id: string;
  /** The invoice's number, site-wide; absent on charges recorded before numbers were kept. */
  readonly invoiceNumber?: string;
  readonly accountCode: string;
  readonly kind: 'setup_fee' | 'seats';
  readonly subscriptionId: string;
  readonly planCode: string;
  readonly currency: string;
  readonly amount: number;
  readonly createdAt: string;
}

export interface StoredToken extends TokenizedCard {
  readonly id: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly usedAt: string | null;
}

/** A 3-D Secure challenge the local billing asked for (Recurly's `three_d_secure_action_token_id`). */
export interface StoredThreeDSecureAction {
  /** The action token id handed to the (local) Recurly.js. */
  readonly id: string;
  /** The card token whose payment the bank wants authenticated. */
  readonly billingTokenId: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** What the cardholder did in the challenge; null until then. */
  readonly outcome: 'authenticated' | 'failed' | null;
}

/** A stored subscription with the version its next write must match. */
export interface VersionedSubscription {
  readonly subscription: LocalSubscription;
  readonly version: number;
}

export interface LocalBillingStore {
  readonly tableName: string;
  /** Real time moved by the stored offset: the local billing clock (see {@link setClockOffset}). */
  now(): Promise<Date>;
  /** Moves the local billing clock: `offsetMs` from real time (0 puts it back). */
  setClockOffset(offsetMs: number): Promise<void>;
  clockOffset(): Promise<number>;

  getAccount(code: string): Promise<LocalAccount | undefined>;
  /** Creates the account unless it exists; false when it already did. */
  createAccount(account: LocalAccount): Promise<boolean>;
  setBillingInfo(code: string, billingInfo: LocalBillingInfo, now: Date): Promise<void>;

  getSubscription(id: string): Promise<VersionedSubscription | undefined>;
  /** The account's subscriptions, newest first. */
  listSubscriptions(accountCode: string): Promise<VersionedSubscription[]>;
  insertSubscription(subscription: LocalSubscription): Promise<void>;
  /** Writes the subscription if it is still at `version`; false when someone changed it first. */
  replaceSubscription(subscription: LocalSubscription, version: number): Promise<boolean>;

  /** Records the charge on a new invoice with the next number. */
  recordCharge(charge: Omit<LocalCharge, 'id' | 'invoiceNumber'>): Promise<LocalCharge>;
  /** The account's invoice lines, oldest first. */
  listCharges(accountCode: string): Promise<LocalCharge[]>;

  /** Stores a tokenized card and returns its token id (`tok_local_…`). */
  createToken(card: TokenizedCard, now: Date): Promise<StoredToken>;
  getToken(id: string): Promise<StoredToken | undefined>;
  /** Marks the token used; false when it was used already. */
  useToken(id: string, now: Date): Promise<boolean>;

  /** Asks for a 3-D Secure challenge of the card token's payment (valid as long as a card token). */
  createThreeDSecureAction(billingTokenId: string, now: Date): Promise<StoredThreeDSecureAction>;
  getThreeDSecureAction(id: string): Promise<StoredThreeDSecureAction | undefined>;
  /** Records the challenge's outcome once; false when it already had one (or does not exist). */
  completeThreeDSecureAction(id: string, outcome: 'authenticated' | 'failed'): Promise<boolean>;

  /**
   * Test helper (no port operation leads there locally): puts a subscription in any state, e.g.
   * `failed` or `paused`, keeping its dates.
   */
  setSubscriptionState(id: string, state: SubscriptionState): Promise<void>;
}

export interface LocalBillingStoreOptions {
  readonly documentClient: DynamoDBDocumentClient;
  readonly tableName: string;
  /** Real time; tests may fix it. */
  readonly realTime?: () => Date;
}

const key = (pk: string, sk: string) => ({ pk, sk });
const accountKey = (code: string) => `account#${code}`;
const subscriptionKey = (id: string) => key(`subscription#${id}`, 'subscription');
const CLOCK_KEY = key('clock', 'clock');
const INVOICE_SEQUENCE_KEY = key('invoice-sequence', 'invoice-sequence');

/** Item attributes that are keys or bookkeeping, not part of the stored record. */
function recordOf<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, accountKey: _accountKey, createdKey: _createdKey, version: _version, ...record } = item;
  return record as T;
}

export function createLocalBillingStore(options: LocalBillingStoreOptions): LocalBillingStore {
  const { documentClient: db, tableName } = options;
  const realTime = options.realTime ?? (() => new Date());

  /** Writes a new item (the ids are random: an existing one would be a bug). */
  const putNew = async (itemKey: Record<string, string>, record: object): Promise<void> => {
    await db.send(
      new PutCommand({ TableName: tableName, Item: { ...itemKey, ...record }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  };
  /** Sets `attribute` of an existing item unless it already has a value; false when it had one (or no item). */
  const setOnce = async (itemKey: Record<string, string>, attribute: string, value: string): Promise<boolean> => {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: itemKey,
          UpdateExpression: 'SET #attribute = :value',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#attribute) OR attribute_type(#attribute, :null))',
          ExpressionAttributeNames: { '#attribute': attribute },
          ExpressionAttributeValues: { ':value': value, ':null': 'NULL' },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  };
  const get = async (itemKey: Record<string, string>) =>
    (await db.send(new GetCommand({ TableName: tableName, Key: itemKey, ConsistentRead: true }))).Item as
      Record<string, unknown> | undefined;

  const versioned = (item: Record<string, unknown>): VersionedSubscription => ({
    subscription: recordOf<LocalSubscription>(item),
    version: typeof item.version === 'number' ? item.version : 0,
  });

  const subscriptionItem = (subscription: LocalSubscription, version: number) => ({
    ...subscriptionKey(subscription.id),
    accountKey: accountKey(subscription.accountCode),
    createdKey: `${subscription.createdAt}#${subscription.id}`,
    version,
    ...subscription,
  });

  const store: LocalBillingStore = {
    tableName,

    async now() {
      return new Date(realTime().getTime() + (await store.clockOffset()));
    },
    async clockOffset() {
      const item = await get(CLOCK_KEY);
      return typeof item?.offsetMs === 'number' ? item.offsetMs : 0;
    },
    async setClockOffset(offsetMs) {
      if (!Number.isFinite(offsetMs)) throw new RangeError('The clock offset must be a number of milliseconds.');
      await db.send(new PutCommand({ TableName: tableName, Item: { ...CLOCK_KEY, offsetMs: Math.round(offsetMs) } }));
    },

    async getAccount(code) {
      const item = await get(key(accountKey(code), 'account'));
      return item ? recordOf<LocalAccount>(item) : undefined;
    },
    async createAccount(account) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key(accountKey(account.code), 'account'), ...account },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
    async setBillingInfo(code, billingInfo, now) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(accountKey(code), 'account'),
          UpdateExpression: 'SET billingInfo = :billingInfo, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':billingInfo': billingInfo, ':now': now.toISOString() },
        }),
      );
    },

    async getSubscription(id) {
      const item = await get(subscriptionKey(id));
      return item ? versioned(item) : undefined;
    },
    async listSubscriptions(accountCode) {
      const found: VersionedSubscription[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: LOCAL_BILLING_TABLE_KEYS.accountIndex.indexName,
            KeyConditionExpression: 'accountKey = :account',
            ExpressionAttributeValues: { ':account': accountKey(accountCode) },
            ScanIndexForward: false,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) found.push(versioned(item));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return found;
    },
    async insertSubscription(subscription) {
      await db.send(
        new PutCommand({ TableName: tableName, Item: subscriptionItem(subscription, 1), ConditionExpression: 'attribute_not_exists(pk)' }),
      );
    },
    async replaceSubscription(subscription, version) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: subscriptionItem(subscription, version + 1),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': version },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async recordCharge(input) {
      const sequence = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: INVOICE_SEQUENCE_KEY,
          UpdateExpression: 'ADD lastNumber :one',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const given = Number(sequence.Attributes?.lastNumber ?? 1);
      const charge: LocalCharge = {
        id: randomBytes(7).toString('hex').slice(0, 13),
        invoiceNumber: String(FIRST_LOCAL_INVOICE_NUMBER - 1 + given),
        ...input,
      };
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key(accountKey(charge.accountCode), `charge#${charge.createdAt}#${charge.id}`), ...charge },
        }),
      );
      return charge;
    },
    async listCharges(accountCode) {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :charge)',
          ExpressionAttributeValues: { ':pk': accountKey(accountCode), ':charge': 'charge#' },
          ConsistentRead: true,
        }),
      );
      return (page.Items ?? []).map((item) => recordOf<LocalCharge>(item));
    },

    async createToken(card, now) {
      const token: StoredToken = {
        id: `tok_local_${randomBytes(16).toString('base64url')}`,
        ...card,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
        usedAt: null,
      };
      await putNew(key(`token#${token.id}`, 'token'), token);
      return token;
    },
    async getToken(id) {
      const item = await get(key(`token#${id}`, 'token'));
      return item ? recordOf<StoredToken>(item) : undefined;
    },
    useToken: (id, now) => setOnce(key(`token#${id}`, 'token'), 'usedAt', now.toISOString()),

    async createThreeDSecureAction(billingTokenId, now) {
      const action: StoredThreeDSecureAction = {
        id: newThreeDSecureActionTokenId(),
        billingTokenId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
        outcome: null,
      };
      await putNew(key(`three-d-secure#${action.id}`, 'three-d-secure'), action);
      return action;
    },
    async getThreeDSecureAction(id) {
      const item = await get(key(`three-d-secure#${id}`, 'three-d-secure'));
      return item ? recordOf<StoredThreeDSecureAction>(item) : undefined;
    },
    completeThreeDSecureAction: (id, outcome) => setOnce(key(`three-d-secure#${id}`, 'three-d-secure'), 'outcome', outcome),

    async setSubscriptionState(id, state) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: subscriptionKey(id),
          UpdateExpression: 'SET #state = :state, version = version + :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':state': state, ':one': 1 },
        }),
      );
    },
  };
  return store;
}
