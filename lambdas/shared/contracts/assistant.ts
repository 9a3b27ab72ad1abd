import * as z from '../zod';
import { CAPABILITIES } from '../domain/capabilities';
import { formatCount } from '../domain/format-count';
import { ASSISTANT_LIMITS } from './assistant-limits';

/**
 * The recruiting assistant's REST contract (issue 6): jobs with their client must-haves, and the
 * seven capabilities a subscriber uses on /services. Handlers validate requests and answers with
 * these schemas; the web client imports the types only (no zod in the pages' bundles).
 *
 * Every capability answer is an {@link AssistantResult}: it is stored in the user's history and
 * says which engine produced it (the deterministic engine offline, Bedrock in AWS).
 */

/** Size limits of every input (assistant-limits.ts, which the web imports without the schemas). */
export { ASSISTANT_LIMITS };

export { CAPABILITIES };
export type AssistantCapability = (typeof CAPABILITIES)[number];

/** Our ids (jobs, results, questions): `crypto.randomUUID()` or short slugs. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const Instant = z.iso.datetime({ offset: true });

function text(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .check(
      z.trim(),
      z.minLength(1, `Please give the ${label.toLowerCase()}.`),
      z.maxLength(max, `${label} has at most ${formatCount(max)} characters.`),
    );
}

function optionalText(label: string, max: number) {
  return z.optional(
    z.string({ error: `${label} must be text.` }).check(z.trim(), z.maxLength(max, `${label} has at most ${formatCount(max)} characters.`)),
  );
}

function items(label: string, maxItems: number) {
  return z
    .array(text(label, ASSISTANT_LIMITS.itemMaxChars), { error: `${label} must be a list.` })
    .check(z.maxLength(maxItems, `Give at most ${maxItems} ${label.toLowerCase()} items.`));
}

const IdSchema = z.string({ error: 'The id must be text.' }).check(z.regex(ID_PATTERN, 'The id is not valid.'));

/** Which engine produced a result. */
export const EngineInfoSchema = z.object({
  /**
   * `deterministic`: the offline engine; `bedrock`: Amazon Bedrock's Converse API; `local-model`:
   * a model behind an OpenAI-compatible endpoint (the local runtime's `--model-url`).
   */
  kind: z.enum(['deterministic', 'bedrock', 'local-model']),
  /** The Bedrock model id or the local model's name; `null` for the deterministic engine. */
  model: z.nullable(z.string()),
  /** Why this engine answered when another was configured (e.g. Bedrock was unavailable). */
  note: z.nullable(z.string()),
});
export type EngineInfo = z.infer<typeof EngineInfoSchema>;

// ── Jobs and must-haves (capability 3) ─────────────────────────────────────────────────────────

/** The kind of a requirement, which the other capabilities use to phrase and match it. */
export const REQUIREMENT_KINDS = ['skill', 'experience', 'certification', 'education', 'location', 'language', 'other'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

export const RequirementSchema = z.object({
  text: z.string(),
  kind: z.enum(REQUIREMENT_KINDS),
});
export type Requirement = z.infer<typeof RequirementSchema>;

/** A job the recruiter works on: the description, the client's company and its must-haves. */
export const JobSchema = z.object({
  id: z.string(),
  title: z.string(),
  companyInfo: z.string(),
  description: z.string(),
  location: z.string(),
  /** Confirmed by the recruiter (entered, or proposed and kept). */
  mustHaves: z.array(RequirementSchema),
  niceToHaves: z.array(RequirementSchema),
  /** Put away by the recruiter: hidden from the job pickers until restored (absent = not archived). */
  archived: z.optional(z.boolean()),
  /**
   * Who saved it first (issue 18: a firm's jobs are worked by several recruiters). Absent on jobs
   * saved before firms existed: those were saved by the firm's founder, whose id is the firm's.
   */
  createdBy: z.optional(z.object({ userId: z.string(), name: z.string() })),
  createdAt: Instant,
  updatedAt: Instant,
});
export type Job = z.infer<typeof JobSchema>;

/**
 * Who may rename, archive or delete a firm's saved job, in the words a member reads: the hub says it
 * beside jobs the caller may not change, and the server's refusal (403 `job_change_forbidden`) says it.
 */
export const JOB_CHANGE_RULE = 'Only whoever saved a job, an admin or the owner of your team may change or delete it.';

/**
 * A saved job as one member sees it: with `mayChange`, whether they may rename, archive or delete it
 * (organization-rules.ts `mayChangeJob`), so the hub offers only what the server allows.
 */
export const JobViewSchema = z.extend(JobSchema, { mayChange: z.boolean() });
export type JobView = z.infer<typeof JobViewSchema>;

/**
 * `POST /assistant/jobs`: create a job (no `id`) or replace the job with that `id`. Requirement
 * kinds are inferred by the server from their text.
 */
export const SaveJobRequestSchema = z.strictObject({
  id: z.optional(IdSchema),
  title: text('Job title', ASSISTANT_LIMITS.titleMaxChars),
  companyInfo: optionalText('Company information', ASSISTANT_LIMITS.companyInfoMaxChars),
  description: text('Job description', ASSISTANT_LIMITS.documentMaxChars),
  location: optionalText('Location', ASSISTANT_LIMITS.locationMaxChars),
  mustHaves: items('Must-haves', ASSISTANT_LIMITS.requirementsMax),
  niceToHaves: items('Nice-to-haves', ASSISTANT_LIMITS.requirementsMax),
});
export type SaveJobRequest = z.infer<typeof SaveJobRequestSchema>;

export const SaveJobResponseSchema = z.object({ job: JobViewSchema });
export type SaveJobResponse = z.infer<typeof SaveJobResponseSchema>;

/**
 * `PATCH /assistant/jobs/{id}`: rename the caller's job, archive it or restore it (at least one of
 * the two). Its description and requirements are changed by saving it (`POST /assistant/jobs`).
 */
export const UpdateJobRequestSchema = z
  .strictObject({
    title: z.optional(text('Job title', ASSISTANT_LIMITS.titleMaxChars)),
    archived: z.optional(z.boolean({ error: 'Archived must be true or false.' })),
  })
  .check(
    z.refine((request) => request.title !== undefined || request.archived !== undefined, {
      message: 'Give a new title or whether the job is archived.',
      path: ['body'],
    }),
  );
export type UpdateJobRequest = z.infer<typeof UpdateJobRequestSchema>;

/** `DELETE /assistant/jobs/{id}`: the id of the job deleted. */
export const DeleteJobResponseSchema = z.object({ deleted: z.string() });
export type DeleteJobResponse = z.infer<typeof DeleteJobResponseSchema>;

/** The path parameters of `/assistant/jobs/{id}`. */
export const JobPathSchema = z.object({ id: IdSchema });

/** `GET /assistant/jobs`: the caller's jobs, most recently updated first (archived ones too). */
export const ListJobsResponseSchema = z.object({ jobs: z.array(JobViewSchema) });
export type ListJobsResponse = z.infer<typeof ListJobsResponseSchema>;

/** `POST /assistant/must-haves`: propose must-haves and nice-to-haves from a description. */
export const ProposeMustHavesRequestSchema = z.strictObject({
  title: optionalText('Job title', ASSISTANT_LIMITS.titleMaxChars),
  description: text('Job description', ASSISTANT_LIMITS.documentMaxChars),
  companyInfo: optionalText('Company information', ASSISTANT_LIMITS.companyInfoMaxChars),
});
export type ProposeMustHavesRequest = z.infer<typeof ProposeMustHavesRequestSchema>;

export const MustHavesOutputSchema = z.object({
  mustHaves: z.array(z.object({ ...RequirementSchema.shape, evidence: z.string() })),
  niceToHaves: z.array(z.object({ ...RequirementSchema.shape, evidence: z.string() })),
  /** The job title as found in the description, when one was. */
  title: z.nullable(z.string()),
  location: z.nullable(z.string()),
});
export type MustHavesOutput = z.infer<typeof MustHavesOutputSchema>;

// ── Capability 1: sourcing search terms ────────────────────────────────────────────────────────

export const SEARCH_TARGETS = ['linkedin-recruiter', 'linkedin-recruiter-title', 'job-board', 'google-xray'] as const;
export type SearchTarget = (typeof SEARCH_TARGETS)[number];

/**
 * `POST /assistant/sourcing-terms`: from a saved job (`jobId`) or a description given here.
 * With a job, its title, company, location and must-haves are used; fields given here win.
 */
export const SourcingTermsRequestSchema = z.strictObject({
  jobId: z.optional(IdSchema),
  title: optionalText('Job title', ASSISTANT_LIMITS.titleMaxChars),
  description: optionalText('Job description', ASSISTANT_LIMITS.documentMaxChars),
  companyInfo: optionalText('Company information', ASSISTANT_LIMITS.companyInfoMaxChars),
  location: optionalText('Location', ASSISTANT_LIMITS.locationMaxChars),
  exclusions: z.optional(items('Exclusions', ASSISTANT_LIMITS.requirementsMax)),
});
export type SourcingTermsRequest = z.infer<typeof SourcingTermsRequestSchema>;

export const TermGroupSchema = z.object({
  /** What the group stands for, e.g. "Kubernetes". */
  concept: z.string(),
  /** The concept and its synonyms, OR-ed together in the strings. */
  terms: z.array(z.string()),
  /** The posting sentence the concept was found in, when it came from the posting (absent in older results). */
  evidence: z.optional(z.string()),
});
export type TermGroup = z.infer<typeof TermGroupSchema>;

export const SearchStringSchema = z.object({
  target: z.enum(SEARCH_TARGETS),
  /** e.g. "LinkedIn Recruiter keywords". */
  label: z.string(),
  query: z.string(),
  length: z.number(),
  /** The target's limit on `query` (characters for most, words for Google). */
  limit: z.object({ unit: z.enum(['characters', 'words']), max: z.number() }),
  /** How to use it, e.g. "Paste into the Keywords field". */
  usage: z.string(),
});
export type SearchString = z.infer<typeof SearchStringSchema>;

export const SourcingTermsOutputSchema = z.object({
  titles: z.array(z.string()),
  /** Must-haves: every group is AND-ed with the others. */
  mustHaveGroups: z.array(TermGroupSchema),
  /** Nice-to-haves and synonyms: OR-ed. */
  niceToHaveGroups: z.array(TermGroupSchema),
  exclusions: z.array(z.string()),
  location: z.nullable(z.string()),
  searches: z.array(SearchStringSchema),
  /** What was left out to respect a target's limit, for the recruiter to know. */
  notes: z.array(z.string()),
});
export type SourcingTermsOutput = z.infer<typeof SourcingTermsOutputSchema>;

// ── Capability 2: external job description ─────────────────────────────────────────────────────

export const REDACTION_CATEGORIES = ['client-name', 'identifying-detail', 'rate-or-margin', 'contact', 'internal-note'] as const;
export type RedactionCategory = (typeof REDACTION_CATEGORIES)[number];
/** The kind of personal identifier a removal was, when it was one: the evidence shown beside it. */
export const IDENTIFIER_KINDS = [
  'email',
  'phone',
  'ssn',
  'payment-card',
  'iban',
  'ip-address',
  'street-address',
  'link-or-handle',
  'person-name',
] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/** `POST /assistant/job-description`: a publishable version of an internal description. */
export const ExternalJobDescriptionRequestSchema = z.strictObject({
  jobId: z.optional(IdSchema),
  description: optionalText('Job description', ASSISTANT_LIMITS.documentMaxChars),
  companyInfo: optionalText('Company information', ASSISTANT_LIMITS.companyInfoMaxChars),
  /** Names of the client (and its brands) to remove, besides those found in the text. */
  clientNames: z.optional(items('Client names', ASSISTANT_LIMITS.clientNamesMax)),
});
export type ExternalJobDescriptionRequest = z.infer<typeof ExternalJobDescriptionRequestSchema>;

export const ExternalJobDescriptionOutputSchema = z.object({
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
  /** The whole description as plain text (what "Copy" copies). */
  text: z.string(),
  removed: z.array(
    z.object({
      category: z.enum(REDACTION_CATEGORIES),
      text: z.string(),
      reason: z.string(),
      /** Added later, so optional: which identifier it was (a phone number, a payment card…). */
      identifier: z.optional(z.enum(IDENTIFIER_KINDS)),
    }),
  ),
});
export type ExternalJobDescriptionOutput = z.infer<typeof ExternalJobDescriptionOutputSchema>;

// ── Capability 4: screening questions ──────────────────────────────────────────────────────────

/** `POST /assistant/screening-questions`: questions from a saved job's must-haves. */
export const ScreeningQuestionsRequestSchema = z.strictObject({
  jobId: IdSchema,
});
export type ScreeningQuestionsRequest = z.infer<typeof ScreeningQuestionsRequestSchema>;

export const ScreeningQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  /** The must-have or nice-to-have it checks. */
  requirement: z.string(),
  /** `knockout`: a must-have a candidate either meets or not; `competency`: depth. */
  kind: z.enum(['knockout', 'competency']),
  /** What a good answer covers: the rubric interview evaluation scores against. */
  goodAnswer: z.array(z.string()),
});
export type ScreeningQuestion = z.infer<typeof ScreeningQuestionSchema>;

export const ScreeningQuestionsOutputSchema = z.object({ questions: z.array(ScreeningQuestionSchema) });
export type ScreeningQuestionsOutput = z.infer<typeof ScreeningQuestionsOutputSchema>;

// ── Capability 5: evaluating interview answers ─────────────────────────────────────────────────

/**
 * `POST /assistant/evaluations`: a candidate's answers to a job's screening questions. Each
 * answer names its question by id from a screening result of that job (`screeningResultId`).
 */
export const EvaluateAnswersRequestSchema = z.strictObject({
  jobId: IdSchema,
  screeningResultId: IdSchema,
  candidateName: text('Candidate name', ASSISTANT_LIMITS.candidateNameMaxChars),
  answers: z
    .array(z.strictObject({ questionId: IdSchema, answer: optionalText('Answer', ASSISTANT_LIMITS.answerMaxChars) }), {
      error: 'Answers must be a list.',
    })
    .check(
      z.minLength(1, 'Please answer at least one question.'),
      z.maxLength(ASSISTANT_LIMITS.questionsMax, `Give at most ${ASSISTANT_LIMITS.questionsMax} answers.`),
    ),
});
export type EvaluateAnswersRequest = z.infer<typeof EvaluateAnswersRequestSchema>;

export const AnswerScoreSchema = z.object({
  questionId: z.string(),
  question: z.string(),
  /** 0 (no answer or nothing relevant) to 5 (covers every rubric point with specifics). */
  score: z.number(),
  /** Rubric points the answer covered, each with the words that show it. */
  covered: z.array(z.object({ point: z.string(), evidence: z.string() })),
  missing: z.array(z.string()),
  /** For knockout questions: whether the answer meets the must-have (null when unclear). */
  meetsRequirement: z.nullable(z.boolean()),
});
export type AnswerScore = z.infer<typeof AnswerScoreSchema>;

export const EvaluationOutputSchema = z.object({
  candidateName: z.string(),
  /** 0-100: the mean score scaled, knockouts failed noted in `summary`. */
  overall: z.number(),
  scores: z.array(AnswerScoreSchema),
  summary: z.string(),
});
export type EvaluationOutput = z.infer<typeof EvaluationOutputSchema>;

// ── Capability 6: best-fit recommendation ──────────────────────────────────────────────────────

export const CandidateInputSchema = z.strictObject({
  name: text('Candidate name', ASSISTANT_LIMITS.candidateNameMaxChars),
  profile: text('Resume or profile', ASSISTANT_LIMITS.documentMaxChars),
});
export type CandidateInput = z.infer<typeof CandidateInputSchema>;

/**
 * `POST /assistant/best-fit`: rank candidates for a saved job on its must-haves and on the
 * stored evaluations of candidates with the same name.
 */
export const BestFitRequestSchema = z.strictObject({
  jobId: IdSchema,
  candidates: z
    .array(CandidateInputSchema, { error: 'Candidates must be a list.' })
    .check(
      z.minLength(1, 'Please add at least one candidate.'),
      z.maxLength(ASSISTANT_LIMITS.candidatesMax, `Give at most ${ASSISTANT_LIMITS.candidatesMax} candidates.`),
    ),
});
export type BestFitRequest = z.infer<typeof BestFitRequestSchema>;

/**
 * A must-have verdict with the resume sentence it rests on, so the recruiter sees why and can
 * correct it. Added after the first release: answers stored before it have none.
 */
export const RequirementVerdictSchema = z.object({
  requirement: z.string(),
  met: z.boolean(),
  /** The resume sentence that shows it (or, when not met, only claims it); null when the resume never mentions it. */
  evidence: z.nullable(z.string()),
});
export type RequirementVerdict = z.infer<typeof RequirementVerdictSchema>;

export const RankedCandidateSchema = z.object({
  rank: z.number(),
  name: z.string(),
  /** 0-100. */
  score: z.number(),
  mustHavesMet: z.array(z.string()),
  mustHavesMissing: z.array(z.string()),
  niceToHavesMet: z.array(z.string()),
  /** The candidate's latest stored evaluation for this job, when there is one. */
  evaluationOverall: z.nullable(z.number()),
  reasons: z.array(z.string()),
  /** Each must-have's verdict with its evidence sentence (absent in answers stored before it existed). */
  mustHaveEvidence: z.optional(z.array(RequirementVerdictSchema)),
});
export type RankedCandidate = z.infer<typeof RankedCandidateSchema>;

export const BestFitOutputSchema = z.object({
  ranking: z.array(RankedCandidateSchema),
  /** One sentence naming the recommendation and why. */
  recommendation: z.string(),
});
export type BestFitOutput = z.infer<typeof BestFitOutputSchema>;

// ── Capability 7: candidate summaries ──────────────────────────────────────────────────────────

/** `POST /assistant/candidate-summary`: a client-ready summary, against a job when given. */
export const CandidateSummaryRequestSchema = z.strictObject({
  jobId: z.optional(IdSchema),
  candidateName: optionalText('Candidate name', ASSISTANT_LIMITS.candidateNameMaxChars),
  profile: text('Resume or profile', ASSISTANT_LIMITS.documentMaxChars),
});
export type CandidateSummaryRequest = z.infer<typeof CandidateSummaryRequestSchema>;

export const CandidateSummaryOutputSchema = z.object({
  candidateName: z.string(),
  headline: z.string(),
  /** A short paragraph for the client; no contact data. */
  summary: z.string(),
  highlights: z.array(z.string()),
  skills: z.array(z.string()),
  yearsOfExperience: z.nullable(z.number()),
  /** Against the job's must-haves, when a job was given. */
  fit: z.nullable(
    z.object({
      met: z.array(z.string()),
      missing: z.array(z.string()),
      /** Each must-have's verdict with its evidence sentence (absent in answers stored before it existed). */
      evidence: z.optional(z.array(RequirementVerdictSchema)),
    }),
  ),
  /** The plain-text summary (what "Copy" copies). */
  text: z.string(),
});
export type CandidateSummaryOutput = z.infer<typeof CandidateSummaryOutputSchema>;

// ── Results and history ────────────────────────────────────────────────────────────────────────

/** What each capability's result holds. */
export interface AssistantOutputs {
  'must-haves': MustHavesOutput;
  'sourcing-terms': SourcingTermsOutput;
  'job-description': ExternalJobDescriptionOutput;
  'screening-questions': ScreeningQuestionsOutput;
  'interview-evaluation': EvaluationOutput;
  'best-fit': BestFitOutput;
  'candidate-summary': CandidateSummaryOutput;
}

/** One stored answer of a capability: the user's history holds these. */
export interface AssistantResult<C extends AssistantCapability = AssistantCapability> {
  readonly id: string;
  readonly capability: C;
  /** The job it was about, when any. */
  readonly jobId: string | null;
  /** A short label for the history list, e.g. the job title or candidate name. */
  readonly label: string;
  readonly engine: EngineInfo;
  readonly createdAt: string;
  readonly output: AssistantOutputs[C];
  /** When the caller shared this result of theirs with their firm (absent: private). */
  readonly sharedAt?: string;
  /**
   * On the firm's view only: whose work it is, and whether they have since been removed from the
   * team (their work stays with the firm).
   */
  readonly author?: ResultAuthor;
}

/** A teammate whose result the firm's view shows. */
export interface ResultAuthor {
  readonly userId: string;
  readonly name: string;
  /** Shared by them (`true`), or the work of a removed member that owners and admins see (`false`). */
  readonly shared: boolean;
  readonly removed: boolean;
}

const OUTPUT_SCHEMAS = {
  'must-haves': MustHavesOutputSchema,
  'sourcing-terms': SourcingTermsOutputSchema,
  'job-description': ExternalJobDescriptionOutputSchema,
  'screening-questions': ScreeningQuestionsOutputSchema,
  'interview-evaluation': EvaluationOutputSchema,
  'best-fit': BestFitOutputSchema,
  'candidate-summary': CandidateSummaryOutputSchema,
} as const;

/** The schema of a result of capability `capability` (answers are checked before they leave). */
export function assistantResultSchema<C extends AssistantCapability>(capability: C) {
  return z.object({
    id: z.string(),
    capability: z.literal(capability),
    jobId: z.nullable(z.string()),
    label: z.string(),
    engine: EngineInfoSchema,
    createdAt: Instant,
    output: OUTPUT_SCHEMAS[capability],
  });
}

/** Every capability answers `{ result }`. */
export interface AssistantResultResponse<C extends AssistantCapability = AssistantCapability> {
  readonly result: AssistantResult<C>;
}

/** Whose results a history page lists: `GET /assistant/results?scope=`. */
export const RESULT_SCOPES = ['mine', 'firm'] as const;
export type ResultScope = (typeof RESULT_SCOPES)[number];

/** How long a search of the results may be. */
export const RESULTS_SEARCH_MAX_CHARS = 200;

/**
 * `GET /assistant/results?capability=…&jobId=…&q=…&before=…&limit=…`: the caller's results,
 * newest first: of one capability and/or job, whose label or text holds every word of `q` (case
 * and accents do not matter), older than the result `before` (the previous page's `nextCursor`),
 * at most `limit` (1 to {@link ASSISTANT_LIMITS.historyMax}, that by default).
 */
export const HistoryQuerySchema = z.strictObject({
  /**
   * Whose results: the caller's own (`mine`, the default) or the firm's (`firm`: results teammates
   * shared and, for owners and admins, the work of removed members).
   */
  scope: z.optional(z.enum(RESULT_SCOPES, { error: `scope must be one of ${RESULT_SCOPES.join(', ')}.` })),
  capability: z.optional(z.enum(CAPABILITIES, { error: `capability must be one of ${CAPABILITIES.join(', ')}.` })),
  jobId: z.optional(IdSchema),
  q: z.optional(
    z
      .string({ error: 'The search must be text.' })
      .check(z.trim(), z.maxLength(RESULTS_SEARCH_MAX_CHARS, `The search has at most ${RESULTS_SEARCH_MAX_CHARS} characters.`)),
  ),
  before: z.optional(z.string({ error: 'The cursor must be text.' }).check(z.regex(ID_PATTERN, 'The cursor is not valid.'))),
  limit: z.optional(
    z.string({ error: 'limit must be a number.' }).check(
      z.regex(/^[1-9]\d{0,2}$/, `limit must be a whole number from 1 to ${ASSISTANT_LIMITS.historyMax}.`),
      z.refine(
        (value) => Number(value) <= ASSISTANT_LIMITS.historyMax,
        `limit must be a whole number from 1 to ${ASSISTANT_LIMITS.historyMax}.`,
      ),
    ),
  ),
});
/** The query as the web client sends it (numbers as numbers). */
export type HistoryQuery = Omit<z.infer<typeof HistoryQuerySchema>, 'limit'> & { readonly limit?: number };

export interface HistoryResponse {
  readonly results: readonly AssistantResult[];
  /**
   * Where the next page starts (`before=`), or `null` when there is none. A page may hold fewer
   * than `limit` results and still have a next one: a search reads a bounded number of results per
   * request.
   */
  readonly nextCursor: string | null;
}

/** `POST /assistant/results/delete`: removes one of the caller's results (404 `result_not_found` for any other id). */
export const DeleteResultRequestSchema = z.strictObject({ resultId: IdSchema });
export type DeleteResultRequest = z.infer<typeof DeleteResultRequestSchema>;

export interface DeleteResultResponse {
  readonly deleted: { readonly resultId: string };
}

/**
 * `POST /assistant/results/share` `{ resultId, shared }`: shares one of the caller's results with
 * their firm (`true`) or stops sharing it (`false`); 404 `result_not_found` for any other id.
 */
export const ShareResultRequestSchema = z.strictObject({
  resultId: IdSchema,
  shared: z.boolean({ error: 'shared must be true or false.' }),
});
export type ShareResultRequest = z.infer<typeof ShareResultRequestSchema>;

export interface ShareResultResponse {
  readonly result: AssistantResult;
}
