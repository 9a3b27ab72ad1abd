import { MAX_SEATS, ORGANIZATION_ROLES } from '../domain/organization-rules';
import { PLAN_TIERS } from '../domain/plans';
import * as z from '../zod';

/**
 * Subscriptions as the REST API answers them and the web app shows them. The states and fields
 * are Recurly's (API v2021-02-25); "in trial" is derived from the trial dates, never stored.
 */

export const SUBSCRIPTION_STATES = ['active', 'canceled', 'expired', 'failed', 'future', 'paused'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

const Instant = z.iso.datetime({ offset: true });

/** A subscription at the billing provider. Amounts in the currency's major unit. */
export const SubscriptionViewSchema = z.object({
  /** The provider's subscription id. */
  id: z.string(),
  uuid: z.string(),
  accountCode: z.string(),
  planCode: z.string(),
  planName: z.string(),
  state: z.enum(SUBSCRIPTION_STATES),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  unitAmount: z.number().check(z.nonnegative()),
  quantity: z.number().check(z.int(), z.positive()),
  /** The one-time setup fee charged on the first invoice (0 when none). */
  setupFee: z.number().check(z.nonnegative()),
  trialStartedAt: z.nullable(Instant),
  trialEndsAt: z.nullable(Instant),
  currentPeriodStartedAt: z.nullable(Instant),
  /** When the current period ends: the next bill, or the end of access once canceled. */
  currentPeriodEndsAt: z.nullable(Instant),
  activatedAt: z.nullable(Instant),
  canceledAt: z.nullable(Instant),
  expiresAt: z.nullable(Instant),
  createdAt: Instant,
  updatedAt: Instant,
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

/** The billing account of a user (`{product}-{userId}`). */
export const AccountViewSchema = z.object({
  code: z.string(),
  email: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  company: z.nullable(z.string()),
  state: z.enum(['active', 'closed']),
  /** Whether a payment method is on file. */
  hasBillingInfo: z.boolean(),
  createdAt: Instant,
});
export type AccountView = z.infer<typeof AccountViewSchema>;

/**
 * Access through the firm (issue 18): a member of another person's firm works on the firm's
 * subscription. Set when the user is an active member of a firm that is not their own and whose
 * subscription is live (the subscriber gate's rule, lambdas/shared/organizations/caller-firm.ts);
 * `null` otherwise, when the user's own subscriptions decide.
 */
export const FirmAccessSchema = z.object({
  organizationId: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  /** The plan the firm's subscription entitles its members to (null: not a known plan). */
  tier: z.nullable(z.enum(PLAN_TIERS)),
});
export type FirmAccess = z.infer<typeof FirmAccessSchema>;

/** Answer of `GET /user/subscriptions/{id}`: the user's subscriptions and billing account, and their firm's access. */
export const UserSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(SubscriptionViewSchema),
  account: z.nullable(AccountViewSchema),
  firmAccess: z.nullable(FirmAccessSchema),
});
export type UserSubscriptionsResponse = z.infer<typeof UserSubscriptionsResponseSchema>;

/** Recurly's `three_d_secure_action_result_token_id`: at most 22 characters (API v2021-02-25). */
export const ThreeDSecureResultTokenSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,22}$/, 'threeDSecureActionResultTokenId must be a 3-D Secure result token'));

/**
 * A firm's seats (issue 18): the quantity of its subscription, a whole number from 1 to
 * {@link MAX_SEATS}. Chosen at checkout (`CreateChangeRequestSchema.seats`) and changed later
 * through `POST /user/organization/seats` (seats.ts).
 */
export const SeatsSchema = z
  .number('seats must be a whole number')
  .check(
    z.int('seats must be a whole number'),
    z.gte(1, 'seats must be at least 1'),
    z.lte(MAX_SEATS, `seats must be at most ${MAX_SEATS}`),
  );
export { MAX_SEATS };

/** The seats of a new subscription when the request names none: Recurly's default quantity of 1. */
export const DEFAULT_CHECKOUT_SEATS = 1;

/**
 * Body of `POST /subscription/create-change`: subscribe to a plan (creating the billing account
 * when needed; `billingToken` from the card form is then required) or move the existing
 * subscription to another plan. Card data never reaches the API: only the provider's token.
 * Retries are safe: the request's `Idempotency-Key` header (or the payload itself) identifies it.
 */
export const CreateChangeRequestSchema = z.strictObject({
  planCode: z.string().check(z.minLength(1), z.maxLength(50), z.regex(/^[a-z0-9_+-]+$/i, 'planCode must be a plan code')),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/, 'currency must be a three-letter code such as USD')),
  /** Recurly.js token id (AWS) or the local test card form's token (local). */
  billingToken: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /**
   * Only when repeating a request that was answered {@link THREE_D_SECURE_REQUIRED}: the token
   * Recurly.js's 3-D Secure challenge gave (Recurly's `three_d_secure_action_result_token_id`,
   * at most 22 characters), sent with the same `billingToken` as the first attempt.
   */
  threeDSecureActionResultTokenId: z.optional(ThreeDSecureResultTokenSchema),
  /**
   * How many seats a NEW subscription buys (its Recurly `quantity`; {@link DEFAULT_CHECKOUT_SEATS}
   * when absent); the founded firm gets as many. On an existing subscription (a plan change or
   * the same plan) it may only repeat the current quantity: any other number is refused with 400
   * `seats_not_at_checkout`, since seats change through `POST /user/organization/seats`, which
   * shows the prorated price first.
   */
  seats: z.optional(SeatsSchema),
});
export type CreateChangeRequest = z.infer<typeof CreateChangeRequestSchema>;

/**
 * The answer of `POST /subscription/create-change` when the card's bank wants the cardholder to
 * authenticate the payment (3-D Secure; Recurly's transaction error category
 * `three_d_secure_action_required`): HTTP 402, nothing charged or created. The web app runs
 * Recurly.js's 3-D Secure challenge with `threeDSecureActionTokenId`, then repeats the same
 * request (same plan, currency and `billingToken`, a new Idempotency-Key) with the challenge's
 * `threeDSecureActionResultTokenId`. A failed or abandoned challenge ends the attempt.
 */
export const THREE_D_SECURE_REQUIRED = { status: 402, code: 'three_d_secure_required' } as const;

export const ThreeDSecureRequiredBodySchema = z.object({
  message: z.string(),
  code: z.literal(THREE_D_SECURE_REQUIRED.code),
  threeDSecureActionTokenId: z.string().check(z.minLength(1)),
});
export type ThreeDSecureRequiredBody = z.infer<typeof ThreeDSecureRequiredBodySchema>;

export const CreateChangeResponseSchema = z.object({
  /** `created`: a new subscription; `changed`: the plan of the existing one; `unchanged`: already on that plan. */
  outcome: z.enum(['created', 'changed', 'unchanged']),
  subscription: SubscriptionViewSchema,
});
export type CreateChangeResponse = z.infer<typeof CreateChangeResponseSchema>;

/** Body of `POST /subscription/cancel` and `POST /subscription/reactivate`. */
export const SubscriptionActionRequestSchema = z.strictObject({ subscriptionId: z.string().check(z.minLength(1), z.maxLength(100)) });
export type SubscriptionActionRequest = z.infer<typeof SubscriptionActionRequestSchema>;

export const SubscriptionActionResponseSchema = z.object({ subscription: SubscriptionViewSchema });
export type SubscriptionActionResponse = z.infer<typeof SubscriptionActionResponseSchema>;

export { CURRENCY_SYMBOLS, isInTrial } from '../domain/subscription-terms';
