import { createLogger, type Logger } from '../shared/logger';
import { decideRenewal } from './api-key-expiry';
import { maskKeyId, type ApiKeyStore } from './api-key-store';

/**
 * The renewal job's work, independent of how it is triggered: look at every key of the API,
 * extend those close to expiry (see `api-key-expiry.ts`) and report the fewest days any key has
 * left afterwards as a CloudWatch metric (embedded metric format: a JSON log line, no API call),
 * which the "API key near expiry" alarm watches.
 */

export interface RenewApiKeysDependencies {
  readonly store: ApiKeyStore;
  readonly now?: () => Date;
  /** CloudWatch namespace of the `ApiKeyDaysLeft` metric, e.g. `talentpilot-prod`. */
  readonly metricsNamespace?: string;
  readonly logger?: Logger;
}

export interface RenewalReport {
  readonly checked: number;
  readonly renewed: readonly { readonly id: string; readonly from: string; readonly to: string }[];
  /** The fewest whole days any key has left after this run. */
  readonly daysLeft: number;
}

/** Name of the metric the near-expiry alarm watches. */
export const DAYS_LEFT_METRIC = 'ApiKeyDaysLeft';

const defaultLogger = createLogger({ component: 'renew-api-keys' });

/**
 * Renews what needs renewing. Throws when the API has no key or when any renewal failed (after
 * trying every key), so the invocation counts as an error and the job's alarm fires.
 */
export async function renewApiKeys(deps: RenewApiKeysDependencies): Promise<RenewalReport> {
  const logger = deps.logger ?? defaultLogger;
  const now = deps.now?.() ?? new Date();
  const keys = await deps.store.listKeys();
  if (keys.length === 0)
    throw new Error('The GraphQL API has no API key: the public contact form cannot work. Deploy the stack again to recreate it.');

  const renewed: { id: string; from: string; to: string }[] = [];
  const failures: unknown[] = [];
  const expiries: Date[] = [];
  for (const key of keys) {
    const decision = decideRenewal(now, key);
    if (decision.action === 'keep') {
      expiries.push(decision.expires);
      continue;
    }
    try {
      const stored = await deps.store.updateExpiry(key.id, decision.newExpires);
      expiries.push(stored);
      renewed.push({ id: maskKeyId(key.id), from: decision.expires.toISOString(), to: stored.toISOString() });
      logger.info('API key renewed', { keyId: maskKeyId(key.id), from: decision.expires.toISOString(), to: stored.toISOString() });
    } catch (error) {
      expiries.push(decision.expires);
      failures.push(error);
      logger.error('API key renewal failed', { keyId: maskKeyId(key.id), expires: decision.expires.toISOString(), error });
    }
  }

  const soonest = Math.min(...expiries.map((date) => date.getTime()));
  const daysLeft = Math.floor((soonest - now.getTime()) / 86_400_000);
  logger.info('API keys checked', {
    checked: keys.length,
    renewed: renewed.length,
    failed: failures.length,
    [DAYS_LEFT_METRIC]: daysLeft,
    ...(deps.metricsNamespace ? { _aws: embeddedMetric(deps.metricsNamespace, now) } : {}),
  });
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} of ${keys.length} API key renewals failed.`);
  return { checked: keys.length, renewed, daysLeft };
}

/** The `_aws` envelope that makes a JSON log line a CloudWatch metric (embedded metric format). */
function embeddedMetric(namespace: string, now: Date) {
  return {
    Timestamp: now.getTime(),
    CloudWatchMetrics: [{ Namespace: namespace, Dimensions: [[]], Metrics: [{ Name: DAYS_LEFT_METRIC, Unit: 'Count' }] }],
  };
}
