import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import type { AssistantCapability, AssistantResult, HistoryQuery } from '@contracts/assistant';
import type { AssistantApi } from './api/assistant-api';

/** The query keys of the assistant's reads. */
export const assistantKeys = {
  jobs: ['assistant', 'jobs'],
  /** `GET /assistant/results` with `query` (none: the latest across capabilities). */
  results: (query: HistoryQuery = {}) => ['assistant', 'results', query] as const,
  /** Every results query (the lists, the search's pages): what a deletion makes stale. */
  allResults: ['assistant', 'results'],
  /** The search's pages of `query` (`before` is each page's). */
  resultsSearch: (query: Omit<HistoryQuery, 'before'>) => ['assistant', 'results', 'search', query] as const,
} as const;

/** How many results one page of the search shows. */
export const RESULTS_PAGE_SIZE = 10;

/** The assistant's reads as server state: the saved jobs and the results kept of each capability. */
export const assistantQueries = {
  /** The user's saved jobs (`GET /assistant/jobs`). */
  jobs: (api: Pick<AssistantApi, 'listJobs'>) => queryOptions({ queryKey: assistantKeys.jobs, queryFn: () => api.listJobs() }),

  /** The user's results matching `query`, a page at a time (`GET /assistant/results?q=…&before=…`). */
  search: (api: Pick<AssistantApi, 'resultsPage'>, query: Omit<HistoryQuery, 'before' | 'limit'>) => {
    const key: Omit<HistoryQuery, 'before'> = { ...query, limit: RESULTS_PAGE_SIZE };
    return infiniteQueryOptions({
      queryKey: assistantKeys.resultsSearch(key),
      queryFn: ({ pageParam }) => api.resultsPage({ ...key, ...(pageParam ? { before: pageParam } : {}) }),
      initialPageParam: '',
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    });
  },

  /** The results of `capability` shared with the user's firm (`scope=firm`), for a hub link to one of them. */
  firmResults: <C extends AssistantCapability>(api: Pick<AssistantApi, 'history'>, capability: C, enabled: boolean) => {
    const query: HistoryQuery = { scope: 'firm', capability };
    return queryOptions({
      queryKey: assistantKeys.results(query),
      queryFn: enabled
        ? async () => (await api.history(query)).filter((result): result is AssistantResult<C> => result.capability === capability)
        : skipToken,
    });
  },

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
