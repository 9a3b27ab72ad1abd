import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Job } from '@contracts/assistant';
import { readableMessage } from '../../lib/notify';
import { phaseOf } from '../../lib/server-state/query-state';
import type { AssistantApi } from './api/assistant-api';
import { assistantKeys, assistantQueries } from './assistant-queries';

export const JOBS_ERROR_MESSAGE = 'Your saved jobs could not be loaded.';

export type JobsState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly jobs: readonly Job[] }
  | { readonly status: 'error'; readonly error: string };

/** The user's saved jobs (`GET /assistant/jobs`), with `saved` to put a just-saved job first. */
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
    (job: Job) =>
      queryClient.setQueryData<Job[]>(assistantKeys.jobs, (before) => [job, ...(before ?? []).filter((other) => other.id !== job.id)]),
    [queryClient],
  );

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  const jobs = state.status === 'ready' ? state.jobs : [];
  return { state, jobs, saved, retry, find: (id: string) => jobs.find((job) => job.id === id) };
}

export type Jobs = ReturnType<typeof useJobs>;
