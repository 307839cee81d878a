import { and, eq, not, type SQL } from "drizzle-orm";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { accounts } from "../../drizzle/schema/accounts";
import { configOf } from "../config";
import { PHOTO_MAX_BYTES } from "../contracts/profile";
import type { AppEnv } from "../env";
import { type Db, lazyDb } from "./db";
import { AppError, unauthorized } from "./errors";
import { type SessionClaims, verifyToken } from "./tokens";

// Variables are read with c.get: Hono's c.var copies every variable into a new object on each read, and
// these run on every request.

/** The typed config of the environment (parsed once per isolate) and the request's id, before anything else. */
export const configMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  c.set("config", configOf(c.env));
  c.set("requestId", crypto.randomUUID());
  await next();
});

/** The largest JSON body a request may carry; larger ones are refused (413) before they are read. */
export const JSON_BODY_LIMIT = 64 * 1024;

const tooLarge = (limit: number, extra: Record<string, string>) =>
  bodyLimit({
    maxSize: limit,
    onError: (c) =>
      c.json(
        {
          error: {
            code: "payload_too_large",
            message: `The request body is larger than ${Math.round(limit / 1024)} KB.`,
            field: "body",
            ...extra,
          },
        },
        413,
      ),
  });
const jsonLimit = tooLarge(JSON_BODY_LIMIT, {});
/** A photo upload: the spec's 10 MB photo plus room for the multipart framing around it. */
const uploadLimit = tooLarge(PHOTO_MAX_BYTES + JSON_BODY_LIMIT, {
  field: "avatar",
  messageKey: "grandezza_file",
});

/** Bodies are limited before anything reads them (a 100 MB body was parsed for 13 s before any check). */
export const bodyLimits = createMiddleware<AppEnv>((c, next) =>
  (c.req.path.startsWith("/api/upload/") ? uploadLimit : jsonLimit)(c, next),
);

/** A database per request, opened on first use and closed after the response is sent. */
export const dbMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const { db, end } = lazyDb(c.get("config").database);
  c.set("db", db);
  try {
    await next();
  } finally {
    const closing = end();
    if (closing) c.executionCtx.waitUntil(closing);
  }
});

/**
 * The one definition of a live session, as a condition on `accounts`: the token's account, of the brand whose
 * host the request came to, not disabled, and still at the token's session version (logout, password change
 * and disabling move it on, so every earlier token is refused from the next request on, in every isolate:
 * nothing about a session is cached). HTTP routes, the dispenser's one statement and the room socket all
 * check it.
 */
export function liveSession(session: LiveSessionClaims): SQL {
  return and(
    eq(accounts.id, session.accountId),
    eq(accounts.brandId, session.brandId),
    eq(accounts.sessionVersion, session.sessionVersion),
    not(accounts.disabled),
  ) as SQL;
}

/** The token's account still holds the session: of the host's brand, enabled, at the token's version. */
export async function sessionIsLive(db: Db, session: LiveSessionClaims): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(liveSession(session));
  return row !== undefined;
}

/** What a live session is checked on: the token's account and version, and the brand of the request's host. */
export type LiveSessionClaims = Pick<SessionClaims, "accountId" | "sessionVersion"> & { brandId: string };

async function bearerClaims(header: string | undefined, secret: string): Promise<SessionClaims | null> {
  const value = header ?? "";
  const token = value.startsWith("Bearer ") ? value.slice(7) : "";
  return token ? verifyToken(secret, "session", token) : null;
}

/** Requires a valid session token (Authorization: Bearer) of a live, enabled account. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await bearerClaims(c.req.header("authorization"), c.get("config").jwtSecret);
  if (!claims) throw unauthorized();
  if (!(await sessionIsLive(c.get("db"), { ...claims, brandId: c.get("brand").public.id }))) {
    throw unauthorized();
  }
  c.set("session", { accountId: claims.accountId, clickid: claims.clickid });
  await next();
});

/** A session token whose signature, type, audience and expiry are good, but whose account is not checked yet. */
export type UncheckedSession = LiveSessionClaims & Pick<SessionClaims, "clickid">;

/**
 * For the hot routes whose one SQL statement checks the session itself (the dispenser): checks the token
 * and leaves the account to that statement, which joins `liveSession(claims)` and gives nothing when it
 * fails. That saves a round trip per request and checks exactly what requireSession checks, in the same
 * snapshot as the data. A route using it must answer 401 when its statement finds no live session.
 */
export const requireSessionToken = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await bearerClaims(c.req.header("authorization"), c.get("config").jwtSecret);
  if (!claims) throw unauthorized();
  c.set("uncheckedSession", {
    accountId: claims.accountId,
    clickid: claims.clickid,
    sessionVersion: claims.sessionVersion,
    brandId: c.get("brand").public.id,
  });
  await next();
});

/** Routes that exist only outside production (the /dev pages and helpers): 404 in production. */
export const localOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("config").local) throw new AppError(404, "not_found", "No such route.");
  await next();
});
