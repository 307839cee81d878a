import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { payments, refunds } from "./payments";

/**
 * A member's withdrawal from a purchase (EU Directive 2011/83 art. 11a, "withdraw from contract here"): one
 * per payment, so a repeated or concurrent confirmation is the same withdrawal. Kept with the payment records.
 * `status`: received (declared, refund not yet made), refunded, or refund_failed (the provider refused or has no
 * refund API: the console shows it to be refunded by hand within the legal 14 days).
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id),
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .unique()
      .references(() => payments.id),
    /** subscription or credits: how the refund was reckoned. */
    kind: text("kind").notNull(),
    /** What is refunded, in cents of the payment's currency. */
    refundCents: integer("refund_cents").notNull(),
    /** Subscription: days used of the period; credits: credits used of the pack. */
    used: integer("used").notNull(),
    /** Subscription: days of the period; credits: credits the pack granted. */
    bought: integer("bought").notNull(),
    status: text("status").notNull(),
    refundId: bigint("refund_id", { mode: "number" }).references(() => refunds.id),
    /** The time of the member's confirmation: the withdrawal's date and time on the acknowledgement. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("withdrawals_status_idx").on(t.status, t.createdAt)],
);
