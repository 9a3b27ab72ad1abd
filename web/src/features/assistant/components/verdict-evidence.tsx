import type { RequirementVerdict } from '@contracts/assistant';

/**
 * Each must-have verdict with the resume sentence it rests on, so the recruiter sees why and can
 * correct the must-haves. Answers stored before verdicts had evidence show nothing here.
 */
export function VerdictEvidence({ verdicts }: { readonly verdicts: readonly RequirementVerdict[] | undefined }) {
  const quoted = (verdicts ?? []).filter((verdict) => verdict.evidence);
  if (quoted.length === 0) return null;
  return (
    <ul className="ranking__evidence">
      {quoted.map((verdict) => (
        <li key={verdict.requirement}>
          {verdict.met ? 'Shown' : 'Only claimed'}: {verdict.requirement}: “{verdict.evidence}”
        </li>
      ))}
    </ul>
  );
}
