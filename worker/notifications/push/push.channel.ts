// Web push (RFC 8030) to every browser the member subscribed (each sent by push-send.service.ts). Without
// the brand's keys, local runs keep the push in the outbox.
import { pushOutbox } from "../../../drizzle/schema/notifications";
import { logEvent } from "../../core/log";
import type { DeliveryOutcome, NotificationChannel, OutgoingNotification } from "../channel";
import { notificationText } from "../texts";
import { type PushSent, sendWebPush } from "./push-send.service";
import { acceptedEndpoint, removeSubscription, subscriptionsOf } from "./push-subscriptions";

/** What the service worker (web/sw.ts) gets: enough to show the notification and open its page. */
export interface PushPayload {
  id: string;
  title: string;
  body: string;
  /** The page the click opens, with the notification's id for the "came back" record. */
  url: string;
  /** One notification per conversation: a newer one with the same tag replaces it on the device. */
  tag: string;
  icon?: string;
}

export function pushPayload(n: OutgoingNotification): PushPayload {
  const { title, body } = notificationText(n);
  const separator = n.path.includes("?") ? "&" : "?";
  return {
    id: n.id,
    title,
    body,
    url: `${n.path}${separator}n=${encodeURIComponent(n.id)}&ch=push`,
    tag: n.angel ? `angel-${n.angel.id}` : n.kind,
    ...(n.angel?.photoUrl ? { icon: n.angel.photoUrl } : {}),
  };
}

export const pushChannel: NotificationChannel = {
  name: "push",
  async send(ctx, notification): Promise<DeliveryOutcome> {
    const subscriptions = (await subscriptionsOf(ctx.db, notification.accountId)).filter((s) =>
      acceptedEndpoint(s.endpoint, ctx.config.local),
    );
    if (subscriptions.length === 0) return "skipped";
    const payload = pushPayload(notification);
    const keys = ctx.config.notifications.push.vapid[ctx.brand.public.id];
    if (!keys) {
      if (!ctx.config.local) {
        logEvent("error", "push.no_vapid_keys", { brand: ctx.brand.public.id });
        return "skipped";
      }
      await ctx.db.insert(pushOutbox).values(
        subscriptions.map((s) => ({
          brandId: ctx.brand.public.id,
          accountId: notification.accountId,
          endpoint: s.endpoint,
          payload: JSON.stringify(payload),
        })),
      );
      return "sent";
    }
    const urgency = notification.kind === "message" || notification.kind === "purch_ko" ? "high" : "normal";
    const results = await Promise.all(
      subscriptions.map(async (s): Promise<PushSent> => {
        try {
          const result = await sendWebPush(ctx, s, JSON.stringify(payload), { urgency, topic: payload.tag });
          if (result === "gone") await removeSubscription(ctx.db, s.id);
          return result;
        } catch (error) {
          logEvent("warn", "push.send_failed", { error: error instanceof Error ? error.name : "unknown" });
          return "failed";
        }
      }),
    );
    if (results.includes("sent")) return "sent";
    if (results.every((r) => r === "gone")) return "gone";
    return "failed";
  },
};
