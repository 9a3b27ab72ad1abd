import { ApiError, Client, type Plan as RecurlyPlan } from 'recurly';
import DefaultHttpAdapter from 'recurly/lib/recurly/DefaultHttpAdapter';
import type { HttpAdapter } from 'recurly/lib/recurly/HttpAdapter';
import { PlanSchema, type Plan } from '../../shared/contracts/plans';
import { BillingUnavailableError, RateLimitedError } from '../../shared/errors';
import { createLogger } from '../../shared/logger';
import type { BillingPort } from './billing-port';
import type { RecurlyApiKeySource } from './recurly-api-key';

/**
 * The billing port on Recurly, through the official client (`recurly` 4.x, API v2021-02-25).
 * Recurly failures become domain errors:
 * - 401/403 (the key is wrong, revoked or lacks permission): `BillingUnavailableError`, not
 *   retryable; the cached key is dropped so a rotated secret is picked up on the next request;
 * - 429: `RateLimitedError`, with the wait taken from `X-RateLimit-Reset`;
 * - 5xx, time-outs and network failures: `BillingUnavailableError`, retryable;
 * - any other refusal (400, 404, 406, 422: our request is wrong): `BillingUnavailableError`,
 *   not retryable.
 */

const logger = createLogger({ component: 'recurly-billing' });

/** Per-request time-out: well inside API Gateway's 29 s, generous for a page of 200 plans. */
export const DEFAULT_RECURLY_TIMEOUT_MS = 10_000;

/** Recurly's largest page: one request lists a normal site's plans. */
const PAGE_SIZE = 200;

export interface RecurlyBillingOptions {
  readonly apiKey: RecurlyApiKeySource;
  /**
   * The client's transport. Production leaves it out (Recurly's own `DefaultHttpAdapter` with
   * {@link DEFAULT_RECURLY_TIMEOUT_MS}); tests pass one that sends requests to a local server.
   */
  readonly httpAdapter?: HttpAdapter;
}

const MESSAGES = {
  unavailable: 'Billing is temporarily unavailable. Please try again in a minute.',
  broken: 'Billing is unavailable right now. Please try again later or contact support.',
  rateLimited: 'Billing is busy right now. Please try again shortly.',
} as const;

/** The Recurly adapter of the billing port. */
export function createRecurlyBilling(options: RecurlyBillingOptions): BillingPort {
  const httpAdapter = options.httpAdapter ?? new DefaultHttpAdapter({ timeout: DEFAULT_RECURLY_TIMEOUT_MS });
  let current: { readonly apiKey: string; readonly client: Client } | undefined;

  const client = async (): Promise<Client> => {
    const apiKey = await options.apiKey.get();
    if (current?.apiKey !== apiKey) current = { apiKey, client: new Client(apiKey, { httpAdapter }) };
    return current.client;
  };

  /** Runs one Recurly call, translating its failures. */
  const call = async <T>(operation: string, run: (recurly: Client) => Promise<T>): Promise<T> => {
    const recurly = await client();
    try {
      return await run(recurly);
    } catch (error) {
      throw translateRecurlyError(error, operation, () => options.apiKey.forget());
    }
  };

  return {
    async listPlans() {
      const recurlyPlans = await call('listPlans', async (recurly) => {
        const collected: RecurlyPlan[] = [];
        for await (const plan of recurly.listPlans({ params: { limit: PAGE_SIZE, state: 'active' } }).each()) {
          collected.push(plan);
        }
        return collected;
      });
      return recurlyPlans.flatMap((recurlyPlan) => {
        const plan = toPlan(recurlyPlan);
        return plan ? [plan] : [];
      });
    },
  };
}

/**
 * A Recurly plan in the product's terms, or undefined (logged) when it does not fit the contract
 * (for example a ramp-priced plan without `unit_amount`). Setup fees come from the top-level
 * `setup_fees` and fall back to the deprecated `currencies[].setup_fee`.
 */
export function toPlan(recurlyPlan: RecurlyPlan): Plan | undefined {
  const setupFees = new Map<string, number>();
  for (const fee of recurlyPlan.setupFees ?? []) {
    if (fee.currency && typeof fee.unitAmount === 'number') setupFees.set(fee.currency, fee.unitAmount);
  }
  const candidate = {
    code: recurlyPlan.code,
    name: recurlyPlan.name,
    description: recurlyPlan.description ?? undefined,
    currencies: (recurlyPlan.currencies ?? []).map((price) => ({
      currency: price.currency,
      unitAmount: price.unitAmount,
      setupFee: (price.currency ? setupFees.get(price.currency) : undefined) ?? price.setupFee ?? 0,
    })),
    // Recurly's documented defaults when a field is absent.
    trial: { length: recurlyPlan.trialLength ?? 0, unit: recurlyPlan.trialUnit ?? 'months' },
    interval: { length: recurlyPlan.intervalLength ?? 1, unit: recurlyPlan.intervalUnit ?? 'months' },
  };
  const parsed = PlanSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  logger.warn('Skipped a Recurly plan that does not fit the plan contract', {
    planCode: recurlyPlan.code,
    issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  });
  return undefined;
}

interface RecurlyResponseDetails {
  readonly status?: number;
  readonly requestId?: string | null;
  readonly rateLimitReset?: Date | null;
}

function responseOf(error: unknown): RecurlyResponseDetails | undefined {
  if (!(error instanceof ApiError) || typeof error.getResponse !== 'function') return undefined;
  const response = error.getResponse() as unknown;
  return response && typeof response === 'object' ? (response as RecurlyResponseDetails) : undefined;
}

/** Seconds until `reset`, between 1 and 300; undefined when Recurly did not say. */
function secondsUntil(reset: Date | null | undefined, now = Date.now()): number | undefined {
  if (!(reset instanceof Date) || Number.isNaN(reset.getTime())) return undefined;
  return Math.min(300, Math.max(1, Math.ceil((reset.getTime() - now) / 1000)));
}

/** Maps a failure of the Recurly client to the billing port's domain errors. */
export function translateRecurlyError(error: unknown, operation: string, forgetApiKey: () => void): Error {
  const response = responseOf(error);
  const status = response?.status;
  const details = {
    operation,
    status,
    recurlyRequestId: response?.requestId ?? undefined,
    recurlyErrorType: error instanceof ApiError ? (error as ApiError & { type?: string }).type : undefined,
  };

  if (status === 401 || status === 403) {
    forgetApiKey();
    logger.error('Recurly rejected the API key', details);
    return new BillingUnavailableError(MESSAGES.broken, { retryable: false, cause: error });
  }
  if (status === 429) {
    const retryAfterSeconds = secondsUntil(response?.rateLimitReset);
    logger.warn('Recurly rate limit reached', { ...details, retryAfterSeconds });
    return new RateLimitedError(MESSAGES.rateLimited, { retryAfterSeconds, cause: error });
  }
  if (status === undefined || status >= 500) {
    // No answer at all (time-out, connection refused, reset) or a server-side failure.
    logger.warn('Recurly is unavailable', details);
    return new BillingUnavailableError(MESSAGES.unavailable, { retryable: true, cause: error });
  }
  logger.error('Recurly refused the request', details);
  return new BillingUnavailableError(MESSAGES.broken, { retryable: false, cause: error });
}
