import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { operators } from "./ops";

/**
 * What a member buys: one plan of a flow's rate plan lists, with the plan as it was when chosen (a later
 * price change does not touch an order). Amounts are cents of `currency`. `kind` is `purchase` (credits and
 * a premium level) or `verification` (the zero-amount card check of age verification).
 */
export const orders = pgTable(
  "orders",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    brandId: text("brand_id").notNull(),
    fluxId: text("flux_id").notNull(),
    kind: text("kind").notNull(),
    /** compliant, free, premium or verifica. */
    planList: text("plan_list").notNull(),
    productId: text("product_id").notNull(),
    /** The plan row as chosen (worker/contracts/payments.ts OrderPlan). */
    plan: jsonb("plan").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member asked at checkout for the service to start at once and acknowledged losing the right of
     * withdrawal for what is used (EU Directive 2011/83 art. 16(m)); null when not asked. The withdrawal's
     * refund depends on it (worker/payments/withdrawal.service.ts).
     */
    performanceConsentAt: timestamp("performance_consent_at", { withTimezone: true }),
    /** The version of that checkbox's text (worker/contracts/consents.ts). */
    performanceConsentVersion: text("performance_consent_version"),
  },
  (t) => [
    index("orders_account_idx").on(t.accountId, t.createdAt),
    check("orders_amount_nonnegative", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * One attempt to collect an order at a provider: the first charge, or a renewal of its subscription. The
 * provider's reference is unique per provider, so every way a payment's outcome arrives (return page, status
 * check, webhook, a retry of any of them) finds the same row; `granted_at` is set in the one transaction that
 * grants what the order buys, so it is granted once.
 */
export const payments = pgTable(
  "payments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** initial or renewal. */
    purpose: text("purpose").notNull(),
    provider: text("provider").notNull(),
    /** card, paypal, applepay, googlepay, mollie, coda. */
    method: text("method").notNull(),
    /** Ours, sent to the provider with every call that may move money, so a retried call moves it once. */
    idempotencyKey: text("idempotency_key").notNull(),
    reference: text("reference"),
    /** created, action_required, pending, open, succeeded, failed, canceled, refunded. */
    status: text("status").notNull(),
    /** The error catalogue's code when the payment failed (spec section 8). */
    errorCode: text("error_code"),
    amountCents: integer("amount_cents").notNull(),
    /** What the receipt and the console show of the card: its brand and last four digits (never the number). */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The subscription period this renewal pays for (null for an initial payment). */
    periodEnd: timestamp("period_end", { withTimezone: true }),
    grantedAt: timestamp("granted_at", { withTimezone: true }),
    /**
     * When the reconciliation job last claimed the payment to ask its provider (worker/payments/
     * reconciliation.service.ts): another run leaves it alone until the claim's lease has run out.
     */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_provider_reference_key").on(t.provider, t.reference),
    uniqueIndex("payments_idempotency_key").on(t.idempotencyKey),
    index("payments_order_idx").on(t.orderId),
    // The reconciliation's candidates: recent payments whose outcome is not known yet.
    index("payments_unsettled_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('created', 'action_required', 'pending', 'open')`),
  ],
);

/** A card the provider keeps for the member (its token), for one-tap payments and renewals. Never the number. */
export const savedCards = pgTable(
  "saved_cards",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    token: text("token").notNull(),
    /**
     * card, or a wallet the provider keeps, which has no brand, digits or expiry: paypal (PayPal's vault id),
     * applepay or googlepay (the provider's token of the wallet's card).
     */
    kind: text("kind").$type<"card" | "paypal" | "applepay" | "googlepay">().notNull().default("card"),
    brand: text("brand"),
    last4: text("last4"),
    expMonth: smallint("exp_month"),
    expYear: smallint("exp_year"),
    /** What the member may see of a wallet (the payer's e-mail), when the provider tells it. */
    label: text("label"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_cards_provider_token_key").on(t.provider, t.token),
    index("saved_cards_account_idx").on(t.accountId),
    // Only a wallet goes without card digits: a card row always has what the profile shows of it.
    check(
      "saved_cards_card_has_digits",
      sql`${t.kind} in ('paypal', 'applepay', 'googlepay') or (${t.kind} = 'card' and ${t.brand} is not null and ${t.last4} is not null and ${t.expMonth} is not null and ${t.expYear} is not null)`,
    ),
  ],
);

/**
 * A plan that renews: `current_period_end` is the next billing date. Cancelling sets `cancel_at_period_end`
 * and keeps what was paid for until then. A failed renewal is retried at `next_attempt_at`.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id),
    savedCardId: bigint("saved_card_id", { mode: "number" }).references(() => savedCards.id),
    /** active, past_due, canceled (until the period ends), ended. */
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    renewalFailures: integer("renewal_failures").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_due_idx").on(t.status, t.nextAttemptAt),
    // One live subscription per member: a second plan bought while one runs replaces it.
    uniqueIndex("subscriptions_one_live_key")
      .on(t.accountId)
      .where(sql`${t.status} in ('active', 'past_due')`),
  ],
);

/** A refund of a payment, by a supervisor from the console (or the provider's own, reported by webhook). */
export const refunds = pgTable("refunds", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  paymentId: bigint("payment_id", { mode: "number" })
    .notNull()
    .unique()
    .references(() => payments.id),
  amountCents: integer("amount_cents").notNull(),
  operatorId: bigint("operator_id", { mode: "number" }).references(() => operators.id),
  reason: text("reason").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in sandbox provider's own records (worker/payments/providers/sandbox.ts): what a real provider
 * keeps on its side. Only the sandbox reads and writes it; the rest of the Worker sees it through the
 * PaymentProvider interface like any provider's API.
 */
export const sandboxTransactions = pgTable("sandbox_transactions", {
  reference: text("reference").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  status: text("status").notNull(),
  errorCode: text("error_code"),
  /** What happens when 3-D Secure or the pending review ends: the test card's outcome. */
  outcome: text("outcome").notNull(),
  cardToken: text("card_token"),
  brand: text("brand"),
  last4: text("last4"),
  expMonth: smallint("exp_month"),
  expYear: smallint("exp_year"),
  refundedAt: timestamp("refunded_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The members' customers at Mollie, by our shopper reference: Mollie cannot find a customer by our reference,
 * so the first payment of a renewing plan creates one and later ones reuse it (its mandates live there).
 */
export const mollieCustomers = pgTable("mollie_customers", {
  shopperReference: text("shopper_reference").primaryKey(),
  customerId: text("customer_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the member may see of the card of each Maxpay transaction, by Maxpay's reference: Maxpay's later answers
 * (the check after 3-D Secure, a callback) carry the card's token but not its brand, last digits or expiry,
 * which the kept card and the receipts need. Never the number. `kept`: the member agreed to keep the card.
 */
export const maxpayCards = pgTable("maxpay_cards", {
  reference: text("reference").primaryKey(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: smallint("exp_month").notNull(),
  expYear: smallint("exp_year").notNull(),
  kept: boolean("kept").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
