// The money view's wire shapes (zod), for the /ops/api routes of worker/ops/money.routes.ts; the web console reads them
// through the typed client. Amounts are integer cents of `currency`.

import { z } from "zod";
import { BigIdParam } from "./bounds";
import { RequiredClickid } from "./clickid";
import { Locale } from "./locales";

const Cents = z.number().int();
const Time = z.string();

export const MemberRef = z.object({ clickid: RequiredClickid });

export const MemberSearchQuery = z.object({
  /** An e-mail address (any case) or a clickid, exactly. */
  q: z.string().trim().min(3).max(254),
});

export const MemberHit = z.object({
  clickid: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  brandId: z.string(),
  brandTitle: z.string(),
  premiumLevel: z.number().int(),
  creditiMessaggi: z.number().int(),
  disabled: z.boolean(),
  createdAt: Time,
});

export const MoneyOrder = z.object({
  id: z.number(),
  kind: z.string(),
  productId: z.string(),
  planName: z.string(),
  premiumLevel: z.number().int().nullable(),
  credits: z.number().int().nullable(),
  renewalDays: z.number().int().nullable(),
  amountCents: Cents,
  currency: z.string(),
  createdAt: Time,
});

export const MoneyPayment = z.object({
  id: z.number(),
  orderId: z.number(),
  /** initial or renewal. */
  purpose: z.string(),
  provider: z.string(),
  method: z.string(),
  status: z.string(),
  errorCode: z.string().nullable(),
  amountCents: Cents,
  currency: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** The provider's reference of the payment. */
  reference: z.string().nullable(),
  periodEnd: Time.nullable(),
  createdAt: Time,
  updatedAt: Time,
  refund: z
    .object({ amountCents: Cents, reason: z.string(), operatorName: z.string().nullable(), createdAt: Time })
    .nullable(),
});

export const MoneySubscription = z.object({
  id: z.number(),
  orderId: z.number(),
  status: z.string(),
  /** The next billing date. */
  currentPeriodEnd: Time,
  cancelAtPeriodEnd: z.boolean(),
  renewalFailures: z.number().int(),
  nextAttemptAt: Time.nullable(),
  createdAt: Time,
});

export const MoneyLedgerRow = z.object({
  id: z.number(),
  /** messaggi, icebreaker, like or premium (the level: balanceAfter is the level). */
  balance: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  createdAt: Time,
});

export const MoneyView = z.object({
  member: z.object({
    clickid: z.string(),
    name: z.string().nullable(),
    /** Supervisors only (null for operators). */
    email: z.string().nullable(),
    brandId: z.string(),
    brandTitle: z.string(),
    language: Locale,
    premiumLevel: z.number().int(),
    creditiMessaggi: z.number().int(),
    creditiIcebreaker: z.number().int(),
    nextBillDate: Time.nullable(),
    disabled: z.boolean(),
  }),
  orders: z.array(MoneyOrder),
  payments: z.array(MoneyPayment),
  subscriptions: z.array(MoneySubscription),
  ledger: z.array(MoneyLedgerRow),
  /** Older ledger rows exist beyond the ones listed. */
  ledgerTruncated: z.boolean(),
});

export const PaymentRef = z.object({ paymentId: BigIdParam });

export const RefundRequestBody = z.object({
  /** Why: kept with the refund and in the audit log. */
  reason: z.string().trim().min(3).max(500),
});

export const RefundAnswer = z.object({
  refund: z.object({
    id: z.number(),
    paymentId: z.number(),
    amountCents: Cents,
    currency: z.string(),
    reason: z.string(),
    creditsRemoved: z.number().int(),
    premiumLevelBefore: z.number().int(),
    premiumLevelAfter: z.number().int(),
    subscriptionEnded: z.boolean(),
    refundedAt: Time,
  }),
  balances: z.object({
    creditiMessaggi: z.number().int(),
    creditiIcebreaker: z.number().int(),
    premiumLevel: z.number().int(),
  }),
  /** How the member heard of it: the mail (sent, kept locally, suppressed, failed) and their open tabs. */
  memberTold: z.object({ mail: z.enum(["sent", "kept", "suppressed", "failed"]), room: z.boolean() }),
});
