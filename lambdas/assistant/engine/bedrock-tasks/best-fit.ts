import * as z from '../../../shared/zod';
import { BestFitOutputSchema, type BestFitOutput, type RankedCandidate } from '../../../shared/contracts/assistant';
import { LanguageModelError } from '../language-model-error';
import {
  checkShape,
  clamp,
  cleanList,
  cleanText,
  documentBlock,
  jobBlocks,
  matchItems,
  parseAnswer,
  splitRequirements,
  stringList,
  systemPrompt,
  type BedrockTask,
} from './task';

/** Capability 6: candidates ranked for a job on its must-haves and their evaluations. */

const SHAPE = `{
  "ranking": [{
    "name": string,                   // the candidate's name exactly as given
    "score": number,                  // 0-100 fit for the job
    "mustHavesMet": [string],         // the job's must-haves the profile shows, worded as in the job
    "niceToHavesMet": [string],       // the job's nice-to-haves the profile shows
    "reasons": [string]               // 2-4 short reasons for the score, citing the profile
  }],
  "recommendation": string            // one sentence naming the best-fit candidate and why
}`;

const AnswerSchema = z.object({
  ranking: z.array(
    z.object({
      name: z.string(),
      score: z.number(),
      mustHavesMet: stringList,
      niceToHavesMet: stringList,
      reasons: stringList,
    }),
  ),
  recommendation: z._default(z.string(), ''),
});

/**
 * Each profile is cut to this many characters in the prompt: 20 full profiles would be ~100k
 * tokens per request; the first 8,000 characters of a resume carry the recent roles and skills.
 */
export const BEST_FIT_PROFILE_MAX_CHARS = 8_000;
const REASONS_MAX = 5;
const REASON_MAX_CHARS = 300;

export const bestFitTask: BedrockTask<'best-fit'> = {
  capability: 'best-fit',
  maxTokens: 3_000,
  system: systemPrompt({
    task: "Rank candidates for a job: how well each profile meets the job's must-haves and nice-to-haves, and, when given, the candidate's interview evaluation (0-100).",
    rules: [
      'Rank every candidate given, each exactly once, by the name given.',
      'Must-haves weigh most; a missing must-have lowers the score clearly. Nice-to-haves and a strong evaluation raise it.',
      'Judge only job-related evidence in the profiles, never names, age, gender, nationality or other protected characteristics.',
    ],
    shape: SHAPE,
  }),
  userMessage(input) {
    const blocks = jobBlocks(input.job);
    input.candidates.forEach((candidate, index) => {
      const profile =
        candidate.profile.length > BEST_FIT_PROFILE_MAX_CHARS
          ? `${candidate.profile.slice(0, BEST_FIT_PROFILE_MAX_CHARS)}\n[profile cut here]`
          : candidate.profile;
      const evaluation = candidate.evaluationOverall === null ? 'none' : `${candidate.evaluationOverall}/100`;
      blocks.push(
        documentBlock(`candidate ${index + 1}`, `Name: ${candidate.name}\nInterview evaluation: ${evaluation}\nProfile:\n${profile}`),
      );
    });
    return blocks.join('\n\n');
  },
  parse(text, input) {
    const answer = parseAnswer(AnswerSchema, text);
    const { mustHaves, niceToHaves } = input.job;
    const entries = input.candidates.map((candidate) => {
      const key = candidate.name.trim().toLowerCase();
      const ranked = answer.ranking.find((item) => item.name.trim().toLowerCase() === key);
      if (!ranked) throw new LanguageModelError('invalid-answer', "The model's ranking left out a candidate.");
      // Requirement names are the job's own; with no confirmed must-haves, the model's words.
      const met =
        mustHaves.length > 0
          ? splitRequirements(ranked.mustHavesMet, mustHaves)
          : { met: cleanList(ranked.mustHavesMet, 25, 160), missing: [] };
      const candidateEntry: Omit<RankedCandidate, 'rank'> = {
        name: candidate.name,
        score: clamp(ranked.score, 0, 100),
        mustHavesMet: met.met,
        mustHavesMissing: met.missing,
        niceToHavesMet:
          niceToHaves.length > 0
            ? matchItems(
                ranked.niceToHavesMet,
                niceToHaves.map((item) => item.text),
              ).matched
            : cleanList(ranked.niceToHavesMet, 25, 160),
        evaluationOverall: candidate.evaluationOverall,
        reasons: cleanList(ranked.reasons, REASONS_MAX, REASON_MAX_CHARS),
      };
      return candidateEntry;
    });
    // Highest score first; ties keep the order the candidates were given (a stable sort).
    const ranking: RankedCandidate[] = [...entries]
      .sort((a, b) => b.score - a.score)
      .map((entry, index) => ({ rank: index + 1, ...entry }));
    const top = ranking[0];
    let recommendation = cleanText(answer.recommendation, 500);
    // The sentence must name the candidate ranked first; the model's may name another.
    if (top && !recommendation.toLowerCase().includes(top.name.toLowerCase())) {
      recommendation = `${top.name} is the best fit (${top.score}/100)${mustHaves.length > 0 && top.mustHavesMissing.length === 0 ? ', meeting every must-have' : ''}.`;
    }
    const output: BestFitOutput = { ranking, recommendation };
    return checkShape(BestFitOutputSchema, output, 'ranking');
  },
};
