import * as z from '../../../shared/zod';
import { ASSISTANT_LIMITS, CandidateSummaryOutputSchema, type CandidateSummaryOutput } from '../../../shared/contracts/assistant';
import { stripContact } from '../../../shared/text/contact-data';
import {
  checkShape,
  clamp,
  cleanList,
  cleanText,
  documentBlock,
  jobBlocks,
  parseAnswer,
  splitRequirements,
  stringList,
  systemPrompt,
  type BedrockTask,
} from './task';

/**
 * Capability 7: a short client-ready candidate summary, against a job's must-haves when given.
 * The domain's stripContact runs over everything the model writes: a client-ready summary never
 * carries an e-mail, phone, link or street address, even when the model copies one.
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

const HEADLINE_MAX_CHARS = 200;
const SUMMARY_MAX_CHARS = 1_200;

export const candidateSummaryTask: BedrockTask<'candidate-summary'> = {
  capability: 'candidate-summary',
  maxTokens: 1_500,
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
    const clean = (value: string, max: number) => cleanText(stripContact(value), max);
    const candidateName =
      input.candidateName ??
      (answer.candidateName !== null && clean(answer.candidateName, ASSISTANT_LIMITS.candidateNameMaxChars) !== ''
        ? clean(answer.candidateName, ASSISTANT_LIMITS.candidateNameMaxChars)
        : 'The candidate');
    const headline = clean(answer.headline, HEADLINE_MAX_CHARS);
    const summary = clean(answer.summary, SUMMARY_MAX_CHARS);
    const highlights = cleanList(answer.highlights.map(stripContact), 8, 300);
    const skills = cleanList(answer.skills, 15, 60);
    const years = answer.yearsOfExperience === null ? null : clamp(answer.yearsOfExperience, 0, 60);
    const fit = input.job ? splitRequirements(answer.mustHavesMet, input.job.mustHaves) : null;
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
