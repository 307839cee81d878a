// The demo portraits of the seeded angels, drawn once per look and stored where members' photos will live
// (the PHOTOS bucket), under the key of each angel's default photo address. The Worker only serves them.
import type pg from "pg";
import { renderAvatarJpeg } from "./seed-data/portraits/avatar";
import { angelLooks } from "./seed-data/portraits/looks";

/** What the seed needs of an R2 bucket (Miniflare's locally). */
export interface PhotoBucket {
  head(key: string): Promise<unknown>;
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
}

/** Portraits are drawn at this size: the profile page shows them at up to 600 px, cards at 180 px. */
const PORTRAIT_SIZE = 400;
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

/** Draws each look once and stores every angel's portrait; answers how many photos were stored. */
export async function seedAngelPhotos(client: pg.Client, bucket: PhotoBucket): Promise<number> {
  const { rows } = await client.query<{ id: number; country: string }>("select id, country from angels");
  const drawn = new Map<string, Uint8Array>();
  const portrait = (id: number) => {
    const looks = angelLooks(id);
    let jpeg = drawn.get(looks.seed);
    if (!jpeg) {
      jpeg = renderAvatarJpeg({ ...looks, size: PORTRAIT_SIZE });
      drawn.set(looks.seed, jpeg);
    }
    return jpeg;
  };
  for (let i = 0; i < rows.length; i += PARALLEL_PUTS) {
    await Promise.all(
      rows.slice(i, i + PARALLEL_PUTS).map((angel) =>
        bucket.put(angelPhotoKey(angel.country, angel.id), portrait(angel.id), {
          httpMetadata: { contentType: "image/jpeg" },
        }),
      ),
    );
  }
  return rows.length;
}
