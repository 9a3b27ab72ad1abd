import { App, Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createApp } from '../../lib/app';
import { buildApp, makeWebDist, type BuiltApp } from './support/build-app';

/**
 * The whole app as it deploys, built in this file only: the checks that need the construct tree
 * (cdk-nag, CDK's annotations, synth itself). Tests that read the template use the shared synthesis
 * (support/synthesized-app.ts) instead.
 */

let dev: BuiltApp;
let prod: BuiltApp;
beforeAll(() => {
  dev = buildApp({ stage: 'dev' });
  prod = buildApp({ stage: 'prod' });
}, 120_000);

/** cdk-nag 3 reports through CDK's policy validation, not annotations: run the pack on the tree. */
function nagFindings(app: BuiltApp): string[] {
  return new AwsSolutionsChecks()
    .validateScope(app.app)
    .violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
}

describe('createApp', () => {
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
  }, 60_000);

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
});

/**
 * cdk-nag's AwsSolutions checks on the app as it deploys (the same factory as `bin/app.ts`, both
 * stages): every finding, error or warning, must be fixed or acknowledged, and every
 * acknowledgement must say why in words a reviewer can check. A small non-compliant stack shows
 * that the same check does fail.
 */

/** Shortest reason accepted: long enough to name the constraint or decision behind it. */
const MIN_REASON_LENGTH = 20;
/** Reasons that only fill the field. */
const PLACEHOLDER = /\b(todo|tbd|fixme|xxx|lorem|placeholder|temporary|fix later|suppress(ed)?|ignore(d)?|n\/a)\b/i;

interface Acknowledgement {
  readonly path: string;
  readonly id: string;
  readonly reason: string;
}

/** Every acknowledgement recorded with `Validations.of(construct).acknowledge()` under `scope`. */
function acknowledgementsIn(scope: IConstruct): Acknowledgement[] {
  return scope.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, unknown>).map(([id, reason]) => ({
          path: construct.node.path,
          id,
          reason: String(reason ?? ''),
        })),
      ),
  );
}

/**
 * What keeps `scope` from passing: each unacknowledged AwsSolutions finding (`error`/`warning`,
 * rule, resources) and each acknowledgement whose reason is missing, short or a placeholder.
 */
function nagProblems(scope: IConstruct): string[] {
  const findings = new AwsSolutionsChecks()
    .validateScope(scope)
    .violations.map(
      (violation) =>
        `${violation.severity} ${violation.ruleName}: ${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`,
    );
  const weakReasons = acknowledgementsIn(scope)
    .filter(({ reason }) => reason.trim().length < MIN_REASON_LENGTH || PLACEHOLDER.test(reason))
    .map(({ path, id, reason }) => `weak reason for ${id} at ${path}: "${reason}"`);
  return [...findings, ...weakReasons];
}

describe('cdk-nag AwsSolutions checks', () => {
  it.each(['dev', 'prod'] as const)('leave no finding unacknowledged and no acknowledgement without a real reason in %s', (stage) => {
    const { app } = stage === 'dev' ? dev : prod;

    expect(acknowledgementsIn(app).length).toBeGreaterThan(10);
    expect(nagProblems(app)).toEqual([]);
  });

  it('fail on a non-compliant resource, and on an acknowledgement that gives no reason', () => {
    const app = new App();
    const stack = new Stack(app, 'NonCompliant');
    new Bucket(stack, 'PlainBucket', { encryption: BucketEncryption.S3_MANAGED });
    const hidden = new Bucket(stack, 'HiddenBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsPrefix: 'logs/',
    });
    Validations.of(hidden).acknowledge({ id: 'AwsSolutions-S1', reason: 'TODO' });

    const problems = nagProblems(app);

    expect(problems).toEqual(
      expect.arrayContaining([
        'error AwsSolutions-S1: NonCompliant/PlainBucket/Resource',
        'error AwsSolutions-S10: NonCompliant/PlainBucket/Resource',
        'weak reason for Annotation::AwsSolutions-S1 at NonCompliant/HiddenBucket: "TODO"',
      ]),
    );
    expect(problems.join('\n')).not.toContain('HiddenBucket/Resource');
  });
});
