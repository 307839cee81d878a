import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/** A like between a member and an angel; fromAngel tells the direction. */
export const likes = pgTable(
  "likes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    angelId: integer("angel_id").notNull(),
    fromAngel: boolean("from_angel").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("likes_account_idx").on(t.accountId, t.createdAt)],
);

/** A profile visit between a member and an angel. */
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

/** What the notifications page lists: the spec's types like, visita, messaggio, purchKo. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    angelId: integer("angel_id"),
    type: text("type").notNull(),
    categoriaNotifica: text("categoria_notifica"),
    msg: text("msg"),
    letto: boolean("letto").notNull().default(false),
    time: timestamp("time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_account_idx").on(t.accountId, t.time)],
);
