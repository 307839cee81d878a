// Photos: the angels' portraits and the members' own photos served from the PHOTOS bucket, and the member's
// upload (POST /api/upload/{trackerId}), default choice and deletion.

import { createRoute, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { sessionAccount } from "../auth/session.service";
import { Clickid } from "../contracts/clickid";
import { NamedPhoto, PHOTOS_MAX, Photos } from "../contracts/profile";
import { AppError, forbidden } from "../core/errors";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import type { AppEnv } from "../env";
import { consumeOrWait, limits } from "../ratelimit/rate-limit.service";
import { forgetCachedPhoto, servePhoto } from "./photo-serve";
import { addPhoto, deletePhoto, listPhotos, memberPhotoUrl, setDefaultPhoto } from "./photos.service";

/**
 * Angel photos at the spec's /{folder}/{id}.jpg, as stored in the PHOTOS bucket under the same path (the
 * demo portraits are drawn by the seed, drizzle/seed-photos.ts), and members' photos under the brand's
 * url_foto_utente; each with its renditions below it (/photos/default-it/17.jpg/w180.webp). Served from the
 * edge cache when it has them, else from the bucket; a conditional request answers 304; the security
 * headers keep them inert images.
 */
export const photoRoutes = new Hono<AppEnv>()
  .get("/photos/:folder/:file{[0-9]+\\.jpg}/:rendition?", async (c) => {
    const { folder, file, rendition } = c.req.param();
    if (!/^(default|collection)-[a-z]{2}$/.test(folder)) return c.notFound();
    return servePhoto(c, `photos/${folder}/${file}`, rendition, "as-stored");
  })
  .get("/photos/users/:file{[0-9a-f]{24}\\.(jpg|png|gif)}/:rendition?", async (c) => {
    const path = memberPhotoUrl(c.var.brand.public, c.req.param("file"));
    return servePhoto(c, path.replace(/^\//, ""), c.req.param("rendition"), "without-metadata");
  });

/**
 * A member's uploads per hour (worker/ratelimit: photoUploadsPerAccount), counted before the body is parsed:
 * each upload is decoded and encoded again, refused ones included.
 */
const uploadRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const { allowed, retryAfterMs } = await consumeOrWait(
    c.env,
    "photoUploadsPerAccount",
    String(c.var.session.accountId),
  );
  if (!allowed) {
    // Read to its end (within the body limit), not parsed: a client still sending the body when the answer
    // comes may take the closed connection for a network failure and show no message (seen with the
    // local dev server's proxy).
    await c.req.arrayBuffer();
    const retryAfterS = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new AppError(429, "too_many_uploads", `Too many photos uploaded: try again in ${retryAfterS} s.`, {
      field: "avatar",
      messageKey: "troppi_caricamenti",
      retryAfterS,
    });
  }
  await next();
});

const upload = createRoute({
  method: "post",
  path: "/api/upload/{trackerId}",
  tags: ["profile"],
  summary: "Upload a photo (multipart field avatar): JPEG, PNG or GIF under 10 MB, at most 1000x1000",
  description: `Stored without its metadata (EXIF and its GPS position, XMP, IPTC, comments); a JPEG turned by its EXIF orientation is stored upright. At most ${PHOTOS_MAX} photos per member and ${limits.photoUploadsPerAccount.limit} uploads an hour.`,
  security: bearerSecurity,
  middleware: [requireSession, uploadRateLimit] as const,
  request: {
    params: z.object({ trackerId: Clickid }),
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({ avatar: z.any().openapi({ type: "string", format: "binary" }) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "Stored: data.name is the new photo; imageName the member's photos",
      ...json(Photos.extend({ data: z.object({ name: z.string(), path: z.string() }) })),
    },
    400: errorResponse(
      "invalid_input on avatar: solo_immagini (not an image), grandezza_file (size, or a JPEG too costly to decode), troppe_foto (the cap of photos kept)",
    ),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's trackerId"),
    413: errorResponse("payload_too_large (grandezza_file)"),
    429: errorResponse("too_many_uploads (troppi_caricamenti): retryAfterS, also in Retry-After"),
  },
});

const setDefault = createRoute({
  method: "post",
  path: "/api/users/{clickid}/photos/{name}/predefinita",
  tags: ["profile"],
  summary: "Make one of the member's photos the default",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: NamedPhoto },
  responses: {
    200: { description: "The member's photos", ...json(Photos) },
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    404: errorResponse("No such photo of this member"),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/api/users/{clickid}/photos/{name}",
  tags: ["profile"],
  summary: "Delete one of the member's photos (the newest left becomes the default)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: NamedPhoto },
  responses: {
    200: { description: "The member's photos", ...json(Photos) },
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    404: errorResponse("No such photo of this member"),
  },
});

// Each write answers the default it left, so the list is built without reading the account again.
export const memberPhotoRoutes = featureApp()
  .openapi(upload, async (c) => {
    if (c.req.valid("param").trackerId !== c.var.session.clickid) throw forbidden();
    const brand = c.var.brand.public;
    const account = await sessionAccount(c);
    const { name, defaultPhoto } = await addPhoto(
      c.env,
      c.var.db,
      brand,
      account,
      c.req.valid("form").avatar,
    );
    const imageName = await listPhotos(c.var.db, brand, { id: account.id, defaultPhoto });
    return c.json({ data: { name, path: memberPhotoUrl(brand, name) }, imageName }, 200);
  })
  .openapi(setDefault, async (c) => {
    const { clickid, name } = c.req.valid("param");
    if (clickid !== c.var.session.clickid) throw forbidden();
    const account = await sessionAccount(c);
    const defaultPhoto = await setDefaultPhoto(c.var.db, account, name);
    const imageName = await listPhotos(c.var.db, c.var.brand.public, { id: account.id, defaultPhoto });
    return c.json({ imageName }, 200);
  })
  .openapi(remove, async (c) => {
    const { clickid, name } = c.req.valid("param");
    if (clickid !== c.var.session.clickid) throw forbidden();
    const brand = c.var.brand.public;
    const account = await sessionAccount(c);
    const defaultPhoto = await deletePhoto(c.env, c.var.db, brand, account, name);
    c.executionCtx.waitUntil(forgetCachedPhoto(new URL(c.req.url).origin, memberPhotoUrl(brand, name)));
    return c.json({ imageName: await listPhotos(c.var.db, brand, { id: account.id, defaultPhoto }) }, 200);
  });
