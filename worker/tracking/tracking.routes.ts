// The spec's tracking calls, served by the Worker: the import and cancel calls (api/payment/api/*), the KPI
// event (/log/event, the KPI host's call), getIp (affiliation brands), the cookie choices and the browsers' error
// reports (api/log/client). Each call is stored; the tracking ones become postbacks to the brand's tracker.
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  CallerAddress,
  ClientLog,
  CookieChoice,
  CookieChoiceRecorded,
  CookieChoices,
  CookieChoicesQuery,
  DeliverPostbacksRequest,
  DeliveryRun,
  ImportClick,
  ImportOrder,
  KpiEvent,
  ListedPostbacks,
  PostbackQuery,
  Stored,
} from "../contracts/tracking";
import { AppError, forbidden } from "../core/errors";
import { logEvent } from "../core/log";
import { localOnly, requireSession, sessionIsLive } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { verifyToken } from "../core/tokens";
import type { AppEnv } from "../env";
import { clientIp, consume, ipBucket } from "../ratelimit/rate-limit.service";
import { deliverDuePostbacks, listPostbacks } from "./postbacks.service";
import {
  memberCookieChoices,
  recordClick,
  recordClientError,
  recordCookieChoice,
  recordKpiEvent,
  recordOrderCall,
} from "./tracking.service";

const tooMany = () => new AppError(429, "too_many_requests", "Too many tracking calls from this network.");

/** The caller's live session when the call carries one (these calls are also made before sign-up). */
async function sessionIfAny(c: Context<AppEnv>) {
  const header = c.req.header("authorization") ?? "";
  if (!header.startsWith("Bearer ")) return null;
  const claims = await verifyToken(c.get("config").jwtSecret, "session", header.slice(7));
  if (!claims) return null;
  const brandId = c.get("brand").public.id;
  const live = await sessionIsLive(c.get("db"), { ...claims, brandId });
  return live ? { accountId: claims.accountId, clickid: claims.clickid } : null;
}

/** A tracking call's caller: its session (whose click id the body must name) or a visitor, per-IP limited. */
async function trackingCaller(c: Context<AppEnv>, clickid: string) {
  if (!(await consume(c.env, "trackingPerIp", ipBucket(clientIp(c.req.raw))))) throw tooMany();
  const session = await sessionIfAny(c);
  if (session && session.clickid !== clickid) throw forbidden();
  return { brandId: c.get("brand").public.id, accountId: session?.accountId ?? null };
}

const importClick = createRoute({
  method: "post",
  path: "/api/payment/api/importClick",
  tags: ["tracking"],
  summary: "The landing's click (kcampaign, pageType), forwarded to the brand's tracker once",
  request: { body: { ...json(ImportClick), required: true } },
  responses: {
    200: { description: "Stored (stored: false when the same click was stored before)", ...json(Stored) },
    400: errorResponse("invalid_input naming the field"),
    403: errorResponse("A session whose click id is another"),
    429: errorResponse("too_many_requests from this network"),
  },
});

const orderCall = (name: "importOrder" | "importUpsell" | "cancelOrder") =>
  createRoute({
    method: "post",
    path: `/api/payment/api/${name}`,
    tags: ["tracking"],
    summary: `${name}: the member's order, forwarded to the brand's tracker once with the order's amount`,
    security: bearerSecurity,
    middleware: [requireSession] as const,
    request: { body: { ...json(ImportOrder), required: true } },
    responses: {
      200: {
        description: "Stored (stored: false when this order's call was stored before)",
        ...json(Stored),
      },
      400: errorResponse("invalid_input naming the field"),
      401: errorResponse("No valid session"),
      403: errorResponse("Another member's clickid"),
      404: errorResponse("unknown_order: not one of the member's orders"),
    },
  });

const kpiEvent = createRoute({
  method: "post",
  path: "/log/event",
  tags: ["tracking"],
  summary: "A KPI event (clickid, service, nome_evento, valore_evento, …), forwarded to the brand's tracker",
  request: { body: { ...json(KpiEvent), required: true } },
  responses: {
    200: { description: "Stored", ...json(Stored) },
    400: errorResponse("invalid_input naming the field (an unknown nome_evento)"),
    403: errorResponse("A session whose click id is another"),
    429: errorResponse("too_many_requests from this network"),
  },
});

const getIp = createRoute({
  method: "get",
  path: "/getIp.php",
  tags: ["tracking"],
  summary: "The caller's ip and user agent (affiliation brands only)",
  responses: {
    200: { description: "ip and ua", ...json(CallerAddress) },
    404: errorResponse("not_found: the brand is not an affiliation brand"),
  },
});

const postCookieChoice = createRoute({
  method: "post",
  path: "/api/consent/cookies",
  tags: ["tracking"],
  summary: "Records a cookie choice (device, brand, policy version, categories; the member when signed in)",
  request: { body: { ...json(CookieChoice), required: true } },
  responses: {
    200: { description: "Recorded", ...json(CookieChoiceRecorded) },
    400: errorResponse("invalid_input naming the field"),
    429: errorResponse("too_many_requests from this network"),
  },
});

const getCookieChoices = createRoute({
  method: "get",
  path: "/api/consent/cookies",
  tags: ["tracking"],
  summary: "The member's cookie choices, newest first (this device's earlier ones become the member's)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { query: CookieChoicesQuery },
  responses: {
    200: { description: "The choices", ...json(CookieChoices) },
    401: errorResponse("No valid session"),
  },
});

const clientLog = createRoute({
  method: "post",
  path: "/api/log/client",
  tags: ["tracking"],
  summary: "A problem the browser met (window errors, the error boundary, failed calls), scrubbed and stored",
  request: { body: { ...json(ClientLog), required: true } },
  responses: {
    200: { description: "Logged (stored: false when this device's reports are throttled)", ...json(Stored) },
    400: errorResponse("invalid_input naming the field"),
  },
});

const devPostbacks = createRoute({
  method: "get",
  path: "/dev/outbox/postbacks.json",
  tags: ["dev"],
  summary:
    "Local only: the postbacks in the outbox (a brand without a tracker keeps them here), newest first",
  middleware: [localOnly] as const,
  request: { query: PostbackQuery },
  responses: {
    200: {
      description: "Postbacks, newest first",
      ...json(ListedPostbacks),
    },
    404: errorResponse("in production"),
  },
});

const devDeliver = createRoute({
  method: "post",
  path: "/dev/postbacks/deliver",
  tags: ["dev"],
  summary: "Local only: runs the scheduled delivery of the due postbacks now (or at `now`)",
  middleware: [localOnly] as const,
  request: { body: { ...json(DeliverPostbacksRequest), required: false } },
  responses: {
    200: {
      description: "What the run did",
      ...json(DeliveryRun),
    },
    404: errorResponse("in production"),
  },
});

export const trackingRoutes = featureApp()
  .openapi(devPostbacks, async (c) => {
    const { status, limit } = c.req.valid("query");
    return c.json(
      { postbacks: await listPostbacks(c.var.db, { brands: null, limit, ...(status ? { status } : {}) }) },
      200,
    );
  })
  .openapi(devDeliver, async (c) => {
    const body = await c.req.json().catch(() => ({}));
    const at = DeliverPostbacksRequest.safeParse(body).data?.now;
    const run = await deliverDuePostbacks(c.var.db, c.var.config, at ? new Date(at) : new Date());
    return c.json(run, 200);
  })
  .openapi(importClick, async (c) => {
    const body = c.req.valid("json");
    const caller = await trackingCaller(c, body.clickid);
    return c.json({ result: "OK" as const, stored: await recordClick(c.var.db, caller, body) }, 200);
  })
  .openapi(orderCall("importOrder"), async (c) =>
    c.json(await orderCallHandler(c, c.req.valid("json"), "order"), 200),
  )
  .openapi(orderCall("importUpsell"), async (c) =>
    c.json(await orderCallHandler(c, c.req.valid("json"), "upsell"), 200),
  )
  .openapi(orderCall("cancelOrder"), async (c) =>
    c.json(await orderCallHandler(c, c.req.valid("json"), "cancel"), 200),
  )
  .openapi(kpiEvent, async (c) => {
    const body = c.req.valid("json");
    const caller = await trackingCaller(c, body.clickid);
    return c.json({ result: "OK" as const, stored: await recordKpiEvent(c.var.db, caller, body) }, 200);
  })
  .openapi(getIp, (c) => {
    if (!c.var.brand.public.affiliation) throw new AppError(404, "not_found", "No such route.");
    return c.json({ ip: clientIp(c.req.raw), ua: (c.req.header("user-agent") ?? "").slice(0, 512) }, 200);
  })
  .openapi(postCookieChoice, async (c) => {
    const choice = c.req.valid("json");
    if (!(await consume(c.env, "trackingPerIp", ipBucket(clientIp(c.req.raw))))) throw tooMany();
    const session = await sessionIfAny(c);
    const at = await recordCookieChoice(
      c.var.db,
      { brandId: c.var.brand.public.id, accountId: session?.accountId ?? null },
      choice,
    );
    return c.json({ result: "OK" as const, at: (at ?? new Date()).toISOString() }, 200);
  })
  .openapi(getCookieChoices, async (c) => {
    const { deviceId } = c.req.valid("query");
    const choices = await memberCookieChoices(
      c.var.db,
      { brandId: c.var.brand.public.id, accountId: c.var.session.accountId },
      deviceId,
    );
    return c.json({ choices }, 200);
  })
  .openapi(clientLog, async (c) => {
    const report = c.req.valid("json");
    const ip = ipBucket(clientIp(c.req.raw));
    const allowed =
      (await consume(c.env, "clientErrorsPerDevice", report.deviceId ?? "")) &&
      (await consume(c.env, "clientErrorsPerIp", ip));
    if (!allowed) return c.json({ result: "OK" as const, stored: false }, 200);
    const release = report.release ?? c.var.config.softwareVersion ?? "unknown";
    await recordClientError(c.var.db, c.var.brand.public.id, { ...report, release });
    logEvent("warn", "client.log", { brand: c.var.brand.public.id, subject: report.subject, release });
    return c.json({ result: "OK" as const, stored: true }, 200);
  });

/** importOrder, importUpsell, cancelOrder: the member's own order, stored once per order and kind. */
async function orderCallHandler(c: Context<AppEnv>, body: ImportOrder, kind: "order" | "upsell" | "cancel") {
  const session = c.var.session;
  if (body.clickid !== session.clickid) throw forbidden();
  const stored = await recordOrderCall(
    c.var.db,
    { brandId: c.var.brand.public.id, accountId: session.accountId, clickid: session.clickid },
    kind,
    body.orderId,
    body.nomePiano,
  );
  if (stored === null) throw new AppError(404, "unknown_order", "No such order of yours.");
  return { result: "OK" as const, stored };
}
