// The console dashboard's rollups (docs/decisions/2026-11-29-the-dashboard-reads-rollups-kept-by-triggers.md).
// Triggers on the tables the events are written to (accounts, messages, payments, refunds) keep them, in the
// event's own transaction; the functions and the backfill are the hand-written end of the migration that
// created these tables. Days are UTC days. Amounts are integer cents of `currency`, never summed across
// currencies. A rollup keyed by flow and source also holds each row summed over every flow (flux_id null),
// every source (source null) and both: a view reads the rows of its own filters, never sums a year of
// detail per request (docs/decisions/2026-11-29-the-dashboard-rollups-hold-their-totals.md).
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * When a member first reached each step of the funnel (null: not yet), with the sign-up's brand, flow and
 * source. A step is counted in `funnel_daily` by the statement that sets it here from null, so it counts once
 * however often the event repeats (a second message, a second payment) and whatever runs at the same time.
 */
export const memberMilestones = pgTable("member_milestones", {
  accountId: bigint("account_id", { mode: "number" })
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  brandId: text("brand_id").notNull(),
  fluxId: text("flux_id").notNull(),
  source: text("source").notNull(),
  signedUpAt: timestamp("signed_up_at", { withTimezone: true }).notNull(),
  phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
  firstMessageAt: timestamp("first_message_at", { withTimezone: true }),
  firstPaymentAt: timestamp("first_payment_at", { withTimezone: true }),
  firstRenewalAt: timestamp("first_renewal_at", { withTimezone: true }),
});

/**
 * Members reaching each step of the funnel per day, by the sign-up's brand, flow and source (null: every
 * flow, every source).
 */
export const funnelDaily = pgTable(
  "funnel_daily",
  {
    day: date("day").notNull(),
    brandId: text("brand_id").notNull(),
    fluxId: text("flux_id"),
    source: text("source"),
    /** Visits of a landing page (the tracking's click import adds them: dashboard_count_landing). */
    landings: integer("landings").notNull().default(0),
    signups: integer("signups").notNull().default(0),
    phoneVerified: integer("phone_verified").notNull().default(0),
    firstMessages: integer("first_messages").notNull().default(0),
    firstPayments: integer("first_payments").notNull().default(0),
    firstRenewals: integer("first_renewals").notNull().default(0),
  },
  (t) => [
    unique("funnel_daily_key").on(t.brandId, t.fluxId, t.source, t.day).nullsNotDistinct(),
    // The flows with figures in a range (the view's filter options): their totals over every source.
    index("funnel_daily_flows_idx").on(t.brandId, t.day).where(sql`${t.source} is null`),
  ],
);

/**
 * Money per day, by the member's brand, flow and source (null: all), the provider and the currency: payments settled
 * (purchases, not the zero-amount card checks), refunds and chargebacks by the day they happened, and the
 * renewals' outcomes. `retries_started`: periods whose first renewal charge failed; `retries_recovered`:
 * renewals paid after at least one failed charge.
 */
export const moneyDaily = pgTable(
  "money_daily",
  {
    day: date("day").notNull(),
    brandId: text("brand_id").notNull(),
    fluxId: text("flux_id"),
    source: text("source"),
    provider: text("provider").notNull(),
    currency: text("currency").notNull(),
    payments: integer("payments").notNull().default(0),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
    refunds: integer("refunds").notNull().default(0),
    refundCents: bigint("refund_cents", { mode: "number" }).notNull().default(0),
    chargebacks: integer("chargebacks").notNull().default(0),
    chargebackCents: bigint("chargeback_cents", { mode: "number" }).notNull().default(0),
    renewalsPaid: integer("renewals_paid").notNull().default(0),
    renewalsFailed: integer("renewals_failed").notNull().default(0),
    retriesStarted: integer("retries_started").notNull().default(0),
    retriesRecovered: integer("retries_recovered").notNull().default(0),
  },
  (t) => [
    unique("money_daily_key")
      .on(t.brandId, t.fluxId, t.source, t.day, t.provider, t.currency)
      .nullsNotDistinct(),
  ],
);

/**
 * The days a member paid, per currency, with what they paid: the member-days that `payers_daily` and
 * `payers_any_daily` count (their triggers follow this table's rows). At most one row per payment. A row's
 * brand, flow and source are the member's, so one member's rows share them.
 */
export const payerDays = pgTable(
  "payer_days",
  {
    day: date("day").notNull(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    brandId: text("brand_id").notNull(),
    fluxId: text("flux_id").notNull(),
    source: text("source").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.accountId, t.currency] }),
    // A member's paying days in order: the previous and the next one of a day the triggers count.
    index("payer_days_account_idx").on(t.accountId, t.day),
  ],
);

/**
 * Paying members per day and currency, by brand, flow and source (null: all), split by `since`: the
 * member's previous paying day in that currency, '-infinity' for a first payment. The members who paid in a
 * range are its rows whose `since` is before the range, each counted on their first paying day in it: a
 * payer who pays in two months counts once in each month and once over both. Summed, not scanned per member.
 */
export const payersDaily = pgTable(
  "payers_daily",
  {
    day: date("day").notNull(),
    brandId: text("brand_id").notNull(),
    fluxId: text("flux_id"),
    source: text("source"),
    currency: text("currency").notNull(),
    since: date("since").notNull(),
    members: integer("members").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    unique("payers_daily_key")
      .on(t.brandId, t.fluxId, t.source, t.day, t.currency, t.since)
      .nullsNotDistinct(),
  ],
);

/** `payers_daily` in any currency: a member who paid in two currencies on one day is one member-day. */
export const payersAnyDaily = pgTable(
  "payers_any_daily",
  {
    day: date("day").notNull(),
    brandId: text("brand_id").notNull(),
    fluxId: text("flux_id"),
    source: text("source"),
    since: date("since").notNull(),
    members: integer("members").notNull(),
  },
  (t) => [
    unique("payers_any_daily_key").on(t.brandId, t.fluxId, t.source, t.day, t.since).nullsNotDistinct(),
  ],
);

/**
 * Sign-up cohorts (the Monday of the sign-up's UTC week) and, per week after it, how many of the cohort paid
 * for the first time then, by brand, flow and source (null: all). The cohort's size is its week's sign-ups in
 * `funnel_daily`.
 */
export const cohortWeekly = pgTable(
  "cohort_weekly",
  {
    cohortWeek: date("cohort_week").notNull(),
    brandId: text("brand_id").notNull(),
    fluxId: text("flux_id"),
    source: text("source"),
    weeksAfter: integer("weeks_after").notNull(),
    firstPayers: integer("first_payers").notNull().default(0),
  },
  (t) => [
    unique("cohort_weekly_key")
      .on(t.brandId, t.fluxId, t.source, t.cohortWeek, t.weeksAfter)
      .nullsNotDistinct(),
    check("cohort_weekly_weeks_after_nonnegative", sql`${t.weeksAfter} >= 0`),
  ],
);
