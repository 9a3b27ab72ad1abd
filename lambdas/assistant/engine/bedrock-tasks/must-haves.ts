import * as z from '../../../shared/zod';
import {
  ASSISTANT_LIMITS,
  MustHavesOutputSchema,
  REQUIREMENT_KINDS,
  type MustHavesOutput,
  type RequirementKind,
} from '../../../shared/contracts/assistant';
import {
  checkShape,
  cleanText,
  documentBlock,
  evidenceText,
  isSupportedBy,
  parseAnswer,
  quoteFound,
  systemPrompt,
  type BedrockTask,
} from './task';

/** Capability 3: must-haves and nice-to-haves proposed from a job description. */

const SHAPE = `{
  "title": string or null,            // the job title as written in the description
  "location": string or null,         // where the job is, as written (city, "Remote", ...)
  "mustHaves": [{ "text": string, "kind": one of ${REQUIREMENT_KINDS.map((kind) => `"${kind}"`).join(', ')}, "evidence": string }],
  "niceToHaves": [same as mustHaves]
}`;

const Requirement = z.object({ text: z.string(), kind: z.string(), evidence: z._default(z.string(), '') });
const AnswerSchema = z.object({
  title: z._default(z.nullable(z.string()), null),
  location: z._default(z.nullable(z.string()), null),
  mustHaves: z.array(Requirement),
  niceToHaves: z._default(z.array(Requirement), []),
});

/**
 * The JSON schema of {@link AnswerSchema}, the tool's input schema, written out: zod's JSON
 * Schema generator would add ~20 kB to the handler's bundle. A test checks it is exactly what
 * `z.toJSONSchema(AnswerSchema, { io: 'input' })` gives.
 */
const ANSWER_JSON_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    title: { default: null, type: ['string', 'null'] },
    location: { default: null, type: ['string', 'null'] },
    mustHaves: {
      type: 'array',
      items: {
        type: 'object',
        properties: { text: { type: 'string' }, kind: { type: 'string' }, evidence: { default: '', type: 'string' } },
        required: ['text', 'kind'],
      },
    },
    niceToHaves: {
      default: [],
      type: 'array',
      items: {
        type: 'object',
        properties: { text: { type: 'string' }, kind: { type: 'string' }, evidence: { default: '', type: 'string' } },
        required: ['text', 'kind'],
      },
    },
  },
  required: ['mustHaves'],
};

/** How long evidence may be: a sentence of the description. */
const EVIDENCE_MAX_CHARS = 300;

function kindOf(kind: string): RequirementKind {
  const wanted = kind.trim().toLowerCase();
  return (REQUIREMENT_KINDS as readonly string[]).includes(wanted) ? (wanted as RequirementKind) : 'other';
}

/**
 * Kept within the limits a saved job accepts, so a proposal can be confirmed as is. A requirement
 * the description does not show (its evidence is not a quote of it, and its own words are not
 * there) is dropped; evidence that is not a quote is left empty rather than shown as one.
 */
function requirements(
  items: readonly z.output<typeof Requirement>[],
  skip: Set<string>,
  description: string,
): MustHavesOutput['mustHaves'] {
  const out: MustHavesOutput['mustHaves'] = [];
  for (const item of items) {
    const text = cleanText(item.text, ASSISTANT_LIMITS.itemMaxChars);
    const key = text.toLowerCase();
    if (text === '' || skip.has(key)) continue;
    const evidence = cleanText(item.evidence, EVIDENCE_MAX_CHARS);
    const quoted = quoteFound(evidence, description);
    if (!quoted && !isSupportedBy(text, description)) continue;
    skip.add(key);
    out.push({ text, kind: kindOf(item.kind), evidence: quoted ? evidence : '' });
    if (out.length === ASSISTANT_LIMITS.requirementsMax) break;
  }
  return out;
}

export const mustHavesTask: BedrockTask<'must-haves'> = {
  capability: 'must-haves',
  maxTokens: 2_000,
  toolName: 'propose_requirements',
  toolDescription: "Records the job's must-haves and nice-to-haves, each with the sentence of the description that states it.",
  answerSchema: AnswerSchema,
  inputSchema: ANSWER_JSON_SCHEMA,
  system: systemPrompt({
    task: 'From a job description, list what the client requires of a candidate (must-haves) and what it would like (nice-to-haves).',
    rules: [
      'A must-have is stated as required ("must", "required", "minimum", "you have"); a nice-to-have as preferred ("nice to have", "a plus", "preferred", "bonus").',
      'Each requirement is one short phrase a recruiter can check (e.g. "5+ years of Python", "Registered Nurse licence", "Fluent Spanish"), at most 160 characters; no duplicates.',
      `At most ${ASSISTANT_LIMITS.requirementsMax} must-haves and ${ASSISTANT_LIMITS.requirementsMax} nice-to-haves.`,
      '"evidence" quotes the sentence of the description that states the requirement.',
      "Leave out duties, benefits, pay and anything about the client's internal process.",
    ],
    shape: SHAPE,
  }),
  userMessage: (input) =>
    [
      documentBlock('job-title', input.title || '(not given)'),
      documentBlock('company-information', input.companyInfo || '(not given)'),
      documentBlock('job-description', input.description),
    ].join('\n\n'),
  parse(text, input) {
    const answer = parseAnswer(AnswerSchema, text);
    const source = evidenceText(`${input.title}\n${input.description}`);
    const seen = new Set<string>();
    const output: MustHavesOutput = {
      title: answer.title === null || answer.title.trim() === '' ? null : cleanText(answer.title, ASSISTANT_LIMITS.titleMaxChars),
      location:
        answer.location === null || answer.location.trim() === '' ? null : cleanText(answer.location, ASSISTANT_LIMITS.locationMaxChars),
      // Must-haves first: a requirement the model lists twice stays a must-have.
      mustHaves: requirements(answer.mustHaves, seen, source),
      niceToHaves: requirements(answer.niceToHaves, seen, source),
    };
    return checkShape(MustHavesOutputSchema, output, 'must-haves');
  },
};
