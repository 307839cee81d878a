import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * The one-time code a member was last sent to verify a mobile number (worker/profile): one row per account,
 * replaced by a resend. The code itself is never stored, only its HMAC (`code_hash`); `attempts` counts the
 * tries in SQL so that concurrent tries cannot pass the limit. `sent_at`, `window_started_at` and
 * `sends_in_window` throttle the sends to the account.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    accountId: bigint("account_id", { mode: "number" })
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The number the code was sent to, in E.164: it becomes the account's phone when the code is entered. */
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Set by the right code: the code is used up. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
    sendsInWindow: integer("sends_in_window").notNull().default(1),
  },
  (t) => [check("phone_codes_attempts_range", sql`${t.attempts} >= 0`)],
);

/**
 * Codes sent to each number, whatever the account or brand: the throttle that keeps anyone from flooding a
 * stranger's phone through several accounts.
 */
export const phoneNumberSends = pgTable("phone_number_sends", {
  phone: text("phone").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  sendsInWindow: integer("sends_in_window").notNull().default(1),
});

/**
 * Text messages kept instead of sent: the local and test outbox (read at /dev/outbox). Production sends
 * through the SMS provider and keeps nothing here.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: text("brand_id").notNull(),
    to: text("to_number").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sms_outbox_to_idx").on(t.to, t.createdAt)],
);
