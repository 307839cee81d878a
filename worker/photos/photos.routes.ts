import { Hono } from "hono";
import type { AppEnv } from "../env";
import { renderAvatarJpeg } from "./avatar";
import { angelLooks } from "./looks";

/**
 * Angel photos at the spec's /{folder}/{id}.jpg, generated from the id (no stored files in the demo);
 * the same id always gives the same bytes, so they cache for a year.
 */
export const photoRoutes = new Hono<AppEnv>().get("/photos/:folder/:file{[0-9]+\\.jpg}", (c) => {
  const id = Number.parseInt(c.req.param("file"), 10);
  if (!/^(default|collection)-[a-z]{2}$/.test(c.req.param("folder")) || !Number.isSafeInteger(id)) {
    return c.notFound();
  }
  const jpeg = renderAvatarJpeg({ ...angelLooks(id), size: 400 });
  return c.body(jpeg as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "image/jpeg",
    "cache-control": "public, max-age=31536000, immutable",
  });
});
