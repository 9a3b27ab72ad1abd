import * as z from '../shared/zod';
import { CreateChangeRequestSchema, CreateChangeResponseSchema } from '../shared/contracts/subscriptions';
import { ValidationError } from '../shared/errors';
import { callerFromEvent } from '../shared/http/caller';
import { httpHandler, parseJsonBody, validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { createIdempotencyStore } from '../shared/subscriptions/idempotency-store';
import { createLeaseLocks } from '../shared/subscriptions/lease-locks';
import { requireActiveUser } from '../shared/users/active-user';
import type { UsersRepository } from '../shared/users/users-repository';
import { createOrChangeSubscription, type CreateChangeDependencies } from './subscription-checkout';
import { DEFAULT_ONCE_ONLY_TIMING } from './once-only';
import { lazily } from '../shared/lazily';
import { subscriptionEnvironment, subscriptionRecordStores } from './subscription-dependencies';
import { organizationsFromEnvironment } from '../shared/organizations/organizations-repository';

/**
 * `POST /subscription/create-change` (signed-in users): subscribe to a plan, or move the unexpired
 * subscription to another plan. Body `CreateChangeRequestSchema`; optional `Idempotency-Key`
 * header. Answers 201 `created`, 200 `changed` / `unchanged` (a replayed answer carries
 * `Idempotency-Replayed: true`); 400 bad body, unknown plan, missing card, other currency, a
 * refused card (its code and message say why, billing-messages.ts `CARD_REFUSALS`); 402
 * `three_d_secure_required` with `threeDSecureActionTokenId` (the bank wants a 3-D Secure
 * challenge; repeat with `threeDSecureActionResultTokenId`); 401 no claims; 403/404 inactive or missing user record; 409 another request of the user in
 * progress, or a reused Idempotency-Key.
 */

export interface CreateChangeHandlerDependencies extends CreateChangeDependencies {
  readonly users: UsersRepository;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MESSAGE = "Idempotency-Key must be 1-128 letters, digits, '-', '_', '.' or ':'.";
const IdempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,128}$/));

export function createCreateChangeHandler(
  dependencies: () => CreateChangeHandlerDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event, header }) => {
    const caller = callerFromEvent(event);
    const input = validateBody(parseJsonBody(event), CreateChangeRequestSchema);
    const rawKey = header(IDEMPOTENCY_KEY_HEADER);
    if (rawKey !== undefined && !IdempotencyKeySchema.safeParse(rawKey.trim()).success) {
      throw new ValidationError(
        IDEMPOTENCY_KEY_MESSAGE,
        { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_MESSAGE },
        { code: 'invalid_idempotency_key' },
      );
    }
    const deps = dependencies();
    const user = await requireActiveUser(deps.users, caller);
    const outcome = await createOrChangeSubscription(deps, user, input, rawKey?.trim());
    return {
      statusCode: outcome.statusCode,
      body: CreateChangeResponseSchema.parse(outcome.body),
      headers: outcome.replayed ? { 'Idempotency-Replayed': 'true' } : undefined,
    };
  }, options);
}

/** The Lambda entry point. */
export const handler = createCreateChangeHandler(
  lazily(() => {
    const env = subscriptionEnvironment({ requireSubscriptionsTable: true });
    const stores = subscriptionRecordStores(env);
    return {
      ...stores,
      billing: env.billing,
      organizations: organizationsFromEnvironment(env.client),
      locks: createLeaseLocks(stores.subscriptionsTable),
      idempotency: createIdempotencyStore(stores.subscriptionsTable),
      productSlug: env.productSlug,
      planCodeSuffix: env.planCodeSuffix,
      now: () => new Date(),
      timing: DEFAULT_ONCE_ONLY_TIMING,
    };
  }),
);
