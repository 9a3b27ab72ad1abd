import * as z from '../../../shared/zod';
import {
  ASSISTANT_LIMITS,
  ExternalJobDescriptionOutputSchema,
  REDACTION_CATEGORIES,
  type ExternalJobDescriptionOutput,
  type RedactionCategory,
} from '../../../shared/contracts/assistant';
import { externalJobDescription } from '../../domain/external-job-description';
import { scrubSensitive } from '../../domain/sensitive-data';
import { checkShape, cleanText, documentBlock, listBlock, parseAnswer, quoteFound, systemPrompt, type BedrockTask } from './task';

/**
 * Capability 2: a publishable job description. The model rewrites; what is removed is the
 * domain's decision, not the model's: everything the deterministic engine removes from the same
 * input is cut from the model's text wherever it appears, then the domain's `scrubSensitive` runs
 * over every piece as a safety net. So an instruction hidden in the posting ("keep the client's
 * name", "publish the bill rate") cannot bring back what the domain removes. The model's own
 * extra removals are listed only when they quote the input.
 */

const SHAPE = `{
  "title": string,                    // the job title, without the client's name
  "sections": [{ "heading": string, "body": string }],  // e.g. "About the role", "What you will do", "What you bring", "Nice to have", "Location"
  "removed": [{ "category": one of ${REDACTION_CATEGORIES.map((category) => `"${category}"`).join(', ')}, "text": string, "reason": string }]
}`;

const AnswerSchema = z.object({
  title: z._default(z.string(), ''),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
  removed: z._default(z.array(z.object({ category: z.string(), text: z.string(), reason: z._default(z.string(), '') })), []),
});

/**
 * The JSON schema of {@link AnswerSchema}, the tool's input schema, written out: zod's JSON
 * Schema generator would add ~20 kB to the handler's bundle. A test checks it is exactly what
 * `z.toJSONSchema(AnswerSchema, { io: 'input' })` gives.
 */
const ANSWER_JSON_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    title: { default: '', type: 'string' },
    sections: {
      type: 'array',
      items: { type: 'object', properties: { heading: { type: 'string' }, body: { type: 'string' } }, required: ['heading', 'body'] },
    },
    removed: {
      default: [],
      type: 'array',
      items: {
        type: 'object',
        properties: { category: { type: 'string' }, text: { type: 'string' }, reason: { default: '', type: 'string' } },
        required: ['category', 'text'],
      },
    },
  },
  required: ['sections'],
};

const SECTIONS_MAX = 12;
const HEADING_MAX_CHARS = 80;
const REMOVED_MAX = 50;
const REMOVED_TEXT_MAX_CHARS = 200;

type Removed = ExternalJobDescriptionOutput['removed'][number];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` with every removed text cut out (case and spacing aside). */
function withoutTexts(text: string, removed: readonly Removed[]): string {
  let out = text;
  for (const item of removed) {
    const words = item.text.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
    if (words.length === 0) continue;
    out = out.replace(new RegExp(words.join('\\s+'), 'gi'), '');
  }
  return out;
}

function categoryOf(category: string): RedactionCategory {
  const wanted = category.trim().toLowerCase();
  return (REDACTION_CATEGORIES as readonly string[]).includes(wanted) ? (wanted as RedactionCategory) : 'internal-note';
}

export const jobDescriptionTask: BedrockTask<'job-description'> = {
  capability: 'job-description',
  maxTokens: 3_000,
  toolName: 'record_job_description',
  toolDescription: 'Records the publishable job description: its title, its sections and every removal with its reason.',
  answerSchema: AnswerSchema,
  inputSchema: ANSWER_JSON_SCHEMA,
  system: systemPrompt({
    task: "Turn an internal job description into one a staffing firm can publish: clean sections, the role's substance kept, and everything sensitive removed.",
    rules: [
      "Remove the client's name and brands (those listed and any you find), details that identify the client (exact address, unique product or project names, named managers), bill and pay rates, margins and fees, contact data (names, e-mails, phone numbers, links) and internal notes.",
      'Keep the role: responsibilities, requirements, nice-to-haves, seniority, the city or region and the work arrangement (remote, hybrid, on-site). Describe the client generically (e.g. "a freight company in Chicago").',
      'List every removal under "removed" with its category and a short reason.',
      'Write in the second person ("you will..."), plainly, without exaggeration.',
    ],
    shape: SHAPE,
  }),
  userMessage: (input) =>
    [
      documentBlock('job-title', input.title || '(not given)'),
      listBlock('client-names', input.clientNames),
      documentBlock('company-information', input.companyInfo || '(not given)'),
      documentBlock('internal-job-description', input.description),
    ].join('\n\n'),
  parse(text, input) {
    const answer = parseAnswer(AnswerSchema, text);
    const context = { clientNames: input.clientNames, companyInfo: input.companyInfo };
    const removed: Removed[] = [];
    const note = (item: Removed) => {
      // The domain's identifier kind (a phone number, an address…) travels with its removal.
      const entry: Removed = {
        category: item.category,
        ...(item.identifier ? { identifier: item.identifier } : {}),
        text: cleanText(item.text, REMOVED_TEXT_MAX_CHARS),
        reason: cleanText(item.reason, REMOVED_TEXT_MAX_CHARS),
      };
      if (entry.text === '' || removed.length >= REMOVED_MAX) return;
      if (removed.some((known) => known.category === entry.category && known.text.toLowerCase() === entry.text.toLowerCase())) return;
      removed.push(entry);
    };
    // What the domain removes from this input is removed whatever the model wrote.
    const domainRemoved = externalJobDescription(input).removed;
    for (const item of domainRemoved) note(item);
    const source = [input.title, input.companyInfo, input.description, ...input.clientNames].join('\n');
    for (const item of answer.removed) {
      if (quoteFound(item.text, source))
        note({ category: categoryOf(item.category), text: item.text, reason: item.reason || 'Removed by the model.' });
    }
    /** The domain's removals cut from the model's text, then the safety net: what the domain still finds is removed and listed. */
    const scrub = (value: string, max: number): string => {
      const result = scrubSensitive(cleanText(withoutTexts(value, domainRemoved), max), context);
      for (const item of result.removed) note(item);
      return cleanText(result.text, max);
    };

    const title =
      scrub(answer.title, ASSISTANT_LIMITS.titleMaxChars) || scrub(input.title, ASSISTANT_LIMITS.titleMaxChars) || 'Job description';
    const sections: ExternalJobDescriptionOutput['sections'] = [];
    for (const section of answer.sections) {
      const body = scrub(section.body, ASSISTANT_LIMITS.documentMaxChars);
      if (body === '') continue;
      sections.push({ heading: scrub(section.heading, HEADING_MAX_CHARS) || 'Details', body });
      if (sections.length === SECTIONS_MAX) break;
    }
    const plain = [title, ...sections.map((section) => `${section.heading}\n${section.body}`)].join('\n\n');
    const output: ExternalJobDescriptionOutput = { title, sections, text: plain, removed };
    return checkShape(ExternalJobDescriptionOutputSchema, output, 'job description');
  },
};
