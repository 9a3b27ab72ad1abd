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

/**
 * What a function may do to a table: `read`, `readWrite`, or `append` (put new items only, no
 * read, update or delete: the activity log's writers, so a handler that records cannot rewrite
 * or read the firm's history). lib/constructs/table-access.ts turns it into IAM.
 */
export type TableAccess = 'read' | 'readWrite' | 'append';

/** A table a function uses, and how. */
export interface TableUse {
  readonly table: TableName;
  readonly access: TableAccess;
}

export const USERS_BY_EMAIL_INDEX = 'byEmail';
export const USERS_BY_SUBSCRIPTION_ID_INDEX = 'bySubscriptionId';
export const SUBSCRIPTIONS_BY_USER_ID_INDEX = 'byUserId';
export const ASSISTANT_RESULTS_BY_CAPABILITY_INDEX = 'byCapability';
export const ASSISTANT_RESULTS_BY_JOB_INDEX = 'byJob';
export const ORGANIZATIONS_BY_PERSON_INDEX = 'byPerson';

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
  /**
   * The recruiting assistant's data, one partition per user (pk = the Cognito sub, so nothing of
   * one user is reachable under another's key): jobs (`job#<id>`), capability results
   * (`result#<time-ordered id>`), each candidate's latest evaluation per job
   * (`evaluation#<jobId>#<name>`) and the per-minute request counters (`rate#<minute>`, expiring).
   */
  assistant: {
    constructId: 'AssistantTable',
    envVar: 'ASSISTANT_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'itemId', type: 'S' },
    // Rate-limit counters and old results expire by themselves.
    timeToLiveAttribute: 'ttl',
    globalIndexes: [
      // GET /assistant/results?capability=…: `<userId>#<capability>` on result items only (sparse).
      {
        indexName: ASSISTANT_RESULTS_BY_CAPABILITY_INDEX,
        partitionKey: { name: 'capabilityKey', type: 'S' },
        sortKey: { name: 'itemId', type: 'S' },
      },
      // GET /assistant/results?jobId=…: `<userId>#<jobId>` on results about a job only (sparse).
      {
        indexName: ASSISTANT_RESULTS_BY_JOB_INDEX,
        partitionKey: { name: 'jobKey', type: 'S' },
        sortKey: { name: 'itemId', type: 'S' },
      },
    ],
  },
  /**
   * A user's synced ATS data (issue 7), one partition per user (pk = the Cognito sub): jobs
   * (`job#<atsId>`), candidates (`candidate#<atsId>`), applications (`application#<atsId>`), sync
   * checkpoints (`checkpoint#<resource>`), the sync status with its lease (`sync#status`) and the
   * connection's details (`connection#meta`). The keys themselves stay on the User record, sealed.
   */
  ats: {
    constructId: 'AtsTable',
    envVar: 'ATS_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'itemId', type: 'S' },
    globalIndexes: [],
  },
  /**
   * Staffing firms (issue 18), one partition per firm (pk `org#<id>`): the organization
   * (`organization`), its members (`member#<userId>`) and invitations (`invitation#<email>`).
   * Members and invitations carry `personKey` (`user#<userId>`, `email#<address>`), so one index
   * answers both "which firm is this user in" and "which firms invited this address".
   */
  organizations: {
    constructId: 'OrganizationsTable',
    envVar: 'ORGANIZATIONS_TABLE',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [
      // Sparse: only members and invitations have a personKey; the sort key is the firm's pk.
      {
        indexName: ORGANIZATIONS_BY_PERSON_INDEX,
        partitionKey: { name: 'personKey', type: 'S' },
        sortKey: { name: 'pk', type: 'S' },
      },
    ],
  },
  /**
   * The firms' activity (audit) log (issue 18), one partition per firm (`organizationId`), entries
   * sorted by time (`entryId` = `<ISO time>#<random>`). Kept for ACTIVITY_RETENTION_DAYS
   * (lambdas/shared/domain/activity.ts): `ttl` expires each entry. A table of its own so that the
   * functions that record get `append` (PutItem) on it and nothing on the firms' members.
   */
  activity: {
    constructId: 'ActivityTable',
    envVar: 'ACTIVITY_TABLE',
    partitionKey: { name: 'organizationId', type: 'S' },
    sortKey: { name: 'entryId', type: 'S' },
    timeToLiveAttribute: 'ttl',
    globalIndexes: [],
  },
} as const satisfies Record<string, TableDefinition>;

export type TableName = keyof typeof TABLES;
