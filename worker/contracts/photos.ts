// Photo renditions: the sizes and formats each stored photo is kept in, their addresses, and the pack that
// holds them. Shared by the Worker (serves them), the seed (makes the angels') and the web (srcset).

/** The widths screens ask for: 180 (a find card at 1x, every avatar at 2x), 360 (cards at 2x), 720 (profile). */
export const PHOTO_WIDTHS = [180, 360, 720] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** WebP for every browser of today; JPEG for the rest (<picture> picks). */
export const PHOTO_FORMATS = ["webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** A rendition's name inside a pack and in its address: w180.webp; "original" is the stored photo itself. */
export type RenditionName = `w${PhotoWidth}.${PhotoFormat}` | "original";
export const renditionName = (width: PhotoWidth, format: PhotoFormat): RenditionName => `w${width}.${format}`;
export const RENDITION_TYPES: Record<PhotoFormat, string> = { webp: "image/webp", jpg: "image/jpeg" };

/** A photo address this site serves: /photos/{folder}/{name}.{jpg|png|gif} (angels and members alike). */
export const OWN_PHOTO = /^\/photos\/[a-z-]+\/[0-9a-z]+\.(jpg|png|gif)$/;

/**
 * The displayed width of a find card's photo, for `sizes`: the find grid's (find.css) and the HTML's bootstrap
 * script's preloads of the first cards' photos (worker/html/first-screen-script.ts), so both pick one file.
 */
export const FIND_PHOTO_SIZES =
  "(max-width: 760px) calc(50vw - 17px), (max-width: 1199px) calc(25vw - 20px), 180px";
/** The find cards whose photos are in view at the start on a phone (two rows of two): loaded at once. */
export const FIND_PHOTOS_FIRST = 4;

/**
 * The address of one rendition of a photo, below the photo's own: /photos/default-it/17.jpg/w180.webp.
 * A photo's address never serves other bytes (a new photo gets a new name), so neither do its renditions'.
 * Null for an address this site does not serve (an outside URL, a data: placeholder).
 */
export function photoRenditionUrl(address: string, width: PhotoWidth, format: PhotoFormat): string | null {
  return OWN_PHOTO.test(address) ? `${address}/${renditionName(width, format)}` : null;
}

/**
 * A pack: one stored object holding a photo and its renditions back to back, so that a photo is one write to
 * the bucket (the seed stores 900 angels' in the time of 900 puts, not 6,300) and one read on a cache miss.
 * Its custom metadata `renditions` indexes it: `original:image/jpeg:0:15774,w180.webp:image/webp:15774:2338`.
 */
export interface PackPart {
  name: RenditionName;
  type: string;
  bytes: Uint8Array;
}
export interface PackEntry {
  type: string;
  offset: number;
  length: number;
}

export const PACK_METADATA_KEY = "renditions";

/** Concatenates the parts and writes their index: what the bucket stores for one photo. */
export function buildPack(parts: PackPart[]): { bytes: Uint8Array; index: string } {
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.bytes.length, 0));
  const index: string[] = [];
  let offset = 0;
  for (const part of parts) {
    bytes.set(part.bytes, offset);
    index.push(`${part.name}:${part.type}:${offset}:${part.bytes.length}`);
    offset += part.bytes.length;
  }
  return { bytes, index: index.join(",") };
}

const ENTRY = /^(original|w\d+\.(?:webp|jpg)):(image\/(?:jpeg|png|gif|webp)):(\d+):(\d+)$/;

/** Reads a pack's index (bucket metadata is outside input: anything malformed makes it no pack). */
export function parsePackIndex(index: string | undefined, size: number): Map<string, PackEntry> | null {
  if (!index) return null;
  const entries = new Map<string, PackEntry>();
  for (const item of index.split(",")) {
    const m = ENTRY.exec(item);
    if (!m) return null;
    const entry = { type: m[2] ?? "", offset: Number(m[3]), length: Number(m[4]) };
    if (entry.offset + entry.length > size) return null;
    entries.set(m[1] ?? "", entry);
  }
  return entries.has("original") ? entries : null;
}

/**
 * An angel's default photo on a brand: /{the brand's default folder, for the angel's country}/{id}.jpg
 * (the spec's per-country image folder plus id as .jpg). Here rather than in photos.service, which loads the
 * uploads' Wasm codecs: the dispenser needs the address only.
 */
export function angelPhotoUrl(brand: { cartella_foto_default: string }, angelCountry: string, id: number) {
  const folder = brand.cartella_foto_default.replace(/-[a-z]{2}$/, `-${angelCountry}`);
  return `/${folder}/${id}.jpg`;
}
