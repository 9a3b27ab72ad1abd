/**
 * The evaluation report: figures per capability with their targets (issue 19), a table per
 * occupation family, and the worst outputs quoted short. Pure functions; eval.ts does the I/O.
 */
import { verdict } from '../bench/report';
import type { BenchFigure } from '../bench/section';
import { DIRECT_IDENTIFIERS, ENTITY_TYPES } from './redaction';
import type { InterviewScore, RankingScore, SummaryScore } from './score-candidates';
import type { PostingScore } from './score-postings';
import type { RedactionScore } from './score-redaction';
import { worstOutputs } from './worst-outputs';

export interface EvalResults {
  readonly postings: readonly PostingScore[];
  readonly rankings: readonly RankingScore[];
  readonly summaries: readonly SummaryScore[];
  readonly interviews: readonly InterviewScore[];
  readonly redaction: RedactionScore;
}

export interface EvalFigure extends BenchFigure {
  readonly capability: string;
}

/** The mean of the defined values; null when there is none. */
export function mean(values: readonly (number | null)[]): number | null {
  const defined = values.filter((v): v is number => v !== null && !Number.isNaN(v));
  return defined.length ? defined.reduce((a, b) => a + b, 0) / defined.length : null;
}

export function fixed(value: number | null, digits = 2): string {
  return value === null ? 'n/a' : value.toFixed(digits);
}

const atLeast = (capability: string, name: string, value: number | null, target: number, note?: string): EvalFigure => ({
  capability,
  name,
  value: fixed(value),
  budget: `at least ${target}`,
  pass: value === null ? null : value >= target,
  note,
});

const none = (capability: string, name: string, count: number, of: string): EvalFigure => ({
  capability,
  name,
  value: `${count} ${of}`,
  budget: '0',
  pass: count === 0,
});

export function figuresOf(results: EvalResults): EvalFigure[] {
  const labelled = results.postings.filter((p) => p.labelled);
  const all = results.postings;
  const terms = all.flatMap((p) => p.terms.produced);
  const garbage = all.flatMap((p) => p.terms.garbage);
  const strings = all.reduce((n, p) => n + p.booleans.strings, 0);
  const questions = all.reduce((n, p) => n + p.questions.total, 0);
  const malformed = all.reduce((n, p) => n + p.questions.malformed.length, 0);
  const direct = DIRECT_IDENTIFIERS.map((t) => results.redaction.byType[t]);
  const directCases = direct.reduce((n, t) => n + t.cases, 0);
  const keep = labelled.reduce((n, p) => n + p.description.mustKeep, 0);
  const kept = labelled.reduce((n, p) => n + p.description.kept, 0);
  const sensitive = labelled.reduce((n, p) => n + p.description.sensitive, 0);
  const leaked = labelled.reduce((n, p) => n + p.description.leaked.length, 0);
  const summaries = results.summaries.length;
  return [
    atLeast(
      'sourcing terms',
      `Search-term precision (mean of ${labelled.length} labelled postings)`,
      mean(labelled.map((p) => p.terms.precision)),
      0.85,
    ),
    atLeast('sourcing terms', 'Recall of core terms and titles', mean(labelled.map((p) => p.terms.recall)), 0.7),
    none(
      'sourcing terms',
      'Garbage terms (sentence pieces, fragments, soft skills, generic words)',
      garbage.length,
      `of ${terms.length} terms, all 40 postings`,
    ),
    none(
      'sourcing terms',
      'Boolean strings that do not parse',
      all.reduce((n, p) => n + p.booleans.unparsed, 0),
      `of ${strings} strings`,
    ),
    none(
      'sourcing terms',
      'Postings whose strings AND a nice-to-have',
      all.filter((p) => p.booleans.niceAnded.length > 0).length,
      `of ${all.length} postings`,
    ),
    none(
      'sourcing terms',
      'Strings with more than 4 AND-ed concepts',
      all.reduce((n, p) => n + p.booleans.overAnded, 0),
      `of ${strings} strings`,
    ),
    atLeast(
      'must-haves',
      'Must-have precision',
      mean(labelled.map((p) => p.mustHaves.precision)),
      0.9,
      'A posting with no true must-have scores 0 for any proposal.',
    ),
    atLeast('must-haves', 'Must-have recall', mean(labelled.map((p) => p.mustHaves.recall)), 0.8),
    none('screening questions', 'Malformed screening questions', malformed, `of ${questions} questions, all 40 postings`),
    atLeast(
      'job description',
      `Redaction recall, direct identifiers (${DIRECT_IDENTIFIERS.join(', ')}; ${directCases} Presidio spans)`,
      directCases ? direct.reduce((n, t) => n + t.removed, 0) / directCases : null,
      0.98,
    ),
    ...ENTITY_TYPES.map((t) => {
      const { cases, removed } = results.redaction.byType[t];
      return atLeast('job description', `Redaction recall: ${t} (${cases} spans)`, cases ? removed / cases : null, 0.98);
    }),
    atLeast(
      'job description',
      `Sensitive posting spans removed (${sensitive} labelled)`,
      sensitive ? (sensitive - leaked) / sensitive : null,
      0.98,
    ),
    atLeast('job description', `Must-keep text kept (${keep} labelled spans)`, keep ? kept / keep : null, 0.98),
    atLeast('best fit', `Top-1 right (${results.rankings.length} ranking sets)`, mean(results.rankings.map((r) => (r.top1 ? 1 : 0))), 0.9),
    none(
      'best fit',
      'Rankings with a keyword stuffer in the top two',
      results.rankings.filter((r) => r.stufferInTopTwo).length,
      `of ${results.rankings.length}`,
    ),
    none(
      'candidate summary',
      'Summaries with contact data left',
      results.summaries.filter((s) => s.contact.length > 0).length,
      `of ${summaries}`,
    ),
    none(
      'candidate summary',
      'Self-contradicting summaries (shown, then "not shown")',
      results.summaries.filter((s) => s.contradictions.length > 0).length,
      `of ${summaries}`,
    ),
    {
      capability: 'interview evaluation',
      name: 'Answer sets ordered strong > middling > weak (overall)',
      value: `${results.interviews.filter((i) => i.ordered).length} of ${results.interviews.length}`,
      budget: 'all',
      pass: results.interviews.every((i) => i.ordered),
    },
    atLeast(
      'interview evaluation',
      'Questions whose three answers score in order',
      mean([
        results.interviews.reduce((n, i) => n + i.questionsOrdered, 0) /
          Math.max(
            1,
            results.interviews.reduce((n, i) => n + i.questionsAnswered, 0),
          ),
      ]),
      1,
    ),
  ];
}

/** Per family: the figures that can be split by the FAMILY header. */
export function familyRows(results: EvalResults): { family: string; cells: string[] }[] {
  const families = [...new Set(results.postings.map((p) => p.family))];
  return families.map((family) => {
    const postings = results.postings.filter((p) => p.family === family);
    const labelled = postings.filter((p) => p.labelled);
    const rankings = results.rankings.filter((r) => r.family === family);
    const keep = labelled.reduce((n, p) => n + p.description.mustKeep, 0);
    const kept = labelled.reduce((n, p) => n + p.description.kept, 0);
    return {
      family,
      cells: [
        `${labelled.length}/${postings.length}`,
        fixed(mean(labelled.map((p) => p.terms.precision))),
        fixed(mean(labelled.map((p) => p.terms.recall))),
        String(postings.reduce((n, p) => n + p.terms.garbage.length, 0)),
        fixed(mean(labelled.map((p) => p.mustHaves.precision))),
        fixed(mean(labelled.map((p) => p.mustHaves.recall))),
        `${postings.reduce((n, p) => n + p.questions.malformed.length, 0)}/${postings.reduce((n, p) => n + p.questions.total, 0)}`,
        keep ? fixed(kept / keep) : 'n/a',
        rankings.length ? `${rankings.filter((r) => r.top1).length}/${rankings.length}` : 'n/a',
      ],
    };
  });
}

export const FAMILY_COLUMNS = [
  'family',
  'labelled',
  'term P',
  'term R',
  'garbage',
  'must P',
  'must R',
  'malformed Q',
  'kept',
  'best-fit top-1',
];

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderEval(
  results: EvalResults,
  meta: { measuredAt: string; corpus: string; durationSeconds: number; labelledStems: readonly string[]; labelProblems: readonly string[] },
): string {
  const figures = figuresOf(results);
  const passed = figures.filter((f) => f.pass === true).length;
  const failed = figures.filter((f) => f.pass === false).length;
  const lines = [
    '# Assistant evaluation (`npm run eval`)',
    '',
    `Deterministic engine on the evaluation corpus (\`${meta.corpus}\`), measured ${meta.measuredAt} in ${meta.durationSeconds} s. ` +
      `${passed} figures meet their target, ${failed} do not. Targets are issue 19's; labels are ours (test/eval/labels, see docs/decisions.md).`,
    '',
    `Labelled postings (${meta.labelledStems.length} of ${results.postings.length}): ${meta.labelledStems.map((s) => s.slice(0, 2)).join(', ')}. ` +
      'Garbage terms, boolean strings and malformed questions are checked on all postings.',
    '',
    '| capability | figure | value | target | verdict |',
    '| --- | --- | --- | --- | --- |',
    ...figures.map((f) => `| ${cell(f.capability)} | ${cell(f.name)} | ${cell(f.value)} | ${cell(f.budget)} | ${verdict(f.pass)} |`),
    '',
    '## By occupation family',
    '',
    "Means over the family's labelled postings; garbage and malformed questions over all its postings.",
    '',
    `| ${FAMILY_COLUMNS.join(' | ')} |`,
    `| ${FAMILY_COLUMNS.map(() => '---').join(' | ')} |`,
    ...familyRows(results).map((r) => `| ${[r.family, ...r.cells].map(cell).join(' | ')} |`),
    '',
    '## Worst outputs',
    '',
    'Quoted short, as the engine produced them.',
    '',
  ];
  for (const [capability, items] of Object.entries(worstOutputs(results))) {
    lines.push(`### ${capability}`, '', ...(items.length ? items.map((i) => `- ${i}`) : ['- none']), '');
  }
  if (meta.labelProblems.length) lines.push('## Label problems', '', ...meta.labelProblems.map((p) => `- ${p}`), '');
  return `${lines.join('\n')}\n`;
}
