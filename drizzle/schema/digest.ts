import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * The notifications waiting for a member's next e-mail digest (worker/notifications/email): the cron sends
 * them as one mail per digest window and marks them sent.
 */
export const emailDigestItems = pgTable(
  "email_digest_items",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The cascade's notification id: the same notification handed over twice is one line. */
    notificationId: text("notification_id").notNull(),
    kind: text("kind").notNull(),
    angelId: bigint("angel_id", { mode: "number" }),
    angelName: text("angel_name"),
    count: integer("count").notNull().default(1),
    path: text("path").notNull(),
    /** The member's language when it was handed over: the digest speaks the newest one. */
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_digest_items_notification_key").on(t.accountId, t.notificationId),
    // The cron's question: who has lines waiting.
    index("email_digest_items_pending_idx").on(t.accountId).where(sql`${t.sentAt} is null`),
  ],
);
