import { Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import * as os from 'node:os';
import * as path from 'node:path';
import { createApp } from '../../lib/app';
import { buildApp, makeWebDist, type BuiltApp } from './support/build-app';

/** cdk-nag 3 reports through CDK's policy validation, not annotations: run the pack on the tree. */
function nagFindings(app: BuiltApp): string[] {
  return new AwsSolutionsChecks()
    .validateScope(app.app)
    .violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
}

/** The template with what legitimately changes between runs masked. */
function maskedTemplate(app: BuiltApp): unknown {
  const json = JSON.stringify(app.template.toJSON())
    .replace(/[0-9a-f]{64}(\.zip)?/g, '<asset-hash>')
    .replace(/"Expires":\d+/g, '"Expires":"<deploy-time + 365 days>"');
  const template = JSON.parse(json) as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> };
  for (const resource of Object.values(template.Resources)) {
    // Resolver code belongs to graphql/resolvers and is tested there.
    if (resource.Type === 'AWS::AppSync::Resolver') resource.Properties.Code = '<bundled resolver code>';
  }
  return template;
}

describe('createApp', () => {
  let dev: BuiltApp;
  let prod: BuiltApp;
  beforeAll(() => {
    dev = buildApp({ stage: 'dev' });
    prod = buildApp({ stage: 'prod' });
  });

  it('builds one stack per stage, named after the product and stage, in us-east-2', () => {
    expect(dev.app.node.children.filter((c) => c instanceof Stack).map((s) => (s as Stack).stackName)).toEqual(['talentpilot-dev']);
    expect(prod.stack.stackName).toBe('talentpilot-prod');
    expect(prod.stack.region).toBe('us-east-2');
    expect(prod.stack.terminationProtection).toBe(true);
    expect(dev.stack.terminationProtection).toBe(false);
  });

  it('takes the account from the CLI environment when there is one', () => {
    const { stack } = createApp({
      context: { 'aws:cdk:bundling-stacks': [] },
      webDistPath: makeWebDist(),
      env: { CDK_DEFAULT_ACCOUNT: '123456789012' },
      nag: false,
    });
    expect(stack.account).toBe('123456789012');
  });

  it.each(['dev', 'prod'] as const)('leaves no cdk-nag AwsSolutions finding unacknowledged in %s', (stage) => {
    const app = stage === 'dev' ? dev : prod;
    expect(nagFindings(app)).toEqual([]);
    expect(() => app.app.synth()).not.toThrow();
  });

  it.each(['dev', 'prod'] as const)('raises no CDK warning or error in %s', (stage) => {
    const annotations = Annotations.fromStack((stage === 'dev' ? dev : prod).stack);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
  });

  it('fails synth on an unacknowledged cdk-nag finding (the checks are really registered)', () => {
    const { app, stack } = createApp({ context: { 'aws:cdk:bundling-stacks': [] }, webDistPath: makeWebDist() });
    new Bucket(stack, 'CarelessBucket');
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });

  it('tells the operator to build the web app when web/dist is missing', () => {
    expect(() =>
      createApp({ context: { 'aws:cdk:bundling-stacks': [] }, webDistPath: path.join(os.tmpdir(), 'no-such-web-dist'), nag: false }),
    ).toThrow(/The web app is not built: .*index\.html is missing\. Run `npm run build:web` first/);
  });

  it('rejects bad context with a readable message before building anything', () => {
    expect(() => createApp({ context: { stage: 'production' }, webDistPath: makeWebDist() })).toThrow(
      /Invalid stage config:\n {2}- stage:/,
    );
  });

  it('synthesizes the dev stack as before (snapshot, asset hashes masked)', () => {
    expect(maskedTemplate(dev)).toMatchSnapshot();
  });
});
