import { z } from "zod";

/** One number's charge in one period: "+1 555 010 0123 · Nov 10 – Nov 19 (10 days)". */
export const billingLineSchema = z.object({
  phoneNumberId: z.string().nullable(),
  description: z.string(),
  phoneNumber: z.string(),
  /** The days charged: from (inclusive) and to (inclusive), as YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type BillingLine = z.infer<typeof billingLineSchema>;
