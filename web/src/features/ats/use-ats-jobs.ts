import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AtsConnectionResponse, AtsConnectionView, AtsJobView, AtsSyncView } from '@contracts/ats';
import { readableMessage } from '../../lib/notify';
import { phaseOf, type QueryPhase } from '../../lib/server-state/query-state';
import { isSubscriptionRequired, type AtsApi } from './api/ats-api';
import { atsQueries } from './ats-queries';

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
  const connectionQuery = useQuery(atsQueries.connection(api));
  const jobsQuery = useQuery(atsQueries.jobs(api));
  const state = atsJobsState(phaseOf(connectionQuery), phaseOf(jobsQuery));

  const { refetch: refetchConnection } = connectionQuery;
  const { refetch: refetchJobs } = jobsQuery;
  const retry = useCallback(() => {
    void refetchConnection();
    void refetchJobs();
  }, [refetchConnection, refetchJobs]);

  const jobs = state.status === 'ready' ? state.jobs : [];
  return { state, jobs, retry, find: (id: string) => jobs.find((job) => job.id === id) };
}

function atsJobsState(connection: QueryPhase<AtsConnectionResponse>, jobs: QueryPhase<AtsJobView[]>): AtsJobsState {
  const failed = (error: unknown): AtsJobsState =>
    isSubscriptionRequired(error)
      ? { status: 'not-connected', subscriptionRequired: true }
      : { status: 'error', error: readableMessage(error, ATS_JOBS_ERROR_MESSAGE) };
  if (connection.status !== 'ready') return connection.status === 'error' ? failed(connection.error) : connection;
  const { connection: view, sync } = connection.data;
  if (!view) return { status: 'not-connected', subscriptionRequired: false };
  if (jobs.status !== 'ready') return jobs.status === 'error' ? failed(jobs.error) : jobs;
  return { status: 'ready', connection: view, sync, jobs: jobs.data };
}

export type AtsJobs = ReturnType<typeof useAtsJobs>;

/** A synced job as a picker lists it: "Senior Backend Engineer · Berlin (12 active applications)". */
export function jobOptionLabel(job: AtsJobView): string {
  const where = job.location ? `${job.title} · ${job.location}` : job.title;
  const status = job.status === 'open' ? '' : `, ${job.status}`;
  return `${where} (${job.activeApplications} active application${job.activeApplications === 1 ? '' : 's'}${status})`;
}
