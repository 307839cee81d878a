import type { Context } from "hono";
import { getServerByName, routePartykitRequest } from "partyserver";
import type { UserRoom } from "../party/user-room";
import { verifyToken } from "./core/tokens";
import type { AppEnv, Bindings } from "./env";

/**
 * The member's room, for calls over Durable Object RPC (an operator's reply, a purchase's pending message).
 * The binding is declared untyped in env.ts; the room class is the one wrangler.toml binds to it.
 */
export function memberRoom(env: Bindings, clickid: string) {
  return getServerByName(env.UserRoom as unknown as DurableObjectNamespace<UserRoom>, clickid);
}

/**
 * WebSocket upgrades to /parties/user-room/{clickid}?token=...: the token is checked here, before the
 * Durable Object is reached, and must belong to the member the room is named after.
 */
export async function routeRealtime(c: Context<AppEnv>): Promise<Response> {
  const response = await routePartykitRequest(c.req.raw, c.env, {
    onBeforeConnect: async (req, lobby) => {
      const token = new URL(req.url).searchParams.get("token") ?? "";
      const claims = token ? await verifyToken(c.env.JWT_SECRET, "session", token) : null;
      if (!claims || claims.clickid !== lobby.name) return new Response("Unauthorized", { status: 401 });
    },
    // Rooms only take sockets; nothing else reaches them over HTTP.
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
  });
  return response ?? c.notFound();
}
