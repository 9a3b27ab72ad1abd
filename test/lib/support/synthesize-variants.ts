/**
 * Synthesizes app variants for the template tests, outside jest (see synthesized-app.ts):
 * `node --import tsx test/lib/support/synthesize-variants.ts <directory> <variant>...` writes
 * `<directory>/<variant>.json` for each, in order, each through a temporary file and a rename.
 * A variant that fails (an unacknowledged cdk-nag finding, say) writes nothing; the others still
 * do, and the exit code is 1.
 */
import { CfnElement, Stack, TagManager } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { APP_VARIANTS, type AppVariant } from './app-variants';
import { buildApp, type BuiltApp } from './build-app';
import { acknowledgementsIn, nagProblems } from './nag-problems';
import type { SynthesisRecord, TemplateJson } from './synthesized-app';

function logicalIdsOf(stack: Stack, constructs: Readonly<Record<string, { node: { defaultChild?: unknown } }>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(constructs).map(([key, construct]) => [key, stack.getLogicalId(construct.node.defaultChild as never)]),
  );
}

function recordOf(variant: AppVariant, built: BuiltApp): SynthesisRecord {
  const { app, stack } = built;
  const elements = stack.node.findAll().filter((node): node is CfnElement => CfnElement.isCfnElement(node) && Stack.of(node) === stack);
  // The template synth already wrote the cloud assembly; this returns it.
  const assembly = app.synth();
  const runtimeConfigFiles = fs
    .readdirSync(assembly.directory)
    .map((name) => path.join(assembly.directory, name, 'config.json'))
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
  const annotations = Annotations.fromStack(stack);
  const messagesOf = (found: { id: string; entry: { data?: unknown } }[]) => found.map(({ id, entry }) => `${id}: ${String(entry.data)}`);
  return {
    variant,
    config: built.config,
    stack: {
      stackName: stack.stackName,
      region: stack.region,
      terminationProtection: Boolean(stack.terminationProtection),
      stacksInApp: app.node.children.filter((child) => child instanceof Stack).map((child) => (child as Stack).stackName),
    },
    checks: {
      nagProblems: nagProblems(app),
      acknowledgements: acknowledgementsIn(app).length,
      warnings: messagesOf(annotations.findWarning('*', Match.anyValue())),
      errors: messagesOf(annotations.findError('*', Match.anyValue())),
    },
    template: built.template.toJSON() as TemplateJson,
    logicalIds: {
      restApiMethods: logicalIdsOf(stack, stack.restApi.methods),
      restApiFunctions: logicalIdsOf(stack, stack.restApi.functions),
      bedrockFunctions: logicalIdsOf(stack, stack.restApi.bedrockFunctions),
      authTriggerFunctions: logicalIdsOf(stack, stack.auth.triggerFunctions),
    },
    constructPaths: Object.fromEntries(
      elements.map((element) => [stack.resolve(element.logicalId) as string, element.node.path.slice(stack.node.path.length + 1)]),
    ),
    runtimeConfigFiles,
    taggables: stack.node
      .findAll()
      .filter((node) => TagManager.isTaggable(node) && Stack.of(node) === stack && node !== stack)
      .map((node) => ({ path: node.node.path, tags: (node as unknown as { tags: TagManager }).tags.tagValues() })),
  };
}

function main([directory, ...variants]: string[]): number {
  let failed = false;
  for (const variant of variants as AppVariant[]) {
    try {
      const built = buildApp(APP_VARIANTS[variant]);
      const record = recordOf(variant, built);
      const file = path.join(directory, `${variant}.json`);
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, JSON.stringify(record));
      fs.renameSync(temporary, file);
      for (const scratch of [built.webDistPath, built.app.synth().directory]) fs.rmSync(scratch, { recursive: true, force: true });
    } catch (error) {
      console.error(`${variant}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
