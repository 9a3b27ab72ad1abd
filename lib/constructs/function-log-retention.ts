import { CfnResource, RemovalPolicy, Stack, type IAspect } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

/**
 * Gives every Lambda function of the stack a log group with retention, also the ones aws-cdk-lib
 * creates for its own machinery (e.g. the S3 auto-delete-objects provider in dev stages), which
 * would otherwise write to an auto-created `/aws/lambda/<name>` group that never expires.
 * ProductFunction and the BucketDeployment handler already name their log group; they are left
 * alone. The function points at the group (`LoggingConfig.LogGroup`), so CloudFormation creates
 * the group before the function and deletes it after the last custom resource that runs it.
 */
export class FunctionLogRetention implements IAspect {
  constructor(private readonly retention: RetentionDays = RetentionDays.ONE_MONTH) {}

  public visit(node: IConstruct): void {
    if (!(node instanceof CfnResource) || node.cfnResourceType !== 'AWS::Lambda::Function') return;
    const properties = Stack.of(node).resolve((node as unknown as { _cfnProperties?: Record<string, unknown> })._cfnProperties) as
      { LoggingConfig?: { LogGroup?: unknown }; loggingConfig?: { logGroup?: unknown } } | undefined;
    const hasLogGroup = properties?.LoggingConfig?.LogGroup !== undefined || properties?.loggingConfig?.logGroup !== undefined;
    const scope = node.node.scope;
    // A second synth of the same app visits the function again: the group exists already.
    if (hasLogGroup || !scope || scope.node.tryFindChild(`${node.node.id}Logs`)) return;
    const logGroup = new LogGroup(scope, `${node.node.id}Logs`, { retention: this.retention, removalPolicy: RemovalPolicy.DESTROY });
    node.addPropertyOverride('LoggingConfig.LogGroup', logGroup.logGroupName);
  }
}
