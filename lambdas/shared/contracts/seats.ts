import * as z from '../zod';
import { SeatsSchema as Seats, SubscriptionViewSchema, ThreeDSecureResultTokenSchema } from './subscriptions';

/**
 * Changing a firm's seats (issue 18): the seats are the quantity of the firm's subscription, so a
 * change is a Recurly subscription change of quantity, prorated, shown with its price before it is
 * made. Owners and admins only; never below the seats in use (members and pending invitations).
 */

const Amount = z.number().check(z.nonnegative());

/** Body of `POST /user/organization/seats/preview`. */
export const SeatChangePreviewRequestSchema = z.strictObject({ seats: Seats });
export type SeatChangePreviewRequest = z.infer<typeof SeatChangePreviewRequestSchema>;

/** What a seat change would do now, in the subscription's currency (major units). */
export const SeatChangePreviewSchema = z.object({
  currentSeats: z.number().check(z.int(), z.gte(1)),
  seats: z.number().check(z.int(), z.gte(1)),
  seatsInUse: z.number().check(z.int(), z.gte(0)),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /** One seat per billing period. */
  unitAmount: Amount,
  /** The subscription's price per billing period now, and with the new seats. */
  currentRecurringTotal: Amount,
  recurringTotal: Amount,
  /** Charged now for the added seats for the rest of the period (0 when none). */
  chargedNow: Amount,
  /** Credited now for the removed seats for the rest of the period (0 when none). */
  creditedNow: Amount,
});
export type SeatChangePreview = z.infer<typeof SeatChangePreviewSchema>;

/**
 * Body of `POST /user/organization/seats`: the seats and the price the caller was shown and
 * confirmed (the preview's `recurringTotal` and `chargedNow`). The change is made only while the
 * new recurring total is the one confirmed and the charge now is at most the one confirmed (a
 * prorated charge only falls as the period runs on); otherwise 409 `seat_price_changed`, nothing
 * changed, and the caller previews again. Optional `Idempotency-Key` header; a 402
 * `three_d_secure_required` is repeated with the challenge's result token, as for a plan change.
 */
export const SeatChangeRequestSchema = z.strictObject({
  seats: Seats,
  confirmedRecurringTotal: Amount,
  confirmedChargedNow: Amount,
  threeDSecureActionResultTokenId: z.optional(ThreeDSecureResultTokenSchema),
});
export type SeatChangeRequest = z.infer<typeof SeatChangeRequestSchema>;

export const SeatChangeResponseSchema = z.object({
  /** `changed`: the subscription's quantity and the firm's seats; `unchanged`: already that many. */
  outcome: z.enum(['changed', 'unchanged']),
  seats: z.number().check(z.int(), z.gte(1)),
  subscription: SubscriptionViewSchema,
});
export type SeatChangeResponse = z.infer<typeof SeatChangeResponseSchema>;

export const SEAT_PRICE_CHANGED_CODE = 'seat_price_changed';
