import type { UseQueryResult } from '@tanstack/react-query';

/** A query as a screen shows it. */
export type QueryPhase<T> =
  { readonly status: 'loading' } | { readonly status: 'error'; readonly error: unknown } | { readonly status: 'ready'; readonly data: T };

/**
 * The phase a screen shows: `loading` on the first load and on "Try again" after a failure (the
 * screens show their spinner again then), `error` once a load failed, `ready` with the data, also
 * while data already shown is asked for again.
 */
export function phaseOf<T>(query: UseQueryResult<T>): QueryPhase<T> {
  if (query.isSuccess) return { status: 'ready', data: query.data };
  if (query.isError && !query.isFetching) return { status: 'error', error: query.error };
  return { status: 'loading' };
}
