// The demo portraits of the seeded angels, drawn once per look and stored where members' photos will live
// (the PHOTOS bucket), under the key of each angel's default photo address, each with the renditions the
// screens ask for (worker/contracts/photos.ts). The Worker only serves them.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
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
import { assignLooks } from "./seed-data/portraits/looks";

/** What the seed needs of an R2 bucket (Miniflare's locally). */
export interface PhotoBucket {
  head(key: string): Promise<{ customMetadata?: Record<string, string> } | null>;
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
/** Effort 2 of 6: half the time of the default 4 for about 5% more bytes (5.2 KB against 4.9 KB). */
const WEBP_EFFORT = 2;
/**
 * Drawn packs are kept here between runs (every end-to-end run seeds a new bucket): drawing and encoding the
 * 96 looks takes 25-60 s on a busy 2-core machine, reading them back well under one. The name carries the
 * settings; bump RENDER_VERSION when the drawing itself changes.
 */
const RENDER_VERSION = 2;
const CACHE_DIR = "node_modules/.cache/amore-portraits";
/**
 * Puts in flight at once. scripts/photo-bucket.ts sends the puts of one turn as one request, so a batch is
 * one round trip; Miniflare's own bucket proxy (the benchmark's) failed at 32 with "fetch failed": give it 4.
 */
const PUTS_PER_BATCH = 100;

/** The key of an angel's default photo: its address /photos/default-{country}/{id}.jpg without the slash. */
export const angelPhotoKey = (country: string, id: number) => `photos/default-${country}/${id}.jpg`;

/**
 * Whether the bucket already has the portraits of this database's angels (its first angel's, at least), with
 * their renditions: a bucket seeded before them is seeded again.
 */
export async function hasAngelPhotos(client: pg.Client, bucket: PhotoBucket): Promise<boolean> {
  const { rows } = await client.query<{ id: number; country: string }>(
    "select id, country from angels order by id limit 1",
  );
  const first = rows[0];
  if (!first) return true;
  const stored = await bucket.head(angelPhotoKey(first.country, first.id));
  return Boolean(stored?.customMetadata?.[PACK_METADATA_KEY]);
}

/**
 * One look's portrait as a pack: the original JPEG at 720 px (the fallback of a browser without WebP) and
 * WebP at every width, resized from the drawn raster with sharp (libvips, Lanczos). No smaller JPEGs: every
 * browser of today takes WebP, and each KB stored costs the local seed time (Miniflare's bucket stores about
 * 1 MB a second on a busy 2-core machine).
 */
export async function portraitPack(seed: string, hairColour: Parameters<typeof buildLook>[1]) {
  const canvas = new Canvas(PORTRAIT_SIZE);
  drawPortrait(canvas, buildLook(seed, hairColour));
  const rgba = canvas.toRgba();
  // Imported here, not at the top: the Worker tests import this module's keys inside workerd, where native
  // libvips cannot load.
  const { default: sharp } = await import("sharp");
  const raster = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
    raw: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, channels: 4 },
  }).removeAlpha();
  const encode = async (width: number, format: "webp" | "jpg"): Promise<Uint8Array> => {
    const sized = width === PORTRAIT_SIZE ? raster.clone() : raster.clone().resize(width);
    const out =
      format === "webp"
        ? await sized.webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer()
        : await sized.jpeg({ quality: JPEG_QUALITY }).toBuffer();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  };
  const parts: Promise<PackPart>[] = [
    encode(PORTRAIT_SIZE, "jpg").then((bytes) => ({ name: "original", type: "image/jpeg", bytes })),
  ];
  for (const width of PHOTO_WIDTHS) {
    parts.push(
      encode(width, "webp").then((bytes) => ({
        name: renditionName(width, "webp"),
        type: RENDITION_TYPES.webp,
        bytes,
      })),
    );
  }
  return buildPack(await Promise.all(parts));
}

/** portraitPack, read from the disk cache when an earlier run drew it with the same settings. */
async function cachedPortraitPack(seed: string, hairColour: Parameters<typeof buildLook>[1]) {
  const settings = JSON.stringify([
    RENDER_VERSION,
    PORTRAIT_SIZE,
    JPEG_QUALITY,
    WEBP_QUALITY,
    WEBP_EFFORT,
    PHOTO_WIDTHS,
  ]);
  const key = createHash("sha256").update(`${settings}${seed}${hairColour}`).digest("hex").slice(0, 24);
  const file = join(CACHE_DIR, `${key}.bin`);
  try {
    return { bytes: new Uint8Array(readFileSync(file)), index: readFileSync(`${file}.index`, "utf8") };
  } catch {
    const pack = await portraitPack(seed, hairColour);
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(file, pack.bytes);
    writeFileSync(`${file}.index`, pack.index);
    return pack;
  }
}

/** Draws each look once and stores every angel's portrait; answers how many photos were stored. */
export async function seedAngelPhotos(
  client: pg.Client,
  bucket: PhotoBucket,
  putsPerBatch = PUTS_PER_BATCH,
): Promise<number> {
  const { rows } = await client.query<{ id: number; country: string; region: string; gender: string }>(
    "select id, country, region, gender from angels",
  );
  // The seed's assignment, from the same rows: the portrait of the hair colour it wrote.
  const looks = assignLooks(rows);
  const drawn = new Map<string, ReturnType<typeof cachedPortraitPack>>();
  const portrait = (id: number) => {
    const look = looks.get(id);
    if (!look) throw new Error(`no portrait for angel ${id}`);
    let pack = drawn.get(look.seed);
    if (!pack) {
      pack = cachedPortraitPack(look.seed, look.hairColour);
      drawn.set(look.seed, pack);
    }
    return pack;
  };
  for (let i = 0; i < rows.length; i += putsPerBatch) {
    await Promise.all(
      rows.slice(i, i + putsPerBatch).map(async (angel) => {
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
