import * as z from '../zod';

/** A price of a plan in one currency. Amounts are in the currency's major unit (e.g. dollars). */
export const PlanCurrencySchema = z.object({
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  unitAmount: z.number().check(z.nonnegative()),
  setupFee: z.number().check(z.nonnegative()),
});

export const PlanPeriodSchema = z.object({
  length: z.number().check(z.int(), z.nonnegative()),
  unit: z.enum(['days', 'months']),
});

export const PlanSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(50)),
  name: z.string(),
  description: z.optional(z.string()),
  currencies: z.array(PlanCurrencySchema),
  trial: PlanPeriodSchema,
  interval: PlanPeriodSchema,
});

/** Answer of `GET /subscription/plans`. */
export const PlansResponseSchema = z.object({ plans: z.array(PlanSchema) });

export type PlanCurrency = z.infer<typeof PlanCurrencySchema>;
export type PlanPeriod = z.infer<typeof PlanPeriodSchema>;
export type Plan = z.infer<typeof PlanSchema>;
export type PlansResponse = z.infer<typeof PlansResponseSchema>;
