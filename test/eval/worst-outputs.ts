/**
 * The worst outputs of each capability, quoted short (at most 90 characters, so no corpus
 * sentence is reproduced whole), for bench/eval.md and bench/eval.json.
 */
import type { EvalResults } from './eval-report';

/** Quotes a produced text short, on one line. */
export function quote(text: string, max = 90): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `"${line.length > max ? `${line.slice(0, max - 1)}…` : line}"`;
}

/** The worst outputs per capability, quoted short. */
export function worstOutputs(results: EvalResults, perCapability = 6): Record<string, string[]> {
  const p = results.postings;
  return {
    'sourcing terms': [
      ...p.flatMap((x) => x.terms.garbage.map((g) => `${x.stem}: ${quote(g.term, 60)} (${g.reason})`)).slice(0, perCapability),
      ...p
        .filter((x) => x.booleans.niceAnded.length)
        .slice(0, 3)
        .map((x) => `${x.stem}: nice-to-haves AND-ed: ${x.booleans.niceAnded.map((c) => quote(c, 40)).join(', ')}`),
    ],
    'must-haves': p
      .filter((x) => x.labelled && x.mustHaves.precision !== null)
      .sort((a, b) => (a.mustHaves.precision ?? 0) - (b.mustHaves.precision ?? 0))
      .slice(0, perCapability)
      .map(
        (x) =>
          `${x.stem}: not a must-have: ${
            x.mustHaves.wrong
              .slice(0, 2)
              .map((w) => quote(w, 60))
              .join(', ') || 'none'
          }; missed: ${x.mustHaves.missed.join(', ') || 'none'}`,
      ),
    'screening questions': p
      .flatMap((x) => x.questions.malformed.map((m) => `${x.stem}: ${quote(m.question)} (${m.rules.join(', ')})`))
      .slice(0, perCapability),
    'job description': [
      ...[
        ...p.flatMap((x) => x.description.leaked.map((l) => `${x.stem}: ${l.kind} left in (label key ${quote(l.key, 40)})`)),
        ...p.flatMap((x) => x.description.lost.map((l) => `${x.stem}: must-keep ${quote(l, 40)} removed`)),
      ].slice(0, perCapability * 2),
      ...Object.entries(results.redaction.missedExamples).flatMap(([type, values]) =>
        values.slice(0, 1).map((v) => `Presidio ${type} left in: ${quote(v, 50)}`),
      ),
    ],
    'best fit': results.rankings
      .filter((r) => !r.top1 || r.stufferInTopTwo)
      .slice(0, perCapability)
      .map((r) => `${r.job}: ranked ${r.ranked.slice(0, 3).join(', ')}; a recruiter puts ${r.top.join(' or ')} first`),
    'candidate summary': [
      ...results.summaries
        .filter((s) => s.contact.length)
        .map((s) => `${s.resume}: contact left: ${s.contact.map((c) => c.kind).join(', ')}`),
      ...results.summaries
        .filter((s) => s.contradictions.length)
        .map(
          (s) =>
            `${s.resume}${s.job ? ` vs ${s.job}` : ''}: shown and "not shown": ${s.contradictions.map((c) => quote(c, 40)).join(', ')}`,
        ),
    ].slice(0, perCapability),
    'interview evaluation': results.interviews.map(
      (i) =>
        `${i.set}: overall strong ${i.overall.strong}, middling ${i.overall.middling}, weak ${i.overall.weak}; ${i.questionsOrdered}/${i.questionsAnswered} questions in order${i.unanswered.length ? `; a question on a requirement the recruiter did not confirm: ${i.unanswered.map((u) => quote(u, 40)).join(', ')}` : ''}`,
    ),
  };
}
