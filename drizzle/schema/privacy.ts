import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * A "download my data" archive's one-time link (worker/privacy): the link carries a random token, kept here
 * only as its SHA-256. The archive is made when the link is opened, once (`downloaded_at`), before `expires_at`.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }),
  },
  (t) => [index("data_exports_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * The code mailed to a member without a password (signed up with Google) to confirm the deletion of the
 * account: only its HMAC is kept; `attempts` counts wrong tries in SQL so concurrent tries cannot pass the limit.
 */
export const deletionCodes = pgTable(
  "deletion_codes",
  {
    accountId: bigint("account_id", { mode: "number" })
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("deletion_codes_attempts_range", sql`${t.attempts} >= 0`)],
);

/**
 * What an erasure leaves so that nothing brings the member back: keyed HMACs of the identifiers a late
 * webhook, postback or import could carry (the clickid, the address, the Google subject), never the values.
 */
export const erasureTombstones = pgTable("erasure_tombstones", {
  keyHash: text("key_hash").primaryKey(),
  /** clickid, email or google: which identifier the hash is of. */
  kind: text("kind").notNull(),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
});
