import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import type { BillingApi } from '../api/billing-api';
import { SubscriptionsContext, type SubscriptionsContextValue } from './subscriptions-context';
import type { SubscriptionsReport } from './subscriptions-engine';

const IDLE: SubscriptionsContextValue = {
  status: 'idle',
  subscriptions: [],
  account: null,
  error: null,
  refresh: async () => undefined,
  applySubscription: () => undefined,
};
const LOADING: SubscriptionsContextValue = { ...IDLE, status: 'loading' };

type Engine = ComponentType<{ api?: Pick<BillingApi, 'getUserSubscriptions'>; onReport: (report: SubscriptionsReport) => void }>;

/**
 * Holds the signed-in user's subscriptions for the whole app (spec section 4); sits below the
 * AuthProvider. Signed out, the list is empty and idle without loading any code; once someone is
 * signed in the state's code (subscriptions-engine.tsx) loads and runs beside the page, and the
 * page sees `loading` until it has an answer for this user. The page keeps its place in the tree
 * throughout, so nothing below is remounted when the code arrives.
 */
export function SubscriptionsProvider({
  api,
  children,
}: {
  /** The REST billing API when omitted (tests pass a fake). */
  readonly api?: Pick<BillingApi, 'getUserSubscriptions'>;
  readonly children: ReactNode;
}) {
  const { status, authUser } = useAuth();
  const authenticated = status === 'authenticated';
  const [engine, setEngine] = useState<{ readonly Component: Engine } | null>(null);
  const [report, setReport] = useState<SubscriptionsReport | null>(null);

  useEffect(() => {
    if (!authenticated || engine) return;
    let current = true;
    import('./subscriptions-engine').then(
      (module) => {
        if (current) setEngine({ Component: module.SubscriptionsEngine });
      },
      // The pages that need subscriptions wait behind their spinner; the next sign-in tries again.
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [authenticated, engine]);

  const fresh = authenticated && report !== null && report.userId === (authUser?.userId ?? null);
  const value = !authenticated ? IDLE : fresh ? report.value : LOADING;
  const Engine = engine?.Component;
  return (
    <SubscriptionsContext.Provider value={value}>
      {Engine ? <Engine api={api} onReport={setReport} /> : null}
      {children}
    </SubscriptionsContext.Provider>
  );
}
