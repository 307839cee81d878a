import { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import { authRoutes } from "./auth/auth.routes";
import { googleRoutes } from "./auth/google.routes";
import { benchMemberRoutes, benchRoutes } from "./bench/bench.routes";
import type { BrandRegistry } from "./brands/brand";
import { brandRoutes } from "./brands/brand.routes";
import { brands, defaultBrandId } from "./brands/registry";
import { brandMiddleware } from "./brands/resolve";
import { chatRoutes } from "./chat/chat.routes";
import { DB_RETRY_AFTER_S, databaseUnavailable, pgCode } from "./core/db-errors";
import { AppError } from "./core/errors";
import { errorName, logEvent } from "./core/log";
import { bodyLimits, configMiddleware, dbMiddleware } from "./core/middleware";
import { invalidInput } from "./core/openapi";
import { pageNonce, securityHeaders } from "./core/security-headers";
import { devRoutes } from "./dev/dev.routes";
import { discoveryRoutes } from "./discovery/discovery.routes";
import { engagementRoutes } from "./engagement/engagement.routes";
import type { AppEnv } from "./env";
import { firstScreenRoutes } from "./first-screen/first-screen.routes";
import { geoRoutes } from "./geo/geo.routes";
import { testimonialRoutes } from "./home/testimonials.routes";
import { injectBrand } from "./html/brand-html";
import { legalRoutes } from "./legal/legal.routes";
import { mailRoutes } from "./mail/mail.routes";
import { unsubscribeRoutes } from "./notifications/email/unsubscribe.routes";
import { notificationRoutes } from "./notifications/notifications.routes";
import { telegramRoutes } from "./notifications/telegram/telegram.routes";
import { opsRoutes } from "./ops/ops.routes";
import { cardRoutes } from "./payments/card.routes";
import { methodRoutes } from "./payments/methods.routes";
import { paymentStatusRoutes } from "./payments/payment-status.routes";
import { planRoutes } from "./payments/plans.routes";
import { receiptRoutes } from "./payments/receipt.routes";
import { reconciliationRoutes } from "./payments/reconciliation.routes";
import { sandboxRoutes } from "./payments/sandbox.routes";
import { subscriptionRoutes } from "./payments/subscriptions.routes";
import { webhookRoutes } from "./payments/webhooks.routes";
import { withdrawalRoutes } from "./payments/withdrawal.routes";
import { memberPhotoRoutes, photoRoutes } from "./photos/photos.routes";
import { privacyRoutes } from "./privacy/privacy.routes";
import { phoneRoutes } from "./profile/phone.routes";
import { profileRoutes } from "./profile/profile.routes";
import { routeRealtime } from "./realtime/realtime.routes";
import { trackingRoutes } from "./tracking/tracking.routes";

/** The whole Worker app for a brand registry (tests pass their own to show a new entry is enough). */
export function createApp(registry: BrandRegistry = brands, defaultId: string = defaultBrandId) {
  const app = new OpenAPIHono<AppEnv>();
  app.route("/", benchRoutes);
  app.use("*", configMiddleware);
  app.use("*", securityHeaders);
  app.use("*", bodyLimits);
  app.use("*", brandMiddleware(registry, defaultId));
  app.use("*", dbMiddleware);
  app.route("/", benchMemberRoutes);
  app.onError((error, c) => {
    if (error instanceof AppError) {
      // A throttled request says when it may come again, in the body and in the standard header.
      const retryAfter = error.extra.retryAfterS;
      if (retryAfter !== undefined) c.header("retry-after", String(retryAfter));
      return c.json(error.toBody(), error.status);
    }
    // Hono's own refusals keep their status: a body that is not JSON is invalid input in the body field.
    if (error instanceof HTTPException && error.status < 500) {
      if (error.status === 400) return c.json(invalidInput("body", error.message || "malformed"), 400);
      return c.json(
        { error: { code: "bad_request", message: error.message || "Bad request." } },
        error.status,
      );
    }
    // The route's pattern, the error's name and its Postgres code: never the path's values or the error's
    // message, which for a failed query holds the statement and its parameters (the member's input).
    logEvent("error", "request.failed", {
      requestId: c.var.requestId,
      method: c.req.method,
      route: routePath(c),
      error: errorName(error),
      code: pgCode(error),
    });
    if (databaseUnavailable(error)) {
      c.header("retry-after", String(DB_RETRY_AFTER_S));
      return c.json(
        { error: { code: "unavailable", message: "The service is briefly unavailable, please retry." } },
        503,
      );
    }
    return c.json({ error: { code: "internal", message: "Something went wrong, please retry." } }, 500);
  });

  const api = app
    .route("/", brandRoutes)
    .route("/", authRoutes)
    .route("/", googleRoutes)
    .route("/", profileRoutes)
    .route("/", memberPhotoRoutes)
    .route("/", phoneRoutes)
    .route("/", geoRoutes)
    .route("/", testimonialRoutes)
    .route("/", legalRoutes)
    .route("/", discoveryRoutes)
    .route("/", firstScreenRoutes)
    .route("/", chatRoutes)
    .route("/", engagementRoutes)
    .route("/", trackingRoutes)
    .route("/", notificationRoutes)
    .route("/", mailRoutes)
    .route("/", telegramRoutes)
    .route("/", unsubscribeRoutes)
    .route("/", planRoutes)
    .route("/", cardRoutes)
    .route("/", paymentStatusRoutes)
    .route("/", webhookRoutes)
    .route("/", methodRoutes)
    .route("/", receiptRoutes)
    .route("/", subscriptionRoutes)
    .route("/", withdrawalRoutes)
    .route("/", privacyRoutes)
    .route("/", reconciliationRoutes)
    .route("/", sandboxRoutes)
    .route("/", opsRoutes)
    .route("/", devRoutes);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  app.doc31("/api/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: { title: `${c.var.brand.public.title} API`, version: "1.0.0" },
  }));
  app.get("/api/docs", Scalar({ url: "/api/openapi.json", pageTitle: "API reference" }));
  app.all("/parties/*", routeRealtime);
  app.route("/", photoRoutes);
  app.all("/api/*", (c) => c.json({ error: { code: "not_found", message: "No such API route." } }, 404));
  // Everything else is the SPA (or a static file), with the brand put into the HTML.
  app.get("*", async (c) => {
    const response = await c.env.ASSETS.fetch(c.req.raw);
    const type = response.headers.get("content-type") ?? "";
    return type.includes("text/html")
      ? await injectBrand(response, c.var.brand, pageNonce(c), c.req.path)
      : // A fetched answer's headers are immutable: copy it so the security headers can be set.
        new Response(response.body, response);
  });
  return api;
}

export type AppType = ReturnType<typeof createApp>;
