import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * Single-use tokens of the Telegram channel, kept as their SHA-256: `link` is the deep link's /start token
 * that ties a Telegram chat to the member, `login` the /autologin_telegram link of a message.
 */
export const telegramTokens = pgTable(
  "telegram_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: ["link", "login"] }).notNull(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** For a login link: the site path it opens (the chat). */
    path: text("path"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("telegram_tokens_account_idx").on(t.accountId, t.purpose)],
);

/** Telegram messages kept instead of sent: the local outbox (a brand without a bot token, local runs only). */
export const telegramOutbox = pgTable(
  "telegram_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: text("brand_id").notNull(),
    chatId: text("chat_id").notNull(),
    text: text("text_body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("telegram_outbox_chat_idx").on(t.chatId, t.createdAt)],
);
