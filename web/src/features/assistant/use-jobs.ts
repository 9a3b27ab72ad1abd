import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { JobView } from '@contracts/assistant';
import { readableMessage } from '../../lib/notify';
import { phaseOf } from '../../lib/server-state/query-state';
import type { AssistantApi } from './api/assistant-api';
import { assistantKeys, assistantQueries } from './assistant-queries';

export const JOBS_ERROR_MESSAGE = 'Your saved jobs could not be loaded.';

export type JobsState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly jobs: readonly JobView[] }
  | { readonly status: 'error'; readonly error: string };

/**
 * The user's saved jobs (`GET /assistant/jobs`): `jobs` are those the pickers offer (archived
 * ones left out), `archived` the others; `saved` puts a just-saved job first, and `rename`,
 * `archive` and `remove` change one on the server and in the cached list.
 */
export function useJobs(api: AssistantApi) {
  const queryClient = useQueryClient();
  const query = useQuery(assistantQueries.jobs(api));
  const phase = phaseOf(query);
  const state: JobsState =
    phase.status === 'ready'
      ? { status: 'ready', jobs: phase.data }
      : phase.status === 'error'
        ? { status: 'error', error: readableMessage(phase.error, JOBS_ERROR_MESSAGE) }
        : phase;

  const saved = useCallback(
    (job: JobView) =>
      queryClient.setQueryData<JobView[]>(assistantKeys.jobs, (before) => [job, ...(before ?? []).filter((other) => other.id !== job.id)]),
    [queryClient],
  );

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  const rename = async (id: string, title: string): Promise<void> => {
    saved(await api.updateJob(id, { title }));
  };
  /** Archives the job (`true`) or restores it (`false`). */
  const archive = async (id: string, archived: boolean): Promise<void> => {
    saved(await api.updateJob(id, { archived }));
  };
  const remove = async (id: string): Promise<void> => {
    await api.deleteJob(id);
    queryClient.setQueryData<JobView[]>(assistantKeys.jobs, (before) => (before ?? []).filter((other) => other.id !== id));
  };

  const all = state.status === 'ready' ? state.jobs : [];
  const jobs = all.filter((job) => !job.archived);
  const archived = all.filter((job) => job.archived === true);
  return { state, jobs, archived, saved, retry, rename, archive, remove, find: (id: string) => all.find((job) => job.id === id) };
}

export type Jobs = ReturnType<typeof useJobs>;
