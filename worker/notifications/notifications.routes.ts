// The member's notification channels: the push subscription (POST /api/users/pushToken, the spec's call),
// the channels' state for /activeNotifications and the channel-choice popup, and the records of an opened
// notification (the service worker's click) and of the member coming back from one.
import { createRoute, z } from "@hono/zod-openapi";
import { sessionAccount } from "../auth/session.service";
import {
  NotificationChannels,
  NotificationOpened,
  PushSubscriptionJson,
  PushTokenBody,
} from "../contracts/notifications";
import { AppError, forbidden } from "../core/errors";
import { localOnly, requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json, OkResult } from "../core/openapi";
import { recordOpening } from "./deliveries.service";
import {
  acceptedEndpoint,
  removeEndpoint,
  saveSubscription,
  subscriptionsOf,
} from "./push/push-subscriptions";
import { pushOutboxRows } from "./push-outbox.service";

const invalid = (field: string, message: string) => new AppError(400, "invalid_input", message, { field });

/** The subscription in any of the accepted shapes; the spec's pushToken may be its JSON text. */
function subscriptionOf(body: PushTokenBody): PushSubscriptionJson {
  if (!("pushToken" in body)) return body;
  if (typeof body.pushToken !== "string") return body.pushToken;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.pushToken);
  } catch {
    throw invalid("pushToken", "pushToken is not a push subscription");
  }
  const subscription = PushSubscriptionJson.safeParse(parsed);
  if (!subscription.success) throw invalid("pushToken", "pushToken is not a push subscription");
  return subscription.data;
}

const savePushToken = createRoute({
  method: "post",
  path: "/api/users/pushToken",
  tags: ["notifications"],
  summary: "Stores (or renews) this browser's push subscription for the member",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(PushTokenBody), required: true } },
  responses: {
    200: { description: "Stored", ...json(OkResult) },
    400: errorResponse("invalid_input: not a subscription, or an endpoint not on a known push service"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
  },
});

const deletePushToken = createRoute({
  method: "delete",
  path: "/api/users/pushToken",
  tags: ["notifications"],
  summary: "Forgets this browser's push subscription (the member turned push off here)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(z.object({ endpoint: z.string().max(1000) })), required: true } },
  responses: {
    200: { description: "Forgotten (or was not stored)", ...json(OkResult) },
    401: errorResponse("No valid session"),
  },
});

const readChannels = createRoute({
  method: "get",
  path: "/api/notifications/channels",
  tags: ["notifications"],
  summary: "The member's notification channels: on or off, linked or not, and the brand's push key",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  responses: {
    200: { description: "The channels", ...json(NotificationChannels) },
    401: errorResponse("No valid session"),
  },
});

const opened = createRoute({
  method: "post",
  path: "/api/notifications/opened",
  tags: ["notifications"],
  summary: "A notification was clicked (the service worker tells; its id is the only proof needed)",
  request: { body: { ...json(NotificationOpened), required: true } },
  responses: { 204: { description: "Recorded (or unknown)" }, 400: errorResponse("invalid_input") },
});

const cameBack = createRoute({
  method: "post",
  path: "/api/notifications/back",
  tags: ["notifications"],
  summary: "The member reached the site from a notification (the page it opened tells)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(NotificationOpened), required: true } },
  responses: {
    204: { description: "Recorded (or not the member's)" },
    400: errorResponse("invalid_input"),
    401: errorResponse("No valid session"),
  },
});

const pushOutboxJson = createRoute({
  method: "get",
  path: "/dev/outbox/push.json",
  tags: ["dev"],
  summary: "Local only: the pushes kept instead of sent (no VAPID keys), newest first",
  middleware: [localOnly] as const,
  responses: {
    200: {
      description: "pushes, newest first",
      ...json(
        z.object({
          pushes: z.array(
            z.object({
              accountId: z.number(),
              brandId: z.string(),
              endpoint: z.string(),
              payload: z.unknown(),
              createdAt: z.string(),
            }),
          ),
        }),
      ),
    },
    404: errorResponse("in production"),
  },
});

export const notificationRoutes = featureApp()
  .openapi(savePushToken, async (c) => {
    const body = c.req.valid("json");
    if ("clickid" in body && body.clickid !== undefined && body.clickid !== c.var.session.clickid) {
      throw forbidden();
    }
    const subscription = subscriptionOf(body);
    if (!acceptedEndpoint(subscription.endpoint, c.var.config.local)) {
      throw invalid("endpoint", "The endpoint is not on a known push service");
    }
    const accountId = c.var.session.accountId;
    await saveSubscription(c.var.db, accountId, subscription, { enable: body.enable === true });
    return c.json({ result: "OK" as const }, 200);
  })
  .openapi(deletePushToken, async (c) => {
    await removeEndpoint(c.var.db, c.var.session.accountId, c.req.valid("json").endpoint);
    return c.json({ result: "OK" as const }, 200);
  })
  .openapi(readChannels, async (c) => {
    const account = await sessionAccount(c);
    const devices = (await subscriptionsOf(c.var.db, account.id)).length;
    const brand = c.var.brand.public;
    const channels: NotificationChannels = {
      push: {
        on: account.notifyPush,
        devices,
        vapidPublicKey: c.var.config.notifications.push.vapid[brand.id]?.publicKey ?? null,
      },
      telegram: { on: account.notifyTelegram, linked: account.telegramId !== null, bot: brand.nome_bot },
      email: { on: account.notifyEmail },
    };
    return c.json(channels, 200);
  })
  .openapi(opened, async (c) => {
    const { id, channel } = c.req.valid("json");
    await recordOpening(c.var.db, { notificationId: id, channel, cameBack: false });
    return c.body(null, 204);
  })
  .openapi(cameBack, async (c) => {
    const { id, channel } = c.req.valid("json");
    await recordOpening(c.var.db, {
      notificationId: id,
      channel,
      cameBack: true,
      accountId: c.var.session.accountId,
    });
    return c.body(null, 204);
  })
  .openapi(pushOutboxJson, async (c) => {
    const rows = await pushOutboxRows(c.var.db);
    const pushes = rows.map((p) => ({
      accountId: p.accountId,
      brandId: p.brandId,
      endpoint: p.endpoint,
      payload: JSON.parse(p.payload) as unknown,
      createdAt: p.createdAt.toISOString(),
    }));
    return c.json({ pushes }, 200);
  });
