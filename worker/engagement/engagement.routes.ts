// Notifications, the navigation counters, visits and the client's KPI events. Likes, match events and
// invites travel over the member's room socket (party/user-room.ts), as the spec's realtime events.

import { createRoute } from "@hono/zod-openapi";
import {
  LogEventRequest,
  LogEventResult,
  Navigation,
  NotificationList,
  ReadRequest,
  ReadResult,
  TrackerIdParams,
  VisitRequest,
  VisitResult,
} from "../contracts/engagement";
import { AppError, forbidden } from "../core/errors";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { subscriptionCredits } from "../credits/credits.service";
import {
  listNotifications,
  logClientEvent,
  markNotificationsRead,
  navigationState,
  recordVisit,
  visitedAngels,
} from "./notifications.service";

const denied = {
  401: errorResponse("No valid session"),
  403: errorResponse("Another member's trackerId or clickid"),
} as const;

/** The spec keeps profiliVisitati as a comma list of angel ids (local storage); the server sends the same. */
const commaList = (ids: number[]) => ids.join(",");

/** A path's or body's member id must be the session's own. */
function ownId(id: string, session: { clickid: string }) {
  if (id !== session.clickid) throw forbidden();
}

const getNotifications = createRoute({
  method: "get",
  path: "/get/notifications/{trackerId}",
  tags: ["engagement"],
  summary: "Likes and visits from angels, newest first (future ones hidden)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: TrackerIdParams },
  responses: {
    200: {
      description: "messages: the notifications of type like or visita; unread: how many are not read",
      ...json(NotificationList),
    },
    ...denied,
  },
});

const readNotifications = createRoute({
  method: "post",
  path: "/log/notification/readed",
  tags: ["engagement"],
  summary: "Mark notifications read: one angel's, one type's, or one angel's of one type",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(ReadRequest), required: true } },
  responses: {
    200: { description: "How many were marked", ...json(ReadResult) },
    400: errorResponse("invalid_input naming the field"),
    ...denied,
  },
});

const getAll = createRoute({
  method: "get",
  path: "/api/get/all/{trackerId}",
  tags: ["engagement"],
  summary: "Navigation state: balances, unread counts, liked and visited angels",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: TrackerIdParams },
  responses: {
    200: { description: "navigation, undreadedMessages, profiliLike", ...json(Navigation) },
    ...denied,
  },
});

const collectVisited = createRoute({
  method: "post",
  path: "/api/collect/visited",
  tags: ["engagement"],
  summary: "Record that the member opened an angel's profile",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(VisitRequest), required: true } },
  responses: {
    200: {
      description: "profiliVisitati: the comma list the client keeps in local storage",
      ...json(VisitResult),
    },
    400: errorResponse("invalid_input naming the field"),
    404: errorResponse("unknown_angel"),
    ...denied,
  },
});

const logEventRoute = createRoute({
  method: "post",
  path: "/api/log/event",
  tags: ["engagement"],
  summary: "Record one of the client's KPI events",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: {
    body: {
      ...json(LogEventRequest),
      required: true,
    },
  },
  responses: {
    200: { description: "Stored", ...json(LogEventResult) },
    400: errorResponse("invalid_input naming the field (an unknown type)"),
    ...denied,
  },
});

export const engagementRoutes = featureApp()
  .openapi(getNotifications, async (c) => {
    ownId(c.req.valid("param").trackerId, c.var.session);
    const list = await listNotifications(c.var.db, c.var.session.accountId);
    return c.json({ messages: list, unread: list.filter((n) => !n.letto).length }, 200);
  })
  .openapi(readNotifications, async (c) => {
    const body = c.req.valid("json");
    ownId(body.clickid, c.var.session);
    const updated = await markNotificationsRead(c.var.db, c.var.session.accountId, body);
    return c.json({ result: "OK" as const, updated }, 200);
  })
  .openapi(getAll, async (c) => {
    ownId(c.req.valid("param").trackerId, c.var.session);
    const [state, fromPlan] = await Promise.all([
      navigationState(c.var.db, c.var.session.accountId),
      subscriptionCredits(c.var.db, c.var.session.accountId),
    ]);
    if (!state) throw forbidden();
    return c.json(
      {
        navigation: {
          profiliVisitati: commaList(state.profiliVisitati),
          creditiMessaggi: state.account.messageCredits,
          creditiMessaggiAbbonamento: fromPlan,
          creditiIcebreaker: state.account.icebreakerCredits,
          creditiLike: state.account.likeCredits,
          premiumLevel: state.account.premiumLevel,
        },
        undreadedMessages: state.unreadMessages,
        profiliLike: state.profiliLike,
        notificheNonLette: state.unreadNotifications,
      },
      200,
    );
  })
  .openapi(collectVisited, async (c) => {
    const body = c.req.valid("json");
    ownId(body.trackerId, c.var.session);
    if (!(await recordVisit(c.var.db, c.var.session.accountId, body.angelId))) {
      throw new AppError(404, "unknown_angel", "No such profile.", { field: "angelId" });
    }
    const visited = await visitedAngels(c.var.db, c.var.session.accountId);
    return c.json({ result: "OK" as const, profiliVisitati: commaList(visited) }, 200);
  })
  .openapi(logEventRoute, async (c) => {
    const body = c.req.valid("json");
    ownId(body.clickid, c.var.session);
    await logClientEvent(c.var.db, c.var.session.accountId, body);
    return c.json({ result: "OK" as const }, 200);
  });
