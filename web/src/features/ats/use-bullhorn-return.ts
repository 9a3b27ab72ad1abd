import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AtsConnectionResponse } from '@contracts/ats';
import type { CompleteBullhornAuthorizationRequest } from '@contracts/ats-bullhorn';
import { readableMessage } from '../../lib/notify';
import { isSubscriptionRequired, type AtsApi } from './api/ats-api';

export type BullhornReturn =
  { readonly status: 'none' } | { readonly status: 'completing' } | { readonly status: 'failed'; readonly message: string };

/** What Bullhorn's redirect put in the address: `state` with `code`, or with `error`; null when it is not one. */
function returnOf(search: string): CompleteBullhornAuthorizationRequest | null {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  const code = params.get('code');
  const error = params.get('error');
  if (!state || (!code && !error)) return null;
  return code ? { state, code } : { state, error: error ?? 'unknown' };
}

/**
 * The account page after Bullhorn sent the browser back (`?code&state`, or `?error&state` when
 * the recruiter refused): the code and state are taken out of the address at once (a reload or a
 * shared link cannot post them again) and posted to `POST /ats/bullhorn/callback`; `onConnected`
 * gets the connection, or the state says why Bullhorn could not be connected.
 */
export function useBullhornReturn(
  api: Pick<AtsApi, 'completeBullhorn'>,
  onConnected: (data: AtsConnectionResponse) => void,
  onSubscriptionRequired: () => void,
  /** Whether the settings have loaded: posted only then, so their first answer cannot overwrite the connection. */
  ready: boolean,
): BullhornReturn {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<BullhornReturn>(() => (returnOf(location.search) ? { status: 'completing' } : { status: 'none' }));
  const posted = useRef(false);
  // The latest callbacks, for the answer of a post started by an earlier render.
  const callbacks = useRef({ onConnected, onSubscriptionRequired });
  useEffect(() => {
    callbacks.current = { onConnected, onSubscriptionRequired };
  });

  useEffect(() => {
    const request = returnOf(location.search);
    if (!request || posted.current || !ready) return;
    posted.current = true;
    void navigate({ pathname: location.pathname, search: '' }, { replace: true });
    api
      .completeBullhorn(request)
      .then((data) => {
        setState({ status: 'none' });
        callbacks.current.onConnected(data);
      })
      .catch((thrown: unknown) => {
        console.error(thrown);
        if (isSubscriptionRequired(thrown)) {
          setState({ status: 'none' });
          callbacks.current.onSubscriptionRequired();
          return;
        }
        setState({ status: 'failed', message: readableMessage(thrown, 'Bullhorn could not be connected. Please try again.') });
      });
  }, [api, location.pathname, location.search, navigate, ready]);

  return state;
}
