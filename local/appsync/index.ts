import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GRAPHQL_SCHEMA_FILE } from '../../lib/definitions/resolvers';
import type { TableName } from '../../lib/definitions/tables';
import { LocalRuntimeError } from '../errors';
import type { LocalIdentity } from '../identity';
import { REPO_ROOT } from '../paths';
import { dynamoDbDataSource } from './dynamodb-data-source';
import { createAppSyncExecutor } from './executor';
import { startGraphqlServer, type RunningGraphqlServer } from './graphql-server';
import { formatLintProblems, lintResolverBundles } from './lint';
import { bundleResolvers, type ResolverBundle, type ResolverSource } from './resolver-bundles';
import { loadResolverModule } from './resolver-module';
import type { UnitResolver } from './resolver-runner';
import { buildAppSyncSchema } from './schema';

/**
 * The local AppSync runner, assembled: bundle every resolver (as CDK does), lint the bundles
 * AppSync would receive, load the local bundles, and serve the schema over HTTP.
 */

/** Bundles and lints the resolvers; a lint problem is a {@link LocalRuntimeError} naming file, line and rule. */
export async function prepareResolvers(resolvers: readonly ResolverSource[], buildDir: string): Promise<ResolverBundle[]> {
  let bundles: ResolverBundle[];
  try {
    bundles = bundleResolvers(resolvers, buildDir);
  } catch (error) {
    throw new LocalRuntimeError(`A resolver does not build: ${(error as Error).message}`);
  }
  const problems = await lintResolverBundles(bundles, buildDir);
  if (problems.length > 0) throw new LocalRuntimeError(formatLintProblems(problems));
  return bundles;
}

export interface AppSyncServerOptions {
  readonly port: number;
  readonly apiKey: string;
  readonly bundles: readonly ResolverBundle[];
  readonly dynamodb: DynamoDBClient;
  readonly tableNames: Readonly<Record<TableName, string>>;
  readonly identity: Pick<LocalIdentity, 'verifyUserPoolToken'>;
  /** The schema's SDL; `graphql/schema.graphql` by default. */
  readonly schemaSdl?: string;
  readonly log?: (line: string) => void;
}

export async function startAppSyncServer(options: AppSyncServerOptions): Promise<RunningGraphqlServer> {
  const sdl = options.schemaSdl ?? fs.readFileSync(path.join(REPO_ROOT, GRAPHQL_SCHEMA_FILE), 'utf8');
  let schema;
  try {
    schema = buildAppSyncSchema(sdl);
  } catch (error) {
    throw new LocalRuntimeError(`${GRAPHQL_SCHEMA_FILE} is not a valid schema: ${(error as Error).message}`);
  }
  const resolvers: UnitResolver[] = options.bundles.map((bundle) => ({
    typeName: bundle.definition.typeName,
    fieldName: bundle.definition.fieldName,
    module: loadResolverModule(bundle.name, bundle.localCode),
    dataSource: dynamoDbDataSource(options.dynamodb, options.tableNames[bundle.definition.table]),
  }));
  let executor;
  try {
    executor = createAppSyncExecutor(schema, resolvers);
  } catch (error) {
    throw new LocalRuntimeError((error as Error).message);
  }
  return startGraphqlServer({ port: options.port, apiKey: options.apiKey, executor, identity: options.identity, log: options.log });
}

export type { ResolverBundle, ResolverSource } from './resolver-bundles';
export type { RunningGraphqlServer } from './graphql-server';
