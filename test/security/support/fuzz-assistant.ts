import fc from 'fast-check';
import { CAPABILITIES } from '../../../lambdas/shared/contracts/assistant';
import { SENIOR_BACKEND_ENGINEER } from '../../../lambdas/assistant/samples/sample-jobs';
import { sampleCandidatesFor } from '../../../lambdas/assistant/samples/sample-candidates';
import { restAnswerProblem, send } from './answer-checks';
import { assistantCaller, percentEncode, restHeaders, type RestCaller } from './callers';
import type { CallVerdict, FuzzEntryPoint } from './fuzz-runner';
import { hostileBody, hostileField, hostileRecord, hostileString, wrongTypeValue } from './hostile-values';
import type { SecurityRuntime } from './security-runtime';
import type { ItemChange } from './table-snapshot';

/**
 * The assistant's REST routes as fuzz entry points, called mostly as the seeded demo recruiter (a
 * subscriber, so the handlers' validation and work are reached). Placeholders in the input stand
 * for the subscriber's own data, known only once the runtime runs: `own-job` (a saved sample job)
 * and `own-screening` (screening questions for it).
 */

type Body = { readonly text: string; readonly contentType: string | undefined };

const OWN_JOB = 'own-job';
const OWN_SCREENING = 'own-screening';

/** The placeholders replaced by the subscriber's real ids. */
function withOwnIds(rt: SecurityRuntime, text: string): string {
  return text.replaceAll(OWN_JOB, rt.assistant.jobId).replaceAll(OWN_SCREENING, rt.assistant.screeningResultId);
}

async function assistantCall(
  rt: SecurityRuntime,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  caller: RestCaller,
  body?: Body,
): Promise<CallVerdict> {
  const headers: Record<string, string> = { ...restHeaders(rt, caller) };
  if (body?.contentType) headers['content-type'] = body.contentType;
  const answer = await send(`${rt.restUrl}${withOwnIds(rt, path)}`, {
    method,
    headers,
    body: method !== 'GET' && body ? withOwnIds(rt, body.text) : undefined,
  });
  return { answer, problem: restAnswerProblem(answer), accepted: answer.status >= 200 && answer.status < 300 };
}

const SAMPLE = SENIOR_BACKEND_ENGINEER;
const [BEST, NEAR_MISS] = sampleCandidatesFor(SAMPLE.id);
const jobId = hostileField(fc.constantFrom(OWN_JOB, 'no-such-job', 'senior-accountant'));
const text = (...plausible: string[]) => hostileField(fc.constantFrom(...plausible));
/** A list of hostile strings, or something that is not a list. */
const textList = (...plausible: string[]) =>
  fc.oneof(
    { arbitrary: fc.array(hostileString(fc.constantFrom(...plausible)), { maxLength: 30 }), weight: 4 },
    { arbitrary: wrongTypeValue, weight: 1 },
  );

/**
 * The changes but the activity entries the subscriber's own accepted call appends to their own
 * firm's log (issue 18: jobs saved and deleted, results generated); any other activity change stays
 * and is a problem.
 */
export function withoutOwnActivity(rt: SecurityRuntime, changes: readonly ItemChange[]): readonly ItemChange[] {
  return changes.filter(
    (change) =>
      !(
        change.table === 'activity' &&
        change.kind === 'added' &&
        change.after?.actorId === rt.subscriber.sub &&
        change.after?.organizationId === rt.subscriber.sub
      ),
  );
}

/** What an accepted call may store: the caller's new result (and, for some routes, one more item). */
function storedProblem(rt: SecurityRuntime, changes: readonly ItemChange[], allowed: (change: ItemChange) => boolean): string | undefined {
  const unexpected = changes.filter(
    (change) => !(change.table === 'assistant' && change.after?.userId === rt.subscriber.sub && allowed(change)),
  );
  if (unexpected.length > 0) return `An accepted call stored what it should not: ${JSON.stringify(unexpected).slice(0, 500)}`;
  return undefined;
}

/** One capability route: accepted calls store exactly their result. */
function capabilityEntry(
  path: string,
  fields: Readonly<Record<string, fc.Arbitrary<unknown>>>,
  plausible: fc.Arbitrary<unknown>,
  extraItem?: string,
): FuzzEntryPoint<{ caller: RestCaller; body: Body }> {
  return {
    name: `POST ${path}`,
    writes: ['assistant', 'activity'],
    input: fc.record({
      caller: assistantCaller,
      body: fc.oneof(
        { arbitrary: hostileBody(hostileRecord(fields)), weight: 3 },
        { arbitrary: plausible.map((value) => ({ text: JSON.stringify(value), contentType: 'application/json' })), weight: 1 },
      ),
    }),
    call: (rt, input) => assistantCall(rt, 'POST', path, input.caller, input.body),
    checkStored: (rt, _input, verdict, allChanges) => {
      const changes = withoutOwnActivity(rt, allChanges);
      const resultId = (verdict.answer.json as { result?: { id?: string } }).result?.id;
      const results = changes.filter((change) => change.kind === 'added' && change.after?.itemId === `result#${resultId}`);
      if (results.length !== 1) return `An accepted call did not store its result ${resultId}: ${JSON.stringify(changes).slice(0, 500)}`;
      return storedProblem(
        rt,
        changes,
        (change) => change === results[0] || (extraItem !== undefined && String(change.after?.itemId).startsWith(extraItem)),
      );
    },
  };
}

export const listJobs: FuzzEntryPoint<{ caller: RestCaller }> = {
  name: 'GET /assistant/jobs',
  writes: [],
  input: fc.record({ caller: assistantCaller }),
  call: (rt, input) => assistantCall(rt, 'GET', '/assistant/jobs', input.caller),
};

const plausibleJob = fc.record(
  {
    id: fc.constantFrom(OWN_JOB, 'no-such-job'),
    title: fc.constantFrom(SAMPLE.title, ' Lead Engineer '),
    description: fc.constantFrom(SAMPLE.description),
    companyInfo: fc.constantFrom(SAMPLE.companyInfo, ''),
    location: fc.constantFrom(SAMPLE.location),
    mustHaves: fc.subarray([...SAMPLE.expectedMustHaves]),
    niceToHaves: fc.constant(['Kafka']),
  },
  { requiredKeys: ['title', 'description', 'mustHaves', 'niceToHaves'] },
);

export const saveJob: FuzzEntryPoint<{ caller: RestCaller; body: Body }> = {
  name: 'POST /assistant/jobs',
  writes: ['assistant', 'activity'],
  input: fc.record({
    caller: assistantCaller,
    body: fc.oneof(
      {
        arbitrary: hostileBody(
          hostileRecord({
            id: jobId,
            title: text(SAMPLE.title),
            description: text(SAMPLE.description),
            companyInfo: text(SAMPLE.companyInfo),
            location: text(SAMPLE.location),
            mustHaves: textList('Python', 'Kubernetes'),
            niceToHaves: textList('Kafka'),
          }),
        ),
        weight: 3,
      },
      { arbitrary: plausibleJob.map((job) => ({ text: JSON.stringify(job), contentType: 'application/json' })), weight: 1 },
    ),
  }),
  call: (rt, input) => assistantCall(rt, 'POST', '/assistant/jobs', input.caller, input.body),
  // Exactly the subscriber's job as answered: new, or their own replaced.
  checkStored: (rt, _input, verdict, allChanges) => {
    const changes = withoutOwnActivity(rt, allChanges);
    const job = (verdict.answer.json as { job?: { id?: string; title?: string } }).job;
    const [change, ...more] = changes;
    if (!change || more.length > 0 || change.after?.itemId !== `job#${job?.id}` || change.after?.title !== job?.title)
      return `Expected the answered job stored, got: ${JSON.stringify(changes).slice(0, 500)}`;
    return storedProblem(rt, changes, () => true);
  },
};

export const proposeMustHaves = capabilityEntry(
  '/assistant/must-haves',
  {
    title: text(SAMPLE.title),
    description: text(SAMPLE.description, 'Python developer, 3+ years.'),
    companyInfo: text(SAMPLE.companyInfo),
  },
  fc.record({ title: fc.constantFrom(SAMPLE.title), description: fc.constantFrom(SAMPLE.description) }),
);

export const sourcingTerms = capabilityEntry(
  '/assistant/sourcing-terms',
  {
    jobId,
    title: text(SAMPLE.title),
    description: text(SAMPLE.description),
    companyInfo: text(SAMPLE.companyInfo),
    location: text(SAMPLE.location),
    exclusions: textList('recruiter', 'intern'),
  },
  fc.record({ jobId: fc.constant(OWN_JOB), exclusions: fc.constant(['intern']) }),
);

export const jobDescription = capabilityEntry(
  '/assistant/job-description',
  { jobId, description: text(SAMPLE.description), companyInfo: text(SAMPLE.companyInfo), clientNames: textList(...SAMPLE.clientNames) },
  fc.record({ jobId: fc.constant(OWN_JOB), clientNames: fc.constant([...SAMPLE.clientNames]) }),
);

export const screeningQuestions = capabilityEntry('/assistant/screening-questions', { jobId }, fc.constant({ jobId: OWN_JOB }));

const answers = fc.oneof(
  {
    arbitrary: fc.array(hostileRecord({ questionId: text('q1', 'q2', 'q99'), answer: text('Eight years of Node.js on AWS.', '') }), {
      maxLength: 22,
    }),
    weight: 4,
  },
  { arbitrary: wrongTypeValue, weight: 1 },
);

export const evaluateAnswers = capabilityEntry(
  '/assistant/evaluations',
  { jobId, screeningResultId: text(OWN_SCREENING, 'no-such-result'), candidateName: text(BEST.name, ' priya RAMAN '), answers },
  fc.record({
    jobId: fc.constant(OWN_JOB),
    screeningResultId: fc.constant(OWN_SCREENING),
    candidateName: fc.constantFrom(BEST.name),
    answers: fc.constant([{ questionId: 'q1', answer: 'Eight years of Node.js on AWS.' }]),
  }),
  'evaluation#',
);

const candidates = fc.oneof(
  {
    arbitrary: fc.array(hostileRecord({ name: text(BEST.name, NEAR_MISS.name), profile: text(BEST.profile, 'Engineer.') }), {
      maxLength: 22,
    }),
    weight: 4,
  },
  { arbitrary: wrongTypeValue, weight: 1 },
);

export const bestFit = capabilityEntry(
  '/assistant/best-fit',
  { jobId, candidates },
  fc.record({ jobId: fc.constant(OWN_JOB), candidates: fc.constant([BEST, NEAR_MISS].map(({ name, profile }) => ({ name, profile }))) }),
);

export const candidateSummary = capabilityEntry(
  '/assistant/candidate-summary',
  { jobId, candidateName: text(BEST.name), profile: text(BEST.profile, 'Nurse, 3 years ICU.') },
  fc.record({ profile: fc.constantFrom(BEST.profile) }, { requiredKeys: ['profile'] }),
);

export const listResults: FuzzEntryPoint<{ caller: RestCaller; query: [string, string][] }> = {
  name: 'GET /assistant/results',
  writes: [],
  input: fc.record({
    caller: assistantCaller,
    query: fc.array(
      fc
        .tuple(
          hostileString(fc.constantFrom('capability', 'jobId', 'q', 'before', 'limit')),
          hostileString(fc.constantFrom(...CAPABILITIES, OWN_JOB, 'Priya', '10', '0mhx2k9b4-3f9a0c1d2e4b')),
        )
        .filter(([name, value]) => name.length + value.length < 2000),
      { maxLength: 3 },
    ),
  }),
  call: (rt, input) => {
    const query = input.query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
    return assistantCall(rt, 'GET', `/assistant/results${query ? `?${query}` : ''}`, input.caller);
  },
};

/**
 * Deleting a result. The plausible ids are never the subscriber's screening result (the other
 * entry points need it): an accepted call may only have removed one of the caller's own results.
 */
export const deleteResult: FuzzEntryPoint<{ caller: RestCaller; body: Body }> = {
  name: 'POST /assistant/results/delete',
  writes: ['assistant'],
  input: fc.record({
    caller: assistantCaller,
    body: hostileBody(hostileRecord({ resultId: hostileField(fc.constantFrom('no-such-result', '0mhx2k9b4-3f9a0c1d2e4b')) })),
  }),
  call: (rt, input) => assistantCall(rt, 'POST', '/assistant/results/delete', input.caller, input.body),
  checkStored: (rt, _input, _verdict, changes) => {
    const unexpected = changes.filter(
      (change) =>
        !(
          change.table === 'assistant' &&
          change.kind === 'removed' &&
          change.before?.userId === rt.subscriber.sub &&
          String(change.before?.itemId).startsWith('result#')
        ),
    );
    if (unexpected.length > 0) return `An accepted delete changed what it should not: ${JSON.stringify(unexpected).slice(0, 500)}`;
    return undefined;
  },
};

/** A job id in a path: the subscriber's own, an unknown one, or hostile text (percent-encoded). */
const pathJobId = hostileString(fc.constantFrom(OWN_JOB, 'no-such-job')).filter((id) => id.length > 0 && id.length < 2000);

export const updateJob: FuzzEntryPoint<{ caller: RestCaller; id: string; body: Body }> = {
  name: 'PATCH /assistant/jobs/{id}',
  writes: ['assistant', 'activity'],
  input: fc.record({
    caller: assistantCaller,
    id: pathJobId,
    body: hostileBody(hostileRecord({ title: text(SAMPLE.title, ' Lead Engineer '), archived: fc.oneof(fc.boolean(), wrongTypeValue) })),
  }),
  call: (rt, input) => assistantCall(rt, 'PATCH', `/assistant/jobs/${percentEncode(input.id)}`, input.caller, input.body),
  // Exactly the subscriber's own job, changed.
  checkStored: (rt, _input, verdict, allChanges) => {
    const changes = withoutOwnActivity(rt, allChanges);
    const job = (verdict.answer.json as { job?: { id?: string } }).job;
    const [change, ...more] = changes;
    if (!change || more.length > 0 || change.kind !== 'changed' || change.after?.itemId !== `job#${job?.id}`)
      return `An accepted change stored something else: ${JSON.stringify(changes).slice(0, 500)}`;
    return storedProblem(rt, changes, () => true);
  },
};

export const deleteJob: FuzzEntryPoint<{ caller: RestCaller; id: string }> = {
  name: 'DELETE /assistant/jobs/{id}',
  writes: ['assistant', 'activity'],
  input: fc.record({ caller: assistantCaller, id: pathJobId }),
  call: (rt, input) => assistantCall(rt, 'DELETE', `/assistant/jobs/${percentEncode(input.id)}`, input.caller),
  // Exactly the subscriber's own job, removed.
  checkStored: (rt, _input, verdict, allChanges) => {
    const changes = withoutOwnActivity(rt, allChanges);
    const deleted = (verdict.answer.json as { deleted?: string }).deleted;
    const [change, ...more] = changes;
    if (!change || more.length > 0 || change.kind !== 'removed' || change.before?.itemId !== `job#${deleted}`)
      return `An accepted delete removed something else: ${JSON.stringify(changes).slice(0, 500)}`;
    if (change.before?.userId !== rt.subscriber.sub) return `An accepted delete removed another user's job: ${change.key}`;
    return undefined;
  },
};

/** The assistant's routes, in the order of `REST_ROUTES`. */
export const ASSISTANT_ENTRY_POINTS = [
  listJobs,
  saveJob,
  updateJob,
  deleteJob,
  proposeMustHaves,
  sourcingTerms,
  jobDescription,
  screeningQuestions,
  evaluateAnswers,
  bestFit,
  candidateSummary,
  listResults,
  deleteResult,
] as const;
