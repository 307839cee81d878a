// The demo portraits of the seeded angels, drawn once per look and stored where members' photos will live
// (the PHOTOS bucket), under the key of each angel's default photo address, each with the renditions the
// screens ask for (worker/contracts/photos.ts). The Worker only serves them.

import type pg from "pg";
import sharp from "sharp";
import {
  buildPack,
  PACK_METADATA_KEY,
  type PackPart,
  PHOTO_WIDTHS,
  RENDITION_TYPES,
  renditionName,
} from "../worker/contracts/photos";
import { Canvas } from "./seed-data/portraits/canvas";
import { drawPortrait } from "./seed-data/portraits/draw-portrait";
import { buildLook } from "./seed-data/portraits/look";
import { angelLooks } from "./seed-data/portraits/looks";

/** What the seed needs of an R2 bucket (Miniflare's locally). */
export interface PhotoBucket {
  head(key: string): Promise<unknown>;
  put(
    key: string,
    value: Uint8Array,
    options: { httpMetadata: { contentType: string }; customMetadata?: Record<string, string> },
  ): Promise<unknown>;
}

/** Portraits are drawn at the largest rendition's width: the profile shows them at up to 600 px. */
const PORTRAIT_SIZE = 720;
/** The original (the spec's {id}.jpg, and the largest JPEG): the quality the portraits always had. */
const JPEG_QUALITY = 85;
/** sharp's default WebP quality; flat portraits show no artefacts at it even at 2x. */
const WEBP_QUALITY = 80;
/** Puts in flight at once: at 32, a first `npm start` on a 2-core machine failed with "fetch failed". */
const PARALLEL_PUTS = 4;

/** The key of an angel's default photo: its address /photos/default-{country}/{id}.jpg without the slash. */
export const angelPhotoKey = (country: string, id: number) => `photos/default-${country}/${id}.jpg`;

/** Whether the bucket already has the portraits of this database's angels (its first angel's, at least). */
export async function hasAngelPhotos(client: pg.Client, bucket: PhotoBucket): Promise<boolean> {
  const { rows } = await client.query<{ id: number; country: string }>(
    "select id, country from angels order by id limit 1",
  );
  const first = rows[0];
  return !first || (await bucket.head(angelPhotoKey(first.country, first.id))) !== null;
}

/**
 * One look's portrait as a pack: the original JPEG at 720 px, and WebP at every width plus JPEG below 720
 * (the 720 JPEG is the original), resized from the drawn raster with sharp (libvips, Lanczos).
 */
export async function portraitPack(seed: string, hairColour: Parameters<typeof buildLook>[1]) {
  const canvas = new Canvas(PORTRAIT_SIZE);
  drawPortrait(canvas, buildLook(seed, hairColour));
  const rgba = canvas.toRgba();
  const raster = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
    raw: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, channels: 4 },
  }).removeAlpha();
  const encode = async (width: number, format: "webp" | "jpg"): Promise<Uint8Array> => {
    const sized = width === PORTRAIT_SIZE ? raster.clone() : raster.clone().resize(width);
    const out =
      format === "webp"
        ? await sized.webp({ quality: WEBP_QUALITY }).toBuffer()
        : await sized.jpeg({ quality: JPEG_QUALITY }).toBuffer();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  };
  const parts: Promise<PackPart>[] = [
    encode(PORTRAIT_SIZE, "jpg").then((bytes) => ({ name: "original", type: "image/jpeg", bytes })),
  ];
  for (const width of PHOTO_WIDTHS) {
    for (const format of ["webp", "jpg"] as const) {
      if (format === "jpg" && width === PORTRAIT_SIZE) continue;
      parts.push(
        encode(width, format).then((bytes) => ({
          name: renditionName(width, format),
          type: RENDITION_TYPES[format],
          bytes,
        })),
      );
    }
  }
  return buildPack(await Promise.all(parts));
}

/** Draws each look once and stores every angel's portrait; answers how many photos were stored. */
export async function seedAngelPhotos(client: pg.Client, bucket: PhotoBucket): Promise<number> {
  const { rows } = await client.query<{ id: number; country: string }>("select id, country from angels");
  const drawn = new Map<string, ReturnType<typeof portraitPack>>();
  const portrait = (id: number) => {
    const looks = angelLooks(id);
    let pack = drawn.get(looks.seed);
    if (!pack) {
      pack = portraitPack(looks.seed, looks.hairColour);
      drawn.set(looks.seed, pack);
    }
    return pack;
  };
  for (let i = 0; i < rows.length; i += PARALLEL_PUTS) {
    await Promise.all(
      rows.slice(i, i + PARALLEL_PUTS).map(async (angel) => {
        const pack = await portrait(angel.id);
        await bucket.put(angelPhotoKey(angel.country, angel.id), pack.bytes, {
          // The original's type: a client that reads the object whole (an older Worker) gets the JPEG first.
          httpMetadata: { contentType: "image/jpeg" },
          customMetadata: { [PACK_METADATA_KEY]: pack.index },
        });
      }),
    );
  }
  return rows.length;
}
