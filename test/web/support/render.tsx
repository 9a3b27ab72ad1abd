import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../../../web/src/app/provider';
import type { AppPorts } from '../../../web/src/app/ports';
import { createAppRoutes } from '../../../web/src/app/router';
import { Notifications } from '../../../web/src/components/ui/notifications';
import { ConfigProvider } from '../../../web/src/config/config-context';
import type { RuntimeConfig } from '../../../web/src/config/runtime-config';
import { AuthProvider } from '../../../web/src/lib/auth/auth-provider';
import { createAmplifySession, type SessionPort } from '../../../web/src/lib/auth/session';
import { FakeAssistant } from './assistant';
import { testConfig } from './config';
import { FakeAts } from './ats';
import { FakeBilling } from './billing';
import { FakeTeam } from './team';
import { noFirmSeats } from './seats';

/** Tests of plain logic import it from './config', without the app and the DOM libraries. */
export { testConfig };

/**
 * Renders a component with the runtime config, the auth state (signed out unless a `session` says
 * otherwise), the toaster and a plain memory router around it.
 */
export function renderWithProviders(
  ui: ReactElement,
  { config = testConfig(), route = '/', session }: { config?: RuntimeConfig; route?: string; session?: SessionPort } = {},
): RenderResult & { user: UserEvent } {
  const user = userEvent.setup();
  const result = render(
    <ConfigProvider config={config}>
      <AuthProvider session={session ?? createAmplifySession(config)}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        <Notifications />
      </AuthProvider>
    </ConfigProvider>,
  );
  return { ...result, user };
}

/**
 * Renders the whole app (real routes, lazy pages, providers) at `path` in a memory router. The
 * billing API is a fake with no subscriptions unless `ports.billing` says otherwise; the
 * assistant a fake with no jobs and no history unless `ports.assistant` says otherwise; the ATS
 * a fake with nothing connected unless `ports.ats` says otherwise; the team a fake firm
 * (support/team.ts) unless `ports.team` says otherwise; the seats a person in no firm unless
 * `ports.seats` says otherwise.
 */
export function renderApp(
  path: string,
  { config = testConfig(), ports = {}, state }: { config?: RuntimeConfig; ports?: Partial<AppPorts>; state?: unknown } = {},
) {
  const user = userEvent.setup();
  // `state` is the location state of the first entry (then `path` is a plain pathname).
  const entry = state === undefined ? path : { pathname: path, state };
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [entry] });
  const result = render(
    <AppProvider
      config={config}
      ports={{
        billing: new FakeBilling().api(),
        assistant: new FakeAssistant().api(),
        ats: new FakeAts().api(),
        team: new FakeTeam().api(),
        seats: noFirmSeats(),
        ...ports,
      }}
    >
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, user, router };
}
