import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { ActivityApi, ActivityFilters } from './api/activity-api';

export const activityKeys = { all: ['activity'] } as const;

/** The log as server state, "Load more" by cursor; new filters keep the old rows until the new ones arrive. */
export function activityQuery(api: Pick<ActivityApi, 'getPage'>, filters: ActivityFilters) {
  return infiniteQueryOptions({
    queryKey: [...activityKeys.all, filters],
    queryFn: ({ pageParam }) => api.getPage(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
