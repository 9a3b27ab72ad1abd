import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { buildApp } from './support/build-app';

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
    const { app } = buildApp({ stage });

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
