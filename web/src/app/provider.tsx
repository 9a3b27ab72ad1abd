import type { ReactNode } from 'react';
import { Notifications } from '../components/ui/notifications';
import { ConfigProvider } from '../config/config-context';
import type { RuntimeConfig } from '../config/runtime-config';

/**
 * App-wide providers around the router: the validated runtime config and the toaster. The
 * identity issue adds the auth state provider here (inside ConfigProvider, since it configures
 * Amplify lazily from the config).
 */
export function AppProvider({ config, children }: { readonly config: RuntimeConfig; readonly children: ReactNode }) {
  return (
    <ConfigProvider config={config}>
      {children}
      <Notifications />
    </ConfigProvider>
  );
}
