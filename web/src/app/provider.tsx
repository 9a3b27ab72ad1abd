import { useMemo, type ReactNode } from 'react';
import { LazyNotifications } from '../components/ui/lazy-notifications';
import { ConfigProvider } from '../config/config-context';
import type { RuntimeConfig } from '../config/runtime-config';
import { AuthProvider } from '../lib/auth/auth-provider';
import { createAmplifySession } from '../lib/auth/session';
import { OrganizationReaderContext } from '../lib/organization/organization-reader-context';
import { ServerStateSlotProvider } from '../lib/server-state/server-state-slot';
import { PortsProvider, type AppPorts } from './ports';

/**
 * App-wide providers around the router: the validated runtime config, the ports (fakes in tests),
 * the auth state (which finds the signed-in user, loading Amplify only when a session may exist),
 * the slot of the server-state cache (filled by the lazily loaded pages that read from the
 * server, with the signed-in user's subscriptions among them), where the account menu reads the
 * firm's name from, and the toaster (loaded with the first toast).
 */
export function AppProvider({
  config,
  ports = {},
  children,
}: {
  readonly config: RuntimeConfig;
  /** Replaces the real adapters (tests only). */
  readonly ports?: Partial<AppPorts>;
  readonly children: ReactNode;
}) {
  const session = useMemo(() => ports.session ?? createAmplifySession(config), [ports.session, config]);
  return (
    <ConfigProvider config={config}>
      <PortsProvider ports={ports}>
        <AuthProvider session={session}>
          <ServerStateSlotProvider>
            <OrganizationReaderContext.Provider value={ports.team ?? 'rest'}>
              {children}
              <LazyNotifications />
            </OrganizationReaderContext.Provider>
          </ServerStateSlotProvider>
        </AuthProvider>
      </PortsProvider>
    </ConfigProvider>
  );
}
