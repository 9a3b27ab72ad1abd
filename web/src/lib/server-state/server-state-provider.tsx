import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/auth-context';
import { createServerStateSlot, ServerStateSlotContext } from './server-state-slot';

/**
 * The app's TanStack Query client. Every failed read is logged once. No automatic retries: each
 * screen says what failed and offers its own "Try again" at once (a retried 5xx would hold that
 * back, and a 4xx never gets better by asking again). No refetch on window focus or reconnect:
 * no screen had one. Data counts as stale at once, so a page opened again shows what it had while
 * it asks again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** Stands for "nobody signed in" as the session of the cache. */
const SIGNED_OUT = {};

/**
 * The one provider of server state, mounted by the lazily loaded layout route around the pages
 * that read from the server (app/server-state-layout.tsx). The client lives in the app's slot, so
 * it outlives the pages; each sign-in starts with an empty cache. Outside an app (component
 * tests) it keeps a cache of its own.
 */
export function ServerStateProvider({ children }: { readonly children: ReactNode }) {
  const appSlot = useContext(ServerStateSlotContext);
  const [ownSlot] = useState(createServerStateSlot);
  const session = useAuth().authUser ?? SIGNED_OUT;
  const client = (appSlot ?? ownSlot).clientFor(session, createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
