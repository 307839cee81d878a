import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { notificationTypes } from "../../worker/contracts/engagement";
import { accounts } from "./accounts";
import { messages } from "./chat";

/**
 * A like between a member and an angel; fromAngel tells the direction. One per member, angel and
 * direction, so liking twice is harmless. An angel's like is stored when it is scheduled, with its future
 * createdAt; reads hide it until then.
 */
export const likes = pgTable(
  "likes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    angelId: integer("angel_id").notNull(),
    fromAngel: boolean("from_angel").notNull(),
    /** Where a member's like came from: like (find, profile), match (swipe), invite; angel for theirs. */
    source: text("source").notNull().default("like"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("likes_account_idx").on(t.accountId, t.createdAt),
    uniqueIndex("likes_once_key").on(t.accountId, t.angelId, t.fromAngel),
  ],
);

/** A profile visit between a member and an angel (one row per visit). */
export const visits = pgTable(
  "visits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    angelId: integer("angel_id").notNull(),
    fromAngel: boolean("from_angel").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("visits_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * A member's left swipe (or cross) on /match: the dispenser's match stack leaves these angels out.
 * One row per member and angel.
 */
export const dislikes = pgTable(
  "dislikes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    angelId: integer("angel_id").notNull(),
    /** The angel's _id as the client sent it in the match event. */
    mongoId: text("mongo_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dislikes_account_angel_key").on(t.accountId, t.angelId)],
);

/**
 * An invitation from the invite modal (flows with messaggi_inviti): its text is the member's first message
 * to the angel (messageId). The chat stays locked until acceptedAt has passed; the angel accepts by liking
 * the member back, at that like's time.
 */
export const invites = pgTable(
  "invites",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    angelId: integer("angel_id").notNull(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invites_account_angel_key").on(t.accountId, t.angelId)],
);

/**
 * What the notifications page lists: the spec's types like, visita, messaggio, purchKo. A scheduled one
 * (an angel's like back or visit) is stored with its future time and hidden until then.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    angelId: integer("angel_id"),
    type: text("type", { enum: notificationTypes }).notNull(),
    category: text("categoria_notifica"),
    msg: text("msg"),
    read: boolean("letto").notNull().default(false),
    blurred: boolean("blurred").notNull().default(false),
    time: timestamp("time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_account_idx").on(t.accountId, t.time)],
);
