import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/** Every change of a balance, written in the same transaction as the change. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** messaggi, icebreaker or like; `premium` rows record the premium level (balance_after is the level). */
    balance: text("balance").notNull(),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").notNull(),
    /** A payment or message reference; unique so one event applies once. */
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_ledger_account_idx").on(t.accountId, t.createdAt),
    uniqueIndex("credit_ledger_reference_key").on(t.balance, t.reference),
  ],
);
