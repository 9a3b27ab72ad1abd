import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from './runtime-config';

const ConfigContext = createContext<RuntimeConfig | null>(null);

/** Makes the validated runtime configuration available to the whole app. */
export function ConfigProvider({ config, children }: { readonly config: RuntimeConfig; readonly children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The validated runtime configuration. Only usable below {@link ConfigProvider}. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside <ConfigProvider>.');
  return config;
}
