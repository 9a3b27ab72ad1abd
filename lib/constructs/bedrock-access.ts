import { ArnFormat, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { US_INFERENCE_PROFILE_PREFIX } from '../../lambdas/assistant/engine/environment';

/**
 * The regions a US cross-region inference profile routes requests to. Bedrock checks the
 * caller's permission on the profile and on the foundation model in whichever of these regions
 * serves the request, so the grant names the model in each.
 */
export const US_INFERENCE_PROFILE_REGIONS = ['us-east-1', 'us-east-2', 'us-west-2'] as const;

/**
 * The ARNs a handler must be allowed to invoke to call `modelId` from `scope`'s region:
 * - a US inference profile (`us.<model>`): the profile in this region and account, and the
 *   foundation model `<model>` in each region the profile routes to;
 * - a foundation model id: that model in this region (on-demand).
 * No wildcard: exactly one model.
 */
export function bedrockInvokeResources(scope: IConstruct, modelId: string): string[] {
  const stack = Stack.of(scope);
  const foundationModel = (region: string, model: string) =>
    stack.formatArn({
      service: 'bedrock',
      region,
      account: '',
      resource: 'foundation-model',
      resourceName: model,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  if (!modelId.startsWith(US_INFERENCE_PROFILE_PREFIX)) return [foundationModel(stack.region, modelId)];
  const model = modelId.slice(US_INFERENCE_PROFILE_PREFIX.length);
  return [
    stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: modelId, arnFormat: ArnFormat.SLASH_RESOURCE_NAME }),
    ...US_INFERENCE_PROFILE_REGIONS.map((region) => foundationModel(region, model)),
  ];
}

/**
 * Allows `bedrock:InvokeModel` (what the Converse API needs; no streaming, no other model) on
 * exactly the resources of {@link bedrockInvokeResources}.
 */
export function bedrockInvokeStatement(scope: IConstruct, modelId: string): PolicyStatement {
  return new PolicyStatement({
    sid: 'InvokeTheAssistantModel',
    actions: ['bedrock:InvokeModel'],
    resources: bedrockInvokeResources(scope, modelId),
  });
}
