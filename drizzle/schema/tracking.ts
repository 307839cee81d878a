import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/** The KPI event log (api/log/event, click on a mail link, like from radar, …). */
export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" }).references(() => accounts.id, {
      onDelete: "cascade",
    }),
    type: text("type").notNull(),
    angelId: integer("angel_id"),
    data: jsonb("data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("events_account_idx").on(t.accountId, t.type, t.createdAt)],
);

/** Sign-up refused for these addresses (code 1005): a whole address, or a domain written as "@domain". */
export const bannedEmails = pgTable("banned_emails", {
  value: text("value").primaryKey(),
  reason: text("reason").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
