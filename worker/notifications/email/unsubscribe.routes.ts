// The one-click unsubscribe of RFC 8058: POST /api/notifications/unsubscribe?token=… (what a mail client sends
// for List-Unsubscribe-Post) turns the token's channel off without a login; GET shows a page whose button
// posts, so a link scanner that follows the URL changes nothing.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { escapeHtml } from "../../core/html";
import { logEvent } from "../../core/log";
import { errorResponse, featureApp } from "../../core/openapi";
import type { AppEnv } from "../../env";
import { turnChannelOff } from "./email.service";
import { verifyUnsubscribe } from "./unsubscribe";
import { unsubscribeCopy } from "./unsubscribe-copy";

/** A JWT's three base64url parts: anything else is refused as input (400 naming `token`). */
const Query = z.object({
  token: z
    .string()
    .max(2048)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, "not an unsubscribe token"),
});
const page = { description: "an HTML page", content: { "text/html": { schema: z.string() } } };

const show = createRoute({
  method: "get",
  path: "/api/notifications/unsubscribe",
  tags: ["notifications"],
  summary: "The unsubscribe page of a notification mail: a button that turns the channel off",
  request: { query: Query },
  responses: {
    200: page,
    400: errorResponse("the token is missing or malformed"),
    403: { ...page, description: "a page saying the link is not valid (forged or expired)" },
  },
});

const oneClick = createRoute({
  method: "post",
  path: "/api/notifications/unsubscribe",
  tags: ["notifications"],
  summary: "RFC 8058 one-click unsubscribe: the token's channel is turned off, no login needed",
  request: { query: Query },
  responses: {
    200: page,
    400: errorResponse("the token is missing or malformed"),
    403: { ...page, description: "a page saying the link is not valid (forged or expired)" },
  },
});

function html(c: Context<AppEnv>, body: string) {
  const e = escapeHtml;
  const copy = unsubscribeCopy[c.var.brand.public.language];
  return `<!doctype html>
<html lang="${e(c.var.brand.public.language)}">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(copy.title)} · ${e(c.var.brand.public.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222;line-height:1.5}
button{font:inherit;padding:.6rem 1.4rem;border:0;border-radius:6px;background:${/^#[0-9a-f]{3,8}$/i.test(c.var.brand.public.tema.primary) ? c.var.brand.public.tema.primary : "#b3123a"};color:#fff;cursor:pointer}</style>
</head>
<body><h1>${e(c.var.brand.public.title)}</h1>${body}</body></html>`;
}

export const unsubscribeRoutes = featureApp()
  .openapi(show, async (c) => {
    const copy = unsubscribeCopy[c.var.brand.public.language];
    const { token } = c.req.valid("query");
    const claims = await verifyUnsubscribe(c.var.config.jwtSecret, token);
    if (!claims) return c.html(html(c, `<p>${escapeHtml(copy.invalid)}</p>`), 403);
    const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    return c.html(
      html(
        c,
        `<p>${escapeHtml(copy.ask(copy.channels[claims.channel]))}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(copy.button)}</button></form>`,
      ),
      200,
    );
  })
  .openapi(oneClick, async (c) => {
    const copy = unsubscribeCopy[c.var.brand.public.language];
    const { token } = c.req.valid("query");
    const claims = await verifyUnsubscribe(c.var.config.jwtSecret, token);
    if (!claims) return c.html(html(c, `<p>${escapeHtml(copy.invalid)}</p>`), 403);
    await turnChannelOff(c.var.db, claims.accountId, claims.channel);
    logEvent("info", "notifications.unsubscribed", { accountId: claims.accountId, channel: claims.channel });
    return c.html(html(c, `<p>${escapeHtml(copy.done(copy.channels[claims.channel]))}</p>`), 200);
  });
