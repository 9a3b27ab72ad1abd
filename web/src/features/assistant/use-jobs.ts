import { useCallback, useEffect, useState } from 'react';
import type { Job } from '@contracts/assistant';
import { readableMessage } from '../../lib/notify';
import type { AssistantApi } from './api/assistant-api';

export const JOBS_ERROR_MESSAGE = 'Your saved jobs could not be loaded.';

export type JobsState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly jobs: readonly Job[] }
  | { readonly status: 'error'; readonly error: string };

/** The user's saved jobs (`GET /assistant/jobs`), with `saved` to put a just-saved job first. */
export function useJobs(api: AssistantApi) {
  const [state, setState] = useState<JobsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    api
      .listJobs()
      .then((jobs) => {
        if (current) setState({ status: 'ready', jobs });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (current) setState({ status: 'error', error: readableMessage(error, JOBS_ERROR_MESSAGE) });
      });
    return () => {
      current = false;
    };
  }, [api, attempt]);

  const saved = useCallback((job: Job) => {
    setState((before) => ({
      status: 'ready',
      jobs: [job, ...(before.status === 'ready' ? before.jobs.filter((other) => other.id !== job.id) : [])],
    }));
  }, []);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  const jobs = state.status === 'ready' ? state.jobs : [];
  return { state, jobs, saved, retry, find: (id: string) => jobs.find((job) => job.id === id) };
}

export type Jobs = ReturnType<typeof useJobs>;
