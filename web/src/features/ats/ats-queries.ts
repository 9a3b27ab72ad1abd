import { queryOptions } from '@tanstack/react-query';
import type { AtsApi } from './api/ats-api';

/** The query keys of the ATS reads. */
export const atsKeys = {
  connection: ['ats', 'connection'],
  jobs: ['ats', 'jobs'],
} as const;

/**
 * The ATS reads as server state: the saved connection with its sync and the ATS options
 * (`GET /ats/connection`, shared by the settings and every screen that offers ATS jobs) and the
 * synced jobs (`GET /ats/jobs`).
 */
export const atsQueries = {
  connection: (api: Pick<AtsApi, 'getConnection'>) => queryOptions({ queryKey: atsKeys.connection, queryFn: () => api.getConnection() }),
  jobs: (api: Pick<AtsApi, 'listJobs'>) => queryOptions({ queryKey: atsKeys.jobs, queryFn: () => api.listJobs() }),
};
