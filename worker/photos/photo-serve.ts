// Serving a stored photo or one of its renditions: from the edge cache (caches.default) when this location
// has it, else read once from the PHOTOS bucket and put into the cache. Nothing is drawn or encoded here: the
// renditions were made when the photo was stored (worker/contracts/photos.ts has the pack they live in).
// A member's original goes out without its metadata even when it was stored with it, before uploads were
// stripped (docs/decisions/2026-11-29-photo-metadata.md): its segments are dropped on the way out.
import type { Context } from "hono";
import { PACK_METADATA_KEY, PHOTO_FORMATS, PHOTO_WIDTHS, parsePackIndex } from "../contracts/photos";
import { logEvent } from "../core/log";
import type { AppEnv } from "../env";
import { checkImage } from "./image-check";

/** A photo's address never serves other bytes (a changed photo gets a new name): a year in every cache. */
export const CACHE_FOR_A_YEAR = "public, max-age=31536000, immutable";

const RENDITIONS = new Set<string>(PHOTO_WIDTHS.flatMap((w) => PHOTO_FORMATS.map((f) => `w${w}.${f}`)));

/**
 * Part of every cache key, raised when what an address serves changes: 2 since members' originals are served
 * without their metadata, so that a copy cached before with its EXIF is never answered again.
 */
const CACHE_GENERATION = 2;
const cacheKey = (origin: string, path: string) => new Request(`${origin}${path}?v=${CACHE_GENERATION}`);

/** Whether the stored bytes go out as they are, or (members' photos) only without their metadata. */
export type Serving = "as-stored" | "without-metadata";

/** Whether If-None-Match names this ETag (a list, weak or strong, or *). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string | null): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * The answer for one rendition of a stored object: its slice of the pack. A rendition the pack lacks (a
 * photo smaller than that width, or one stored before renditions) is the original: the same bytes for ever
 * under that address, so the long caching holds too. The WebP renditions were encoded here and carry no
 * metadata. A member's original is served without its own: other bytes than the stored ones, under an ETag
 * of their own so that no cache revalidates the old ones. Null when such an original cannot be read as the
 * image it should be (then it is not served at all).
 */
async function renditionResponse(
  object: R2ObjectBody,
  rendition: string | undefined,
  serving: Serving,
): Promise<Response | null> {
  const headers = new Headers({ "cache-control": CACHE_FOR_A_YEAR });
  const index = parsePackIndex(object.customMetadata?.[PACK_METADATA_KEY], object.size);
  if (!index && serving === "as-stored") {
    object.writeHttpMetadata(headers);
    headers.set("etag", object.httpEtag);
    return new Response(object.body, { headers });
  }
  const name = index && rendition && index.has(rendition) ? rendition : "original";
  const part = index ? index.get(name) : { type: "", offset: 0, length: object.size };
  if (!part) throw new Error("a pack without its original"); // parsePackIndex refuses those
  const stored = new Uint8Array(await object.arrayBuffer(), part.offset, part.length);
  if (name === "original" && serving === "without-metadata") {
    const check = checkImage(stored);
    if (!check.ok) return null;
    headers.set("content-type", check.image.type);
    headers.set("etag", `"${object.etag}-${name}-stripped"`);
    return new Response(check.image.stripped, { headers });
  }
  headers.set("content-type", part.type);
  headers.set("etag", `"${object.etag}-${name}"`);
  return new Response(stored, { headers });
}

/** GET of a photo (`rendition` undefined) or of one of its renditions (w180.webp …). */
export async function servePhoto(
  c: Context<AppEnv>,
  key: string,
  rendition: string | undefined,
  serving: Serving,
) {
  if (rendition !== undefined && !RENDITIONS.has(rendition)) return c.notFound();
  // The cache key is the address alone (and the generation): no query, no conditional or client headers.
  const url = new URL(c.req.url);
  const cached = cacheKey(url.origin, url.pathname);
  const cache = caches.default;
  let response = await cache.match(cached);
  if (!response) {
    const object = await c.env.PHOTOS.get(key);
    // Not cached: a photo stored a moment later must be found.
    if (!object) return c.notFound();
    const fresh = await renditionResponse(object, rendition, serving);
    if (!fresh) {
      logEvent("error", "photo.unreadable", { key });
      return c.notFound();
    }
    response = fresh;
    c.executionCtx.waitUntil(cache.put(cached, response.clone()));
  }
  const headers = new Headers(response.headers);
  if (matchesEtag(c.req.header("if-none-match"), headers.get("etag"))) {
    headers.delete("content-length");
    await response.body?.cancel();
    return new Response(null, { status: 304, headers });
  }
  // A fresh Response: the middleware after this one adds the security headers, and a cached one's are fixed.
  return new Response(response.body, { headers });
}

/** Drops a deleted photo and its renditions from this location's cache (others age out). */
export async function forgetCachedPhoto(origin: string, address: string) {
  const urls = [address, ...[...RENDITIONS].map((r) => `${address}/${r}`)];
  await Promise.all(urls.map((u) => caches.default.delete(cacheKey(origin, u))));
}
