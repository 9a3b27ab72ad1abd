import type { CompactTemplate, Render } from './compact-template';

/**
 * How the compact view (compact-template.ts) shows the resource types that would otherwise take
 * a dozen lines each: a title after the logical id, a summary line saying the key properties,
 * and the properties the summary or title already say left out.
 */

type Properties = Record<string, unknown>;

export interface TypeRule {
  /** Leave the resource out of the view (what it says shows elsewhere). */
  readonly hidden?: boolean;
  /** Said after the logical id, more readably than it. */
  readonly title?: (properties: Properties, render: Render, template: CompactTemplate) => string;
  /** First lines of the body: the `omit`ted properties in short. */
  readonly summary?: (properties: Properties, render: Render) => string[];
  /** Properties (dotted paths) left out: summarized, in the title, or implied. */
  readonly omit?: readonly string[];
}

const COMPARISONS: Record<string, string> = {
  GreaterThanOrEqualToThreshold: '>=',
  GreaterThanThreshold: '>',
  LessThanThreshold: '<',
  LessThanOrEqualToThreshold: '<=',
};

/** A CloudWatch metric: `Namespace MetricName Statistic/Period s {Dimension=value}`. */
function metric(properties: Properties, render: Render): string {
  const dimensions = (properties.Dimensions as { Name: string; Value: unknown }[] | undefined) ?? [];
  const statistic = properties.Statistic ?? properties.ExtendedStatistic ?? properties.Stat;
  return [
    `${String(properties.Namespace)} ${String(properties.MetricName)} ${String(statistic)}/${String(properties.Period)} s`,
    ...(dimensions.length > 0 ? [`{${dimensions.map((dimension) => `${dimension.Name}=${render(dimension.Value)}`).join(', ')}}`] : []),
  ].join(' ');
}

/** `/a/b` of the API Gateway resource a method's `ResourceId` refers to. */
function apiPath(resourceId: unknown, template: CompactTemplate): string {
  const parts: string[] = [];
  const referenced = (value: unknown) => {
    const node = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] } | undefined;
    const id = node?.Ref ?? node?.['Fn::GetAtt']?.[0];
    return id === undefined ? undefined : template.Resources[id];
  };
  for (
    let current = referenced(resourceId);
    current?.Type === 'AWS::ApiGateway::Resource';
    current = referenced(current.Properties?.ParentId)
  ) {
    parts.unshift(String(current.Properties?.PathPart));
  }
  return `/${parts.join('/')}`;
}

const description = (properties: Properties, render: Render) =>
  properties.Description === undefined ? '' : render(properties.Description);

export const TYPE_RULES: Readonly<Record<string, TypeRule>> = {
  'AWS::Lambda::Function': {
    title: description,
    summary: (p, render) => [
      [
        `${String(p.Runtime)} ${[p.Architectures ?? 'x86_64'].flat().join(',')} ${String(p.Handler)}`,
        `${String(p.MemorySize ?? 128)} MB`,
        `${String(p.Timeout ?? 3)} s`,
        `tracing ${String((p.TracingConfig as { Mode?: string } | undefined)?.Mode ?? 'off')}`,
        `logs ${render((p.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup ?? 'default')}`,
      ].join(', '),
    ],
    // The code is an asset; the role is the function's own, listed with its policy.
    omit: ['Description', 'Runtime', 'Architectures', 'Handler', 'MemorySize', 'Timeout', 'TracingConfig', 'LoggingConfig', 'Code', 'Role'],
  },
  'AWS::IAM::Role': { title: description, omit: ['Description'] },
  // CDK names each policy after its logical id.
  'AWS::IAM::Policy': { omit: ['PolicyName'] },
  'AWS::ApiGateway::Method': {
    title: (p, _render, template) => `${String(p.HttpMethod)} ${apiPath(p.ResourceId, template)}`,
    summary: (p, render) => {
      const integration = (p.Integration ?? {}) as Properties;
      const uri = integration.Uri === undefined ? '' : render(integration.Uri);
      const target = /\/functions\/(.+)\/invocations$/.exec(uri)?.[1] ?? uri;
      const authorizer = p.AuthorizerId === undefined ? '' : ` ${render(p.AuthorizerId)}`;
      const apiKey = p.ApiKeyRequired ? ' + API key' : '';
      return [`auth ${String(p.AuthorizationType)}${authorizer}${apiKey} -> ${String(integration.Type)} ${target}`.trimEnd()];
    },
    // OperationName repeats the handler's name; a proxy integration always calls Lambda with POST.
    omit: [
      'HttpMethod',
      'ResourceId',
      'RestApiId',
      'AuthorizationType',
      'AuthorizerId',
      'ApiKeyRequired',
      'OperationName',
      'Integration.Type',
      'Integration.Uri',
      'Integration.IntegrationHttpMethod',
    ],
  },
  // Its path is in the title of each of its methods.
  'AWS::ApiGateway::Resource': { hidden: true },
  // A nested stack: what it passes shows in its resources' view, where each parameter reads as
  // the parent's resource (template-snapshots.ts); the parameters' names are CDK's hashes.
  'AWS::CloudFormation::Stack': {
    summary: (p) => [`nested stack, ${Object.keys((p.Parameters as object | undefined) ?? {}).length} parameters from this stack`],
    omit: ['Parameters'],
  },
  'AWS::Lambda::Permission': {
    summary: (p, render) => [
      [
        `${render(p.Principal)} may ${p.Action === 'lambda:InvokeFunction' ? 'invoke' : render(p.Action)} ${render(p.FunctionName)}`,
        ...(p.SourceArn === undefined ? [] : [`from ${render(p.SourceArn)}`]),
      ].join(' '),
    ],
    omit: ['Action', 'FunctionName', 'Principal', 'SourceArn'],
  },
  'AWS::CloudWatch::Alarm': {
    title: (p) => String(p.AlarmName),
    summary: (p, render) => {
      const metrics = p.Metrics as { Id: string; Expression?: string; MetricStat?: Properties & { Metric?: Properties } }[] | undefined;
      const watched = metrics
        ? metrics.map((m) => m.Expression ?? `${m.Id} = ${metric({ ...m.MetricStat, ...m.MetricStat?.Metric }, render)}`).join('; ')
        : metric(p, render);
      const comparison = COMPARISONS[String(p.ComparisonOperator)] ?? String(p.ComparisonOperator);
      const periods = `${String(p.DatapointsToAlarm ?? p.EvaluationPeriods)} of ${String(p.EvaluationPeriods)}`;
      return [
        `${watched} ${comparison} ${String(p.Threshold)}, ${periods}, missing data ${String(p.TreatMissingData ?? 'missing')}`,
        `alarm -> ${render(p.AlarmActions ?? [])}, ok -> ${render(p.OKActions ?? [])}`,
      ];
    },
    // The description is prose for the operator (monitoring.test.ts checks that there is one).
    omit: [
      'AlarmName',
      'AlarmDescription',
      'Metrics',
      'Namespace',
      'MetricName',
      'Statistic',
      'ExtendedStatistic',
      'Period',
      'Dimensions',
      'ComparisonOperator',
      'Threshold',
      'EvaluationPeriods',
      'DatapointsToAlarm',
      'TreatMissingData',
      'AlarmActions',
      'OKActions',
    ],
  },
};
