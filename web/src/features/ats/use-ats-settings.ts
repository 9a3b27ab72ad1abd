import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AtsConnectionResponse, AtsSyncView, AtsTestResponse } from '@contracts/ats';
import { readableMessage } from '../../lib/notify';
import { phaseOf } from '../../lib/server-state/query-state';
import { isSubscriptionRequired, type AtsApi } from './api/ats-api';
import { atsKeys, atsQueries } from './ats-queries';

export const SETTINGS_ERROR_MESSAGE = 'Your ATS settings could not be loaded.';

export type AtsSettingsState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: string }
  /** The server answered 403 `subscription_required`. */
  | { readonly status: 'subscription-required' }
  | { readonly status: 'ready'; readonly data: AtsConnectionResponse };

/**
 * The ATS settings as `GET /ats/connection` answers them, kept up to date by the answers of the
 * changes (connect, test, disconnect, sync) so the page never reloads them; a sync or a change of
 * connection makes the synced jobs stale.
 */
export function useAtsSettings(api: AtsApi) {
  const queryClient = useQueryClient();
  const query = useQuery(atsQueries.connection(api));
  // A change refused with 403 `subscription_required`: the section shows the note from then on.
  const [subscriptionRefused, setSubscriptionRefused] = useState(false);
  const phase = phaseOf(query);
  const state: AtsSettingsState = subscriptionRefused
    ? { status: 'subscription-required' }
    : phase.status === 'error'
      ? isSubscriptionRequired(phase.error)
        ? { status: 'subscription-required' }
        : { status: 'error', error: readableMessage(phase.error, SETTINGS_ERROR_MESSAGE) }
      : phase;

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  /** The answer of a change to the connection (it carries the whole view). */
  const apply = useCallback(
    (data: AtsConnectionResponse) => {
      queryClient.setQueryData(atsKeys.connection, data);
      void queryClient.invalidateQueries({ queryKey: atsKeys.jobs });
    },
    [queryClient],
  );

  const update = useCallback(
    (change: (data: AtsConnectionResponse) => AtsConnectionResponse) =>
      queryClient.setQueryData<AtsConnectionResponse>(atsKeys.connection, (before) => (before ? change(before) : before)),
    [queryClient],
  );

  /** A sync call's view of the sync. */
  const applySync = useCallback(
    (sync: AtsSyncView) => {
      update((data) => ({ ...data, sync }));
      void queryClient.invalidateQueries({ queryKey: atsKeys.jobs });
    },
    [update, queryClient],
  );

  /** A connection test's outcome: when it was tested and, when it worked, the account's name. */
  const applyTest = useCallback(
    (test: AtsTestResponse) =>
      update((data) =>
        data.connection
          ? {
              ...data,
              connection: {
                ...data.connection,
                lastTestedAt: test.testedAt,
                accountName: test.ok ? (test.accountName ?? data.connection.accountName) : data.connection.accountName,
              },
            }
          : data,
      ),
    [update],
  );

  const requireSubscription = useCallback(() => setSubscriptionRefused(true), []);

  return { state, retry, apply, applySync, applyTest, requireSubscription };
}

export type AtsSettings = ReturnType<typeof useAtsSettings>;
