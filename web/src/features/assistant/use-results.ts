import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AssistantCapability, AssistantResult } from '@contracts/assistant';
import { readableMessage } from '../../lib/notify';
import type { AssistantApi } from './api/assistant-api';

export const HISTORY_ERROR_MESSAGE = 'Your recent results could not be loaded.';

export type HistoryState<C extends AssistantCapability> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly results: readonly AssistantResult<C>[] }
  | { readonly status: 'error'; readonly error: string };

/**
 * A capability screen's results: the user's recent ones (`GET /assistant/results?capability=`)
 * and the one on show. A new result is shown and joins the top of the history; `?result=<id>` in
 * the address (the hub's links) shows that result once the history has loaded.
 */
export function useResults<C extends AssistantCapability>(api: AssistantApi, capability: C) {
  const [history, setHistory] = useState<HistoryState<C>>({ status: 'loading' });
  const [shown, setShown] = useState<AssistantResult<C> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get('result');

  useEffect(() => {
    let current = true;
    api
      .history({ capability })
      .then((results) => {
        if (!current) return;
        const mine = results.filter((result): result is AssistantResult<C> => result.capability === capability);
        setHistory({ status: 'ready', results: mine });
        const linked = wanted ? mine.find((result) => result.id === wanted) : undefined;
        if (linked) setShown((before) => before ?? linked);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (current) setHistory({ status: 'error', error: readableMessage(error, HISTORY_ERROR_MESSAGE) });
      });
    return () => {
      current = false;
    };
  }, [api, capability, wanted, attempt]);

  /** Shows a fresh result and puts it at the top of the history. */
  const add = useCallback((result: AssistantResult<C>) => {
    setShown(result);
    setHistory((before) =>
      before.status === 'ready'
        ? { status: 'ready', results: [result, ...before.results.filter((other) => other.id !== result.id)] }
        : before,
    );
  }, []);

  const retry = useCallback(() => {
    setHistory({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { history, shown, show: setShown, add, retry };
}

export type Results<C extends AssistantCapability> = ReturnType<typeof useResults<C>>;
