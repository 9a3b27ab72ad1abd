import { EVALUATION_MESSAGES } from '../../../lambdas/assistant/evaluate-answers';
import { ASSISTANT_LIMITS, assistantResultSchema, type AssistantResult, type Job } from '../../../lambdas/shared/contracts/assistant';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { BACKEND_CANDIDATES, BACKEND_JOB, PLANTED_BEST_BACKEND_CANDIDATE, strongAnswers, weakAnswers } from './support/assistant-fixtures';
import { assistantHandlers } from './support/assistant-handlers';
import { call, startAssistantServices, type AssistantServices } from './support/assistant-services';

/**
 * Screening questions from a saved job's must-haves, a candidate's answers scored against them,
 * and the candidates ranked on the must-haves and their latest evaluations.
 */

let assistant: AssistantServices;
let handlers: ReturnType<typeof assistantHandlers>;
let logs: CapturedLogs;
let job: Job;
let othersJob: Job;
let screening: AssistantResult<'screening-questions'>;
let othersScreening: AssistantResult<'screening-questions'>;

type Route = 'POST /assistant/screening-questions' | 'POST /assistant/evaluations' | 'POST /assistant/best-fit' | 'POST /assistant/jobs';
const ask = <C extends AssistantResult['capability']>(route: Route, body: unknown, as = 'ranking-ana') =>
  call<{ result: AssistantResult<C>; job: Job; code?: string; message?: string; fields?: Record<string, string> }>(handlers[route], {
    resource: route.split(' ')[1],
    body,
    as,
  });

beforeAll(async () => {
  assistant = await startAssistantServices();
  handlers = assistantHandlers(() => assistant.dependencies());
  await assistant.subscriber('ranking-ana');
  await assistant.subscriber('ranking-other');
  job = (await ask('POST /assistant/jobs', BACKEND_JOB)).body.job;
  othersJob = (await ask('POST /assistant/jobs', BACKEND_JOB, 'ranking-other')).body.job;
  othersScreening = (await ask<'screening-questions'>('POST /assistant/screening-questions', { jobId: othersJob.id }, 'ranking-other')).body
    .result;
});
afterAll(() => assistant.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('POST /assistant/screening-questions', () => {
  it('asks about each must-have of the saved job, with what a good answer covers, and stores the questions', async () => {
    const answer = await ask<'screening-questions'>('POST /assistant/screening-questions', { jobId: job.id });

    expect(answer.status).toBe(200);
    screening = assistantResultSchema('screening-questions').parse(answer.body.result) as AssistantResult<'screening-questions'>;
    expect(screening).toMatchObject({ jobId: job.id, label: job.title });
    expect(screening.output.questions.length).toBeGreaterThanOrEqual(job.mustHaves.length);
    expect(screening.output.questions.every((question) => question.goodAnswer.length > 0)).toBe(true);
    expect(await assistant.dependencies().results.get('ranking-ana', screening.id)).toEqual(answer.body.result);
  });

  it('answers 404 for another user’s job, and 400 without a job id', async () => {
    expect(await ask('POST /assistant/screening-questions', { jobId: othersJob.id })).toMatchObject({
      status: 404,
      body: { code: 'job_not_found' },
    });
    const missing = await ask('POST /assistant/screening-questions', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty(['jobId']);
  });
});

describe('POST /assistant/evaluations', () => {
  const evaluate = (body: Record<string, unknown>, as?: string) =>
    ask<'interview-evaluation'>('POST /assistant/evaluations', { jobId: job.id, screeningResultId: screening.id, ...body }, as);

  it('scores strong, specific answers above weak, vague ones, with evidence, and keeps each as the candidate’s latest evaluation', async () => {
    const strong = await evaluate({ candidateName: 'Priya Raman', answers: strongAnswers(screening.output.questions) });
    const weak = await evaluate({ candidateName: 'Sam Carter', answers: weakAnswers(screening.output.questions) });

    expect([strong.status, weak.status]).toEqual([200, 200]);
    const strongResult = assistantResultSchema('interview-evaluation').parse(strong.body.result);
    expect(strongResult).toMatchObject({ jobId: job.id, label: `Priya Raman · ${job.title}` });
    expect(strongResult.output.overall).toBeGreaterThan(weak.body.result.output.overall);
    expect(strongResult.output.scores.some((score) => score.covered.length > 0)).toBe(true);
    const latest = await assistant.dependencies().evaluations.latestFor('ranking-ana', job.id, ['PRIYA RAMAN']);
    expect(latest.get('priya raman')).toMatchObject({ overall: strongResult.output.overall, resultId: strongResult.id });
  });

  it('refuses an answer to a question that is not in the screening result, naming it (400), and stores nothing', async () => {
    const before = await assistant.itemsOf('ranking-ana');
    const [first] = screening.output.questions;

    const answer = await evaluate({
      candidateName: 'Jon Park',
      answers: [
        { questionId: first.id, answer: 'Yes.' },
        { questionId: 'q99', answer: 'Yes.' },
      ],
    });

    expect(answer).toMatchObject({
      status: 400,
      body: {
        code: 'unknown_question',
        message: EVALUATION_MESSAGES.unknownQuestion('q99'),
        fields: { 'answers.1.questionId': EVALUATION_MESSAGES.unknownQuestion('q99') },
      },
    });
    expect(await assistant.itemsOf('ranking-ana')).toEqual(before);
  });

  it('refuses a question answered twice (400)', async () => {
    const [first] = screening.output.questions;
    const answer = await evaluate({
      candidateName: 'Jon Park',
      answers: [
        { questionId: first.id, answer: 'Yes.' },
        { questionId: first.id, answer: 'No.' },
      ],
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { fields: { 'answers.1.questionId': EVALUATION_MESSAGES.repeatedQuestion(first.id) } },
    });
  });

  it('answers 404 for another user’s screening result or job, and for a result that is not screening questions of that job', async () => {
    const answers = [{ questionId: 'q1', answer: 'Yes.' }];
    const summary = (await assistant.dependencies().results.list('ranking-ana', { capability: 'interview-evaluation' }))[0];
    const theirs = await assistant.itemsOf('ranking-other');

    expect(await evaluate({ screeningResultId: othersScreening.id, candidateName: 'Jon Park', answers })).toMatchObject({
      status: 404,
      body: { code: 'screening_not_found', message: EVALUATION_MESSAGES.screeningNotFound },
    });
    expect(
      await evaluate({ jobId: othersJob.id, screeningResultId: othersScreening.id, candidateName: 'Jon Park', answers }),
    ).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
    expect(await evaluate({ screeningResultId: summary.id, candidateName: 'Jon Park', answers })).toMatchObject({
      status: 404,
      body: { code: 'screening_not_found' },
    });
    expect(await assistant.itemsOf('ranking-other')).toEqual(theirs);
  });

  it.each([
    ['no answers', { candidateName: 'Jon Park', answers: [] }, 'answers'],
    [
      'too many answers',
      { candidateName: 'Jon Park', answers: Array.from({ length: 21 }, (_, index) => ({ questionId: `q${index}`, answer: 'x' })) },
      'answers',
    ],
    [
      'an oversize answer',
      { candidateName: 'Jon Park', answers: [{ questionId: 'q1', answer: 'a'.repeat(ASSISTANT_LIMITS.answerMaxChars + 1) }] },
      'answers.0.answer',
    ],
    ['no candidate name', { answers: [{ questionId: 'q1', answer: 'Yes.' }] }, 'candidateName'],
  ])('refuses %s (400 naming the field)', async (_case, body, field) => {
    const answer = await evaluate(body);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty([field]);
  });
});

describe('POST /assistant/best-fit', () => {
  it('ranks the planted best candidate first, with reasons, and uses each candidate’s latest evaluation for the job', async () => {
    const answer = await ask<'best-fit'>('POST /assistant/best-fit', { jobId: job.id, candidates: BACKEND_CANDIDATES });

    expect(answer.status).toBe(200);
    const result = assistantResultSchema('best-fit').parse(answer.body.result);
    expect(result).toMatchObject({ jobId: job.id, label: `${job.title} · ${BACKEND_CANDIDATES.length} candidates` });
    expect(result.output.ranking[0].name).toBe(PLANTED_BEST_BACKEND_CANDIDATE);
    expect(result.output.ranking[0].reasons.length).toBeGreaterThan(0);
    expect(result.output.ranking.find((candidate) => candidate.name === 'Priya Raman')?.evaluationOverall).toEqual(expect.any(Number));
    expect(result.output.ranking.find((candidate) => candidate.name === 'Marcus Bell')?.evaluationOverall).toBeNull();
  });

  it('answers 404 for another user’s job, whose evaluations stay out of reach', async () => {
    expect(await ask('POST /assistant/best-fit', { jobId: othersJob.id, candidates: BACKEND_CANDIDATES })).toMatchObject({
      status: 404,
      body: { code: 'job_not_found' },
    });
  });

  it.each([
    ['no candidates', { candidates: [] }, 'candidates'],
    [
      'too many candidates',
      { candidates: Array.from({ length: 21 }, (_, index) => ({ name: `C${index}`, profile: 'Engineer.' })) },
      'candidates',
    ],
    [
      'an oversize profile',
      { candidates: [{ name: 'Big', profile: 'p'.repeat(ASSISTANT_LIMITS.documentMaxChars + 1) }] },
      'candidates.0.profile',
    ],
    ['a candidate without a name', { candidates: [{ profile: 'Engineer.' }] }, 'candidates.0.name'],
  ])('refuses %s (400 naming the field)', async (_case, body, field) => {
    const answer = await ask('POST /assistant/best-fit', { jobId: job.id, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty([field]);
  });
});
