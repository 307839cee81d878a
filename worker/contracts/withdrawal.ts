// The withdrawal function's wire shapes (EU Directive 2011/83 art. 11a): the profile lists the purchases a
// withdrawal concerns with what it would refund (step one), and confirms one (step two).
import { z } from "zod";
import { Int4IdParam } from "./bounds";

/** The EU right of withdrawal from a contract concluded online: this many days from its conclusion. */
export const WITHDRAWAL_DAYS = 14;

/** Why a purchase cannot be withdrawn from now. */
export const WITHDRAWAL_REFUSALS = ["expired", "all_used", "refunded", "not_paid", "withdrawn"] as const;

export const Withdrawable = z.object({
  paymentId: z.number().int(),
  /** The contract's number: the order's id, as the purchase mail and the receipt name it. */
  contract: z.string(),
  planName: z.string(),
  kind: z.enum(["subscription", "credits"]),
  amountCents: z.number().int(),
  currency: z.string(),
  /** What a withdrawal refunds now (or refunded). */
  refundCents: z.number().int(),
  /** Subscription: days used of `bought` days; credits: credits used of `bought` credits. */
  used: z.number().int(),
  bought: z.number().int(),
  /** The checkout recorded the request for immediate performance (without it, the whole price is refunded). */
  performanceConsent: z.boolean(),
  paidAt: z.string(),
  /** The end of the 14 days. */
  deadline: z.string(),
  available: z.boolean(),
  reason: z.enum(WITHDRAWAL_REFUSALS).nullable(),
  /** The withdrawal made, if any: received, refunded or refund_failed, and when. */
  withdrawal: z.object({ status: z.string(), at: z.string() }).nullable(),
});
export type Withdrawable = z.infer<typeof Withdrawable>;

export const WithdrawalList = z.object({ purchases: z.array(Withdrawable), days: z.number().int() });

export const WithdrawalConfirm = z.object({ paymentId: Int4IdParam });
