import * as z from '../shared/zod';
import { activityRecorderFromEnvironment, type ActivityRecorder } from '../shared/activity/activity-log';
import {
  SeatChangePreviewRequestSchema,
  SeatChangePreviewSchema,
  SeatChangeRequestSchema,
  SeatChangeResponseSchema,
} from '../shared/contracts/seats';
import { CreateChangeRequestSchema, CreateChangeResponseSchema } from '../shared/contracts/subscriptions';
import { ValidationError } from '../shared/errors';
import { byRoute } from '../shared/http/by-route';
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
import { changeSeats, previewSeatChange, type SeatChangeDependencies } from './seat-change';

/**
 * The subscription writes of a signed-in user, one function (they share the lock, the
 * idempotency store, the Recurly client and the 3-D Secure flow):
 * - `POST /subscription/create-change`: subscribe to a plan, or move the unexpired subscription to
 *   another plan. Body `CreateChangeRequestSchema` (`seats`: the new subscription's quantity, the
 *   founded firm's seats); optional `Idempotency-Key` header. Answers 201 `created`, 200
 *   `changed` / `unchanged` (a replayed answer carries `Idempotency-Replayed: true`); 400 bad body
 *   (seats not a whole number from 1 to 1,000), unknown plan, missing card, other currency, seats
 *   other than an existing subscription's (`seats_not_at_checkout`), a refused card (its code and
 *   message say why, billing-messages.ts `CARD_REFUSALS`); 402 `three_d_secure_required` with
 *   `threeDSecureActionTokenId` (the bank wants a 3-D Secure challenge; repeat with
 *   `threeDSecureActionResultTokenId`); 401 no claims; 403/404 inactive or missing user record;
 *   409 another request of the user in progress, or a reused Idempotency-Key.
 * - `POST /user/organization/seats/preview` and `POST /user/organization/seats` (issue 18): the
 *   firm's seats as its subscription's quantity (seat-change.ts): 403 a recruiter, 404 no firm,
 *   409 below the seats in use, no open subscription, or a price other than the one confirmed;
 *   Idempotency-Key and 402 as above.
 */

export interface CreateChangeHandlerDependencies extends CreateChangeDependencies {
  readonly users: UsersRepository;
}

export type SubscriptionWritesDependencies = CreateChangeHandlerDependencies & SeatChangeDependencies;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MESSAGE = "Idempotency-Key must be 1-128 letters, digits, '-', '_', '.' or ':'.";
const IdempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,128}$/));

export const SEAT_ROUTES = {
  preview: 'POST /user/organization/seats/preview',
  change: 'POST /user/organization/seats',
} as const;

/** The request's `Idempotency-Key` header, trimmed; undefined when absent; 400 when malformed. */
function readIdempotencyKey(header: (name: string) => string | undefined): string | undefined {
  const rawKey = header(IDEMPOTENCY_KEY_HEADER);
  if (rawKey !== undefined && !IdempotencyKeySchema.safeParse(rawKey.trim()).success) {
    throw new ValidationError(
      IDEMPOTENCY_KEY_MESSAGE,
      { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_MESSAGE },
      { code: 'invalid_idempotency_key' },
    );
  }
  return rawKey?.trim();
}

const replayedHeaders = (replayed: boolean) => (replayed ? { 'Idempotency-Replayed': 'true' } : undefined);

export function createCreateChangeHandler(
  dependencies: () => CreateChangeHandlerDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event, header }) => {
    const caller = callerFromEvent(event);
    const input = validateBody(parseJsonBody(event), CreateChangeRequestSchema);
    const idempotencyKey = readIdempotencyKey(header);
    const deps = dependencies();
    const user = await requireActiveUser(deps.users, caller);
    const outcome = await createOrChangeSubscription(deps, user, input, idempotencyKey);
    return {
      statusCode: outcome.statusCode,
      body: CreateChangeResponseSchema.parse(outcome.body),
      headers: replayedHeaders(outcome.replayed),
    };
  }, options);
}

export function createSeatPreviewHandler(
  dependencies: () => SeatChangeDependencies & { readonly users: UsersRepository },
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const caller = callerFromEvent(event);
    const { seats } = validateBody(parseJsonBody(event), SeatChangePreviewRequestSchema);
    const deps = dependencies();
    const user = await requireActiveUser(deps.users, caller);
    return { body: SeatChangePreviewSchema.parse(await previewSeatChange(deps, user, seats)) };
  }, options);
}

export function createSeatChangeHandler(
  dependencies: () => SeatChangeDependencies & { readonly users: UsersRepository },
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event, header }) => {
    const caller = callerFromEvent(event);
    const request = validateBody(parseJsonBody(event), SeatChangeRequestSchema);
    const idempotencyKey = readIdempotencyKey(header);
    const deps = dependencies();
    const user = await requireActiveUser(deps.users, caller);
    const outcome = await changeSeats(deps, user, request, idempotencyKey);
    return { body: SeatChangeResponseSchema.parse(outcome.body), headers: replayedHeaders(outcome.replayed) };
  }, options);
}

/** The three routes on one set of dependencies. */
export function createSubscriptionWritesHandler(
  dependencies: () => SubscriptionWritesDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return byRoute(
    {
      'POST /subscription/create-change': createCreateChangeHandler(dependencies, options),
      [SEAT_ROUTES.preview]: createSeatPreviewHandler(dependencies, options),
      [SEAT_ROUTES.change]: createSeatChangeHandler(dependencies, options),
    },
    options,
  );
}

/** The Lambda entry point. */
export const handler = createSubscriptionWritesHandler(
  lazily((): SubscriptionWritesDependencies => {
    const env = subscriptionEnvironment({ requireSubscriptionsTable: true });
    const stores = subscriptionRecordStores(env);
    return {
      ...stores,
      billing: env.billing,
      organizations: organizationsFromEnvironment(env.client),
      activity: activityRecorderFromEnvironment(env.client) satisfies ActivityRecorder,
      locks: createLeaseLocks(stores.subscriptionsTable),
      idempotency: createIdempotencyStore(stores.subscriptionsTable),
      productSlug: env.productSlug,
      planCodeSuffix: env.planCodeSuffix,
      now: () => new Date(),
      timing: DEFAULT_ONCE_ONLY_TIMING,
    };
  }),
);
