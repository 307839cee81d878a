import type { Context } from "hono";
import { routePartykitRequest } from "partyserver";
import { sessionIsLive } from "../core/middleware";
import { verifyToken } from "../core/tokens";
import type { AppEnv } from "../env";

/**
 * WebSocket upgrades to /parties/user-room/{clickid}?token=...: checked here, before the Durable Object is
 * reached, with the same rules as every HTTP route: a session token (not a link or operator token) with an
 * expiry, of the member the room is named after, whose account is of this host's brand, enabled, and still
 * at the token's session version. The room gets the request without the token, so it never reaches a log.
 */
export async function routeRealtime(c: Context<AppEnv>): Promise<Response> {
  const response = await routePartykitRequest(c.req.raw, c.env, {
    onBeforeConnect: async (req, lobby) => {
      const url = new URL(req.url);
      const token = url.searchParams.get("token") ?? "";
      const claims = token ? await verifyToken(c.var.config.jwtSecret, "session", token) : null;
      if (!claims || claims.clickid !== lobby.name) return unauthorized();
      const live = await sessionIsLive(c.var.db, { ...claims, brandId: c.var.brand.public.id });
      if (!live) return unauthorized();
      url.searchParams.delete("token");
      return new Request(url, req);
    },
    // Rooms only take sockets; nothing else reaches them over HTTP.
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
  });
  return response ?? c.notFound();
}

const unauthorized = () => new Response("Unauthorized", { status: 401 });
