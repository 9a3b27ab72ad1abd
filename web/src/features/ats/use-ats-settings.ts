import { useCallback, useEffect, useState } from 'react';
import type { AtsConnectionResponse, AtsSyncView, AtsTestResponse } from '@contracts/ats';
import { readableMessage } from '../../lib/notify';
import { isSubscriptionRequired, type AtsApi } from './api/ats-api';

export const SETTINGS_ERROR_MESSAGE = 'Your ATS settings could not be loaded.';

export type AtsSettingsState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: string }
  /** The server answered 403 `subscription_required`. */
  | { readonly status: 'subscription-required' }
  | { readonly status: 'ready'; readonly data: AtsConnectionResponse };

/**
 * The ATS settings as `GET /ats/connection` answers them, kept up to date by the answers of the
 * changes (connect, test, disconnect, sync) so the page never reloads them.
 */
export function useAtsSettings(api: AtsApi) {
  const [state, setState] = useState<AtsSettingsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    api
      .getConnection()
      .then((data) => {
        if (current) setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!current) return;
        setState(
          isSubscriptionRequired(error)
            ? { status: 'subscription-required' }
            : { status: 'error', error: readableMessage(error, SETTINGS_ERROR_MESSAGE) },
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

  /** The answer of a change to the connection (it carries the whole view). */
  const apply = useCallback((data: AtsConnectionResponse) => setState({ status: 'ready', data }), []);

  const update = useCallback((change: (data: AtsConnectionResponse) => AtsConnectionResponse) => {
    setState((before) => (before.status === 'ready' ? { status: 'ready', data: change(before.data) } : before));
  }, []);

  /** A sync call's view of the sync. */
  const applySync = useCallback((sync: AtsSyncView) => update((data) => ({ ...data, sync })), [update]);

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

  const requireSubscription = useCallback(() => setState({ status: 'subscription-required' }), []);

  return { state, retry, apply, applySync, applyTest, requireSubscription };
}

export type AtsSettings = ReturnType<typeof useAtsSettings>;
