import type { TableName } from './tables';

/**
 * The AppSync resolvers, described once. Each is APPSYNC_JS code in
 * `graphql/resolvers/<Type>.<field>.ts` over one DynamoDB table: a unit resolver, or, for the
 * fields with an admin branch (`checksAdminStanding`), a function in a pipeline resolver whose
 * first function asks whether the caller is an admin NOW (see {@link ADMIN_STANDING_FUNCTION}).
 * The GraphqlApi construct bundles and attaches them; the local AppSync runner bundles and
 * executes the very same files.
 */
export interface ResolverDefinition {
  readonly typeName: 'Query' | 'Mutation';
  readonly fieldName: string;
  /** The table behind the resolver's data source. */
  readonly table: TableName;
  /** Whether the resolver writes (grants write access to its data source). */
  readonly writes: boolean;
  /**
   * Whether the field has an admin branch: it then runs after the admin standing function, and
   * its caller is an admin only if that function said so (graphql/resolvers/lib/caller.ts).
   */
  readonly checksAdminStanding?: boolean;
}

export const RESOLVERS: readonly ResolverDefinition[] = [
  { typeName: 'Mutation', fieldName: 'createContact', table: 'contacts', writes: true },
  { typeName: 'Query', fieldName: 'getContact', table: 'contacts', writes: false, checksAdminStanding: true },
  { typeName: 'Mutation', fieldName: 'createUser', table: 'users', writes: true, checksAdminStanding: true },
  { typeName: 'Mutation', fieldName: 'updateUser', table: 'users', writes: true, checksAdminStanding: true },
  { typeName: 'Query', fieldName: 'listUsers', table: 'users', writes: false, checksAdminStanding: true },
  { typeName: 'Query', fieldName: 'getUserByEmail', table: 'users', writes: false, checksAdminStanding: true },
];

/**
 * The admin check of the GraphQL API, the same rule as the REST admin routes
 * (lambdas/admin/admin-caller.ts): a token's `cognito:groups` is what was true when it was issued,
 * so a caller whose token says Admins is checked against their User record and the user pool at
 * every call. APPSYNC_JS cannot call Cognito, so the check is a Lambda behind a Lambda data source,
 * called by an AppSync function (`functionCode`) that runs first in each pipeline resolver and
 * leaves its answer in the stash; `pipelineCode` is the pipeline resolver's own code (pass-through).
 */
export const ADMIN_STANDING_FUNCTION = {
  /** Stable construct id of the Lambda: never rename (it changes logical ids). */
  functionId: 'AdminStandingFunction',
  /** The Lambda handler (exports `handler`). */
  entry: 'lambdas/admin/check-admin-standing.ts',
  /** The AppSync function that calls it. */
  functionCode: 'graphql/pipeline/admin-standing.ts',
  /** The code of every pipeline resolver around the functions. */
  pipelineCode: 'graphql/pipeline/resolver.ts',
  /** It reads the caller's User record. */
  tables: [{ table: 'users', access: 'read' }],
  /** It reads the caller's user in the pool (AdminGetUser, AdminListGroupsForUser). */
  userPoolAccess: true,
} as const;

/** Source file of a resolver, relative to the repository root. */
export function resolverEntry(resolver: Pick<ResolverDefinition, 'typeName' | 'fieldName'>): string {
  return `graphql/resolvers/${resolver.typeName}.${resolver.fieldName}.ts`;
}

export const GRAPHQL_SCHEMA_FILE = 'graphql/schema.graphql';
