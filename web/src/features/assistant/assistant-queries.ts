import { queryOptions, skipToken } from '@tanstack/react-query';
import type { AssistantCapability, AssistantResult, HistoryQuery } from '@contracts/assistant';
import type { AssistantApi } from './api/assistant-api';

/** The query keys of the assistant's reads. */
export const assistantKeys = {
  jobs: ['assistant', 'jobs'],
  /** `GET /assistant/results` with `query` (none: the latest across capabilities). */
  results: (query: HistoryQuery = {}) => ['assistant', 'results', query] as const,
} as const;

/** The assistant's reads as server state: the saved jobs and the results kept of each capability. */
export const assistantQueries = {
  /** The user's saved jobs (`GET /assistant/jobs`). */
  jobs: (api: Pick<AssistantApi, 'listJobs'>) => queryOptions({ queryKey: assistantKeys.jobs, queryFn: () => api.listJobs() }),

  /** The user's latest results across capabilities. */
  latest: (api: Pick<AssistantApi, 'history'>) => queryOptions({ queryKey: assistantKeys.results(), queryFn: () => api.history() }),

  /** The user's results of `capability` (of the job `jobId` when given; none while `jobId` is ''). */
  results: <C extends AssistantCapability>(api: Pick<AssistantApi, 'history'>, capability: C, jobId?: string) => {
    const query: HistoryQuery = jobId === undefined ? { capability } : { capability, jobId };
    return queryOptions({
      queryKey: assistantKeys.results(query),
      queryFn:
        jobId === ''
          ? skipToken
          : async () => (await api.history(query)).filter((result): result is AssistantResult<C> => result.capability === capability),
    });
  },
};
