import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * The postback outbox: every tracking call (import, cancel, KPI) and every ledger event (sale, renewal, refund,
 * chargeback) as one row, forwarded to the brand's tracker server to server. `event_key` is unique, so an event
 * that arrives twice (a retried call, a replayed webhook) is one row and one postback. Deliverers claim due rows
 * (`sending` with a lease); a failure goes back to `pending` with a later `next_attempt_at`.
 */
export const postbacks = pgTable(
  "postbacks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: text("brand_id").notNull(),
    eventKey: text("event_key").notNull(),
    kind: text("kind").notNull(),
    clickid: text("clickid").notNull(),
    accountId: bigint("account_id", { mode: "number" }).references(() => accounts.id, {
      onDelete: "cascade",
    }),
    /** The payout the tracker is told, in minor units (null for events without money). */
    payoutCents: integer("payout_cents"),
    currency: text("currency"),
    /** The call's validated body as it was stored (bounded by its contract). */
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    lastStatus: integer("last_status"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("postbacks_event_key").on(t.eventKey),
    index("postbacks_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index("postbacks_brand_idx").on(t.brandId, t.createdAt),
    index("postbacks_account_idx").on(t.accountId),
  ],
);

/**
 * Each cookie choice a visitor or member made on the banner: who (the account once signed in, else the device's
 * random id), the brand, when, the policy version shown, and the optional categories (necessary is always on).
 */
export const cookieConsents = pgTable(
  "cookie_consents",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" }).references(() => accounts.id, {
      onDelete: "cascade",
    }),
    deviceId: text("device_id").notNull(),
    brandId: text("brand_id").notNull(),
    policyVersion: text("policy_version").notNull(),
    analytics: boolean("analytics").notNull(),
    marketing: boolean("marketing").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("cookie_consents_account_idx").on(t.accountId, t.createdAt),
    index("cookie_consents_device_idx").on(t.deviceId, t.createdAt),
  ],
);

/**
 * Errors the browsers reported (api/log/client), scrubbed of personal data before they are stored: no account,
 * no device id, no address or number. The console groups them by subject and message.
 */
export const clientErrors = pgTable(
  "client_errors",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: text("brand_id").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    release: text("release").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_errors_group_idx").on(t.brandId, t.subject, t.message, t.createdAt)],
);
