// The angels' side: a like back after the member's like (a match) and a visit after the member's activity.
// Each is stored when it is scheduled, as real rows with the future time at which it happens; the reads
// hide it until then and the member's room pushes it at that time.
import { and, eq, isNull, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { invites, likes, notifications, visits } from "../../drizzle/schema/engagement";
import { LIKE_REPLY_CATEGORY, type NotificationType, notificationMessageKeys } from "../contracts/engagement";
import type { Db } from "../core/db";

export interface Scheduled {
  notificationId: number;
  angelId: number;
  time: Date;
}

async function liveAccount(db: Db, clickid: string) {
  const [account] = await db
    .select({
      id: accounts.id,
      country: accounts.country,
      region: accounts.region,
      seeking: accounts.seeking,
      disabled: accounts.disabled,
    })
    .from(accounts)
    .where(eq(accounts.clickid, clickid));
  return account && !account.disabled ? account : null;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The angel's like of the member at `time`; false when she had liked the member already (one per direction). */
async function insertAngelLike(tx: Tx, accountId: number, angelId: number, time: Date): Promise<boolean> {
  const [like] = await tx
    .insert(likes)
    .values({ accountId, angelId, fromAngel: true, source: "angel", createdAt: time })
    .onConflictDoNothing()
    .returning({ id: likes.id });
  return Boolean(like);
}

/** The angel's visit of the member's profile at `time`. */
function insertAngelVisit(tx: Tx, accountId: number, angelId: number, time: Date) {
  return tx.insert(visits).values({ accountId, angelId, fromAngel: true, createdAt: time });
}

/** The member's notification of what an angel did; the answer the room delivers at `time`. */
async function notifyMember(
  tx: Tx,
  values: Omit<typeof notifications.$inferInsert, "time"> & {
    accountId: number;
    angelId: number;
    time: Date;
  },
): Promise<Scheduled> {
  const [notification] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  if (!notification) throw new Error("insert returned no notification");
  return { notificationId: notification.id, angelId: values.angelId, time: values.time };
}

/**
 * The angel likes the member back at `time`: the angel's like, a like notification of category
 * risposta_a_like, and the acceptance of a pending invite to that angel. Null when the angel had already
 * liked the member (one like per direction).
 */
export async function scheduleLikeBack(
  db: Db,
  input: { clickid: string; angelId: number; time: Date },
): Promise<Scheduled | null> {
  const account = await liveAccount(db, input.clickid);
  if (!account) return null;
  return db.transaction(async (tx) => {
    if (!(await insertAngelLike(tx, account.id, input.angelId, input.time))) return null;
    const scheduled = await notifyMember(tx, {
      accountId: account.id,
      angelId: input.angelId,
      type: "like",
      category: LIKE_REPLY_CATEGORY,
      msg: notificationMessageKeys.likeReply,
      time: input.time,
    });
    await tx
      .update(invites)
      .set({ acceptedAt: input.time })
      .where(
        and(
          eq(invites.accountId, account.id),
          eq(invites.angelId, input.angelId),
          isNull(invites.acceptedAt),
        ),
      );
    return scheduled;
  });
}

/**
 * An angel of the member's region (of the country when the member has no region) who has not visited the
 * member yet visits the member's profile at `time`. Null when there is none.
 */
export async function scheduleAngelVisit(
  db: Db,
  input: { clickid: string; time: Date },
): Promise<Scheduled | null> {
  const account = await liveAccount(db, input.clickid);
  if (!account) return null;
  const where = [
    eq(angels.country, account.country),
    eq(angels.gender, account.seeking),
    sql`not exists (select 1 from ${visits} where ${visits.accountId} = ${account.id} and ${visits.angelId} = ${angels.id} and ${visits.fromAngel})`,
  ];
  if (account.region) where.push(eq(angels.region, account.region));
  const [angel] = await db
    .select({ id: angels.id })
    .from(angels)
    .where(and(...where))
    .orderBy(sql`random()`)
    .limit(1);
  if (!angel) return null;
  return db.transaction(async (tx) => {
    await insertAngelVisit(tx, account.id, angel.id, input.time);
    return notifyMember(tx, {
      accountId: account.id,
      angelId: angel.id,
      type: "visita",
      msg: notificationMessageKeys.visita,
      time: input.time,
    });
  });
}

// The brain's engagement schedule (worker/engagement/brain.ts): likes, visits and messages from angels of the
// member's region, one step at a time. Each step may run twice (the room's alarms are at-least-once), so
// each is idempotent: its rows are keyed by the step's time (notifications) or client id (messages).

/** The member as the brain sees it, and up to `count` distinct angels of the member's region. */
export async function brainAudience(db: Db, input: { clickid: string; count: number }) {
  const [account] = await db
    .select({
      id: accounts.id,
      country: accounts.country,
      region: accounts.region,
      seeking: accounts.seeking,
      disabled: accounts.disabled,
      premiumLevel: accounts.premiumLevel,
      fluxId: accounts.fluxId,
      brandId: accounts.brandId,
    })
    .from(accounts)
    .where(eq(accounts.clickid, input.clickid));
  if (!account || account.disabled) return null;
  const where = [eq(angels.country, account.country), eq(angels.gender, account.seeking)];
  if (account.region) where.push(eq(angels.region, account.region));
  const rows = await db
    .select({ id: angels.id })
    .from(angels)
    .where(and(...where))
    .orderBy(sql`random()`)
    .limit(Math.max(0, input.count));
  return { account, angelIds: rows.map((r) => r.id) };
}

/** The notification of one brain step, if that step already ran. */
async function stepNotification(
  db: Db,
  accountId: number,
  angelId: number,
  type: NotificationType,
  time: Date,
) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.angelId, angelId),
        eq(notifications.type, type),
        eq(notifications.time, time),
      ),
    );
  return row ?? null;
}

/**
 * One like or visit step of the brain at `time`: the angel's like (once per direction) or visit, and its
 * notification. A second run of the same step answers the first one's notification.
 */
export async function brainEngagement(
  db: Db,
  input: { clickid: string; angelId: number; kind: "like" | "visita"; time: Date },
): Promise<Scheduled | null> {
  const account = await liveAccount(db, input.clickid);
  if (!account) return null;
  return db.transaction(async (tx) => {
    const done = await stepNotification(tx, account.id, input.angelId, input.kind, input.time);
    if (done) return { notificationId: done.id, angelId: input.angelId, time: input.time };
    if (input.kind === "like") {
      // The angel liked the member before: no second like, no notification.
      if (!(await insertAngelLike(tx, account.id, input.angelId, input.time))) return null;
    } else {
      await insertAngelVisit(tx, account.id, input.angelId, input.time);
    }
    return notifyMember(tx, {
      accountId: account.id,
      angelId: input.angelId,
      type: input.kind,
      msg: input.kind === "like" ? notificationMessageKeys.like : notificationMessageKeys.visita,
      time: input.time,
    });
  });
}
