import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * A member's browser subscribed to web push (RFC 8030): one row per device. The endpoint is the push
 * service's address for that browser; p256dh and auth are the browser's keys the payload is encrypted to
 * (RFC 8291). The browser renews it after 7 days (refreshedAt) and on pushsubscriptionchange.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A device's endpoint belongs to one member: a second member signing in on it takes it over.
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_account_idx").on(t.accountId),
  ],
);

/**
 * One notification handed to one channel (push, telegram, email): what the console's member view lists and
 * what "opened" and "came back" are recorded on. One row per notification and channel, so a step that runs
 * twice records once.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The OutgoingNotification's id (also in the link the notification opens). */
    notificationId: text("notification_id").notNull(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    brandId: text("brand_id").notNull(),
    channel: text("channel").notNull(),
    kind: text("kind").notNull(),
    angelId: integer("angel_id"),
    /** How many events it gathered ("3 new messages"). */
    count: integer("count").notNull(),
    /** The channel's DeliveryOutcome: sent, skipped, gone, failed. */
    outcome: text("outcome").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    cameBackAt: timestamp("came_back_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notification_deliveries_once_key").on(t.notificationId, t.channel),
    index("notification_deliveries_account_idx").on(t.accountId, t.sentAt),
  ],
);

/**
 * Per brand, channel and day (UTC): notifications sent, opened, and that brought the member back to the site.
 * Kept current as each event is recorded, so the dashboard reads a few rows, never the deliveries.
 */
export const notificationDaily = pgTable(
  "notification_daily",
  {
    brandId: text("brand_id").notNull(),
    channel: text("channel").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    sent: integer("sent").notNull().default(0),
    opened: integer("opened").notNull().default(0),
    cameBack: integer("came_back").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.channel, t.day] })],
);

/**
 * Pushes kept instead of sent: local runs without VAPID keys (read at /dev/outbox). Production sends every
 * push and keeps nothing here.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: text("brand_id").notNull(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The notification as the service worker would get it (JSON). */
    payload: text("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_outbox_created_idx").on(sql`${t.createdAt} desc`)],
);
