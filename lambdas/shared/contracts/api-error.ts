import * as z from '../zod';

/** Body of every REST error answer: a human-readable message and a stable code. */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  /** Per-field problems of a rejected payload. */
  fields: z.optional(z.record(z.string(), z.string())),
  /**
   * Only on 402 `three_d_secure_required` (see contracts/subscriptions.ts): the 3-D Secure action
   * token the web app hands to Recurly.js before it repeats the request.
   */
  threeDSecureActionTokenId: z.optional(z.string()),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
