import { Duration, Expiration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AppsyncFunction,
  AuthorizationType,
  CfnGraphQLApi,
  Code,
  Definition,
  FieldLogLevel,
  FunctionRuntime,
  GraphqlApi,
  LambdaDataSource,
  Resolver,
  DynamoDbDataSource,
} from 'aws-cdk-lib/aws-appsync';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import * as path from 'node:path';
import { bundleResolverSync } from '../../graphql/bundle-resolver';
import { USER_DIRECTORY_ENV } from '../../lambdas/shared/user-directory/environment';
import { ADMIN_STANDING_FUNCTION, GRAPHQL_SCHEMA_FILE, RESOLVERS, resolverEntry, type ResolverDefinition } from '../definitions/resolvers';
import { TABLES, type TableName } from '../definitions/tables';
import { ADMIN_CHECK_USER_POOL_ACTIONS } from './rest-api';
import { acknowledgeTableIndexWildcard, acknowledgeWildcardResource } from './nag-acknowledgements';
import { ProductFunction } from './product-function';

/** Repository root (this file lives in `lib/constructs/`), where `graphql/` lives. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * How long the public API key lives. AppSync allows at most 365 days; every deployment renews
 * it (CloudFormation updates `Expires` in place, the key value stays), and between deployments
 * the daily renewal job extends it (lib/constructs/api-key-renewal.ts; docs/deploy.md).
 */
export const API_KEY_VALIDITY = Duration.days(365);

export interface GraphqlApiProps {
  /** API name shown in the console, e.g. `talentpilot-dev`. */
  readonly name: string;
  /** Every table a resolver may use, by name. */
  readonly tables: Readonly<Record<TableName, ITable>>;
  /** User pool for the `@aws_cognito_user_pools` fields. */
  readonly userPool: IUserPool;
  /** Keep the API's log group on stack deletion (prod). */
  readonly retainLogs: boolean;
  /**
   * The resolvers to attach; the shared definitions by default.
   * @default RESOLVERS
   */
  readonly resolvers?: readonly ResolverDefinition[];
}

function pascal(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The AppSync GraphQL API: the schema in `graphql/schema.graphql`, API key as the default mode
 * (the public contact form; the key ships in the web app's config.json by design) plus Cognito
 * user pools, one DynamoDB data source per table the resolvers use, and one APPSYNC_JS resolver
 * per `RESOLVERS` entry, bundled by the same `bundleResolverSync` the local runner uses: a unit
 * resolver, or for the fields with an admin branch a pipeline resolver whose first function asks
 * the admin standing Lambda (a Lambda data source) whether the caller is an admin now.
 * Field logs at ERROR without verbose content (contact messages are personal data) and X-Ray.
 */
export class ProductGraphqlApi extends Construct {
  public readonly api: GraphqlApi;
  /** `https://<id>.appsync-api.<region>.amazonaws.com/graphql` */
  public readonly graphqlUrl: string;
  /** `wss://<id>.appsync-realtime-api.<region>.amazonaws.com/graphql` */
  public readonly realtimeUrl: string;
  /** The API key's value (public: it is in the web app's config.json). */
  public readonly apiKey: string;
  /** Data sources by table name (only tables that some resolver uses). */
  public readonly dataSources: Readonly<Partial<Record<TableName, DynamoDbDataSource>>>;
  public readonly logGroup: LogGroup;
  /** The admin check behind the pipeline resolvers (ADMIN_STANDING_FUNCTION); absent when no resolver checks admins. */
  public readonly adminStandingFunction?: ProductFunction;

  constructor(scope: Construct, id: string, props: GraphqlApiProps) {
    super(scope, id);
    const resolvers = props.resolvers ?? RESOLVERS;

    this.api = new GraphqlApi(this, 'Api', {
      name: props.name,
      definition: Definition.fromFile(path.join(REPO_ROOT, GRAPHQL_SCHEMA_FILE)),
      authorizationConfig: {
        defaultAuthorization: {
          authorizationType: AuthorizationType.API_KEY,
          apiKeyConfig: {
            description: 'Public key of the web app (contact form); shipped in config.json.',
            expires: Expiration.after(API_KEY_VALIDITY),
          },
        },
        additionalAuthorizationModes: [{ authorizationType: AuthorizationType.USER_POOL, userPoolConfig: { userPool: props.userPool } }],
      },
      xrayEnabled: true,
    });
    const cfnApi = this.api.node.defaultChild as CfnGraphQLApi;

    // Field logs. Set on the L1 on purpose: the L2's `logConfig` always adds a Lambda-backed
    // LogRetention custom resource and the AWSAppSyncPushToCloudWatchLogs managed policy on `*`.
    // Here CloudFormation owns the log group (with retention) and the role may only write to it
    // (no logs:CreateLogGroup, so AppSync cannot race CloudFormation to create the group).
    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/appsync/apis/${this.api.apiId}`,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const logsRole = new Role(this, 'LogsRole', {
      assumedBy: new ServicePrincipal('appsync.amazonaws.com'),
      description: 'AppSync writes its field logs to the API log group.',
    });
    this.logGroup.grantWrite(logsRole);
    cfnApi.logConfig = {
      cloudWatchLogsRoleArn: logsRole.roleArn,
      fieldLogLevel: FieldLogLevel.ERROR,
      excludeVerboseContent: true,
    };
    Validations.of(cfnApi).acknowledge({
      id: 'AwsSolutions-ASC3',
      reason:
        'Field logs are on at ERROR level with a CloudWatch role; verbose content (request/response mappings) is excluded on purpose because contact messages and user records are personal data that must not be copied into logs.',
    });

    this.graphqlUrl = this.api.graphqlUrl;
    this.realtimeUrl = cfnApi.attrRealtimeUrl;
    this.apiKey = this.api.apiKey ?? '';

    const dataSources: Partial<Record<TableName, DynamoDbDataSource>> = {};
    for (const tableName of new Set(resolvers.map((r) => r.table))) {
      const writes = resolvers.some((r) => r.table === tableName && r.writes);
      dataSources[tableName] = new DynamoDbDataSource(this, `${pascal(tableName)}DataSource`, {
        api: this.api,
        table: props.tables[tableName],
        name: `${pascal(tableName)}Table`,
        description: `The ${tableName} table (${writes ? 'read and write' : 'read only'}).`,
        readOnlyAccess: !writes,
      });
    }
    this.dataSources = dataSources;

    const adminStanding = resolvers.some((r) => r.checksAdminStanding) ? this.adminStandingStep(props) : undefined;
    this.adminStandingFunction = adminStanding?.fn;

    for (const resolver of resolvers) {
      const id = `${resolver.typeName}${pascal(resolver.fieldName)}`;
      const code = Code.fromInline(bundleResolverSync(resolverEntry(resolver)));
      const dataSource = dataSources[resolver.table]!;
      if (!resolver.checksAdminStanding || !adminStanding) {
        new Resolver(this, `${id}Resolver`, {
          api: this.api,
          typeName: resolver.typeName,
          fieldName: resolver.fieldName,
          dataSource,
          runtime: FunctionRuntime.JS_1_0_0,
          code,
        });
        continue;
      }
      // The field's own code, as the function after the admin check.
      const own = new AppsyncFunction(this, `${id}Function`, {
        api: this.api,
        name: `${resolver.typeName}_${resolver.fieldName}`,
        dataSource,
        runtime: FunctionRuntime.JS_1_0_0,
        code,
      });
      new Resolver(this, `${id}Resolver`, {
        api: this.api,
        typeName: resolver.typeName,
        fieldName: resolver.fieldName,
        pipelineConfig: [adminStanding.check, own],
        runtime: FunctionRuntime.JS_1_0_0,
        code: adminStanding.pipelineCode,
      });
    }

    // DynamoDB grants include `<table arn>/index/*` for tables with indexes: every index of a
    // table the data source may use, by design (queries go through the GSIs).
    for (const [tableName, dataSource] of Object.entries(dataSources)) {
      const role = dataSource.grantPrincipal;
      if (role instanceof Construct) acknowledgeTableIndexWildcard(role, props.tables[tableName as TableName]);
    }
  }

  /**
   * The admin check: the Lambda (lambdas/admin/check-admin-standing.ts) with exactly what it
   * reads, a consistent GetItem on the users table and AdminGetUser/AdminListGroupsForUser on the
   * one pool (the REST admin routes' ADMIN_CHECK_USER_POOL_ACTIONS), its Lambda data source, and
   * the AppSync function that calls it first in every pipeline resolver.
   */
  private adminStandingStep(props: GraphqlApiProps): { fn: ProductFunction; check: AppsyncFunction; pipelineCode: Code } {
    const users = props.tables.users;
    const fn = new ProductFunction(this, ADMIN_STANDING_FUNCTION.functionId, {
      entry: path.join(REPO_ROOT, ADMIN_STANDING_FUNCTION.entry),
      description: 'GraphQL admin check: is the caller an admin now (record and user pool)?',
      environment: { [TABLES.users.envVar]: users.tableName, [USER_DIRECTORY_ENV.userPoolId]: props.userPool.userPoolId },
      retainLogs: props.retainLogs,
    });
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [users.tableArn] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: [...ADMIN_CHECK_USER_POOL_ACTIONS], resources: [props.userPool.userPoolArn] }));

    const dataSource = new LambdaDataSource(this, 'AdminStandingDataSource', {
      api: this.api,
      lambdaFunction: fn,
      name: 'AdminStanding',
      description: "Is the caller an admin now? (the REST admin routes' rule, lambdas/admin/admin-caller.ts)",
    });
    acknowledgeWildcardResource(
      dataSource.grantPrincipal as unknown as Construct,
      `${fn.functionArn}:*`,
      'The Lambda data source may invoke the admin check function and its versions/aliases (<arn>:*), nothing else.',
    );
    const check = new AppsyncFunction(this, 'AdminStandingFunctionStep', {
      api: this.api,
      name: 'AdminStanding',
      dataSource,
      runtime: FunctionRuntime.JS_1_0_0,
      code: Code.fromInline(bundleResolverSync(ADMIN_STANDING_FUNCTION.functionCode)),
    });
    return { fn, check, pipelineCode: Code.fromInline(bundleResolverSync(ADMIN_STANDING_FUNCTION.pipelineCode)) };
  }
}
