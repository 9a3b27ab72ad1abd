/** @jest-environment ./test/support/backend-environment.js */
import type { AssistantResult } from '@contracts/assistant';
import { createRestAssistantApi } from '../../../../web/src/features/assistant/api/assistant-api';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { jsonResponse, restClientAnswering, sentRequest } from '../../support/rest';
import { testConfig } from '../../support/config';

/** The assistant API over the real REST client, against a fake HTTP answer. */
function assistantApi(answer: Response) {
  const { client, fetchImpl } = restClientAnswering(answer);
  return { api: createRestAssistantApi(testConfig(), client), fetchImpl };
}

const summary: AssistantResult<'candidate-summary'> = {
  id: 'r1',
  capability: 'candidate-summary',
  jobId: null,
  label: 'Priya Raman',
  engine: { kind: 'deterministic', model: null, note: null },
  createdAt: '2026-11-24T14:05:00.000Z',
  output: {
    candidateName: 'Priya Raman',
    headline: 'Backend engineer',
    summary: 'Eight years.',
    highlights: [],
    skills: [],
    yearsOfExperience: 8,
    fit: null,
    text: 'Priya Raman',
  },
};

describe('the assistant API', () => {
  it('renames or archives a job with PATCH on its own path, and deletes it with DELETE', async () => {
    const job = {
      id: 'job 1',
      title: 'Renamed',
      companyInfo: '',
      description: 'Build payment services.',
      location: '',
      mustHaves: [],
      niceToHaves: [],
      archived: true,
      createdAt: '2026-11-24T14:00:00.000Z',
      updatedAt: '2026-11-24T14:05:00.000Z',
      mayChange: true,
    };
    const patched = assistantApi(jsonResponse(200, { job }));
    await expect(patched.api.updateJob('job 1', { archived: true })).resolves.toEqual(job);
    expect(sentRequest(patched.fetchImpl)).toMatchObject({
      url: 'http://127.0.0.1:5181/prod/assistant/jobs/job%201',
      method: 'PATCH',
      body: { archived: true },
    });

    const deleted = assistantApi(jsonResponse(200, { deleted: 'job 1' }));
    await expect(deleted.api.deleteJob('job 1')).resolves.toBeUndefined();
    expect(sentRequest(deleted.fetchImpl)).toMatchObject({
      url: 'http://127.0.0.1:5181/prod/assistant/jobs/job%201',
      method: 'DELETE',
      body: undefined,
    });

    const refused = assistantApi(jsonResponse(404, { message: 'We could not find that job.', code: 'job_not_found' }));
    await expect(refused.api.deleteJob('job 1')).rejects.toMatchObject({ status: 404, message: 'We could not find that job.' });
  });

  it('posts a capability’s request to its route with the id token and reads the result', async () => {
    const { api, fetchImpl } = assistantApi(jsonResponse(200, { result: summary }));
    await expect(api.candidateSummary({ profile: 'Priya Raman, backend engineer' })).resolves.toEqual(summary);
    const request = sentRequest(fetchImpl);
    expect(request.url).toBe('http://127.0.0.1:5181/prod/assistant/candidate-summary');
    expect(request.method).toBe('POST');
    expect(request.headers.Authorization).toBe('id-token-ada');
    expect(request.body).toEqual({ profile: 'Priya Raman, backend engineer' });
  });

  it('sends evaluations to /assistant/evaluations', async () => {
    const { api, fetchImpl } = assistantApi(jsonResponse(200, { result: { ...summary, capability: 'interview-evaluation' } }));
    await api.evaluateAnswers({
      jobId: 'j1',
      screeningResultId: 'r0',
      candidateName: 'Priya',
      answers: [{ questionId: 'q1', answer: 'Yes' }],
    });
    expect(sentRequest(fetchImpl).url).toBe('http://127.0.0.1:5181/prod/assistant/evaluations');
  });

  it('treats a result of another capability as a failure', async () => {
    const { api } = assistantApi(jsonResponse(200, { result: summary }));
    await expect(api.bestFit({ jobId: 'j1', candidates: [{ name: 'Priya', profile: 'Backend' }] })).rejects.toBeInstanceOf(RestApiError);
  });

  it('asks for the history with the capability and job as query parameters, leaving out what is not given', async () => {
    const { api, fetchImpl } = assistantApi(jsonResponse(200, { results: [summary, { nonsense: true }] }));
    await expect(api.history({ capability: 'screening-questions', jobId: 'j1' })).resolves.toEqual([summary]);
    expect(sentRequest(fetchImpl).url).toBe('http://127.0.0.1:5181/prod/assistant/results?capability=screening-questions&jobId=j1');
    const { api: all, fetchImpl: allFetch } = assistantApi(jsonResponse(200, { results: [] }));
    await all.history();
    expect(sentRequest(allFetch).url).toBe('http://127.0.0.1:5181/prod/assistant/results');
  });

  it('asks for a page of results with the search, cursor and page size, and reads where the next page starts', async () => {
    const { api, fetchImpl } = assistantApi(jsonResponse(200, { results: [summary], nextCursor: 'r1' }));
    await expect(api.resultsPage({ q: 'priya raman', capability: 'candidate-summary', before: 'r0', limit: 10 })).resolves.toEqual({
      results: [summary],
      nextCursor: 'r1',
    });
    expect(sentRequest(fetchImpl).url).toBe(
      'http://127.0.0.1:5181/prod/assistant/results?capability=candidate-summary&q=priya+raman&before=r0&limit=10',
    );
    const { api: last } = assistantApi(jsonResponse(200, { results: [] }));
    await expect(last.resultsPage({})).resolves.toEqual({ results: [], nextCursor: null });
  });

  it('deletes a result by id, and passes the server’s refusal on', async () => {
    const { api, fetchImpl } = assistantApi(jsonResponse(200, { deleted: { resultId: 'r1' } }));
    await api.deleteResult('r1');
    expect(sentRequest(fetchImpl)).toMatchObject({
      url: 'http://127.0.0.1:5181/prod/assistant/results/delete',
      method: 'POST',
      body: { resultId: 'r1' },
    });
    const { api: missing } = assistantApi(jsonResponse(404, { message: 'We could not find that result.', code: 'result_not_found' }));
    await expect(missing.deleteResult('r9')).rejects.toMatchObject({ status: 404, message: 'We could not find that result.' });
  });

  /** A job as the server answers it, before it said whether the caller may change it. */
  const jobAnswer = {
    id: 'j1',
    title: 'Senior Backend Engineer',
    companyInfo: '',
    description: 'Build APIs.',
    location: '',
    mustHaves: [],
    niceToHaves: [],
    createdAt: summary.createdAt,
    updatedAt: summary.createdAt,
  };

  it('lists and saves jobs', async () => {
    const job = { ...jobAnswer, mayChange: true };
    const { api, fetchImpl } = assistantApi(jsonResponse(200, { job }));
    await expect(api.saveJob({ title: job.title, description: job.description, mustHaves: [], niceToHaves: [] })).resolves.toEqual(job);
    expect(sentRequest(fetchImpl).url).toBe('http://127.0.0.1:5181/prod/assistant/jobs');
    const teammates = { ...job, id: 'j2', mayChange: false };
    const { api: list } = assistantApi(jsonResponse(200, { jobs: [job, teammates] }));
    await expect(list.listJobs()).resolves.toEqual([job, teammates]);
  });

  it('offers changes on a job from a server that does not say whether the caller may (it still refuses)', async () => {
    const { api } = assistantApi(jsonResponse(200, { jobs: [jobAnswer] }));
    await expect(api.listJobs()).resolves.toEqual([{ ...jobAnswer, mayChange: true }]);
  });

  it('rejects with the server’s message and its field problems', async () => {
    const { api } = assistantApi(
      jsonResponse(400, {
        message: 'Some fields are missing or invalid.',
        code: 'VALIDATION',
        fields: { description: 'Please give the job description.' },
      }),
    );
    await expect(api.proposeMustHaves({ description: '' })).rejects.toMatchObject({
      status: 400,
      message: 'Some fields are missing or invalid.',
      fields: { description: 'Please give the job description.' },
    });
  });
});
