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
import type { LambdaFunction } from '../lambda/host';
import { lambdaDataSource } from './lambda-data-source';
import { bundlePipelineCode, bundleResolvers, type PipelineBundles, type ResolverBundle, type ResolverSource } from './resolver-bundles';
import { loadResolverModule } from './resolver-module';
import type { LocalResolver } from './resolver-runner';
import { buildAppSyncSchema } from './schema';

/**
 * The local AppSync runner, assembled: bundle every resolver (as CDK does), lint the bundles
 * AppSync would receive, load the local bundles (the resolvers with an admin branch as pipelines
 * behind the admin standing function and its Lambda data source), and serve the schema over HTTP.
 */

/** The resolvers' code and the pipeline code they share, bundled and linted. */
export interface PreparedResolvers {
  readonly resolvers: ResolverBundle[];
  readonly pipeline: PipelineBundles;
}

/** Bundles and lints the resolvers; a lint problem is a {@link LocalRuntimeError} naming file, line and rule. */
export async function prepareResolvers(resolvers: readonly ResolverSource[], buildDir: string): Promise<PreparedResolvers> {
  let prepared: PreparedResolvers;
  try {
    prepared = { resolvers: bundleResolvers(resolvers, buildDir), pipeline: bundlePipelineCode(buildDir) };
  } catch (error) {
    throw new LocalRuntimeError(`A resolver does not build: ${(error as Error).message}`);
  }
  const problems = await lintResolverBundles(
    [...prepared.resolvers, prepared.pipeline.resolver, prepared.pipeline.adminStanding],
    buildDir,
  );
  if (problems.length > 0) throw new LocalRuntimeError(formatLintProblems(problems));
  return prepared;
}

export interface AppSyncServerOptions {
  readonly port: number;
  readonly apiKey: string;
  readonly bundles: readonly ResolverBundle[];
  /**
   * What the resolvers with `checksAdminStanding` run first: the shared pipeline code and the
   * admin standing Lambda behind its Lambda data source. Required when any bundle has the flag.
   */
  readonly adminStanding?: { readonly pipeline: PipelineBundles; readonly lambda: Pick<LambdaFunction, 'invoke' | 'functionName'> };
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
  const adminStanding = options.adminStanding && {
    resolverModule: loadResolverModule(options.adminStanding.pipeline.resolver.name, options.adminStanding.pipeline.resolver.localCode),
    check: {
      module: loadResolverModule(options.adminStanding.pipeline.adminStanding.name, options.adminStanding.pipeline.adminStanding.localCode),
      dataSource: lambdaDataSource(options.adminStanding.lambda),
    },
  };
  const resolvers: LocalResolver[] = options.bundles.map((bundle) => {
    const { typeName, fieldName, table, checksAdminStanding } = bundle.definition;
    const own = {
      module: loadResolverModule(bundle.name, bundle.localCode),
      dataSource: dynamoDbDataSource(options.dynamodb, options.tableNames[table]),
    };
    if (!checksAdminStanding) return { typeName, fieldName, ...own };
    if (!adminStanding)
      throw new LocalRuntimeError(`Resolver ${bundle.name} checks admins but the runner was given no admin standing function.`);
    // As the GraphqlApi construct attaches it: a pipeline of the admin check, then the field's code.
    return { typeName, fieldName, module: adminStanding.resolverModule, functions: [adminStanding.check, own] };
  });
  let executor;
  try {
    executor = createAppSyncExecutor(schema, resolvers);
  } catch (error) {
    throw new LocalRuntimeError((error as Error).message);
  }
  return startGraphqlServer({ port: options.port, apiKey: options.apiKey, executor, identity: options.identity, log: options.log });
}

export type { PipelineBundles, ResolverBundle, ResolverSource } from './resolver-bundles';
export type { RunningGraphqlServer } from './graphql-server';
