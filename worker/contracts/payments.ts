// The money path's closed sets and shapes that cross the wire (spec/money-platform.md sections 3, 4 and 8).
import { z } from "zod";

/** The payment error catalogue's codes (section 8) that a failed payment can carry. */
export const PAYMENT_ERROR_CODES = [
  "invalid_cvc",
  "insufficient_funds",
  "lost_or_stolen",
  "invalid_expiry_month",
  "invalid_expiry_year",
  "expired_card",
  "already_declined_card",
  "change_method",
  "processing_error",
  "card_declined",
  "warning",
  "authentication_required",
  "invalid_number",
  "payment_canceled",
  "address_blacklisted",
  "riprova",
  "generico",
  "problemi_api",
] as const;
export const PaymentErrorCode = z.enum(PAYMENT_ERROR_CODES);
export type PaymentErrorCode = z.infer<typeof PaymentErrorCode>;

/**
 * Where a payment stands. `action_required`: the member must pass 3-D Secure (or approve a wallet or a
 * redirect payment); `pending` and `open`: the provider has it and will tell (credits come when approved).
 */
export const PAYMENT_STATUSES = [
  "created",
  "action_required",
  "pending",
  "open",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** A status after which nothing but a refund changes the payment. */
export const FINAL_STATUSES: readonly PaymentStatus[] = ["succeeded", "failed", "canceled", "refunded"];

/** The rate plan lists of a flow (section 3). */
export const PLAN_LISTS = ["compliant", "free", "premium", "verifica"] as const;
export const PlanList = z.enum(PLAN_LISTS);
export type PlanList = z.infer<typeof PlanList>;

/** A plan as an order keeps it: what the member saw and what the payment grants. */
export const OrderPlan = z.object({
  productId: z.string(),
  nomePiano: z.string(),
  prezzoTotale: z.number().int().min(0),
  currency: z.string().length(3),
  premiumLevel: z.number().int().min(0).max(2),
  crediti: z.number().int().min(0),
  creditiPromo: z.number().int().min(0),
});
export type OrderPlan = z.infer<typeof OrderPlan>;

/** Card brands the payment form shows an icon for (section 2). */
export const CARD_BRANDS = ["visa", "mastercard", "amex", "diners", "discover", "jcb", "unknown"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
