import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { messageTypes } from "../../worker/contracts/chat";
import { accounts } from "./accounts";

/**
 * One chat line between a member and an angel. `type` is the spec's: personal (sent by the member),
 * like, or angel. An angel reply is stored when it is scheduled, with its future `time`; reads hide it
 * until then.
 */
export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    angelId: integer("angel_id").notNull(),
    type: text("type", { enum: messageTypes }).notNull(),
    msg: text("msg").notNull(),
    time: timestamp("time", { withTimezone: true }).notNull(),
    read: boolean("letto").notNull().default(false),
    blurred: boolean("blurred").notNull().default(false),
    notificationId: text("id_notifica"),
    provider: text("provider"),
    /** Set by the sender so a resent message is stored once. */
    clientId: text("client_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.accountId, t.angelId, t.time),
    uniqueIndex("messages_client_id_key").on(t.accountId, t.clientId),
  ],
);
