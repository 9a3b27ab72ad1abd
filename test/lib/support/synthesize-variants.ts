/**
 * Synthesizes app variants for the template tests, outside jest (see synthesized-app.ts):
 * `node --import tsx test/lib/support/synthesize-variants.ts <directory> <variant>...` writes
 * `<directory>/<variant>.json` for each, in order, each through a temporary file and a rename.
 * A variant that fails (an unacknowledged cdk-nag finding, say) writes nothing; the others still
 * do, and the exit code is 1.
 */
import { CfnElement, NestedStack, Stack, TagManager } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
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

/** Construct path (below `stack`) of every element of `stack`'s own template, by logical id. */
function constructPathsOf(stack: Stack): Record<string, string> {
  const elements = stack.node.findAll().filter((node): node is CfnElement => CfnElement.isCfnElement(node) && Stack.of(node) === stack);
  return Object.fromEntries(
    elements.map((element) => [stack.resolve(element.logicalId) as string, element.node.path.slice(stack.node.path.length + 1)]),
  );
}

/** Every nested stack of `stack` (one level), by construct id: its template and where the parent holds it. */
function nestedStacksOf(stack: Stack): SynthesisRecord['nestedStacks'] {
  const nested = stack.node
    .findAll()
    .filter((node): node is NestedStack => NestedStack.isNestedStack(node) && node.nestedStackParent === stack);
  return Object.fromEntries(
    nested.map((child) => [
      child.node.id,
      {
        logicalId: stack.resolve((child.nestedStackResource as CfnElement).logicalId) as string,
        template: Template.fromStack(child).toJSON() as TemplateJson,
        constructPaths: constructPathsOf(child),
      },
    ]),
  );
}

function recordOf(variant: AppVariant, built: BuiltApp): SynthesisRecord {
  const { app, stack } = built;
  // The template synth already wrote the cloud assembly; this returns it.
  const assembly = app.synth();
  const runtimeConfigFiles = fs
    .readdirSync(assembly.directory)
    .map((name) => path.join(assembly.directory, name, 'config.json'))
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
  // The messages of the synthesis above. `Annotations.fromStack` would synthesize the whole app
  // again (`synth({ force: true })`): about a fifth of each variant's CPU, for the same messages.
  const messages = assembly.getStackArtifact(stack.artifactId).messages;
  const messagesOf = (level: 'warning' | 'error') =>
    messages.filter((message) => message.level === level).map(({ id, entry }) => `${id}: ${String(entry.data)}`);
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
      warnings: messagesOf('warning'),
      errors: messagesOf('error'),
    },
    template: built.template.toJSON() as TemplateJson,
    logicalIds: {
      restApiMethods: logicalIdsOf(stack, stack.restApi.methods),
      restApiFunctions: logicalIdsOf(stack, stack.restApi.functions),
      bedrockFunctions: logicalIdsOf(stack, stack.restApi.bedrockFunctions),
      authTriggerFunctions: logicalIdsOf(stack, stack.auth.triggerFunctions),
    },
    constructPaths: constructPathsOf(stack),
    nestedStacks: nestedStacksOf(stack),
    runtimeConfigFiles,
    // The nested stacks' resources too (they are tagged through the same tree).
    taggables: stack.node
      .findAll()
      .filter((node) => TagManager.isTaggable(node) && node !== stack)
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
