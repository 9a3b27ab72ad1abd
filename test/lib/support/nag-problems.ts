import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag's AwsSolutions checks on a construct tree: every finding, error or warning, must be fixed
 * or acknowledged, and every acknowledgement must say why in words a reviewer can check. Run on
 * the shared synthesis of each variant (synthesize-variants.ts records the result) and on the
 * small non-compliant stack in app.test.ts that shows the check does fail.
 */

/** Shortest reason accepted: long enough to name the constraint or decision behind it. */
const MIN_REASON_LENGTH = 20;
/** Reasons that only fill the field. */
const PLACEHOLDER = /\b(todo|tbd|fixme|xxx|lorem|placeholder|temporary|fix later|suppress(ed)?|ignore(d)?|n\/a)\b/i;

export interface Acknowledgement {
  readonly path: string;
  readonly id: string;
  readonly reason: string;
}

/** Every acknowledgement recorded with `Validations.of(construct).acknowledge()` under `scope`. */
export function acknowledgementsIn(scope: IConstruct): Acknowledgement[] {
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
export function nagProblems(scope: IConstruct): string[] {
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
