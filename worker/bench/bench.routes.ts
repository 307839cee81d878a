import { Hono } from "hono";
import { configOf } from "../config";
import { hashPassword, hashPasswordWithCost, OWASP_ARGON2ID_OPTIONS } from "../core/password";
import type { AppEnv } from "../env";
import { oneStatement } from "./bench.service";

/**
 * The floors that `npm run bench` compares the product against, in the same workerd: the cheapest HTTP
 * answer this Worker can give, the cheapest that asks Postgres once, and a raw WebSocket echo; and the
 * password hash a login pays for.
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
  .get("/__bench/echo", (c) => {
    if (c.req.header("upgrade") !== "websocket") return c.text("WebSocket upgrade expected", 426);
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    server.addEventListener("message", (event) => server.send(event.data));
    return new Response(null, { status: 101, webSocket: client });
  });
