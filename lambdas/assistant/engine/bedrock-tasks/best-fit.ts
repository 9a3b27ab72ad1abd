import * as z from '../../../shared/zod';
import { BestFitOutputSchema, type BestFitOutput, type RankedCandidate } from '../../../shared/contracts/assistant';
import { bestFit } from '../../domain/best-fit';
import {
  checkShape,
  cleanList,
  cleanText,
  dataBlock,
  evidenceText,
  jobBlocks,
  matchItems,
  parseAnswer,
  quoteFound,
  stringList,
  supportedClaims,
  systemPrompt,
  type BedrockTask,
} from './task';

/**
 * Capability 6: candidates ranked for a job. The ranking, every score and the must-haves met and
 * missing are the domain's (`bestFit`), computed from the evidence in each resume; the model is
 * asked where each profile shows the job's must-haves and why, and only what the resume shows is
 * kept: a quote must be in that candidate's resume word for word, a must-have it names must be
 * one the domain found met, and a reason must be borne out by the resume. A resume that tells the
 * model to rank it first changes nothing but, at most, the wording of its own reasons.
 */

const SHAPE = `- ranking: one entry per candidate, by the candidate's "id" (e.g. "c1"):
  - evidence: the job's must-haves and nice-to-haves the profile shows, each with a quote copied word for word from that profile
  - reasons: 2-4 short reasons about the fit, each stated in the profile's own words`;

const AnswerSchema = z.object({
  ranking: z.array(
    z.object({
      id: z.string(),
      evidence: z._default(z.array(z.object({ requirement: z.string(), quote: z.string() })), []),
      reasons: stringList,
    }),
  ),
});

/**
 * The JSON schema of {@link AnswerSchema}, the tool's input schema, written out: zod's JSON
 * Schema generator would add ~20 kB to the handler's bundle. A test checks it is exactly what
 * `z.toJSONSchema(AnswerSchema, { io: 'input' })` gives.
 */
const ANSWER_JSON_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    ranking: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          evidence: {
            default: [],
            type: 'array',
            items: {
              type: 'object',
              properties: { requirement: { type: 'string' }, quote: { type: 'string' } },
              required: ['requirement', 'quote'],
            },
          },
          reasons: { default: [], type: 'array', items: { type: 'string' } },
        },
        required: ['id'],
      },
    },
  },
  required: ['ranking'],
};

/**
 * Each profile is cut to this many characters in the prompt: 20 full profiles would be ~100k
 * tokens per request; the first 8,000 characters of a resume carry the recent roles and skills.
 */
export const BEST_FIT_PROFILE_MAX_CHARS = 8_000;
const REASONS_MAX = 6;
const REASON_MAX_CHARS = 300;
const QUOTE_MAX_CHARS = 160;

/** The id a candidate goes by in the prompt: names stay data and never identify an answer. */
function candidateId(index: number): string {
  return `c${index + 1}`;
}

export const bestFitTask: BedrockTask<'best-fit'> = {
  capability: 'best-fit',
  maxTokens: 3_000,
  toolName: 'record_candidate_evidence',
  toolDescription: "Records, for each candidate, where the profile shows the job's requirements and the reasons about the fit.",
  answerSchema: AnswerSchema,
  inputSchema: ANSWER_JSON_SCHEMA,
  system: systemPrompt({
    task: "Find, for each candidate, where the profile shows the job's must-haves and nice-to-haves, and say briefly why the candidate fits or does not.",
    rules: [
      'Cover every candidate given, each exactly once, by its id.',
      'A requirement counts only where the profile shows it done or held: not where the profile says it was not done, has lapsed or is still being pursued.',
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
      blocks.push(
        dataBlock(`candidate ${candidateId(index)}`, {
          id: candidateId(index),
          name: candidate.name,
          interviewEvaluation: candidate.evaluationOverall,
          profile,
        }),
      );
    });
    return blocks.join('\n\n');
  },
  parse(text, input) {
    const answer = parseAnswer(AnswerSchema, text);
    const ranked = bestFit(input);
    const byName = new Map(input.candidates.map((candidate, index) => [candidate.name.trim(), { candidate, id: candidateId(index) }]));
    const ranking: RankedCandidate[] = ranked.ranking.map((entry) => {
      const given = byName.get(entry.name.trim());
      const claims = given ? answer.ranking.find((item) => item.id.trim() === given.id) : undefined;
      if (!given || !claims) return entry;
      const profile = evidenceText(given.candidate.profile);
      const shown = [...entry.mustHavesMet, ...entry.niceToHavesMet];
      const quoted: string[] = [];
      for (const claim of claims.evidence) {
        const quote = cleanText(claim.quote, QUOTE_MAX_CHARS);
        const [requirement] = matchItems([claim.requirement], shown).matched;
        // Kept only when the domain found the requirement met and the quote is the resume's own words.
        if (requirement && quoteFound(quote, profile) && !quoted.some((item) => item.startsWith(`${requirement}:`))) {
          quoted.push(`${requirement}: "${quote}"`);
        }
      }
      const reasons = cleanList([...entry.reasons, ...quoted, ...supportedClaims(claims.reasons, profile)], REASONS_MAX, REASON_MAX_CHARS);
      return { ...entry, reasons };
    });
    const output: BestFitOutput = { ranking, recommendation: ranked.recommendation };
    return checkShape(BestFitOutputSchema, output, 'ranking');
  },
};
