import { buildPushPayload } from "@block65/webcrypto-web-push";
import { Hono } from "hono";
import { brandOf } from "../brands/registry";
import { configOf } from "../config";
import { AngelMessageBody, FetchBody, PushBody } from "../contracts/bench";
import { logEvent } from "../core/log";
import { requireSessionToken } from "../core/middleware";
import { hashPassword, hashPasswordWithCost, OWASP_ARGON2ID_OPTIONS } from "../core/password";
import type { AppEnv } from "../env";
import { sendWebPush } from "../notifications/push/push-send.service";
import { memberRoom, roomStub } from "../realtime/member-room";
import { oneStatement, oneTransaction } from "./bench.service";

/** A push as the cascade sends one (web/sw.ts shows it): the payload's size is a real notification's. */
const BENCH_PUSH = JSON.stringify({
  id: "00000000-0000-4000-8000-000000000000",
  title: "Nuovo messaggio da Giulia",
  body: "Ciao, come stai? Ti ho scritto ieri sera ma non mi hai risposto…",
  url: "/chats/1?n=00000000-0000-4000-8000-000000000000&ch=push",
  tag: "angel-1",
  icon: "https://amoreitalia.example/photos/it/1/w180.webp",
});

/** A room no member has: the room call's floor goes to it. */
const BENCH_ROOM = "bench-floor-room";

/**
 * The floors that `npm run bench` compares the product against, in the same workerd: the cheapest HTTP
 * answer this Worker can give, the cheapest that asks Postgres once, and a raw WebSocket echo; and the
 * password hash a login pays for; one web push (encrypted, signed and sent) beside a bare outgoing fetch of the
 * same size to the same host; and an angel's message handed to a member's room, as the console's reply is.
 * Mounted before every middleware; absent in production.
 */
export const benchRoutes = new Hono<AppEnv>()
  .use("/__bench/*", async (c, next) => (configOf(c.env).local ? next() : c.notFound()))
  // Reads its JSON body as a real handler does (workerd drops a keep-alive connection whose body is unread).
  .post("/__bench/bare", async (c) => c.json({ ok: true, body: await c.req.json() }))
  // The database floor: the bare handler plus one trivial statement with a parameter, over the same HTTP
  // query path as the dispenser's (worker/core/db.ts): what a route that must ask Postgres once cannot beat.
  .post("/__bench/sql", async (c) => {
    const body: unknown = await c.req.json();
    return c.json({ ok: true, body, n: await oneStatement(configOf(c.env).database) });
  })
  // The transaction floor: the bare handler plus one trivial statement in a transaction over the WebSocket
  // path (worker/core/db.ts), what a route that must write under a lock (a payment's settlement) starts from.
  .post("/__bench/tx", async (c) => {
    const body: unknown = await c.req.json();
    return c.json({ ok: true, body, n: await oneTransaction(configOf(c.env).database) });
  })
  // The room call's floor: the bare handler plus one call to a member's room that does nothing (partyserver's
  // own setName, to a room already of that name): what the checkout's call to the room starts from.
  .post("/__bench/room", async (c) => {
    const body: unknown = await c.req.json();
    await roomStub(c.env, BENCH_ROOM).setName(BENCH_ROOM);
    return c.json({ ok: true, body });
  })
  // The log's floor: the bare handler plus the two log lines a checkout writes (the charge and its mail),
  // what the runtime's console costs the checkout apart from the code that decides them.
  .post("/__bench/log", async (c) => {
    const body: unknown = await c.req.json();
    logEvent("info", "payments.charge", { paymentId: 1, fields: "typed", status: "succeeded" });
    logEvent("info", "mail.kept", { template: "purchase", brand: "amoreitalia", accountId: 1 });
    return c.json({ ok: true, body });
  })
  // One hash at the production cost, or (`?m=&t=`) at another of OWASP's equivalent Argon2id options.
  .post("/__bench/hash", async (c) => {
    const { m, t } = c.req.query();
    if (m === undefined && t === undefined) await hashPassword("bench-password");
    else {
      const params = OWASP_ARGON2ID_OPTIONS.find((o) => o.memoryKib === Number(m) && o.passes === Number(t));
      if (!params) return c.json({ ok: false, error: "not one of OWASP's Argon2id options" }, 400);
      await hashPasswordWithCost("bench-password", params);
    }
    return c.json({ ok: true });
  })
  // One push to a subscription of the fake push service: what the cascade's push step pays apart from its
  // queries (the payload encrypted to the browser's keys, the VAPID token, the request).
  .post("/__bench/push", async (c) => {
    const body = PushBody.parse(await c.req.json());
    const outcome = await sendWebPush(
      { config: configOf(c.env), brand: brandOf(body.brand) },
      body,
      BENCH_PUSH,
      { urgency: "high", topic: "angel-1" },
    );
    return c.json({ ok: outcome === "sent", outcome }, outcome === "sent" ? 200 : 502);
  })
  // The same push as the library builds it whole (its encryption, a VAPID token signed per push): the
  // reference the push above is measured against in the same run.
  .post("/__bench/push-library", async (c) => {
    const body = PushBody.parse(await c.req.json());
    const config = configOf(c.env);
    const vapid = config.notifications.push.vapid[body.brand];
    if (!vapid) return c.json({ ok: false, outcome: "no VAPID keys" }, 502);
    const request = await buildPushPayload(
      {
        data: BENCH_PUSH,
        options: { ttl: config.notifications.push.ttlSeconds, urgency: "high", topic: "angel-1" },
      },
      {
        endpoint: body.endpoint.replace(/^http:/, "https:"),
        expirationTime: null,
        keys: { p256dh: body.p256dh, auth: body.auth },
      },
      vapid,
    );
    const response = await fetch(body.endpoint, request);
    await response.arrayBuffer();
    return c.json({ ok: response.ok, status: response.status }, response.ok ? 200 : 502);
  })
  // The push's floor: a POST of the same size (an encrypted push is one 4,096-byte record) to the same host.
  .post("/__bench/fetch", async (c) => {
    const { url, bytes } = FetchBody.parse(await c.req.json());
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(bytes),
    });
    await response.arrayBuffer();
    return c.json({ ok: response.ok, status: response.status }, response.ok ? 200 : 502);
  })
  // An angel's message to a member, through his room (stored, delivered after the typing time, then handed
  // to the notification cascade): the time it is delivered at, which the push delay counts from.
  .post("/__bench/angel-message", async (c) => {
    const { clickid, angelId, msg } = AngelMessageBody.parse(await c.req.json());
    const sent = await (await memberRoom(c.env, clickid)).sendAngelReply({ angelId, msg });
    if (!sent) return c.json({ ok: false }, 404);
    return c.json({ ok: true, id: sent.id, time: sent.time });
  })
  .get("/__bench/echo", (c) => {
    if (c.req.header("upgrade") !== "websocket") return c.text("WebSocket upgrade expected", 426);
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    server.addEventListener("message", (event) => server.send(event.data));
    return new Response(null, { status: 101, webSocket: client });
  });

/**
 * The member routes' floor: the bare handler behind the middleware every route runs (config, security headers,
 * body limits, brand, database) and a member's session token checked, as GET /api/plans and orders/tryCharge
 * are. Mounted after the middleware; the guard of benchRoutes above keeps it out of production.
 */
export const benchMemberRoutes = new Hono<AppEnv>().post("/__bench/member", requireSessionToken, async (c) =>
  c.json({ ok: true, body: await c.req.json(), clickid: c.var.uncheckedSession.clickid }),
);
