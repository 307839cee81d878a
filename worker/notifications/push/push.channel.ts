// Web push (RFC 8030) to every browser the member subscribed: the payload encrypted to the browser's keys
// (RFC 8291, aes128gcm) and signed with the brand's VAPID key (RFC 8292) by @block65/webcrypto-web-push,
// which runs on WebCrypto in workerd. Without the brand's keys, local runs keep the push in the outbox.
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { pushOutbox } from "../../../drizzle/schema/notifications";
import { logEvent } from "../../core/log";
import type { ChannelContext, DeliveryOutcome, NotificationChannel, OutgoingNotification } from "../channel";
import { notificationText } from "../texts";
import { acceptedEndpoint, removeSubscription, subscriptionsOf } from "./push-subscriptions";

/** A push service that has not answered within this time counts as failed (the cascade goes on). */
const PUSH_TIMEOUT_MS = 10_000;

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

type Sent = "sent" | "gone" | "failed";

/**
 * The endpoint the VAPID token names. Push resources are https (RFC 8030 section 2) and the library signs
 * only those; a loopback push service of a local run (accepted only there) speaks plain http, so its token
 * names the same host as https.
 */
const signedEndpoint = (endpoint: string) =>
  endpoint.replace(/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])([:/])/, "https://$1$2");

async function sendOne(
  ctx: ChannelContext,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  urgency: "normal" | "high",
): Promise<Sent> {
  const vapid = ctx.config.notifications.push.vapid[ctx.brand.public.id];
  if (!vapid) return "failed";
  const request = await buildPushPayload(
    {
      data: JSON.stringify(payload),
      options: { ttl: ctx.config.notifications.push.ttlSeconds, urgency, topic: payload.tag },
    },
    { endpoint: signedEndpoint(subscription.endpoint), expirationTime: null, keys: subscription },
    vapid,
  );
  const response = await fetch(subscription.endpoint, {
    ...request,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  // The body is of no use; read it so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return "gone";
  return response.ok ? "sent" : "failed";
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
      subscriptions.map(async (s): Promise<Sent> => {
        try {
          const result = await sendOne(ctx, s, payload, urgency);
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
