import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { GoogleRequest, GoogleResponse, GoogleStartHeaders, GoogleStartQuery } from "../contracts/google";
import { errorResponse, featureApp, json } from "../core/openapi";
import type { AppEnv } from "../env";
import {
  GOOGLE_COOKIE,
  GOOGLE_COOKIE_TTL_S,
  GOOGLE_REDIRECT_PATH,
  openAttempt,
  redeemGoogleCode,
  signInWithGoogle,
  startGoogle,
} from "./google.service";
import { authContext, sessionBody } from "./session.service";

const start = createRoute({
  method: "get",
  path: "/users/auth/google/start",
  tags: ["auth"],
  summary: "Start Google sign-in or sign-up: redirects to Google, which comes back to /loginWithGoogle",
  request: { query: GoogleStartQuery },
  responses: {
    302: {
      description:
        "To Google's authorization page, setting the HttpOnly state cookie (10 minutes); without a Google " +
        "client configured, to /loginWithGoogle?error=google_unavailable, which says so",
      headers: GoogleStartHeaders,
    },
    400: errorResponse("A query field is invalid"),
  },
});

const callback = <P extends string>(path: P) =>
  createRoute({
    method: "post",
    path,
    tags: ["auth"],
    summary: "Finish Google sign-in or sign-up with the code and state Google returned",
    description:
      "Needs the state cookie set by /users/auth/google/start (same browser). Logs in the member with this " +
      "Google account or e-mail on this brand (linking the account), or creates one with a confirmed e-mail " +
      "and no region.",
    request: { body: { ...json(GoogleRequest), required: true } },
    responses: {
      200: { description: "Signed in (login true) or signed up (login false)", ...json(GoogleResponse) },
      400: errorResponse(
        "google_state (no, expired or other cookie, or wrong state), google_code (refused code)",
      ),
      403: errorResponse("1008 account disabled, google_email_unverified"),
      409: errorResponse("1003 another account was registered from this device"),
      429: errorResponse("1007 too many registration attempts"),
      502: errorResponse("google_error (Google unreachable), google_token (unusable ID token)"),
      503: errorResponse("google_unavailable: no Google client is configured"),
    },
  });

const cookieOptions = (c: Context<AppEnv>) => ({
  path: "/",
  httpOnly: true,
  sameSite: "Lax" as const,
  secure: new URL(c.req.url).protocol === "https:",
});

async function finish(c: Context<AppEnv>, body: GoogleRequest) {
  const ctx = authContext(c);
  const attempt = await openAttempt(c.var.config.jwtSecret, getCookie(c, GOOGLE_COOKIE));
  // One attempt per cookie, whatever the outcome: the code it was for is spent or refused.
  deleteCookie(c, GOOGLE_COOKIE, cookieOptions(c));
  const identity = await redeemGoogleCode(c.var.config, ctx.origin, attempt, body.code, body.state);
  const { account, login, restored } = await signInWithGoogle(ctx, identity, {
    intent: attempt?.intent ?? "login",
    sono: body.sono ?? attempt?.sono,
    cerco: body.cerco ?? attempt?.cerco,
    fluxId: body.fluxId ?? attempt?.fluxId,
    source: body.source ?? attempt?.source,
    campid: body.campid,
    ip: body.ip ?? ctx.ip,
    ua: body.ua ?? c.req.header("user-agent"),
    fingerprint: body.fingerprint,
    promotions: attempt?.promotions,
    thirdParties: attempt?.thirdParties,
  });
  const returnTo = attempt?.returnTo;
  return {
    ...(await sessionBody(c, account)),
    login,
    ...(returnTo ? { returnTo } : {}),
    ...(restored ? { account_restored: true } : {}),
  };
}

export const googleRoutes = featureApp()
  .openapi(start, async (c) => {
    c.header("cache-control", "no-store");
    // The button's link is a page load: a page that says Google is unavailable, not an API error's JSON.
    if (!c.var.config.google) return c.redirect(`${GOOGLE_REDIRECT_PATH}?error=google_unavailable`, 302);
    const { url, cookie } = await startGoogle(c.var.config, new URL(c.req.url).origin, c.req.valid("query"));
    setCookie(c, GOOGLE_COOKIE, cookie, { ...cookieOptions(c), maxAge: GOOGLE_COOKIE_TTL_S });
    return c.redirect(url.toString(), 302);
  })
  .openapi(callback("/users/auth/google"), async (c) => c.json(await finish(c, c.req.valid("json")), 200))
  .openapi(callback("/users/auth/google/home"), async (c) =>
    c.json(await finish(c, c.req.valid("json")), 200),
  );
