// The notification channels on the wire: the browser's push subscription, the channels' state for
// /activeNotifications and the channel-choice popup, and the records of an opened notification.
import { z } from "zod";

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url")
    .max(max);

/** The browser's PushSubscription as `subscription.toJSON()` gives it (the keys of RFC 8291). */
export const PushSubscriptionJson = z.object({
  endpoint: z.url().max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(60) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;

/**
 * POST /api/users/pushToken: the spec's `{pushToken, clickid}` (pushToken the subscription, as an object or
 * as its JSON text) or the standard subscription itself. `enable`: the member asked for push just now (the
 * page or the popup), so the push channel turns on; a renewal leaves the member's choice as it is.
 */
export const PushTokenBody = z.union([
  z.object({
    pushToken: z.union([z.string().max(2000), PushSubscriptionJson]),
    clickid: z.string().max(64).optional(),
    enable: z.boolean().optional(),
  }),
  PushSubscriptionJson.extend({ enable: z.boolean().optional() }),
]);
export type PushTokenBody = z.infer<typeof PushTokenBody>;

/** The member's channels as /activeNotifications shows them. */
export const NotificationChannels = z.object({
  push: z.object({
    on: z.boolean(),
    /** How many browsers of the member are subscribed. */
    devices: z.number().int(),
    /** The brand's VAPID public key (the browser's applicationServerKey); null when push is not set up. */
    vapidPublicKey: z.string().nullable(),
  }),
  telegram: z.object({ on: z.boolean(), linked: z.boolean(), bot: z.string() }),
  email: z.object({ on: z.boolean() }),
});
export type NotificationChannels = z.infer<typeof NotificationChannels>;

export const notificationChannelNames = ["push", "telegram", "email"] as const;

/** A notification opened (the service worker's click) or the site reached from it (the page it opened). */
export const NotificationOpened = z.object({
  id: z.uuid(),
  channel: z.enum(notificationChannelNames),
});
export type NotificationOpened = z.infer<typeof NotificationOpened>;
