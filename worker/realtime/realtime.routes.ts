import type { Context } from "hono";
import { routePartykitRequest } from "partyserver";
import { verifyToken } from "../core/tokens";
import type { AppEnv } from "../env";

/**
 * WebSocket upgrades to /parties/user-room/{clickid}?token=...: the token is checked here, before the
 * Durable Object is reached, and must belong to the member the room is named after.
 */
export async function routeRealtime(c: Context<AppEnv>): Promise<Response> {
  const response = await routePartykitRequest(c.req.raw, c.env, {
    onBeforeConnect: async (req, lobby) => {
      const token = new URL(req.url).searchParams.get("token") ?? "";
      const claims = token ? await verifyToken(c.var.config.jwtSecret, "session", token) : null;
      if (!claims || claims.clickid !== lobby.name) return new Response("Unauthorized", { status: 401 });
    },
    // Rooms only take sockets; nothing else reaches them over HTTP.
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
  });
  return response ?? c.notFound();
}
