// A member's push subscriptions (one per browser): stored from POST /api/users/pushToken, read by the push
// channel, removed when the push service says the endpoint is gone (404, 410).
import { and, eq, sql } from "drizzle-orm";
import { accounts } from "../../../drizzle/schema/accounts";
import { pushSubscriptions } from "../../../drizzle/schema/notifications";
import type { Db } from "../../core/db";

/** The browser's PushSubscription as `subscription.toJSON()` gives it. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * The hosts of the push services browsers use: Chrome, Edge's Chromium and most Android browsers (FCM),
 * Firefox (Mozilla autopush), Safari (Apple) and the old Edge (Windows Push Notification Services).
 * A subscription elsewhere would make the Worker post to an address of the client's choosing.
 */
const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether the Worker may post pushes to this endpoint: https on a known push service; loopback on local runs. */
export function acceptedEndpoint(endpoint: string, local: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (local && LOOPBACK_HOSTS.has(url.hostname)) return url.protocol === "http:" || url.protocol === "https:";
  return url.protocol === "https:" && url.port === "" && PUSH_SERVICE_HOSTS.some((h) => h.test(url.hostname));
}

/**
 * Stores (or renews) a browser's subscription for the member. The endpoint identifies the browser: when
 * another member of the same device had it, it moves to this one (the device's notifications are his now).
 */
/** Stores the browser's subscription (the same endpoint again refreshes it); `enable` also turns push on. */
export async function saveSubscription(
  db: Db,
  accountId: number,
  s: BrowserSubscription,
  { enable = false }: { enable?: boolean } = {},
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ accountId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        accountId,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        refreshedAt: sql`now()`,
        // A device that changes hands starts afresh.
        createdAt: sql`case when ${pushSubscriptions.accountId} = ${accountId} then ${pushSubscriptions.createdAt} else now() end`,
      },
    });
  if (enable) await db.update(accounts).set({ notifyPush: true }).where(eq(accounts.id, accountId));
}

/** The member's subscriptions, newest first. */
export function subscriptionsOf(db: Db, accountId: number) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.accountId, accountId))
    .orderBy(sql`${pushSubscriptions.refreshedAt} desc`);
}

/** The push service said the endpoint no longer exists: the browser unsubscribed or the subscription expired. */
export async function removeSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The member turned the browser's notifications off there (unsubscribe from the page). */
export async function removeEndpoint(db: Db, accountId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
