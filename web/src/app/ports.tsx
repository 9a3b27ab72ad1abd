import { createContext, useContext, type ReactNode } from 'react';
import type { AdminApi } from '../features/admin/api/admin-api';
import type { AssistantApi } from '../features/assistant/api/assistant-api';
import type { AtsApi } from '../features/ats/api/ats-api';
import type { AuthApi } from '../features/auth/api/auth-api';
import type { InviteSignupApi } from '../features/auth/api/invite-signup-api';
import type { ProfileApi } from '../features/profile/api/profile-api';
import type { BillingAccountApi } from '../features/subscriptions/api/billing-account-api';
import type { BillingApi } from '../features/subscriptions/api/billing-api';
import type { TeamApi } from '../features/team/api/team-api';
import type { TestCardTokenizer } from '../features/subscriptions/api/test-card-tokenizer';
import type { SessionPort } from '../lib/auth/session';

/**
 * The app's ports to the outside world (Cognito, AppSync, the REST API, the local billing
 * adapter's card tokens). Each route module builds the real
 * adapter for its feature, so Amplify-facing code loads with the page that needs it; tests (and
 * only tests) replace any of them here with fakes.
 */
export interface AppPorts {
  readonly session: SessionPort;
  readonly auth: AuthApi;
  readonly inviteSignup: InviteSignupApi;
  readonly profile: ProfileApi;
  /** Plans and subscriptions on the REST API. */
  readonly billing: BillingApi;
  /** The subscriber's own card on file and invoices on the REST API (the account page). */
  readonly billingAccount: BillingAccountApi;
  /** The local runtime's stand-in for Recurly.js tokenization (the test card form). */
  readonly testCardTokens: TestCardTokenizer;
  /** The recruiting assistant on the REST API (the /services screens). */
  readonly assistant: AssistantApi;
  /** The read-only ATS integration on the REST API (settings, sync, candidates, prediction). */
  readonly ats: AtsApi;
  /** The admin console's calls on the REST API. */
  readonly admin: AdminApi;
  /** The firm's team on the REST API (the Team page and the account menu's firm name). */
  readonly team: TeamApi;
}

const PortsContext = createContext<Partial<AppPorts>>({});

export function PortsProvider({ ports, children }: { readonly ports: Partial<AppPorts>; readonly children: ReactNode }) {
  return <PortsContext.Provider value={ports}>{children}</PortsContext.Provider>;
}

/** The ports replaced for this app (empty in the running app). */
export function usePortOverrides(): Partial<AppPorts> {
  return useContext(PortsContext);
}
