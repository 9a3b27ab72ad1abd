import type { AssistantResult, HistoryQuery, JobView } from '@contracts/assistant';
import type { AssistantApi } from '../../../web/src/features/assistant/api/assistant-api';

/** A saved job as the list answers it (the caller may change it unless `overrides` say not). */
export function savedJob(overrides: Partial<JobView> = {}): JobView {
  return {
    id: 'job-1',
    title: 'Senior Backend Engineer',
    companyInfo: '',
    description: 'Build payment services in TypeScript.',
    location: 'Berlin',
    mustHaves: [{ text: 'TypeScript', kind: 'skill' }],
    niceToHaves: [],
    createdAt: '2026-11-24T14:00:00.000Z',
    updatedAt: '2026-11-24T14:00:00.000Z',
    mayChange: true,
    ...overrides,
  };
}

type Calls = Omit<AssistantApi, 'listJobs' | 'history' | 'resultsPage' | 'deleteResult' | 'shareResult' | 'updateJob' | 'deleteJob'>;

/**
 * An in-memory assistant for the jsdom tests: `jobs` and `results` are what the lists answer; a
 * capability or save call runs the test's handler in `answers` (which may throw, e.g. a
 * RestApiError), and every call is recorded in `calls`.
 */
export class FakeAssistant {
  jobs: JobView[] = [];
  results: AssistantResult[] = [];
  answers: Partial<Calls> = {};
  readonly calls: { readonly method: keyof Calls; readonly request: unknown }[] = [];
  /** The results searches asked for, and the ids deleted (refused with `failDeletes` when set). */
  readonly searches: HistoryQuery[] = [];
  readonly deleted: string[] = [];
  failDeletes: Error | null = null;
  /** Results of teammates the firm's view shows (`scope=firm`, besides the user's own shared ones). */
  teamResults: AssistantResult[] = [];
  /** The shares asked for: `[resultId, shared]`. */
  readonly shares: [string, boolean][] = [];

  api(): AssistantApi {
    const call =
      <K extends keyof Calls>(method: K) =>
      async (request: Parameters<Calls[K]>[0]): Promise<Awaited<ReturnType<Calls[K]>>> => {
        this.calls.push({ method, request });
        const answer = this.answers[method] as ((request: unknown) => Promise<Awaited<ReturnType<Calls[K]>>>) | undefined;
        if (!answer) throw new Error(`FakeAssistant: no answer for ${method}`);
        return answer(request);
      };
    const matching = (query: HistoryQuery) =>
      (query.scope === 'firm'
        ? [
            ...this.teamResults,
            ...this.results
              .filter((result) => result.sharedAt)
              .map((result) => ({ ...result, author: { userId: 'me', name: 'Ana Reyes', shared: true, removed: false } })),
          ]
        : this.results
      ).filter(
        (result) =>
          (!query.capability || result.capability === query.capability) &&
          (!query.jobId || result.jobId === query.jobId) &&
          (!query.q || result.label.toLowerCase().includes(query.q.toLowerCase())),
      );
    return {
      listJobs: async () => this.jobs,
      history: async (query = {}) => matching(query),
      // Pages of `limit` after the result `before`; the search looks at labels only.
      resultsPage: async (query) => {
        this.searches.push(query);
        const all = matching(query);
        const start = query.before ? all.findIndex((result) => result.id === query.before) + 1 : 0;
        const page = all.slice(start, start + (query.limit ?? all.length));
        return { results: page, nextCursor: start + page.length < all.length ? (page.at(-1)?.id ?? null) : null };
      },
      deleteResult: async (resultId) => {
        this.deleted.push(resultId);
        if (this.failDeletes) throw this.failDeletes;
        this.results = this.results.filter((result) => result.id !== resultId);
      },
      shareResult: async (resultId, shared) => {
        this.shares.push([resultId, shared]);
        const result = this.results.find((candidate) => candidate.id === resultId);
        if (!result) throw new Error(`FakeAssistant: no result ${resultId}`);
        const { sharedAt: _was, ...rest } = result;
        const changed: AssistantResult = shared ? { ...rest, sharedAt: new Date().toISOString() } : rest;
        this.results = this.results.map((candidate) => (candidate.id === resultId ? changed : candidate));
        return changed;
      },
      saveJob: call('saveJob'),
      updateJob: async (id, changes) => {
        const job = this.jobs.find((candidate) => candidate.id === id);
        if (!job) throw new Error(`FakeAssistant: no job ${id}`);
        const updated = { ...job, ...changes, updatedAt: new Date().toISOString() };
        this.jobs = [updated, ...this.jobs.filter((candidate) => candidate.id !== id)];
        return updated;
      },
      deleteJob: async (id) => {
        this.jobs = this.jobs.filter((candidate) => candidate.id !== id);
      },
      proposeMustHaves: call('proposeMustHaves'),
      sourcingTerms: call('sourcingTerms'),
      jobDescription: call('jobDescription'),
      screeningQuestions: call('screeningQuestions'),
      evaluateAnswers: call('evaluateAnswers'),
      bestFit: call('bestFit'),
      candidateSummary: call('candidateSummary'),
    };
  }
}

/** A stored candidate summary, as the API answers it. */
export function summaryResult(overrides: Partial<AssistantResult<'candidate-summary'>> = {}): AssistantResult<'candidate-summary'> {
  return {
    id: 'result-1',
    capability: 'candidate-summary',
    jobId: null,
    label: 'Priya Raman',
    engine: { kind: 'deterministic', model: null, note: null },
    createdAt: '2026-11-24T14:05:00.000Z',
    output: {
      candidateName: 'Priya Raman',
      headline: 'Senior backend engineer, 8 years in payments',
      summary: 'Priya builds payment services in TypeScript on AWS.',
      highlights: ['Led the card authorization rewrite'],
      skills: ['Node.js', 'TypeScript'],
      yearsOfExperience: 8,
      fit: null,
      text: 'Priya Raman — Senior backend engineer, 8 years in payments.',
    },
    ...overrides,
  };
}
