import * as z from '../../../shared/zod';
import { ASSISTANT_LIMITS, SourcingTermsOutputSchema, type SourcingTermsOutput, type TermGroup } from '../../../shared/contracts/assistant';
import { buildSearches, cleanTerm } from '../../domain/boolean-query';
import {
  checkShape,
  cleanText,
  documentBlock,
  jobBlocks,
  listBlock,
  parseAnswer,
  stringList,
  systemPrompt,
  type BedrockTask,
} from './task';

/**
 * Capability 1: sourcing search terms. The model chooses the words (title variants, must-have
 * groups with synonyms, nice-to-haves, exclusions); the strings themselves are always rendered
 * by the domain's `buildSearches`, so each is valid for its target's syntax and length limit
 * whatever the model writes. Only the titles and the first {@link SEARCHED_MUST_HAVE_GROUPS}
 * must-have groups go into the strings: nice-to-haves are listed for the recruiter but never
 * ANDed (a string that requires them hides good candidates), and a string ANDs at most four
 * concepts.
 */

const SHAPE = `{
  "titles": [string],                 // 2-6 job title variants recruiters search for
  "mustHaveGroups": [{ "concept": string, "terms": [string] }],     // one group per must-have: the concept and 1-5 synonyms or spellings
  "niceToHaveGroups": [{ "concept": string, "terms": [string] }],   // the same for nice-to-haves
  "exclusions": [string],             // words whose profiles to leave out (e.g. "intern", "recruiter")
  "location": string or null
}`;

const Group = z.object({ concept: z.string(), terms: stringList });
const AnswerSchema = z.object({
  titles: z.array(z.string()),
  mustHaveGroups: z.array(Group),
  niceToHaveGroups: z._default(z.array(Group), []),
  exclusions: stringList,
  location: z._default(z.nullable(z.string()), null),
});

/**
 * The JSON schema of {@link AnswerSchema}, the tool's input schema, written out: zod's JSON
 * Schema generator would add ~20 kB to the handler's bundle. A test checks it is exactly what
 * `z.toJSONSchema(AnswerSchema, { io: 'input' })` gives.
 */
const ANSWER_JSON_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    titles: { type: 'array', items: { type: 'string' } },
    mustHaveGroups: {
      type: 'array',
      items: {
        type: 'object',
        properties: { concept: { type: 'string' }, terms: { default: [], type: 'array', items: { type: 'string' } } },
        required: ['concept'],
      },
    },
    niceToHaveGroups: {
      default: [],
      type: 'array',
      items: {
        type: 'object',
        properties: { concept: { type: 'string' }, terms: { default: [], type: 'array', items: { type: 'string' } } },
        required: ['concept'],
      },
    },
    exclusions: { default: [], type: 'array', items: { type: 'string' } },
    location: { default: null, type: ['string', 'null'] },
  },
  required: ['titles', 'mustHaveGroups'],
};

const TITLES_MAX = 6;
const GROUPS_MAX = 8;
const TERMS_PER_GROUP_MAX = 6;
const EXCLUSIONS_MAX = 10;
const TERM_MAX_CHARS = 60;
/** The must-have groups ANDed after the titles: four concepts at most in one string. */
export const SEARCHED_MUST_HAVE_GROUPS = 3;
/** Said when the answer has nice-to-haves: where they went. */
export const NICE_TO_HAVES_NOTE = 'Nice-to-haves are listed above but left out of the strings, so they never become required.';

/**
 * Search words without the syntax of any target (the domain's cleanTerm: quotes, brackets,
 * wildcards and leading +/- dropped), and a term the model wrote as `A OR B` becomes two terms.
 * The renderer adds the syntax.
 */
export function searchTerms(values: readonly string[], maxItems: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    for (const part of value.split(/\s+(?:AND|OR|NOT)\s+/)) {
      const term = cleanText(cleanTerm(part), TERM_MAX_CHARS);
      const key = term.toLowerCase();
      if (term === '' || /^(AND|OR|NOT)$/.test(term) || seen.has(key)) continue;
      seen.add(key);
      out.push(term);
      if (out.length === maxItems) return out;
    }
  }
  return out;
}

function groups(items: readonly z.output<typeof Group>[]): TermGroup[] {
  const out: TermGroup[] = [];
  for (const item of items) {
    const [concept] = searchTerms([item.concept], 1);
    if (!concept || out.some((group) => group.concept.toLowerCase() === concept.toLowerCase())) continue;
    // The concept is always one of its own terms, first.
    out.push({ concept, terms: searchTerms([concept, ...item.terms], TERMS_PER_GROUP_MAX) });
    if (out.length === GROUPS_MAX) break;
  }
  return out;
}

export const sourcingTermsTask: BedrockTask<'sourcing-terms'> = {
  capability: 'sourcing-terms',
  maxTokens: 1_500,
  toolName: 'record_search_terms',
  toolDescription:
    'Records the words of the boolean sourcing searches for the job: titles, must-have and nice-to-have groups, exclusions, location.',
  answerSchema: AnswerSchema,
  inputSchema: ANSWER_JSON_SCHEMA,
  system: systemPrompt({
    task: 'Choose the words of boolean sourcing searches (LinkedIn Recruiter, job boards, a Google X-ray search) for a job: title variants, one group per must-have with its synonyms, nice-to-haves, exclusions and the location.',
    rules: [
      'Every confirmed must-have gets its own group; when the job lists none, take the must-haves from the description.',
      'Terms are plain words or short phrases as they appear on profiles (e.g. "Kubernetes", "K8s"); no quotes, brackets, AND/OR/NOT or other search syntax.',
      `At most ${TITLES_MAX} titles, ${GROUPS_MAX} groups of each kind, ${TERMS_PER_GROUP_MAX} terms per group, ${EXCLUSIONS_MAX} exclusions. Fewer, precise terms find better candidates than many.`,
      "Keep the recruiter's exclusions; add only exclusions that clearly remove wrong profiles.",
    ],
    shape: SHAPE,
  }),
  userMessage: (input) =>
    [
      ...jobBlocks(input),
      documentBlock('company-information', input.companyInfo || '(not given)'),
      listBlock('exclusions', input.exclusions),
    ].join('\n\n'),
  parse(text, input) {
    const answer = parseAnswer(AnswerSchema, text);
    const terms = {
      titles: searchTerms(
        [input.title, ...answer.titles].filter((title) => title.trim() !== ''),
        TITLES_MAX,
      ),
      mustHaveGroups: groups(answer.mustHaveGroups),
      niceToHaveGroups: groups(answer.niceToHaveGroups),
      // The recruiter's exclusions always stay, first.
      exclusions: searchTerms([...input.exclusions, ...answer.exclusions], EXCLUSIONS_MAX),
      location:
        input.location.trim() !== ''
          ? input.location.trim()
          : answer.location === null || answer.location.trim() === ''
            ? null
            : cleanText(answer.location, ASSISTANT_LIMITS.locationMaxChars),
    };
    const { searches, notes } = buildSearches({
      ...terms,
      mustHaveGroups: terms.mustHaveGroups.slice(0, SEARCHED_MUST_HAVE_GROUPS),
      niceToHaveGroups: [],
    });
    const left = terms.mustHaveGroups.slice(SEARCHED_MUST_HAVE_GROUPS).map((group) => group.concept);
    const output: SourcingTermsOutput = {
      ...terms,
      searches,
      notes: [
        ...notes,
        ...(left.length > 0 ? [`Not in the strings (check when screening): ${left.join('; ')}.`] : []),
        ...(terms.niceToHaveGroups.length > 0 ? [NICE_TO_HAVES_NOTE] : []),
      ],
    };
    return checkShape(SourcingTermsOutputSchema, output, 'sourcing terms');
  },
};
