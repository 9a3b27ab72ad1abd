/**
 * Scores the posting capabilities of the deterministic engine on one posting: must-haves,
 * sourcing terms and boolean strings, screening questions, and the external job description.
 * Label-free checks (garbage terms, boolean strings, malformed questions) run on every posting;
 * the others need the posting's label.
 */
import { externalJobDescription } from '../../lambdas/assistant/domain/external-job-description';
import { proposeMustHaves } from '../../lambdas/assistant/domain/must-haves';
import { screeningQuestions } from '../../lambdas/assistant/domain/screening-questions';
import { sourcingTerms } from '../../lambdas/assistant/domain/sourcing-terms';
import type { JobContext } from '../../lambdas/assistant/engine/language-model';
import { checkSearch, MAX_AND_CONCEPTS } from './boolean-checks';
import type { CorpusDocument } from './corpus';
import type { Concept, JobLabel } from './labels';
import { malformations } from './question-checks';
import { garbageReason } from './term-quality';
import { mentions, normalize, precisionRecall, termMatches } from './text-match';

export interface PostingScore {
  readonly stem: string;
  readonly family: string;
  readonly labelled: boolean;
  readonly terms: {
    readonly produced: string[];
    readonly precision: number | null;
    readonly recall: number | null;
    readonly wrong: string[];
    readonly missed: string[];
    readonly garbage: { term: string; reason: string }[];
  };
  readonly booleans: {
    readonly strings: number;
    readonly unparsed: number;
    readonly niceAnded: string[];
    readonly overAnded: number;
    readonly maxAnded: number;
  };
  readonly mustHaves: {
    readonly produced: string[];
    readonly precision: number | null;
    readonly recall: number | null;
    readonly wrong: string[];
    readonly missed: string[];
  };
  readonly questions: { readonly total: number; readonly malformed: { question: string; rules: string[] }[] };
  readonly description: {
    readonly leaked: { kind: string; key: string }[];
    readonly sensitive: number;
    readonly kept: number;
    readonly mustKeep: number;
    readonly lost: string[];
  };
  /** Label keys that do not occur in the posting itself: a label to fix, not an engine failure. */
  readonly labelProblems: string[];
}

/** The job as a recruiter gives it with a description and no confirmed must-haves yet. */
export function jobOf(posting: CorpusDocument): JobContext {
  return {
    title: posting.headers.TITLE ?? '',
    description: posting.body,
    companyInfo: '',
    location: posting.headers.LOCATION ?? '',
    mustHaves: [],
    niceToHaves: [],
  };
}

/** A concept as the report names it: its first key phrase, else its pattern. */
const show = (concept: Concept) => concept.find((v) => !/^\/.+\/$/.test(v)) ?? concept[0];

function uniqueTerms(terms: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const term of terms) if (!seen.has(normalize(term))) seen.set(normalize(term), term);
  return [...seen.values()];
}

export function scorePosting(posting: CorpusDocument, label: JobLabel | undefined): PostingScore {
  const job = jobOf(posting);
  const sourcing = sourcingTerms({ ...job, exclusions: [] });
  const produced = uniqueTerms([
    ...sourcing.titles,
    ...sourcing.mustHaveGroups.flatMap((g) => g.terms),
    ...sourcing.niceToHaveGroups.flatMap((g) => g.terms),
  ]);
  const garbage = produced.flatMap((term) => {
    const reason = garbageReason(term);
    return reason ? [{ term, reason }] : [];
  });
  const core: Concept[] = label ? [label.titles, ...label.coreTerms] : [];
  const allowed: Concept[] = label ? [...core, ...label.mustHaves, ...(label.acceptable ?? []).map((a) => [a])] : [];
  const termsPr = precisionRecall(produced, core, termMatches);
  const termsPrecision = label ? precisionRecall(produced, allowed, termMatches) : null;

  const checks = sourcing.searches.map((search) => checkSearch(search, { nice: sourcing.niceToHaveGroups }));

  const proposal = proposeMustHaves({ title: job.title, description: job.description, companyInfo: '' });
  const mustTexts = proposal.mustHaves.map((m) => m.text);
  const mustPr = precisionRecall(mustTexts, label?.mustHaves ?? [], (text, variants) => variants.some((v) => mentions(text, v)));

  const questions = screeningQuestions(job).questions.map((q) => q.question);
  const malformed = questions.flatMap((question) => {
    const rules = malformations(question);
    return rules.length ? [{ question, rules }] : [];
  });

  const external = externalJobDescription({ title: job.title, description: job.description, companyInfo: '', clientNames: [] });
  const source = `${job.title}\n${job.description}`;
  const sensitive = (label?.sensitive ?? []).filter((s) => mentions(source, s.key));
  const mustKeep = (label?.mustKeep ?? []).filter((k) => mentions(source, k));
  const labelProblems = [
    ...(label?.sensitive ?? []).filter((s) => !sensitive.includes(s)).map((s) => `sensitive key not in posting: ${s.key}`),
    ...(label?.mustKeep ?? []).filter((k) => !mustKeep.includes(k)).map((k) => `must-keep key not in posting: ${k}`),
  ];
  const lost = mustKeep.filter((k) => !mentions(external.text, k));

  return {
    stem: posting.stem,
    family: posting.family,
    labelled: label !== undefined,
    terms: {
      produced,
      precision: termsPrecision?.precision ?? null,
      recall: label ? termsPr.recall : null,
      wrong: termsPrecision?.unmatched ?? [],
      missed: termsPr.missed.map(show),
      garbage,
    },
    booleans: {
      strings: checks.length,
      unparsed: checks.filter((c) => !c.parses).length,
      niceAnded: [...new Set(checks.flatMap((c) => c.niceAnded))],
      overAnded: checks.filter((c) => c.andedConcepts > MAX_AND_CONCEPTS).length,
      maxAnded: Math.max(0, ...checks.map((c) => c.andedConcepts)),
    },
    mustHaves: label
      ? {
          produced: mustTexts,
          precision: mustPr.precision,
          recall: mustPr.recall,
          wrong: mustPr.unmatched,
          missed: mustPr.missed.map(show),
        }
      : { produced: mustTexts, precision: null, recall: null, wrong: [], missed: [] },
    questions: { total: questions.length, malformed },
    description: {
      leaked: sensitive.filter((s) => mentions(external.text, s.key)).map(({ kind, key }) => ({ kind, key })),
      sensitive: sensitive.length,
      kept: mustKeep.length - lost.length,
      mustKeep: mustKeep.length,
      lost,
    },
    labelProblems,
  };
}
