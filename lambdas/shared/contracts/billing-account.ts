import * as z from '../zod';
import { ThreeDSecureResultTokenSchema } from './subscriptions';

/**
 * The subscriber's own billing, as `GET /user/billing`, `PUT /user/billing/card` and
 * `GET /user/billing/invoices/{id}/pdf` answer it: the card on file and the invoices. The fields
 * are Recurly's (API v2021-02-25: an account's billing info `payment_method` and its invoices),
 * named for the web app; the account is always the caller's own.
 */

const Instant = z.iso.datetime({ offset: true });

/** A provider invoice id (Recurly: e.g. `e28zov4fw0v2`; locally 13 hex digits): the PDF route's path parameter. */
export const INVOICE_ID_PATTERN = /^[a-z0-9]{1,40}$/;

/** Recurly's invoice states (v2021-02-25). */
export const INVOICE_STATES = ['pending', 'processing', 'past_due', 'paid', 'closed', 'failed', 'voided', 'open'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** The card on file: never more than the brand, the last four digits and the expiry. */
export const CardOnFileSchema = z.object({
  /** As Recurly names it (`card_type`): `Visa`, `MasterCard`, `American Express`… */
  brand: z.string().check(z.minLength(1), z.maxLength(40)),
  lastFour: z.string().check(z.regex(/^\d{4}$/)),
  expMonth: z.number().check(z.int(), z.gte(1), z.lte(12)),
  expYear: z.number().check(z.int(), z.gte(2000), z.lte(2100)),
});
export type CardOnFile = z.infer<typeof CardOnFileSchema>;

/** One invoice of the account. Amounts in the currency's major unit. */
export const InvoiceViewSchema = z.object({
  /** The provider's invoice id: what the PDF route takes. */
  id: z.string().check(z.regex(INVOICE_ID_PATTERN)),
  /** The number printed on the invoice (Recurly: site-wide sequence, e.g. `1001`). */
  number: z.string().check(z.minLength(1), z.maxLength(40)),
  state: z.enum(INVOICE_STATES),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  total: z.number(),
  createdAt: Instant,
});
export type InvoiceView = z.infer<typeof InvoiceViewSchema>;

/** Answer of `GET /user/billing`: the card on file (null when none) and the invoices, newest first. */
export const BillingOverviewResponseSchema = z.object({
  card: z.nullable(CardOnFileSchema),
  invoices: z.array(InvoiceViewSchema),
});
export type BillingOverviewResponse = z.infer<typeof BillingOverviewResponseSchema>;

/**
 * Body of `PUT /user/billing/card`: the card form's token (Recurly.js, or the local test card
 * form). Like create-change, it may answer 402 `three_d_secure_required` (contracts/subscriptions.ts);
 * the repeat sends the same token with the challenge's `threeDSecureActionResultTokenId`.
 */
export const UpdateCardRequestSchema = z.strictObject({
  billingToken: z.string().check(z.minLength(1), z.maxLength(200)),
  threeDSecureActionResultTokenId: z.optional(ThreeDSecureResultTokenSchema),
});
export type UpdateCardRequest = z.infer<typeof UpdateCardRequestSchema>;

export const UpdateCardResponseSchema = z.object({ card: CardOnFileSchema });
export type UpdateCardResponse = z.infer<typeof UpdateCardResponseSchema>;

/**
 * Answer of `GET /user/billing/invoices/{id}/pdf`: the PDF as base64 inside JSON (the web app
 * turns it into a download), so API Gateway needs no binary media types (docs/decisions.md).
 */
export const InvoicePdfResponseSchema = z.object({
  fileName: z.string().check(z.regex(/^[A-Za-z0-9._-]{1,80}\.pdf$/)),
  contentType: z.literal('application/pdf'),
  base64: z.string().check(z.minLength(1)),
});
export type InvoicePdfResponse = z.infer<typeof InvoicePdfResponseSchema>;
