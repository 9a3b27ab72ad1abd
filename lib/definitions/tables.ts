/**
 * The DynamoDB tables, described once in plain TypeScript. The Data construct turns these into
 * CloudFormation tables; the local runtime turns them into CreateTable calls against dynalite.
 * Nothing here may import aws-cdk-lib: the local runtime and the Lambdas read it too.
 */

export type KeyType = 'S' | 'N';

export interface KeyAttribute {
  readonly name: string;
  readonly type: KeyType;
}

export interface GlobalIndexDefinition {
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
}

export interface TableDefinition {
  /** Stable CloudFormation logical id prefix: never rename (it would replace the table). */
  readonly constructId: string;
  /** Environment variable through which handlers receive the table name. */
  readonly envVar: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly globalIndexes: readonly GlobalIndexDefinition[];
  /** Attribute holding an epoch-seconds expiry; DynamoDB deletes expired items (AWS only). */
  readonly timeToLiveAttribute?: string;
}

export const USERS_BY_EMAIL_INDEX = 'byEmail';
export const USERS_BY_SUBSCRIPTION_ID_INDEX = 'bySubscriptionId';
export const SUBSCRIPTIONS_BY_USER_ID_INDEX = 'byUserId';

export const TABLES = {
  /** User records; id is the Cognito sub. */
  users: {
    constructId: 'UsersTable',
    envVar: 'USERS_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    globalIndexes: [
      // getUserByEmail(email, companyName condition, sortDirection)
      {
        indexName: USERS_BY_EMAIL_INDEX,
        partitionKey: { name: 'email', type: 'S' },
        sortKey: { name: 'companyName', type: 'S' },
      },
      // listUsers(filter: { subscriptionId: { eq } })
      { indexName: USERS_BY_SUBSCRIPTION_ID_INDEX, partitionKey: { name: 'subscriptionId', type: 'S' } },
    ],
  },
  /** Subscription records mirrored from the billing provider. */
  subscriptions: {
    constructId: 'SubscriptionsTable',
    envVar: 'SUBSCRIPTIONS_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    // Request locks, idempotency results and processed webhook ids expire by themselves.
    timeToLiveAttribute: 'ttl',
    globalIndexes: [
      {
        indexName: SUBSCRIPTIONS_BY_USER_ID_INDEX,
        partitionKey: { name: 'userId', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
    ],
  },
  /**
   * Registration codes for invitation sign-up: each maps to a beta group, with an optional expiry
   * and use limit. Checked by the pre-sign-up trigger, counted by the post-confirmation trigger.
   */
  registrationCodes: {
    constructId: 'RegistrationCodesTable',
    envVar: 'REGISTRATION_CODES_TABLE',
    partitionKey: { name: 'code', type: 'S' },
    globalIndexes: [],
  },
  /** Messages sent through the public contact form. */
  contacts: {
    constructId: 'ContactsTable',
    envVar: 'CONTACTS_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    globalIndexes: [],
  },
} as const satisfies Record<string, TableDefinition>;

export type TableName = keyof typeof TABLES;
