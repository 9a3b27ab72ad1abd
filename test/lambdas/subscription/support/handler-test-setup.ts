import type { SubscriptionWritesDependencies } from '../../../../lambdas/subscription/create-change-subscription';
import { DEFAULT_ONCE_ONLY_TIMING } from '../../../../lambdas/subscription/once-only';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import { PRODUCT_SLUG, startSubscriptionServices, type SubscriptionServices } from './subscription-services';

/**
 * The set-up every subscription handler test file shares: the services started once for the file
 * (dynalite, the local billing, the repositories), the handlers' log lines captured around each
 * test, and the subscription writes function's dependencies on those services.
 */

/**
 * An object whose members are read from `current()` when used: the file's services exist only
 * once `beforeAll` has run, but handlers and helpers are declared at the top of the file.
 */
function lateBound<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = current();
      if (!value) throw new Error(`${what} is used before its jest hook made it`);
      const member: unknown = Reflect.get(value, key);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(value) : member;
    },
  });
}

/**
 * Registers the file's jest hooks: the services start before the first test and stop after the
 * last; each test's log lines are captured (and the capture undone after it).
 */
export function useSubscriptionServices(): { readonly services: SubscriptionServices; readonly logs: CapturedLogs } {
  let services: SubscriptionServices | undefined;
  let logs: CapturedLogs | undefined;
  beforeAll(async () => {
    services = await startSubscriptionServices();
  });
  afterAll(() => services?.stop());
  beforeEach(() => {
    logs = captureLogs();
  });
  afterEach(() => logs?.restore());
  return { services: lateBound(() => services, 'the subscription services'), logs: lateBound(() => logs, 'the captured logs') };
}

/**
 * The dependencies of the subscription writes function (create-change and seats) on the test's
 * services, as the Lambda entry wires them; `overrides` swaps any of them (a failing billing, a clock).
 */
export function subscriptionWritesDependencies(
  services: SubscriptionServices,
  overrides: Partial<SubscriptionWritesDependencies> = {},
): SubscriptionWritesDependencies {
  return {
    billing: services.billing,
    users: services.users,
    subscriptions: services.subscriptions,
    organizations: services.organizations,
    activity: services.activity,
    links: services.links,
    locks: services.locks,
    idempotency: services.idempotency,
    productSlug: PRODUCT_SLUG,
    planCodeSuffix: '_dev',
    now: () => new Date(),
    timing: DEFAULT_ONCE_ONLY_TIMING,
    ...overrides,
  };
}
