/**
 * `npm run eval [-- <corpus folder>]`: scores every capability of the deterministic engine on the
 * evaluation corpus (default ../shared/corpus, see its README) against our labels
 * (test/eval/labels) and writes bench/eval.md (the tables a person reads) and bench/eval.json
 * (for scripts). Targets are reported, never asserted: the eval is not part of `npm test`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readDocuments } from './corpus';
import { figuresOf, familyRows, renderEval, type EvalResults } from './eval-report';
import { worstOutputs } from './worst-outputs';
import { CONTACT_RESUMES } from './fixtures/contact-resumes';
import { INTERVIEW_SETS } from './fixtures/interview-sets';
import { readBestFitSets, readJobLabels } from './labels';
import { recognizerCases, synthCases } from './redaction';
import { scoreInterview, scoreRanking, scoreSummary } from './score-candidates';
import { scorePosting } from './score-postings';
import { scoreRedaction } from './score-redaction';

const ROOT = path.resolve(__dirname, '..', '..');
const REPORT_DIR = path.join(ROOT, 'bench');
/** The longest text bench/eval.json keeps of an output. */
const QUOTE_MAX = 90;
/** Keys whose text is ours (figure names and notes), never clipped. */
const OUR_TEXT = new Set(['name', 'value', 'budget', 'note']);

function main(): void {
  const started = Date.now();
  const corpus = path.resolve(ROOT, process.argv[2] ?? '../shared/corpus');
  if (!fs.existsSync(path.join(corpus, 'jobs'))) throw new Error(`No corpus at ${corpus} (expected jobs/, resumes/ and pii/)`);
  const postings = readDocuments(corpus, 'jobs');
  const resumes = readDocuments(corpus, 'resumes');
  const labels = readJobLabels();
  const unknown = [...labels.keys()].filter((stem) => !postings.some((p) => p.stem === stem));
  if (unknown.length) throw new Error(`Labels without a posting: ${unknown.join(', ')}`);

  const postingScores = postings.map((p) => scorePosting(p, labels.get(p.stem)));
  const byStem = new Map(postings.map((p) => [p.stem, p]));
  const sets = readBestFitSets();
  const rankings = sets.map((set) => {
    const posting = byStem.get(set.job);
    if (!posting) throw new Error(`Ranking set for an unknown posting: ${set.job}`);
    return scoreRanking(set, posting, labels.get(set.job), resumes);
  });
  const summaries = [
    ...resumes.map((r) => scoreSummary(r, null)),
    ...CONTACT_RESUMES.map((r) => scoreSummary({ stem: r.name, family: 'written for the eval', body: r.profile }, null)),
    // Against a job: each ranking set's first resume, summarized for that posting.
    ...sets.map((set) => scoreSummary(resumes.find((r) => r.stem === set.top[0]) as (typeof resumes)[number], byStem.get(set.job) ?? null)),
  ];
  const interviews = INTERVIEW_SETS.map(scoreInterview);
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(corpus, 'pii', name), 'utf8'));
  const redaction = scoreRedaction([
    ...recognizerCases(read('presidio-recognizer-cases.json')),
    ...synthCases(read('presidio-research-synth-v2.json')),
  ]);

  const results: EvalResults = { postings: postingScores, rankings, summaries, interviews, redaction };
  const meta = {
    measuredAt: new Date().toISOString(),
    corpus: path.relative(ROOT, corpus) || corpus,
    durationSeconds: Math.round((Date.now() - started) / 100) / 10,
    labelledStems: [...labels.keys()],
    labelProblems: postingScores.flatMap((p) => p.labelProblems.map((problem) => `${p.stem}: ${problem}`)),
  };
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, 'eval.md'), renderEval(results, meta));
  const json = { ...meta, figures: figuresOf(results), families: familyRows(results), worst: worstOutputs(results), details: results };
  // Outputs quote the postings they came from: every output string is clipped, so no corpus sentence is stored whole.
  const clipped = (key: string, value: unknown) =>
    typeof value === 'string' && value.length > QUOTE_MAX && !OUR_TEXT.has(key) ? `${value.slice(0, QUOTE_MAX - 1)}…` : value;
  fs.writeFileSync(path.join(REPORT_DIR, 'eval.json'), `${JSON.stringify(json, clipped, 2)}\n`);
  const figures = json.figures;
  console.log(
    `bench/eval.md: ${figures.filter((f) => f.pass === true).length} figures meet their target, ${figures.filter((f) => f.pass === false).length} do not.`,
  );
}

main();
