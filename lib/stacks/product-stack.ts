/**
 * One stack for the whole product, by choice: the website's CSP and config.json need the API
 * endpoints, while the REST API's CORS and the handlers need the website's origin. Across stacks
 * that is a dependency cycle (or SSM lookups at deploy time); inside one stack CloudFormation
 * orders it itself. Everything here is regional (us-east-2) and shares one lifecycle per stage.
 * The stack only wires constructs; each concern lives in `lib/constructs/`. The alarms, metric
 * filters and dashboard sit in a nested stack (monitoring-stack.ts): they only read from this
 * stack (no cycle), and they would take a fifth of its 500 resources (test/lib/stacks/template-limits.test.ts).
 */
import { Aspects, CfnOutput, Duration, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '../../lambdas/shared/contracts/runtime-config';
import type { StageConfig } from '../config';
import { TABLES, type TableName } from '../definitions/tables';
import { REST_ROUTES } from '../definitions/rest-routes';
import { ApiKeyRenewal } from '../constructs/api-key-renewal';
import { AtsCredentialsKey } from '../constructs/ats-credentials-key';
import { Auth, TRIGGER_TIMEOUT } from '../constructs/auth';
import { FunctionLogRetention } from '../constructs/function-log-retention';
import { AlarmTopic, type Monitoring, type MonitoredFunction } from '../constructs/monitoring';
import { Data } from '../constructs/data';
import { ProductGraphqlApi } from '../constructs/graphql-api';
import { RestApi } from '../constructs/rest-api';
import { WebAcls } from '../constructs/web-acls';
import { Website } from '../constructs/website';
import { MonitoringStack } from './monitoring-stack';

export interface ProductStackProps extends StackProps {
  /** The parsed stage config (lib/config.ts). */
  readonly config: StageConfig;
  /** Absolute path of the built web app. */
  readonly webDistPath: string;
}

export class ProductStack extends Stack {
  public readonly config: StageConfig;
  public readonly auth: Auth;
  public readonly data: Data;
  public readonly atsCredentialsKey: AtsCredentialsKey;
  public readonly graphqlApi: ProductGraphqlApi;
  public readonly restApi: RestApi;
  public readonly webAcls: WebAcls;
  public readonly website: Website;
  public readonly apiKeyRenewal: ApiKeyRenewal;
  public readonly alarmTopic: AlarmTopic;
  /** The nested stack of the alarms, metric filters and dashboard (its template is its own). */
  public readonly monitoringStack: MonitoringStack;
  public readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ProductStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.config = config;
    const name = `${config.productSlug}-${config.stage}`;

    this.data = new Data(this, 'Data', { retainData: config.retainData });
    this.atsCredentialsKey = new AtsCredentialsKey(this, 'AtsCredentialsKey', { name });
    this.auth = new Auth(this, 'Auth', { retainData: config.retainData, tables: this.data.tables, retainLogs: config.retainData });

    this.graphqlApi = new ProductGraphqlApi(this, 'GraphqlApi', {
      name,
      tables: this.data.tables,
      userPool: this.auth.userPool,
      retainLogs: config.retainData,
    });

    // The website is created last (its CSP and config.json need the APIs); the REST API reads
    // the website's origin lazily, when the template is rendered.
    this.restApi = new RestApi(this, 'RestApi', {
      name,
      tables: this.data.tables,
      userPool: this.auth.userPool,
      websiteOrigin: Lazy.string({ produce: () => this.website.origin }),
      planCodeSuffix: config.planCodeSuffix,
      productSlug: config.productSlug,
      recurlyApiKeySecretName: config.recurlyApiKeySecretName,
      recurlyWebhookSecretName: config.recurlyWebhookSecretName,
      retainLogs: config.retainData,
      languageModel: { engine: config.assistantEngine, bedrockModelId: config.bedrockModelId },
      atsCredentialsKey: this.atsCredentialsKey.key,
    });

    // AWS WAF in front of the three public entry points (the website's distribution serves only static files).
    this.webAcls = new WebAcls(this, 'WebAcls', {
      name,
      restApiStageArn: this.restApi.api.deploymentStage.stageArn,
      graphqlApiArn: this.graphqlApi.api.arn,
      userPoolArn: this.auth.userPool.userPoolArn,
    });

    const runtimeConfig: RuntimeConfig = {
      productName: config.productName,
      productSlug: config.productSlug,
      stage: config.stage,
      region: config.region,
      restApiUrl: this.restApi.url,
      graphqlUrl: this.graphqlApi.graphqlUrl,
      graphqlApiKey: this.graphqlApi.apiKey,
      supportPortalUrl: config.supportPortalUrl,
      planCodeSuffix: config.planCodeSuffix,
      ...(config.analyticsMeasurementId ? { analyticsMeasurementId: config.analyticsMeasurementId } : {}),
      ...(config.recurlyPublicKey ? { recurlyPublicKey: config.recurlyPublicKey } : {}),
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      identityPoolId: this.auth.identityPool.identityPoolId,
    };
    const website = new Website(this, 'Website', {
      webDistPath: props.webDistPath,
      runtimeConfig,
      restApiOrigin: this.restApi.origin,
      graphqlRealtimeUrl: this.graphqlApi.realtimeUrl,
      retainData: config.retainData,
    });
    this.website = website;

    // Operations: the API key renewal job, then alarms and the dashboard over everything above.
    this.apiKeyRenewal = new ApiKeyRenewal(this, 'ApiKeyRenewal', {
      api: this.graphqlApi.api,
      metricsNamespace: name,
      retainLogs: config.retainData,
    });
    const webhookRoute = REST_ROUTES.find((route) => route.webhookSecret === true);
    const webhookFunction = webhookRoute ? this.restApi.functions[webhookRoute.functionId] : undefined;
    if (!webhookFunction)
      throw new Error('No REST route verifies webhooks (webhookSecret): the signature-failure alarm has nothing to watch.');
    const functions: MonitoredFunction[] = [
      ...Object.entries(this.restApi.functions).map(([functionId, fn]) => ({
        name: functionId.replace(/Function$/, ''),
        kind: 'REST handler' as const,
        function: fn,
        timeout: fn.timeout ?? Duration.seconds(3),
      })),
      ...Object.entries(this.auth.triggerFunctions).map(([functionId, fn]) => ({
        name: functionId.replace(/Function$/, ''),
        kind: 'Cognito trigger' as const,
        function: fn,
        timeout: fn.timeout ?? TRIGGER_TIMEOUT,
      })),
      // The GraphQL API's admin check: when it fails, admins get AdminCheckFailed on every admin field.
      ...(this.graphqlApi.adminStandingFunction
        ? [
            {
              name: 'AdminStanding',
              kind: 'GraphQL data source' as const,
              function: this.graphqlApi.adminStandingFunction,
              timeout: this.graphqlApi.adminStandingFunction.timeout ?? Duration.seconds(3),
            },
          ]
        : []),
      {
        name: 'RenewApiKey',
        kind: 'scheduled job',
        function: this.apiKeyRenewal.function,
        timeout: this.apiKeyRenewal.function.timeout ?? Duration.seconds(3),
      },
    ];
    // The topic keeps its construct id (and so its logical id and its confirmed subscriptions);
    // the alarms, metric filters and dashboard live in the nested stack.
    this.alarmTopic = new AlarmTopic(this, 'Monitoring', { name, alarmEmails: config.alarmEmails });
    this.monitoringStack = new MonitoringStack(this, 'MonitoringStack', {
      name,
      topic: this.alarmTopic.topic,
      restApi: this.restApi.api,
      restAccessLogs: this.restApi.accessLogGroup,
      graphqlApiId: this.graphqlApi.api.apiId,
      functions,
      webhookLogs: webhookFunction.logGroup,
      deadLetterQueues: [{ name: 'api-key-renewal', queue: this.apiKeyRenewal.deadLetterQueue }],
      apiKeyDaysLeft: this.apiKeyRenewal.daysLeftMetric,
      bedrockLogs: Object.entries(this.restApi.bedrockFunctions).map(([functionId, fn]) => ({
        name: functionId.replace(/Function$/, ''),
        logGroup: fn.logGroup,
      })),
      webAcls: Object.entries(this.webAcls.names).map(([entryPoint, webAclName]) => ({ name: entryPoint, webAclName })),
    });
    this.monitoring = this.monitoringStack.monitoring;

    Aspects.of(this).add(new FunctionLogRetention());

    new CfnOutput(this, 'WebsiteUrl', { value: website.url, description: 'The web app.' });
    new CfnOutput(this, 'RestApiUrl', { value: this.restApi.url, description: 'REST API, stage prod.' });
    new CfnOutput(this, 'GraphqlUrl', { value: this.graphqlApi.graphqlUrl, description: 'AppSync GraphQL endpoint.' });
    new CfnOutput(this, 'GraphqlApiKey', {
      value: this.graphqlApi.apiKey,
      description: 'AppSync API key of the web app (public by design: it ships in config.json).',
    });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'IdentityPoolId', { value: this.auth.identityPool.identityPoolId });
    new CfnOutput(this, 'AtsCredentialsKeyArn', {
      value: this.atsCredentialsKey.key.keyArn,
      description: 'KMS key sealing saved ATS API keys (never delete it; docs/deploy.md, "ATS credentials key").',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarmTopic.topic.topicArn,
      description: 'SNS topic every alarm notifies (subscribe more people here).',
    });
    new CfnOutput(this, 'DashboardName', {
      value: this.monitoring.dashboard.dashboardName,
      description: 'CloudWatch dashboard of this stage.',
    });
    for (const [tableName, table] of Object.entries(this.data.tables) as [TableName, (typeof this.data.tables)[TableName]][]) {
      new CfnOutput(this, `${TABLES[tableName].constructId}Name`, { value: table.tableName, description: `${TABLES[tableName].envVar}` });
    }
  }
}
