// The money path's closed sets and shapes that cross the wire (spec/money-platform.md sections 3, 4 and 8).

import { z } from "zod";
import { Clickid, RequiredClickid } from "./clickid";
import type { Locale } from "./locales";

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
  /** Days between renewals; null for a one-off purchase (orders kept before renewals existed read null). */
  renewalDays: z.number().int().min(1).nullable().default(null),
});
export type OrderPlan = z.infer<typeof OrderPlan>;

/** Card brands the payment form shows an icon for (section 2). */
export const CARD_BRANDS = ["visa", "mastercard", "amex", "diners", "discover", "jcb", "unknown"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The systems whose 3-D Secure and return pages the client knows (spec section 4). */
export const PAYMENT_SYSTEMS = ["adyen", "trustpay", "maxpay"] as const;
export const PaymentSystem = z.enum(PAYMENT_SYSTEMS);
export type PaymentSystem = z.infer<typeof PaymentSystem>;

/** Each card system's return page after 3-D Secure (spec section 2): TrustPay's is /trpay/paymentCheck. */
export const CARD_RETURN_PATH: Record<PaymentSystem, string> = {
  adyen: "/adyen/paymentCheck",
  trustpay: "/trpay/paymentCheck",
  maxpay: "/maxpay/paymentCheck",
};

const digits = (min: number, max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `${min} to ${max} digits`));

/** The card as the member typed it (the sandbox, TrustPay, Maxpay): it passes through, never stored or logged. */
export const RawCard = z.object({
  cardNumber: digits(13, 19),
  cardMonth: z.coerce.number().int().min(1).max(12),
  cardYear: z.coerce.number().int().min(0).max(9999),
  cardSecurityCode: digits(3, 4),
});

/** Adyen's secured fields' values (Adyen Web's CSE blobs; Adyen's test environment also takes `test_` values). */
const encrypted = z.string().min(1).max(8192);
export const EncryptedCard = z.object({
  encryptedCardNumber: encrypted,
  encryptedExpiryMonth: encrypted,
  encryptedExpiryYear: encrypted,
  encryptedSecurityCode: encrypted,
});

/**
 * The browser's data for 3-D Secure 2 (Adyen's BrowserInfo, as Adyen Web's `browserInfo` gives it): the issuer
 * sizes its challenge and judges the risk with it.
 */
export const BrowserInfo = z.object({
  acceptHeader: z.string().min(1).max(512),
  colorDepth: z.number().int().min(0).max(64),
  language: z.string().min(1).max(35),
  javaEnabled: z.boolean(),
  screenHeight: z.number().int().min(0).max(100_000),
  screenWidth: z.number().int().min(0).max(100_000),
  userAgent: z.string().min(1).max(1024),
  timeZoneOffset: z.number().int().min(-900).max(900),
  javaScriptEnabled: z.boolean().optional(),
});
export type BrowserInfo = z.infer<typeof BrowserInfo>;

/**
 * The member's browser as the card payload describes it (section 3), for 3-D Secure 2: the card form sends it,
 * and a one-tap charge of the kept card too, whose issuer may ask for 3-D Secure as well.
 */
export const BrowserFields = z.object({
  language: z.string().max(16).optional(),
  screenHeight: z.number().int().min(0).max(100_000).optional(),
  screenWidth: z.number().int().min(0).max(100_000).optional(),
  timezone: z.union([z.string().max(64), z.number()]).optional(),
  userAgent: z.string().max(512).optional(),
  javaEnabled: z.boolean().optional(),
  javascriptEnabled: z.boolean().optional(),
  screenColorDepth: z.number().int().min(0).max(64).optional(),
  /** Adyen Web's browser data, sent with the secured fields' values. */
  browserInfo: BrowserInfo.optional(),
});
export type BrowserFields = z.infer<typeof BrowserFields>;

/** What travels beside the card in the card payload (section 3). */
const CardHolderAndBrowser = BrowserFields.extend({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  clickid: Clickid,
  // What the client sends beside the card, kept for the provider's risk checks.
  country: z.string().max(8).optional(),
  descriptor: z.string().max(64).optional(),
  payment_company: z.string().max(32).optional(),
  city: z.string().max(100).optional(),
  domain: z.string().max(253).optional(),
  paySource: z.literal("CREDITCARD").optional(),
  email: z.string().max(254).optional(),
  actonfile: z.boolean().optional(),
});

/**
 * The checkout's box: the member asks for the service to start at once and acknowledges losing the right of
 * withdrawal for what is used. Recorded with the order; without it a withdrawal refunds the whole price.
 */
export const ImmediatePerformance = { immediatePerformance: z.boolean().optional() };

const ForPlan = z.object({
  /** The product_id of the chosen plan. */
  rateplan: z.string().min(1).max(64),
  /** Keep the card for one-tap payments and renewals. */
  newCard: z.boolean().default(true),
  ...ImmediatePerformance,
});

/**
 * The card fields of orders/createToken (to keep a new card): the card as typed, or Adyen's secured fields'
 * values (with the browser's data). Card data goes to the provider only: never stored, never logged.
 */
export const CardEntry = z.union([
  CardHolderAndBrowser.extend(RawCard.shape),
  CardHolderAndBrowser.extend(EncryptedCard.shape).extend({ browserInfo: BrowserInfo }),
]);
export type CardEntry = z.infer<typeof CardEntry>;

/** The card payment payload (section 3): the card fields and the chosen plan. */
export const CardPaymentRequest = z.union([
  CardHolderAndBrowser.extend(RawCard.shape).extend(ForPlan.shape),
  CardHolderAndBrowser.extend(EncryptedCard.shape).extend({ browserInfo: BrowserInfo }).extend(ForPlan.shape),
]);
export type CardPaymentRequest = z.infer<typeof CardPaymentRequest>;

/** How the browser runs 3-D Secure: post `fields` to `url` (adyen after 2 s; trustpay in a hidden frame) or go there (maxpay). */
export const ThreeDsStep = z.object({ url: z.string(), fields: z.record(z.string(), z.string()) });

/**
 * A one-tap charge of the member's kept card for a plan (section 4: a saved card tries the charge directly),
 * with the browser's data for the 3-D Secure its issuer may ask for.
 */
export const SavedCardPaymentRequest = BrowserFields.extend({
  rateplan: z.string().min(1).max(64),
  clickid: Clickid,
  ...ImmediatePerformance,
});
export type SavedCardPaymentRequest = z.infer<typeof SavedCardPaymentRequest>;

/** The charge response (section 3): ok, ko (with the catalogue's code as message) or open. */
export const ChargeAnswer = z.object({
  status: z.enum(["ok", "ko", "open"]),
  message: z.string(),
  threeDS: ThreeDsStep.nullable(),
  payment_system: PaymentSystem,
  data: z.object({ customerId: z.string().nullable() }),
});
export type ChargeAnswer = z.infer<typeof ChargeAnswer>;

/**
 * orders/createToken's answer: the charge answer of its zero-amount check, with the kept card's token (the
 * spec's cardTokens) when kept; the 3-D Secure step when the check needs it first (the return page ends it).
 */
export const CreateTokenAnswer = ChargeAnswer.extend({ token: z.string().nullable() });

/** The check-status body (section 3): the provider's reference under each system's own name. */
export const CheckStatusRequest = z.object({
  clickid: Clickid,
  domain: z.string().max(253).optional(),
  payment_company: z.string().max(32).optional(),
  InstanceId: z.string().max(128).optional(),
  redirectResult: z.string().max(4096).optional(),
  reference: z.string().max(128).optional(),
  txn_id: z.string().max(128).optional(),
});

/**
 * The check's answer: `result` true when paid; `message` the outcome (success, open, pending or the error code);
 * `rateplan` the plan the payment was for, so that a retry keeps it (CARD_CHECK_PRODUCT_ID for the check that
 * keeps a new card).
 */
export const CheckStatusAnswer = z.object({
  result: z.boolean(),
  message: z.string(),
  rateplan: z.string().nullable(),
});

/** The product of orders/createToken's zero-amount check that keeps a new card (no plan of a flow). */
export const CARD_CHECK_PRODUCT_ID = "card-check";

/** One plan row as the plans page reads it (section 3's plan fields; prices in cents). */
export const RatePlanRow = z.object({
  product_id: z.string(),
  nomePiano: z.string(),
  /** A reduction's whole percent (-50%) when the price is one, else the flow's own badge (never a typed %). */
  badge: z.string().nullable(),
  description: z.string().nullable(),
  description_color: z.string().nullable(),
  suggestion: z.string().nullable(),
  suggestion_color: z.string().nullable(),
  /**
   * The struck-through old price: the lowest price of the 30 days before the current price began, when the
   * current one is lower (EU price-indication rules, Art. 6a PID); null otherwise.
   */
  vecchioPrezzo: z.number().int().nullable(),
  prezzo: z.number().int(),
  prezzo_totale: z.number().int(),
  prezzoDescription: z.string().nullable(),
  currency: z.string(),
  premiumLevel: z.number().int(),
  crediti: z.number().int(),
  crediti_promo: z.number().int(),
  visibile: z.boolean(),
  spacing_bottom: z.boolean(),
  first_selling: z.boolean(),
  /** Days between automatic renewals at the same price; null for a one-off purchase. */
  renewal_days: z.number().int().nullable(),
});
export type RatePlanRow = z.infer<typeof RatePlanRow>;

/** A flow's rate plan: its four lists (the spec's rateplan[0]). */
export const RatePlan = z.object({
  compliant: z.array(RatePlanRow),
  free: z.array(RatePlanRow),
  premium: z.array(RatePlanRow),
  verifica: z.array(RatePlanRow),
});
export type RatePlan = z.infer<typeof RatePlan>;

/** The list a member buys from: the compliant flow's own, else free for level 0 and premium above. */
export function planListFor(fluxId: string, premiumLevel: number): Exclude<PlanList, "verifica"> {
  if (fluxId === "0000") return "compliant";
  return premiumLevel > 0 ? "premium" : "free";
}

/** The plans page's rows (section 2): the visibile ones; for premium members, not the first_selling ones. */
export const shownPlans = (list: readonly RatePlanRow[], premiumLevel: number): RatePlanRow[] =>
  list.filter((p) => p.visibile && !(premiumLevel > 0 && p.first_selling));

/**
 * The plan chosen for the member at first (section 4, plan choice on a flow): flow 0000 the first compliant
 * plan that is not first_selling; level 0 the first_selling free plan, else the first free; above 0 the
 * first premium plan that is not first_selling, else the first.
 */
export function choosePlan(plans: RatePlan, fluxId: string, premiumLevel: number): RatePlanRow | undefined {
  const listName = planListFor(fluxId, premiumLevel);
  const list = plans[listName].filter((p) => p.visibile);
  if (listName === "free") return list.find((p) => p.first_selling) ?? list[0];
  return list.find((p) => !p.first_selling) ?? list[0];
}

/**
 * What a plan is worth in messages: a plan makes its buyer a paid member, whose message costs valoreMessaggio
 * credits (the flow's), so its credits (with the promo ones) buy floor(credits / valoreMessaggio) messages,
 * and each costs the plan's total price divided by them, rounded to the nearest cent (half up), in integers
 * only. Null for a plan that buys no whole message (the age verification).
 */
export function planMessageValue(
  plan: Pick<RatePlanRow, "crediti" | "crediti_promo" | "prezzo_totale">,
  messagePrice: number,
): { messages: number; centsPerMessage: number } | null {
  if (!Number.isInteger(messagePrice) || messagePrice < 1) return null;
  const messages = Math.floor((plan.crediti + plan.crediti_promo) / messagePrice);
  if (messages < 1) return null;
  return { messages, centsPerMessage: Math.floor((2 * plan.prezzo_totale + messages) / (2 * messages)) };
}

/**
 * A receipt's file name in the member's language: the spec's ricevuta_{chargeId}.pdf in Italian, the same
 * word in the others (docs/decisions/2026-11-29-receipt-file-names.md). ASCII only, so the Content-Disposition
 * header needs no encoding.
 */
const RECEIPT_FILE_WORDS: Record<Locale, string> = {
  it: "ricevuta",
  en: "receipt",
  es: "recibo",
  fr: "recu",
};
export const receiptFileName = (chargeId: number, language: Locale) =>
  `${RECEIPT_FILE_WORDS[language]}_${chargeId}.pdf`;

/** GET /api/plans's answer: what the plans page and the payment page read. */
export const PlansAnswer = z.object({
  /** The spec's rateplan: one element holding the four lists. */
  rateplan: z.array(RatePlan),
  /** The list this member buys from, and the plan chosen for them at first (null when the list is empty). */
  list: PlanList,
  chosen: z.string().nullable(),
  fluxId: z.string(),
  premiumLevel: z.number().int(),
  verificaEta: z.boolean(),
  /** The flow's valoreMessaggio: the credits a paid member's message costs (a plan makes its buyer a paid member). */
  valoreMessaggio: z.number().int().min(1),
  sistemi_pagamento: z.array(z.string()),
  /** The member has a kept card: choosing a plan charges it at once (one tap). */
  actonfile: z.boolean(),
  /** The member verified their age (by card or phone); a verificaEta flow asks the others to verify first. */
  verified: z.boolean(),
  /**
   * Of sistemi_pagamento, the methods a renewing plan may be paid with: the card, and those whose provider keeps
   * what renews it (PayPal's vault, Mollie's mandate, a wallet's token).
   */
  renewingMethods: z.array(z.string()),
  /**
   * Of sistemi_pagamento, the methods the built-in sandbox serves here (a local run without the brand's
   * credentials for it): their page says that the sandbox's page stands in for the provider's.
   */
  sandboxMethods: z.array(z.string()),
});

/** The payment systems whose return pages check a payment (orders/{system}/checkTransactionStatus). */
export const CHECK_SYSTEMS = ["adyen", "trustpay", "maxpay", "googlePay", "mollie", "coda"] as const;
export const CheckSystem = z.object({ system: z.enum(CHECK_SYSTEMS) });

/** POST /dev/payments/reconcile: the reconciliation job as if the time were `now`, optionally for one member. */
export const ReconcileRequest = z.object({
  now: z.iso.datetime({ offset: true }).optional(),
  clickid: /* @__PURE__ */ RequiredClickid.optional(),
});

export const ReconcileAnswer = z.object({
  checked: z.number().int(),
  repaired: z.number().int(),
  closed: z.number().int(),
  open: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
