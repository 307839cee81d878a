import { and, desc, eq, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { memberPhotos } from "../../drizzle/schema/photos";
import type { PublicBrand } from "../contracts/brand";
import { buildPack, PACK_METADATA_KEY } from "../contracts/photos";
import { type OwnPhoto, PHOTO_MAX_BYTES, PHOTO_MAX_SIDE, PHOTOS_MAX } from "../contracts/profile";
import type { Db } from "../core/db";
import { AppError } from "../core/errors";
import type { Bindings } from "../env";
import { checkImage } from "./image-check";
import { storedJpeg } from "./renditions";

export { angelPhotoUrl } from "../contracts/photos";

type Account = typeof accounts.$inferSelect;
type Brand = Pick<PublicBrand, "url_foto_utente">;

/** A member's photo at the spec's path shape: {url_foto_utente}/{name} (/photos/users/{id}.jpg). */
export const memberPhotoUrl = (brand: Brand, name: string) => `${brand.url_foto_utente}/${name}`;
/** Its key in the PHOTOS bucket: the path without the leading slash, as the angels' portraits are kept. */
export const memberPhotoKey = (brand: Brand, name: string) => memberPhotoUrl(brand, name).replace(/^\//, "");

/** The member's default photo, or null without one. */
export const defaultPhotoUrl = (brand: Brand, account: Pick<Account, "defaultPhoto">) =>
  account.defaultPhoto ? memberPhotoUrl(brand, account.defaultPhoto) : null;

/** The member's photos, newest first, marking the default (the account's, or the one a write just set). */
export async function listPhotos(
  db: Db,
  brand: Brand,
  account: Pick<Account, "id" | "defaultPhoto">,
): Promise<OwnPhoto[]> {
  const rows = await db
    .select({ name: memberPhotos.name })
    .from(memberPhotos)
    .where(eq(memberPhotos.accountId, account.id))
    .orderBy(desc(memberPhotos.createdAt), desc(memberPhotos.id));
  return rows.map((r) => ({
    name: r.name,
    path: memberPhotoUrl(brand, r.name),
    predefinita: r.name === account.defaultPhoto,
  }));
}

const onlyImages = () =>
  new AppError(400, "invalid_input", "Only JPEG, PNG or GIF images are accepted", {
    field: "avatar",
    messageKey: "solo_immagini",
  });
/** Too large, or not readable as a photo within the bounds of its decoding (the spec's resize failure). */
export const tooLarge = () =>
  new AppError(
    400,
    "invalid_input",
    `The photo must be under 10 MB, at most ${PHOTO_MAX_SIDE}x${PHOTO_MAX_SIDE} and readable as an image`,
    {
      field: "avatar",
      messageKey: "grandezza_file",
    },
  );
const tooManyPhotos = () =>
  new AppError(400, "invalid_input", `At most ${PHOTOS_MAX} photos`, {
    field: "avatar",
    messageKey: "troppe_foto",
  });

const randomName = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

/** What is stored for one upload: the photo without its metadata, and its renditions for a JPEG. */
async function photoToStore(bytes: Uint8Array) {
  const check = checkImage(bytes);
  if (!check.ok) throw check.problem === "not_an_image" ? onlyImages() : tooLarge();
  const { image } = check;
  if (image.width > PHOTO_MAX_SIDE || image.height > PHOTO_MAX_SIDE) throw tooLarge();
  if (!image.jpeg) return { ...image, bytes: image.stripped, renditions: [] };
  // The browser uploads JPEG: decoded (within the bounds checked above) for its renditions.
  const stored = await storedJpeg(image.jpeg);
  if (!stored) throw tooLarge();
  return { ...image, ...stored, bytes: stored.original };
}

/**
 * Adds the photo and raises the member's count in one statement, only while the count is below the cap:
 * the row lock of the UPDATE makes concurrent uploads take their turn, and each sees the count the one
 * before it left (Postgres re-checks the condition on the updated row). The first photo becomes the
 * default. Null when the cap was reached.
 */
async function insertWithinCap(
  db: Db,
  accountId: number,
  photo: { name: string; type: string; width: number; height: number; bytes: number },
): Promise<{ defaultPhoto: string | null } | null> {
  const { rows } = await db.execute<{ default_photo: string | null }>(sql`
    with slot as (
      update ${accounts} set photo_count = photo_count + 1, default_photo = coalesce(default_photo, ${photo.name})
      where id = ${accountId} and photo_count < ${PHOTOS_MAX}
      returning id, default_photo
    ), added as (
      insert into ${memberPhotos} (account_id, name, content_type, width, height, bytes)
      select id, ${photo.name}, ${photo.type}, ${photo.width}, ${photo.height}, ${photo.bytes} from slot
    )
    select default_photo from slot`);
  const [row] = rows;
  return row ? { defaultPhoto: row.default_photo } : null;
}

/**
 * Stores an uploaded photo after checking it by its own bytes (the declared type and name count for
 * nothing): a JPEG, PNG or GIF under 10 MB of at most 1000x1000, whose decoding is bounded before it starts.
 * What is stored is the picture without its metadata (EXIF with its GPS position, XMP, comments…).
 */
export async function addPhoto(env: Bindings, db: Db, brand: Brand, account: Account, file: unknown) {
  if (!(file instanceof File)) throw onlyImages();
  if (file.size >= PHOTO_MAX_BYTES) throw tooLarge();
  // Read with the session: spares the decoding when the cap is plainly reached (the insert decides).
  if (account.photoCount >= PHOTOS_MAX) throw tooManyPhotos();
  const photo = await photoToStore(new Uint8Array(await file.arrayBuffer()));
  const name = `${randomName()}.${photo.extension}`;
  // The photo and its renditions in one object (worker/contracts/photos.ts).
  const pack = buildPack([{ name: "original", type: photo.type, bytes: photo.bytes }, ...photo.renditions]);
  const key = memberPhotoKey(brand, name);
  await env.PHOTOS.put(key, pack.bytes, {
    httpMetadata: { contentType: photo.type },
    customMetadata: { [PACK_METADATA_KEY]: pack.index },
  });
  const stored = await insertWithinCap(db, account.id, {
    name,
    type: photo.type,
    width: photo.width,
    height: photo.height,
    bytes: photo.bytes.length,
  });
  if (!stored) {
    await env.PHOTOS.delete(key);
    throw tooManyPhotos();
  }
  return { name, defaultPhoto: stored.defaultPhoto };
}

const noSuchPhoto = () => new AppError(404, "not_found", "No such photo of this member.", { field: "name" });

/** Makes one of the member's photos the default (predefinita); answers the new default. */
export async function setDefaultPhoto(db: Db, account: Account, name: string) {
  const [row] = await db
    .select({ id: memberPhotos.id })
    .from(memberPhotos)
    .where(and(eq(memberPhotos.accountId, account.id), eq(memberPhotos.name, name)));
  if (!row) throw noSuchPhoto();
  await db.update(accounts).set({ defaultPhoto: name }).where(eq(accounts.id, account.id));
  return name;
}

/**
 * Deletes one of the member's photos and lowers the count by what was deleted, in one statement (two
 * concurrent deletions of one photo lower it once); when it was the default, the newest one left takes its
 * place.
 */
export async function deletePhoto(env: Bindings, db: Db, brand: Brand, account: Account, name: string) {
  const { rows } = await db.execute<{ default_photo: string | null; deleted: number }>(sql`
    with gone as (
      delete from ${memberPhotos} where account_id = ${account.id} and name = ${name} returning name
    ), newest_left as (
      select name from ${memberPhotos} where account_id = ${account.id} and name <> ${name}
      order by created_at desc, id desc limit 1
    )
    update ${accounts} set
      photo_count = photo_count - (select count(*) from gone),
      default_photo = case when default_photo = ${name} and exists (select 1 from gone)
        then (select name from newest_left) else default_photo end
    where id = ${account.id}
    returning default_photo, (select count(*) from gone)::int as deleted`);
  const [row] = rows;
  if (!row?.deleted) throw noSuchPhoto();
  await env.PHOTOS.delete(memberPhotoKey(brand, name));
  return row.default_photo;
}
