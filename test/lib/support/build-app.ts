import { Template } from 'aws-cdk-lib/assertions';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createApp, type ProductApp } from '../../../lib/app';

/**
 * A stand-in for `web/dist`: an index.html, a hashed asset and a top-level file. Removed when the
 * process ends, or the test file (test/support/file-exit.js), as CDK removes its temporary assemblies.
 */
export function makeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Test</title></head><body></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Bx1y2z3A.js'), 'console.log("app");');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export interface BuiltApp extends ProductApp {
  readonly template: Template;
  readonly webDistPath: string;
}

/**
 * Builds the app exactly as `bin/app.ts` does (same factory, cdk-nag included) with asset
 * bundling skipped and a stand-in web build. Synthesizing the template also runs cdk-nag, so
 * any unacknowledged finding fails the calling test file.
 */
export function buildApp(context: Record<string, unknown> = {}): BuiltApp {
  const webDistPath = makeWebDist();
  const built = createApp({ context: { 'aws:cdk:bundling-stacks': [], ...context }, webDistPath, env: {} });
  return { ...built, webDistPath, template: Template.fromStack(built.stack) };
}

/** Resources of one type, as `[logicalId, resource]` pairs. */
export function resourcesOfType(
  template: Template,
  type: string,
): [string, { Properties: Record<string, unknown> } & Record<string, unknown>][] {
  return Object.entries(template.findResources(type)) as never;
}

/** The only resource of a type (fails when there is not exactly one). */
export function onlyResource(template: Template, type: string): { Properties: Record<string, unknown> } & Record<string, unknown> {
  const found = resourcesOfType(template, type);
  if (found.length !== 1) throw new Error(`expected exactly one ${type}, found ${found.length}`);
  return found[0][1];
}

/** Renders a CloudFormation value (Fn::Join, Ref, Fn::GetAtt) as one readable string. */
export function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if (node['Fn::Join']) {
    const [delimiter, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(flatten).join(delimiter);
  }
  if (node.Ref) return `\${${String(node.Ref)}}`;
  if (node['Fn::GetAtt']) return `\${${(node['Fn::GetAtt'] as string[]).join('.')}}`;
  return JSON.stringify(value);
}
