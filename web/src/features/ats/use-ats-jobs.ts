import { useCallback, useEffect, useState } from 'react';
import type { AtsConnectionView, AtsJobView, AtsSyncView } from '@contracts/ats';
import { readableMessage } from '../../lib/notify';
import { isSubscriptionRequired, type AtsApi } from './api/ats-api';

export const ATS_JOBS_ERROR_MESSAGE = 'Your ATS jobs could not be loaded.';

export type AtsJobsState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: string }
  /** No ATS connected, or the user has no live subscription: nothing to offer here. */
  | { readonly status: 'not-connected'; readonly subscriptionRequired: boolean }
  /** Connected; `jobs` is empty until a sync has stored some. */
  | { readonly status: 'ready'; readonly connection: AtsConnectionView; readonly sync: AtsSyncView; readonly jobs: readonly AtsJobView[] };

/**
 * The synced ATS jobs a screen offers (`GET /ats/jobs`), with the connection they come from
 * (`GET /ats/connection`, asked at the same time): with no ATS connected the jobs call is not
 * needed and its failure is ignored.
 */
export function useAtsJobs(api: Pick<AtsApi, 'getConnection' | 'listJobs'>) {
  const [state, setState] = useState<AtsJobsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const jobs = api.listJobs().then(
      (list) => ({ ok: true as const, list }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    api
      .getConnection()
      .then(async ({ connection, sync }) => {
        if (!connection) {
          if (current) setState({ status: 'not-connected', subscriptionRequired: false });
          return;
        }
        const answer = await jobs;
        if (!answer.ok) throw answer.error;
        if (current) setState({ status: 'ready', connection, sync, jobs: answer.list });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!current) return;
        setState(
          isSubscriptionRequired(error)
            ? { status: 'not-connected', subscriptionRequired: true }
            : { status: 'error', error: readableMessage(error, ATS_JOBS_ERROR_MESSAGE) },
        );
      });
    return () => {
      current = false;
    };
  }, [api, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  const jobs = state.status === 'ready' ? state.jobs : [];
  return { state, jobs, retry, find: (id: string) => jobs.find((job) => job.id === id) };
}

export type AtsJobs = ReturnType<typeof useAtsJobs>;

/** A synced job as a picker lists it: "Senior Backend Engineer · Berlin (12 active applications)". */
export function jobOptionLabel(job: AtsJobView): string {
  const where = job.location ? `${job.title} · ${job.location}` : job.title;
  const status = job.status === 'open' ? '' : `, ${job.status}`;
  return `${where} (${job.activeApplications} active application${job.activeApplications === 1 ? '' : 's'}${status})`;
}
