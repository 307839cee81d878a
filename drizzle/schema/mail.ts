import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * Mail kept instead of sent: the local and test outbox (read at /dev/outbox). Production sends through
 * Mailgun and keeps nothing here.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: text("brand_id").notNull(),
    template: text("template").notNull(),
    language: text("language").notNull(),
    from: text("from_address").notNull(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    /** The extra headers the mail carried (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_to_idx").on(sql`lower(${t.to})`, t.createdAt)],
);

/** Addresses that asked (through Mailgun) to receive no more mail; every sender checks this first. */
export const mailSuppressions = pgTable("mail_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** When each kind of transactional mail last went to a member (code 1009, resend limits). */
export const mailSent = pgTable(
  "mail_sent",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    template: text("template").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_sent_account_idx").on(t.accountId, t.template, t.sentAt)],
);
