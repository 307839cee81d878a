import { Hono } from "hono";
import type { AppEnv } from "../env";

/** Stored photos never change under their key (a new upload gets a new key): a year in every cache. */
const CACHE_FOR_A_YEAR = "public, max-age=31536000, immutable";

/**
 * Angel photos at the spec's /{folder}/{id}.jpg, as stored in the PHOTOS bucket under the same path (the
 * demo portraits are drawn by the seed, drizzle/seed-photos.ts). A conditional request answers 304.
 */
export const photoRoutes = new Hono<AppEnv>().get("/photos/:folder/:file{[0-9]+\\.jpg}", async (c) => {
  const { folder, file } = c.req.param();
  if (!/^(default|collection)-[a-z]{2}$/.test(folder)) return c.notFound();
  const object = await c.env.PHOTOS.get(`photos/${folder}/${file}`, { onlyIf: c.req.raw.headers });
  if (!object) return c.notFound();
  const headers = new Headers({ etag: object.httpEtag, "cache-control": CACHE_FOR_A_YEAR });
  object.writeHttpMetadata(headers);
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
});
