// Notifications (likes and visits from angels), the member's visits of angel profiles, the navigation
// counters and the client's KPI events. Reads never show a row whose time is still in the future.

import { and, asc, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { likes, notifications, visits } from "../../drizzle/schema/engagement";
import { events } from "../../drizzle/schema/tracking";
import { brandOf } from "../brands/registry";
import type { Cursor } from "../contracts/cursor";
import {
  type ListedNotificationType,
  type LogEventType,
  listedNotificationTypes,
  type Notification,
} from "../contracts/engagement";
import type { Db } from "../core/db";
import { angelPhotoUrl } from "../photos/photos.service";

/** The most notifications one list answers (newest first). */
export const NOTIFICATION_LIST_LIMIT = 200;
/** The most angel ids profiliVisitati and profiliLike carry (most recent first). */
export const PROFILE_LIST_LIMIT = 500;

const visible = sql`${notifications.time} <= now()`;
const listedTypes = inArray(notifications.type, [...listedNotificationTypes]);

/** The angel's default photo on the member's brand: /{brand folder for the angel's country}/{id}.jpg. */
function angelPhoto(brandId: string, angelCountry: string | null, angelId: number | null): string | null {
  if (!angelCountry || angelId === null) return null;
  return angelPhotoUrl(brandOf(brandId).public, angelCountry, angelId);
}

async function selectNotifications(db: Db, where: SQL, order: "newest" | "oldest", limit: number) {
  const rows = await db
    .select({
      n: notifications,
      brandId: accounts.brandId,
      screenName: angels.screenName,
      angelCountry: angels.country,
    })
    .from(notifications)
    .innerJoin(accounts, eq(accounts.id, notifications.accountId))
    .leftJoin(angels, eq(angels.id, notifications.angelId))
    .where(where)
    .orderBy(
      ...(order === "newest"
        ? [desc(notifications.time), desc(notifications.id)]
        : [asc(notifications.time), asc(notifications.id)]),
    )
    .limit(limit);
  return rows.map(
    (r): Notification => ({
      id: r.n.id,
      type: r.n.type,
      categoriaNotifica: r.n.category,
      letto: r.n.read,
      angelId: r.n.angelId,
      screenName: r.screenName,
      time: r.n.time.toISOString(),
      msg: r.n.msg,
      blurred: r.n.blurred,
      default_photo: angelPhoto(r.brandId, r.angelCountry, r.n.angelId),
    }),
  );
}

/** The member's likes and visits from angels, newest first; future ones stay hidden. */
export function listNotifications(db: Db, accountId: number): Promise<Notification[]> {
  return selectNotifications(
    db,
    and(eq(notifications.accountId, accountId), listedTypes, visible) as SQL,
    "newest",
    NOTIFICATION_LIST_LIMIT,
  );
}

/** One notification for the room to push once its time has come. */
export async function notificationById(db: Db, id: number): Promise<Notification | null> {
  const [row] = await selectNotifications(db, eq(notifications.id, id), "newest", 1);
  return row ?? null;
}

/** Visible likes and visits after a cursor (time in ms, id), oldest first, for a client that reconnects. */
export function notificationsAfter(db: Db, clickid: string, after: Cursor): Promise<Notification[]> {
  const time = sql`date_trunc('milliseconds', ${notifications.time})`;
  const cursorTime = sql`${new Date(after.time).toISOString()}::timestamptz`;
  return selectNotifications(
    db,
    and(
      eq(accounts.clickid, clickid),
      listedTypes,
      sql`(${time}, ${notifications.id}) > (${cursorTime}, ${after.id})`,
      visible,
    ) as SQL,
    "oldest",
    NOTIFICATION_LIST_LIMIT,
  );
}

/**
 * Marks visible notifications read: those of one angel (all types), those of one type (the likes or visits
 * tab opened), or those of one angel and type. Answers how many changed.
 */
export async function markNotificationsRead(
  db: Db,
  accountId: number,
  by: { angelId?: number; type?: ListedNotificationType },
): Promise<number> {
  const where = [eq(notifications.accountId, accountId), eq(notifications.read, false), visible];
  if (by.angelId !== undefined) where.push(eq(notifications.angelId, by.angelId));
  if (by.type !== undefined) where.push(eq(notifications.type, by.type));
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(...where))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Angels whose profile the member opened, most recent visit first (the spec's profiliVisitati). */
export async function visitedAngels(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ angelId: visits.angelId })
    .from(visits)
    .where(and(eq(visits.accountId, accountId), eq(visits.fromAngel, false)))
    .groupBy(visits.angelId)
    .orderBy(desc(sql`max(${visits.createdAt})`), desc(visits.angelId))
    .limit(PROFILE_LIST_LIMIT);
  return rows.map((r) => r.angelId);
}

/** Records that the member opened an angel's profile; false for an unknown angel. */
export async function recordVisit(db: Db, accountId: number, angelId: number): Promise<boolean> {
  const [angel] = await db.select({ id: angels.id }).from(angels).where(eq(angels.id, angelId));
  if (!angel) return false;
  await db.insert(visits).values({ accountId, angelId, fromAngel: false });
  return true;
}

/** Angels the member liked, most recent first (the spec's profiliLike). */
export async function likedAngels(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ angelId: likes.angelId })
    .from(likes)
    .where(and(eq(likes.accountId, accountId), eq(likes.fromAngel, false)))
    .orderBy(desc(likes.createdAt), desc(likes.id))
    .limit(PROFILE_LIST_LIMIT);
  return rows.map((r) => r.angelId);
}

/** What the navigation shows: balances, unread counts and the liked and visited angels. */
export async function navigationState(db: Db, accountId: number) {
  const [[account], [unread], [unseen], likedAngelIds, visitedAngelIds] = await Promise.all([
    db
      .select({
        premiumLevel: accounts.premiumLevel,
        messageCredits: accounts.messageCredits,
        icebreakerCredits: accounts.icebreakerCredits,
        likeCredits: accounts.likeCredits,
      })
      .from(accounts)
      .where(eq(accounts.id, accountId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(
        and(eq(messages.accountId, accountId), eq(messages.read, false), lte(messages.time, sql`now()`)),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(eq(notifications.accountId, accountId), eq(notifications.read, false), listedTypes, visible),
      ),
    likedAngels(db, accountId),
    visitedAngels(db, accountId),
  ]);
  if (!account) return null;
  return {
    account,
    unreadMessages: Number(unread?.n ?? 0),
    unreadNotifications: Number(unseen?.n ?? 0),
    profiliLike: likedAngelIds,
    profiliVisitati: visitedAngelIds,
  };
}

/** One KPI event from the client (POST /api/log/event) into the events table. */
export async function logClientEvent(
  db: Db,
  accountId: number,
  input: { type: LogEventType; angelId?: number | null },
): Promise<void> {
  await db.insert(events).values({ accountId, type: input.type, angelId: input.angelId ?? null });
}
