import { RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '../config/runtime-config';
import { AppProvider } from './provider';
import type { AppRouter } from './router';

/** The app once its runtime config is valid, around the router main.tsx created. */
export function App({ config, router }: { readonly config: RuntimeConfig; readonly router: AppRouter }) {
  return (
    <AppProvider config={config}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
