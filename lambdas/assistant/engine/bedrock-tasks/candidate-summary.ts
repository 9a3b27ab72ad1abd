import * as z from '../../../shared/zod';
import { ASSISTANT_LIMITS, CandidateSummaryOutputSchema, type CandidateSummaryOutput } from '../../../shared/contracts/assistant';
import { stripContact } from '../../../shared/text/contact-data';
import { candidateSummary } from '../../domain/candidate-summary';
import {
  checkShape,
  cleanList,
  cleanText,
  documentBlock,
  evidenceText,
  matchItems,
  jobBlocks,
  parseAnswer,
  quoteFound,
  stringList,
  supportedClaims,
  systemPrompt,
  type BedrockTask,
} from './task';

/**
 * Capability 7: a short client-ready candidate summary, against a job's must-haves when given.
 * The model writes the words; every claim is checked against the profile and dropped when the
 * profile does not bear it out (a highlight, a skill, a sentence of the summary); the years
 * figure is the model's only when the profile states it, and the fit against the job's
 * must-haves is always the domain's (`candidateSummary`, from the resume's evidence), so the
 * summary never says "meets" where the best fit says "missing". The domain's stripContact runs
 * over everything the model writes: a client-ready summary never carries an e-mail, phone, link
 * or street address, even when the model copies one.
 */

const SHAPE = `{
  "candidateName": string or null,    // as written in the profile; null when it gives none
  "headline": string,                 // one line: current role, seniority, specialty
  "summary": string,                  // 3-5 sentences for the client
  "highlights": [string],             // 3-6 concrete achievements or strengths from the profile
  "skills": [string],                 // up to 15 skills, most relevant first
  "yearsOfExperience": number or null,
  "mustHavesMet": [string]            // only when a job is given: its must-haves the profile shows, worded as in the job
}`;

const AnswerSchema = z.object({
  candidateName: z._default(z.nullable(z.string()), null),
  headline: z.string(),
  summary: z.string(),
  highlights: stringList,
  skills: stringList,
  yearsOfExperience: z._default(z.nullable(z.number()), null),
  mustHavesMet: stringList,
});

/**
 * The JSON schema of {@link AnswerSchema}, the tool's input schema, written out: zod's JSON
 * Schema generator would add ~20 kB to the handler's bundle. A test checks it is exactly what
 * `z.toJSONSchema(AnswerSchema, { io: 'input' })` gives.
 */
const ANSWER_JSON_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    candidateName: { default: null, type: ['string', 'null'] },
    headline: { type: 'string' },
    summary: { type: 'string' },
    highlights: { default: [], type: 'array', items: { type: 'string' } },
    skills: { default: [], type: 'array', items: { type: 'string' } },
    yearsOfExperience: { default: null, type: ['number', 'null'] },
    mustHavesMet: { default: [], type: 'array', items: { type: 'string' } },
  },
  required: ['headline', 'summary'],
};

const HEADLINE_MAX_CHARS = 200;
const SUMMARY_MAX_CHARS = 1_200;

export const candidateSummaryTask: BedrockTask<'candidate-summary'> = {
  capability: 'candidate-summary',
  maxTokens: 1_500,
  toolName: 'record_candidate_summary',
  toolDescription: 'Records the client-ready summary of the candidate: headline, summary, highlights, skills and years of experience.',
  answerSchema: AnswerSchema,
  inputSchema: ANSWER_JSON_SCHEMA,
  system: systemPrompt({
    task: "Write a short, factual summary of a candidate that a recruiter sends to the client, from the candidate's resume or profile, and against the job's must-haves when a job is given.",
    rules: [
      'No contact data (e-mail, phone, address, links) and nothing about age, family, health, religion, nationality or other protected characteristics.',
      'Every statement comes from the profile; no superlatives the profile does not support.',
      'When no job is given, answer "mustHavesMet": [].',
    ],
    shape: SHAPE,
  }),
  userMessage: (input) =>
    [
      documentBlock('candidate-name', input.candidateName ?? '(take it from the profile)'),
      documentBlock('profile', input.profile),
      ...(input.job ? jobBlocks(input.job) : [documentBlock('job', '(no job given)')]),
    ].join('\n\n'),
  parse(text, input) {
    const answer = parseAnswer(AnswerSchema, text);
    const profile = evidenceText(input.profile);
    const domain = candidateSummary(input);
    const clean = (value: string, max: number) => cleanText(stripContact(value), max);
    const modelName = answer.candidateName === null ? '' : clean(answer.candidateName, ASSISTANT_LIMITS.candidateNameMaxChars);
    const candidateName = input.candidateName ?? (modelName !== '' && quoteFound(modelName, profile) ? modelName : domain.candidateName);
    // A claim naming a must-have the resume does not show would contradict the fit below: dropped.
    const missing = domain.fit?.missing ?? [];
    const consistent = (claims: readonly string[]) =>
      supportedClaims(claims, profile).filter((claim) => matchItems([claim], missing).matched.length === 0);
    const headline = consistent([answer.headline]).length > 0 ? clean(answer.headline, HEADLINE_MAX_CHARS) : domain.headline;
    const sentences = consistent(answer.summary.split(/(?<=[.!?])\s+/));
    const summary = sentences.length > 0 ? clean(sentences.join(' '), SUMMARY_MAX_CHARS) : domain.summary;
    const shownHighlights = cleanList(consistent(answer.highlights).map(stripContact), 8, 300);
    const highlights = shownHighlights.length > 0 ? shownHighlights : domain.highlights;
    const shownSkills = cleanList(
      answer.skills.filter((skill) => quoteFound(skill, profile)),
      15,
      60,
    );
    const skills = shownSkills.length > 0 ? shownSkills : domain.skills;
    const claimedYears = answer.yearsOfExperience;
    // A years figure counts only when the profile states it or the domain counts the same.
    const years =
      claimedYears !== null &&
      Number.isInteger(claimedYears) &&
      (claimedYears === domain.yearsOfExperience ||
        quoteFound(`${claimedYears} years`, profile) ||
        quoteFound(`${claimedYears}+ years`, profile))
        ? claimedYears
        : domain.yearsOfExperience;
    const fit = domain.fit;
    const plain = [
      `${candidateName}${headline ? ` — ${headline}` : ''}`,
      summary,
      highlights.length > 0 ? `Highlights:\n${highlights.map((item) => `- ${item}`).join('\n')}` : '',
      skills.length > 0 ? `Skills: ${skills.join(', ')}` : '',
      fit && fit.met.length + fit.missing.length > 0
        ? `Must-haves met: ${fit.met.join(', ') || 'none'}${fit.missing.length > 0 ? `\nNot shown: ${fit.missing.join(', ')}` : ''}`
        : '',
    ].filter((part) => part !== '');
    const output: CandidateSummaryOutput = {
      candidateName,
      headline,
      summary,
      highlights,
      skills,
      yearsOfExperience: years,
      fit,
      text: plain.join('\n\n'),
    };
    return checkShape(CandidateSummaryOutputSchema, output, 'candidate summary');
  },
};
