// The notification cascade of one member, run by the member's room (DESIGN.md section 7). An event (an angel's
// message, a like back, a visit, a failed payment, a renewal's outcome) is shown in-app at once by the room;
// here it waits for the push delay and then goes, unless seen meanwhile, by push; not opened, by Telegram;
// then into the e-mail digest. Events of one conversation gather into one pending notification ("3 new
// messages from Giulia"); quiet hours hold it until morning; a channel the member turned off, or whose daily
// cap is reached, is passed over.
import { and, eq, inArray, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { notifications } from "../../drizzle/schema/engagement";
import { notificationDeliveries } from "../../drizzle/schema/notifications";
import { brandOf } from "../brands/registry";
import { brandWithCompany } from "../brands/resolve";
import type { Config } from "../config";
import { angelPhotoUrl } from "../contracts/photos";
import type { Db } from "../core/db";
import { inQuietHours, marketDayStart, quietEnd } from "./cascade-rules";
import {
  CHANNELS,
  type ChannelName,
  type NotificationChannel,
  type NotificationKind,
  type OutgoingNotification,
} from "./channel";
import { recordDelivery, sentSince } from "./deliveries.service";
import { MARKET_TIME_ZONES } from "./notifications.config";

/** What happened, as the room tells the cascade. */
export type CascadeEvent =
  | { kind: "message"; angelId: number; messageId: number; preview?: string }
  | { kind: "like_back" | "visit"; angelId: number; notificationId: number }
  | { kind: "purch_ko" }
  | { kind: "renewal"; outcome: "renewed" | "failed" };

/** The room's queued step that runs the next channel of one pending notification. */
export interface CascadeStep {
  kind: "cascade";
  key: string;
  id: string;
}

/** A notification waiting for its next channel, kept in the room's storage under `cascade:{key}`. */
interface Pending {
  id: string;
  kind: NotificationKind;
  angelId?: number;
  count: number;
  firstAt: number;
  lastAt: number;
  /** The events it gathers that the member can read on the site (their read flags say "seen"). */
  messageIds: number[];
  notificationIds: number[];
  preview?: string;
  /** A renewal's latest outcome (a failure then a recovered retry within the window: the recovery). */
  outcome?: "renewed" | "failed";
  /** Index in CHANNELS of the next channel to try. */
  stage: number;
}

/** What the cascade works through: the room's storage and queue, the database, the clock and the channels. */
export interface CascadeHost {
  clickid: string;
  db: Db;
  config: Config;
  storage: Pick<DurableObjectStorage, "get" | "put" | "delete">;
  schedule(at: number, step: CascadeStep): Promise<void>;
  channels: Record<ChannelName, NotificationChannel | undefined>;
  now(): number;
}

const PENDING_PREFIX = "cascade:";
const ACTIVE_KEY = "cascadeActiveAt";
/** The ids one pending notification keeps for its "seen" check (the newest ones). */
const MAX_IDS = 50;
const PREVIEW_LENGTH = 120;

const keyOf = (e: CascadeEvent) => ("angelId" in e ? `angel-${e.angelId}` : e.kind);

/** An event for the cascade: it joins its conversation's pending notification, or starts one. */
export async function cascadeEvent(host: CascadeHost, event: CascadeEvent): Promise<void> {
  const key = keyOf(event);
  const now = host.now();
  const storageKey = PENDING_PREFIX + key;
  const pending = await host.storage.get<Pending>(storageKey);
  const messageIds = event.kind === "message" ? [event.messageId] : [];
  const notificationIds = "notificationId" in event ? [event.notificationId] : [];
  const preview = event.kind === "message" ? event.preview?.slice(0, PREVIEW_LENGTH) : undefined;
  if (pending) {
    await host.storage.put(storageKey, {
      ...pending,
      // A message outranks a visit or a like back of the same angel: the notification says "new message".
      kind: event.kind === "message" ? "message" : pending.kind,
      count: pending.kind === event.kind || event.kind === "message" ? pending.count + 1 : pending.count,
      lastAt: now,
      messageIds: [...pending.messageIds, ...messageIds].slice(-MAX_IDS),
      notificationIds: [...pending.notificationIds, ...notificationIds].slice(-MAX_IDS),
      preview: event.kind === "message" ? preview : pending.preview,
      ...(event.kind === "renewal" ? { outcome: event.outcome } : {}),
    } satisfies Pending);
    return;
  }
  const fresh: Pending = {
    id: crypto.randomUUID(),
    kind: event.kind,
    ...("angelId" in event ? { angelId: event.angelId } : {}),
    count: 1,
    firstAt: now,
    lastAt: now,
    messageIds,
    notificationIds,
    ...(preview ? { preview } : {}),
    ...(event.kind === "renewal" ? { outcome: event.outcome } : {}),
    stage: 0,
  };
  await host.storage.put(storageKey, fresh);
  await host.schedule(now + host.config.notifications.delays.push, { kind: "cascade", key, id: fresh.id });
}

/** The member is on the site (a tab connected): what he missed before now counts as seen. */
export async function memberCameBack(host: Pick<CascadeHost, "storage" | "now">): Promise<void> {
  await host.storage.put(ACTIVE_KEY, host.now());
}

interface Member {
  id: number;
  brandId: string;
  notifyPush: boolean;
  notifyTelegram: boolean;
  notifyEmail: boolean;
  disabled: boolean;
  erasedAt: Date | null;
}

const wants: Record<ChannelName, (m: Member) => boolean> = {
  push: (m) => m.notifyPush,
  telegram: (m) => m.notifyTelegram,
  email: (m) => m.notifyEmail,
};

/** Seen meanwhile: the member came back after the last event, opened the notification, or read its events. */
async function seen(host: CascadeHost, p: Pending, accountId: number): Promise<boolean> {
  const activeAt = (await host.storage.get<number>(ACTIVE_KEY)) ?? 0;
  if (activeAt >= p.lastAt) return true;
  const [opened] = await host.db
    .select({
      at: sql<string>`max(coalesce(${notificationDeliveries.openedAt}, ${notificationDeliveries.cameBackAt}))`,
    })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.notificationId, p.id));
  if (opened?.at && Date.parse(opened.at) >= p.lastAt) return true;
  // Read on the site: every event it gathered is read (a message the room has not written yet is unread).
  const [messagesRead] = p.messageIds.length
    ? await host.db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(
          and(eq(messages.accountId, accountId), inArray(messages.id, p.messageIds), eq(messages.read, true)),
        )
    : [{ n: 0 }];
  const [notificationsRead] = p.notificationIds.length
    ? await host.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(
          and(
            eq(notifications.accountId, accountId),
            inArray(notifications.id, p.notificationIds),
            eq(notifications.read, true),
          ),
        )
    : [{ n: 0 }];
  const events = p.messageIds.length + p.notificationIds.length;
  // A failed payment has nothing to read: only the member's return or the opening stops it.
  return events > 0 && (messagesRead?.n ?? 0) + (notificationsRead?.n ?? 0) >= events;
}

async function outgoing(host: CascadeHost, p: Pending, member: Member): Promise<OutgoingNotification> {
  const brand = brandOf(member.brandId);
  let angel: OutgoingNotification["angel"];
  if (p.angelId !== undefined) {
    const [row] = await host.db
      .select({ name: angels.screenName, country: angels.country })
      .from(angels)
      .where(eq(angels.id, p.angelId));
    angel = {
      id: p.angelId,
      name: row?.name ?? "",
      ...(row ? { photoUrl: angelPhotoUrl(brand.public, row.country, p.angelId) } : {}),
    };
  }
  const path =
    p.angelId !== undefined ? `/chats/${p.angelId}` : p.kind === "purch_ko" ? "/vip_plan/cred" : "/profile";
  return {
    id: p.id,
    accountId: member.id,
    locale: brand.public.language,
    kind: p.kind,
    ...(angel ? { angel } : {}),
    count: p.count,
    ...(p.kind === "message" && p.preview ? { preview: p.preview } : {}),
    ...(p.kind === "renewal" && p.outcome ? { outcome: p.outcome } : {}),
    path,
  };
}

/**
 * Whether a channel carries a kind. A renewal's outcome already has its own mail (renewed or renewal_failed,
 * worker/payments/subscription-mail.ts, sent whatever the notification choices, as a payment's receipt is):
 * the cascade's e-mail would be a second mail about the same charge, so a renewal goes by push and Telegram.
 */
const carries = (channel: ChannelName, kind: NotificationKind) =>
  !(channel === "email" && kind === "renewal");

/** The wait before a channel: a failed payment goes into no digest (its mail follows Telegram's delay). */
function delayBefore(config: Config, channel: ChannelName, kind: NotificationKind): number {
  if (channel === "email" && (kind === "purch_ko" || kind === "renewal"))
    return config.notifications.delays.telegram;
  return config.notifications.delays[channel];
}

/** One step of a pending notification: its next channel, or a later one, or nothing when it was seen. */
export async function runCascadeStep(host: CascadeHost, step: CascadeStep): Promise<void> {
  const storageKey = PENDING_PREFIX + step.key;
  const pending = await host.storage.get<Pending>(storageKey);
  if (!pending || pending.id !== step.id) return;
  const [member] = await host.db
    .select({
      id: accounts.id,
      brandId: accounts.brandId,
      notifyPush: accounts.notifyPush,
      notifyTelegram: accounts.notifyTelegram,
      notifyEmail: accounts.notifyEmail,
      disabled: accounts.disabled,
      erasedAt: accounts.erasedAt,
    })
    .from(accounts)
    .where(eq(accounts.clickid, host.clickid));
  if (!member || member.disabled || member.erasedAt || (await seen(host, pending, member.id))) {
    await host.storage.delete(storageKey);
    return;
  }
  const now = host.now();
  const brand = brandOf(member.brandId);
  const timeZone = MARKET_TIME_ZONES[brand.public.country];
  const { quietHours, dailyCap } = host.config.notifications;
  if (inQuietHours(now, timeZone, quietHours)) {
    await host.schedule(quietEnd(now, timeZone, quietHours), step);
    return;
  }
  const notification = await outgoing(host, pending, member);
  const context = { config: host.config, db: host.db, brand: brandWithCompany(brand, host.config) };
  for (let stage = pending.stage; stage < CHANNELS.length; stage++) {
    const name = CHANNELS[stage] as ChannelName;
    const channel = host.channels[name];
    if (!channel || !wants[name](member) || !carries(name, pending.kind)) continue;
    const sentToday = await sentSince(host.db, member.id, name, new Date(marketDayStart(now, timeZone)));
    if (sentToday >= dailyCap[name]) continue;
    const outcome = await channel.send(context, notification);
    await recordDelivery(host.db, {
      notification,
      brandId: member.brandId,
      channel: name,
      outcome,
      at: new Date(now),
    });
    if (outcome !== "sent") continue;
    const next = CHANNELS.findIndex((c, i) => i > stage && carries(c, pending.kind));
    if (next < 0) break;
    await host.storage.put(storageKey, { ...pending, stage: next } satisfies Pending);
    await host.schedule(now + delayBefore(host.config, CHANNELS[next] as ChannelName, pending.kind), step);
    return;
  }
  await host.storage.delete(storageKey);
}
