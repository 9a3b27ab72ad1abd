import type { TableName } from './tables';

/**
 * The AppSync resolvers, described once. Each is an APPSYNC_JS unit resolver in
 * `graphql/resolvers/<Type>.<field>.ts` over one DynamoDB table. The GraphqlApi construct bundles
 * and attaches them; the local AppSync runner bundles and executes the very same files.
 */
export interface ResolverDefinition {
  readonly typeName: 'Query' | 'Mutation';
  readonly fieldName: string;
  /** The table behind the resolver's data source. */
  readonly table: TableName;
  /** Whether the resolver writes (grants write access to its data source). */
  readonly writes: boolean;
}

export const RESOLVERS: readonly ResolverDefinition[] = [
  { typeName: 'Mutation', fieldName: 'createContact', table: 'contacts', writes: true },
  { typeName: 'Query', fieldName: 'getContact', table: 'contacts', writes: false },
  { typeName: 'Mutation', fieldName: 'createUser', table: 'users', writes: true },
  { typeName: 'Mutation', fieldName: 'updateUser', table: 'users', writes: true },
  { typeName: 'Query', fieldName: 'listUsers', table: 'users', writes: false },
  { typeName: 'Query', fieldName: 'getUserByEmail', table: 'users', writes: false },
];

/** Source file of a resolver, relative to the repository root. */
export function resolverEntry(resolver: Pick<ResolverDefinition, 'typeName' | 'fieldName'>): string {
  return `graphql/resolvers/${resolver.typeName}.${resolver.fieldName}.ts`;
}

export const GRAPHQL_SCHEMA_FILE = 'graphql/schema.graphql';
