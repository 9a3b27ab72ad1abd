import { Outlet } from 'react-router-dom';
import { SubscriptionsProvider } from '../features/subscriptions/state/subscriptions-provider';
import { ServerStateProvider } from '../lib/server-state/server-state-provider';
import { usePortOverrides } from './ports';

/**
 * The layout route around the signed-in pages that read from the server (account, subscribe, and
 * the subscription gate with /services and /support): the server-state cache (TanStack Query)
 * and, in it, the signed-in user's subscriptions. Loaded with the first such page, so TanStack
 * Query never reaches the entry, the home route or the profile pages.
 */
export function ServerStateLayout() {
  const { billing } = usePortOverrides();
  return (
    <ServerStateProvider>
      <SubscriptionsProvider api={billing}>
        <Outlet />
      </SubscriptionsProvider>
    </ServerStateProvider>
  );
}
