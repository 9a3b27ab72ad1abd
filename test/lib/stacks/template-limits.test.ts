import { APP_VARIANTS, type AppVariant } from '../support/app-variants';
import { synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp, type TemplateJson } from '../support/synthesized-app';

/**
 * The house guards its own shape: CloudFormation refuses a template past its quotas (500
 * resources, 200 parameters, 200 outputs, 1 MB from S3) only at deploy time, when the change is
 * already made and merged. This fails first, with headroom left for the change that meets it, on
 * the product stack and every nested stack of every app variant, and says what fills the
 * template. When it fails, move a concern into a nested stack of its own (as lib/stacks/monitoring-stack.ts
 * did for the alarms) or share a Lambda between routes (`functionId`, lib/definitions/rest-routes.ts).
 * Raising a headroom below is the wrong fix: it only moves the wall closer.
 */

/** CloudFormation's quotas per template, and the share of each this app may fill. */
const TEMPLATE_LIMITS = {
  resources: { quota: 500, headroom: 450 },
  parameters: { quota: 200, headroom: 180 },
  outputs: { quota: 200, headroom: 180 },
  // CDK writes the template with one-space indentation and uploads that file to S3.
  bytes: { quota: 1_000_000, headroom: 900_000 },
} as const;

type Measure = keyof typeof TEMPLATE_LIMITS;

/** How full a template is, by the measures CloudFormation limits. */
function templateSize(template: TemplateJson): Record<Measure, number> {
  return {
    resources: Object.keys(template.Resources).length,
    parameters: Object.keys(template.Parameters ?? {}).length,
    outputs: Object.keys(template.Outputs ?? {}).length,
    bytes: Buffer.byteLength(JSON.stringify(template, undefined, 1)),
  };
}

/** Resources by type, most first: what to move when the resource count is near the wall. */
function countsByType(template: TemplateJson): string {
  const counts = new Map<string, number>();
  for (const { Type } of Object.values(template.Resources)) counts.set(Type, (counts.get(Type) ?? 0) + 1);
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([type, count]) => `${type} ${count}`)
    .join(', ');
}

/** One line per measure of `template` over its headroom, with the resource counts by type. */
function overHeadroom(name: string, template: TemplateJson): string[] {
  const size = templateSize(template);
  return (Object.keys(TEMPLATE_LIMITS) as Measure[])
    .filter((measure) => size[measure] > TEMPLATE_LIMITS[measure].headroom)
    .map(
      (measure) =>
        `${name}: ${size[measure]} ${measure}, over the headroom of ${TEMPLATE_LIMITS[measure].headroom} ` +
        `(CloudFormation's quota: ${TEMPLATE_LIMITS[measure].quota}). Resources by type: ${countsByType(template)}`,
    );
}

/** The product stack's template and each nested stack's, by a readable name. */
function templatesOf(app: SynthesizedApp): [string, TemplateJson][] {
  return [
    [`${app.variant} ${app.stack.stackName}`, app.template.toJSON() as TemplateJson],
    ...Object.entries(app.nestedStacks).map(([id, nested]): [string, TemplateJson] => [`${app.variant} ${id} (nested)`, nested.template]),
  ];
}

const variants = Object.keys(APP_VARIANTS) as AppVariant[];
const apps = new Map<AppVariant, SynthesizedApp>();
beforeAll(async () => {
  for (const variant of variants) apps.set(variant, await synthesizedApp(variant));
}, SYNTHESIS_TIMEOUT_MS);

describe('template limits', () => {
  it.each(variants)('keeps every template of %s within its headroom of resources, parameters, outputs and size', (variant) => {
    const app = apps.get(variant)!;
    expect(templatesOf(app).flatMap(([name, template]) => overHeadroom(name, template))).toEqual([]);
  });

  it('reports a template over its headroom with its resource counts by type', () => {
    const resources = Object.fromEntries([
      ...Array.from({ length: 440 }, (_, index) => [`Alarm${index}`, { Type: 'AWS::CloudWatch::Alarm' }]),
      ...Array.from({ length: 11 }, (_, index) => [`Table${index}`, { Type: 'AWS::DynamoDB::Table' }]),
    ]);
    const outputs = Object.fromEntries(Array.from({ length: 181 }, (_, index) => [`Output${index}`, { Value: 'x' }]));

    expect(overHeadroom('crowded', { Resources: resources, Outputs: outputs })).toEqual([
      "crowded: 451 resources, over the headroom of 450 (CloudFormation's quota: 500). Resources by type: AWS::CloudWatch::Alarm 440, AWS::DynamoDB::Table 11",
      "crowded: 181 outputs, over the headroom of 180 (CloudFormation's quota: 200). Resources by type: AWS::CloudWatch::Alarm 440, AWS::DynamoDB::Table 11",
    ]);
    expect(overHeadroom('roomy', { Resources: { Table: { Type: 'AWS::DynamoDB::Table' } } })).toEqual([]);
  });
});

describe('nested stacks', () => {
  it.each(variants)('are wired soundly in %s: each parameter passed once, from a resource of the product stack', (variant) => {
    const app = apps.get(variant)!;
    const parent = app.template.toJSON() as TemplateJson;
    expect(Object.keys(app.nestedStacks).length).toBeGreaterThan(0);
    for (const [id, nested] of Object.entries(app.nestedStacks)) {
      const holder = parent.Resources[nested.logicalId];
      expect({ id, type: holder?.Type }).toEqual({ id, type: 'AWS::CloudFormation::Stack' });
      const passed = (holder.Properties?.Parameters ?? {}) as Record<string, { Ref?: string; 'Fn::GetAtt'?: [string, string] }>;
      expect(Object.keys(passed).sort()).toEqual(Object.keys(nested.template.Parameters ?? {}).sort());
      for (const [parameter, value] of Object.entries(passed)) {
        const source = value.Ref ?? value['Fn::GetAtt']?.[0];
        expect({ parameter, sourceInParent: source !== undefined && source in parent.Resources }).toEqual({
          parameter,
          sourceInParent: true,
        });
      }
    }
  });
});
