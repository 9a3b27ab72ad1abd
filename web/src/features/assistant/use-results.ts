import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AssistantCapability, AssistantResult, ResultScope } from '@contracts/assistant';
import { readableMessage } from '../../lib/notify';
import { phaseOf, type QueryPhase } from '../../lib/server-state/query-state';
import type { AssistantApi } from './api/assistant-api';
import { assistantKeys, assistantQueries } from './assistant-queries';

export const HISTORY_ERROR_MESSAGE = 'Your recent results could not be loaded.';

export type HistoryState<C extends AssistantCapability> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly results: readonly AssistantResult<C>[] }
  | { readonly status: 'error'; readonly error: string };

/** A results query as the screens show it, `message` when it failed. */
function historyState<C extends AssistantCapability>(phase: QueryPhase<AssistantResult<C>[]>, message: string): HistoryState<C> {
  if (phase.status === 'ready') return { status: 'ready', results: phase.data };
  if (phase.status === 'error') return { status: 'error', error: readableMessage(phase.error, message) };
  return phase;
}

/**
 * A capability screen's results: the user's recent ones (`GET /assistant/results?capability=`)
 * and the one on show. A new result is shown and joins the top of the history; `?result=<id>` in
 * the address (the hub's links) shows that result once the history has loaded.
 */
export function useResults<C extends AssistantCapability>(api: AssistantApi, capability: C) {
  const queryClient = useQueryClient();
  const query = useQuery(assistantQueries.results(api, capability));
  const history = historyState(phaseOf(query), HISTORY_ERROR_MESSAGE);
  const [chosen, setShown] = useState<AssistantResult<C> | null>(null);
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get('result');
  // A teammate's shared result, linked from the hub's "Shared with the firm" view.
  const firm = useQuery(assistantQueries.firmResults(api, capability, Boolean(wanted) && searchParams.get('scope') === 'firm'));
  const linked =
    wanted && history.status === 'ready'
      ? (history.results.find((result) => result.id === wanted) ?? firm.data?.find((result) => result.id === wanted))
      : undefined;
  const shown = chosen ?? linked ?? null;

  /** Shows a fresh result and puts it at the top of the history. */
  const add = useCallback(
    (result: AssistantResult<C>) => {
      setShown(result);
      queryClient.setQueryData<AssistantResult<C>[]>(assistantKeys.results({ capability }), (before) =>
        before ? [result, ...before.filter((other) => other.id !== result.id)] : before,
      );
    },
    [queryClient, capability, setShown],
  );

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  const deleteResult = useDeleteResult(api);
  /** Deletes a result; the one on show is no longer shown. */
  const remove = useCallback(
    async (resultId: string) => {
      await deleteResult(resultId);
      setShown((before) => (before?.id === resultId ? null : before));
    },
    [deleteResult, setShown],
  );

  const shareResult = useShareResult(api);
  /** Shares a result or stops sharing it; the one on show follows. */
  const share = useCallback(
    async (resultId: string, shared: boolean) => {
      const changed = (await shareResult(resultId, shared)) as AssistantResult<C>;
      setShown((before) => (before?.id === resultId ? changed : before));
      return changed;
    },
    [shareResult, setShown],
  );

  return { history, shown, show: setShown, add, retry, remove, share };
}

export type Results<C extends AssistantCapability> = ReturnType<typeof useResults<C>>;

export const QUESTION_SETS_ERROR_MESSAGE = 'The job’s screening questions could not be loaded.';

/** The sets of screening questions generated for the job `jobId`, newest first; `idle` while no job is chosen. */
export function useQuestionSets(api: AssistantApi, jobId: string): HistoryState<'screening-questions'> | { readonly status: 'idle' } {
  const phase = phaseOf(useQuery(assistantQueries.results(api, 'screening-questions', jobId)));
  if (!jobId) return { status: 'idle' };
  if (phase.status === 'ready') return { status: 'ready', results: phase.data };
  if (phase.status === 'error') return { status: 'error', error: QUESTION_SETS_ERROR_MESSAGE };
  return phase;
}

/**
 * Deletes one of the user's results (`POST /assistant/results/delete`), then every list of results
 * is asked for again, so the result leaves the hub and the screens' histories alike; also after a
 * refusal, as a result deleted elsewhere (404) leaves the lists.
 */
export function useDeleteResult(api: Pick<AssistantApi, 'deleteResult'>) {
  const queryClient = useQueryClient();
  return useCallback(
    async (resultId: string) => {
      try {
        await api.deleteResult(resultId);
      } finally {
        await queryClient.invalidateQueries({ queryKey: assistantKeys.allResults });
      }
    },
    [api, queryClient],
  );
}

/**
 * Shares one of the user's results with their firm or stops sharing it
 * (`POST /assistant/results/share`); every list of results is asked for again, so the hub's
 * "Shared with the firm" view and the result's own button agree.
 */
export function useShareResult(api: Pick<AssistantApi, 'shareResult'>) {
  const queryClient = useQueryClient();
  return useCallback(
    async (resultId: string, shared: boolean) => {
      try {
        return await api.shareResult(resultId, shared);
      } finally {
        await queryClient.invalidateQueries({ queryKey: assistantKeys.allResults });
      }
    },
    [api, queryClient],
  );
}

export const SHARE_ERROR_MESSAGE = 'The result could not be shared. Please try again.';

export const SEARCH_ERROR_MESSAGE = 'Your results could not be searched.';
export const DELETE_ERROR_MESSAGE = 'The result could not be deleted.';

/** What the results search asks for: whose results, words, a capability, a job; empty means any. */
export interface ResultsSearch {
  /** The user's own results, or those shared with their firm. */
  readonly scope: ResultScope;
  readonly q: string;
  readonly capability: AssistantCapability | '';
  readonly jobId: string;
}

/**
 * The user's results matching `search`, newest first, a page at a time (`more` loads the next),
 * and `remove` to delete one ({@link useDeleteResult}).
 */
export function useResultsSearch(api: AssistantApi, search: ResultsSearch) {
  const query = useInfiniteQuery(
    assistantQueries.search(api, {
      ...(search.scope === 'firm' ? { scope: 'firm' as const } : {}),
      ...(search.q.trim() ? { q: search.q.trim() } : {}),
      ...(search.capability ? { capability: search.capability } : {}),
      ...(search.jobId ? { jobId: search.jobId } : {}),
    }),
  );
  const state: HistoryState<AssistantCapability> = query.isSuccess
    ? { status: 'ready', results: query.data.pages.flatMap((page) => page.results) }
    : query.isError && !query.isFetching
      ? { status: 'error', error: readableMessage(query.error, SEARCH_ERROR_MESSAGE) }
      : { status: 'loading' };

  const { fetchNextPage, refetch } = query;
  const more = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);

  const remove = useDeleteResult(api);
  const share = useShareResult(api);

  return { state, hasMore: query.hasNextPage, loadingMore: query.isFetchingNextPage, more, retry, remove, share };
}
