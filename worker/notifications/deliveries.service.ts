// The records of notifications handed to a channel: one row per notification and channel, and the daily
// rollup (notification_daily) bumped in the same statement as the event it counts.
import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import {
  notificationDaily,
  notificationDeliveries,
  pushSubscriptions,
} from "../../drizzle/schema/notifications";
import type { Db } from "../core/db";
import type { ChannelName, DeliveryOutcome, OutgoingNotification } from "./channel";

type Counter = "sent" | "opened" | "came_back";

/** Adds one to a brand's channel's counter of the UTC day of `at`. */
function bump(db: Db, brandId: string, channel: string, counter: Counter, at: Date) {
  const day = at.toISOString().slice(0, 10);
  const column = {
    sent: notificationDaily.sent,
    opened: notificationDaily.opened,
    came_back: notificationDaily.cameBack,
  }[counter];
  return db
    .insert(notificationDaily)
    .values({ brandId, channel, day, [counter === "came_back" ? "cameBack" : counter]: 1 })
    .onConflictDoUpdate({
      target: [notificationDaily.brandId, notificationDaily.channel, notificationDaily.day],
      set: { [counter === "came_back" ? "cameBack" : counter]: sql`${column} + 1` },
    });
}

/**
 * Records what a channel did with a notification, once per notification and channel (a step that runs twice
 * records once); a sent one counts in the day's rollup.
 */
export async function recordDelivery(
  db: Db,
  input: {
    notification: OutgoingNotification;
    brandId: string;
    channel: ChannelName;
    outcome: DeliveryOutcome;
    at: Date;
  },
): Promise<void> {
  const { notification: n, brandId, channel, outcome, at } = input;
  const rows = await db
    .insert(notificationDeliveries)
    .values({
      notificationId: n.id,
      accountId: n.accountId,
      brandId,
      channel,
      kind: n.kind,
      angelId: n.angel?.id ?? null,
      count: n.count,
      outcome,
      sentAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.id });
  if (rows.length > 0 && outcome === "sent") await bump(db, brandId, channel, "sent", at);
}

/** How many notifications went to the member on a channel since `since`. */
export async function sentSince(
  db: Db,
  accountId: number,
  channel: ChannelName,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.accountId, accountId),
        eq(notificationDeliveries.channel, channel),
        eq(notificationDeliveries.outcome, "sent"),
        gte(notificationDeliveries.sentAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the notification was opened on any channel (the cascade's later steps then stop). */
export async function wasOpened(db: Db, notificationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        sql`(${notificationDeliveries.openedAt} is not null or ${notificationDeliveries.cameBackAt} is not null)`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The member clicked the notification (`opened`) or reached the site from it (`came_back`, which is also an
 * opening). Counted once per notification and channel. Answers the member's account id, or null for an
 * unknown notification.
 */
export async function recordOpening(
  db: Db,
  input: { notificationId: string; channel: ChannelName; cameBack: boolean; accountId?: number; at?: Date },
): Promise<number | null> {
  const at = input.at ?? new Date();
  const where = and(
    eq(notificationDeliveries.notificationId, input.notificationId),
    eq(notificationDeliveries.channel, input.channel),
    input.accountId === undefined ? undefined : eq(notificationDeliveries.accountId, input.accountId),
  );
  const [row] = await db
    .select({
      accountId: notificationDeliveries.accountId,
      brandId: notificationDeliveries.brandId,
      openedAt: notificationDeliveries.openedAt,
      cameBackAt: notificationDeliveries.cameBackAt,
    })
    .from(notificationDeliveries)
    .where(where);
  if (!row) return null;
  const opened = await db
    .update(notificationDeliveries)
    .set({ openedAt: at })
    .where(and(where, isNull(notificationDeliveries.openedAt)))
    .returning({ id: notificationDeliveries.id });
  if (opened.length > 0) await bump(db, row.brandId, input.channel, "opened", at);
  if (input.cameBack) {
    const back = await db
      .update(notificationDeliveries)
      .set({ cameBackAt: at })
      .where(and(where, isNull(notificationDeliveries.cameBackAt)))
      .returning({ id: notificationDeliveries.id });
    if (back.length > 0) await bump(db, row.brandId, input.channel, "came_back", at);
  }
  return row.accountId;
}

/** The member's last deliveries, newest first (the console's member view). */
export function lastDeliveries(db: Db, accountId: number, limit = 20) {
  return db
    .select({
      channel: notificationDeliveries.channel,
      kind: notificationDeliveries.kind,
      angelId: notificationDeliveries.angelId,
      count: notificationDeliveries.count,
      outcome: notificationDeliveries.outcome,
      sentAt: notificationDeliveries.sentAt,
      openedAt: notificationDeliveries.openedAt,
      cameBackAt: notificationDeliveries.cameBackAt,
    })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.accountId, accountId))
    .orderBy(desc(notificationDeliveries.sentAt), desc(notificationDeliveries.id))
    .limit(limit);
}

/** The member's channels as the console shows them: on or off, linked or not, how many browsers. */
export async function memberChannels(
  db: Db,
  member: {
    id: number;
    notifyPush: boolean;
    notifyTelegram: boolean;
    notifyEmail: boolean;
    telegramId: string | null;
  },
) {
  const [devices] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.accountId, member.id));
  return {
    push: { on: member.notifyPush, devices: devices?.n ?? 0 },
    telegram: { on: member.notifyTelegram, linked: member.telegramId !== null },
    email: { on: member.notifyEmail },
  };
}
