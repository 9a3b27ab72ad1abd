import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { compactValue, compactView, maskTemplate, shortNames } from './compact-template';
import { nestedTemplateJson, type SynthesizedApp } from './synthesized-app';

/**
 * The focused snapshots of the template: one per concern, each the compact view
 * (compact-template.ts) of the resources whose construct path (below the stack) starts with one
 * of the concern's prefixes. Every resource belongs to exactly one concern (product-stack.test.ts
 * checks it), so nothing in the template escapes the safety net.
 */

/** The REST handlers (function, role, policy, log group) in snapshots by the first part of the route's path. */
const REST_HANDLER_GROUPS = {
  'REST handlers /subscription and /user': ['/subscription/', '/user/'],
  'REST handlers /admin': ['/admin/'],
  'REST handlers /assistant': ['/assistant/'],
  'REST handlers /ats': ['/ats/'],
} as const;

export const SNAPSHOT_CONCERNS: Readonly<Record<string, readonly string[]>> = {
  data: ['Data/'],
  auth: ['Auth/'],
  'ATS credentials key': ['AtsCredentialsKey/'],
  'GraphQL API': ['GraphqlApi/'],
  'API key renewal': ['ApiKeyRenewal/'],
  // CDK's providers for the website's deployments and its buckets' auto-delete (dev) live at stack level.
  website: ['Website/', 'Custom::CDKBucketDeployment', 'Custom::S3AutoDeleteObjects'],
  // The alarm topic (Monitoring/) and the nested stack that holds the rest (NESTED_STACK_CONCERNS).
  monitoring: ['Monitoring/', 'MonitoringStack.NestedStack/'],
  'web ACLs': ['WebAcls/'],
  'REST API routes': ['RestApi/Api/', 'RestApi/AccessLogs/', 'RestApi/RequestValidator/', 'RestApi/UserPoolAuthorizer/'],
  ...Object.fromEntries(
    Object.entries(REST_HANDLER_GROUPS).map(([name, paths]) => [
      name,
      REST_ROUTES.filter((route) => paths.some((path) => route.path.startsWith(path))).map((route) => `RestApi/${route.functionId}`),
    ]),
  ),
};

/** The concern whose snapshot also shows every resource of a nested stack (by its construct id). */
const NESTED_STACK_CONCERNS: Readonly<Record<string, string>> = { MonitoringStack: 'monitoring' };

/** The concerns whose snapshot shows this resource (exactly one, for every resource). */
export function concernsOf(app: SynthesizedApp, logicalId: string): string[] {
  const constructPath = app.constructPaths[logicalId] ?? '';
  return Object.entries(SNAPSHOT_CONCERNS)
    .filter(([, prefixes]) => prefixes.some((prefix) => constructPath.startsWith(prefix)))
    .map(([concern]) => concern);
}

/** The compact view of one concern's resources, asset hashes and deploy-time values masked. */
export function concernSnapshot(app: SynthesizedApp, concern: string): string {
  if (!(concern in SNAPSHOT_CONCERNS)) throw new Error(`No snapshot concern ${concern}`);
  const parent = app.template.toJSON() as Parameters<typeof maskTemplate>[0];
  const logicalIds = Object.keys(parent.Resources).filter((id) => concernsOf(app, id).includes(concern));
  // A nested stack's resources join its concern's view, its parameters read as the parent's
  // resources (nestedTemplateJson), so the view reads as if they were in one stack.
  const resources = { ...parent.Resources };
  for (const [nestedId, nestedConcern] of Object.entries(NESTED_STACK_CONCERNS)) {
    if (nestedConcern !== concern || !(nestedId in app.nestedStacks)) continue;
    for (const [id, resource] of Object.entries(nestedTemplateJson(app, nestedId).Resources)) {
      if (id in resources) throw new Error(`${nestedId} and its parent both have a resource ${id}: the merged view would hide one`);
      resources[id] = resource;
      logicalIds.push(id);
    }
  }
  if (logicalIds.length === 0) throw new Error(`No resource belongs to the ${concern} snapshot`);
  return compactView(maskTemplate({ ...parent, Resources: resources }), logicalIds);
}

/** The stack's outputs, one line each: `Name: value  (description)`. */
export function outputsSnapshot(app: SynthesizedApp): string {
  const template = maskTemplate(app.template.toJSON() as Parameters<typeof maskTemplate>[0]);
  const names = shortNames(template);
  const outputs = (template.Outputs ?? {}) as Record<string, { Value: unknown; Description?: string; Export?: unknown }>;
  const lines = Object.entries(outputs).map(([name, output]) =>
    [
      `${name}: ${compactValue(output.Value, names)}`,
      output.Export ? `export ${compactValue(output.Export, names)}` : '',
      output.Description ? `(${output.Description})` : '',
    ]
      .filter(Boolean)
      .join('  '),
  );
  return `${lines.join('\n')}\n`;
}
