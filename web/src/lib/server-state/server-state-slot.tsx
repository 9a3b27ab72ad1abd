import type { QueryClient } from '@tanstack/react-query';
import { createContext, useState, type ReactNode } from 'react';

/**
 * Where the app keeps its server-state cache (one TanStack Query client) while the pages that use
 * it come and go. The entry holds only this slot (the import above is a type): the client, and
 * TanStack Query with it, are made by the first lazily loaded page that needs them
 * (server-state-provider.tsx), so the home route and signed-out visits never load them.
 */
export interface ServerStateSlot {
  /**
   * The client of `session` (the signed-in user as the auth state holds them: a new object at
   * every sign-in), made with `create` the first time; the previous session's cache is dropped.
   */
  clientFor(session: object, create: () => QueryClient): QueryClient;
}

export const ServerStateSlotContext = createContext<ServerStateSlot | null>(null);

export function createServerStateSlot(): ServerStateSlot {
  let held: { readonly session: object; readonly client: QueryClient } | null = null;
  return {
    clientFor(session, create) {
      if (held?.session !== session) {
        held?.client.clear();
        held = { session, client: create() };
      }
      return held.client;
    },
  };
}

/** One slot for the app's lifetime (one per app in tests, so no cache is shared between them). */
export function ServerStateSlotProvider({ children }: { readonly children: ReactNode }) {
  const [slot] = useState(createServerStateSlot);
  return <ServerStateSlotContext.Provider value={slot}>{children}</ServerStateSlotContext.Provider>;
}
