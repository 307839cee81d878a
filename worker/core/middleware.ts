import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { accounts } from "../../drizzle/schema/accounts";
import type { BrandRegistry } from "../brands/brand";
import { brandResolver } from "../brands/resolve";
import type { AppEnv } from "../env";
import { openDb } from "./db";
import { unauthorized } from "./errors";
import { verifyToken } from "./tokens";

/** Resolves the brand from Host before anything else; production answers an unknown host with 404. */
export function brandMiddleware(registry: BrandRegistry, defaultId: string) {
  const resolve = brandResolver(registry, defaultId);
  return createMiddleware<AppEnv>(async (c, next) => {
    const brand = resolve(c.req.header("host"), c.env.APP_ENV !== "production");
    if (!brand) {
      return c.html(
        "<!doctype html><html lang=en><meta charset=utf-8><title>Not found</title><h1>Unknown site</h1><p>No service is configured for this address.</p></html>",
        404,
      );
    }
    c.set("brand", brand);
    c.set("requestId", crypto.randomUUID());
    await next();
  });
}

/** A database per request, closed after the response is sent. */
export const dbMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const { db, end } = openDb(c.env);
  c.set("db", db);
  try {
    await next();
  } finally {
    c.executionCtx.waitUntil(end());
  }
});

/** Requires a valid session token (Authorization: Bearer) of a live, enabled account. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7) : "";
  const claims = token ? await verifyToken(c.env.JWT_SECRET, "session", token) : null;
  if (!claims) throw unauthorized();
  const [row] = await c.var.db
    .select({ sessionVersion: accounts.sessionVersion, disabled: accounts.disabled })
    .from(accounts)
    .where(eq(accounts.id, claims.accountId));
  if (!row || row.disabled || row.sessionVersion !== claims.sessionVersion) throw unauthorized();
  c.set("session", { accountId: claims.accountId, clickid: claims.clickid });
  await next();
});
