// EXIF orientation: how a camera says its picture is to be turned for display (tag 0x0112, 1 to 8). The
// stored photo keeps no EXIF, so a turned picture is turned here, in its pixels, before it is encoded again.

/** 1: as stored; 2: mirrored; 3: turned 180°; 4: flipped; 5: transposed; 6: turned 90° clockwise; 7: transversed; 8: turned 90° anticlockwise. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/** The orientation in an EXIF block (the TIFF structure after "Exif\0\0"); 1 when it has none or is broken. */
export function exifOrientation(tiff: Uint8Array): Orientation {
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  const big = tiff[0] === 0x4d && tiff[1] === 0x4d;
  if (!little && !big) return 1;
  const u16 = (i: number) =>
    little ? (tiff[i] ?? 0) | ((tiff[i + 1] ?? 0) << 8) : ((tiff[i] ?? 0) << 8) | (tiff[i + 1] ?? 0);
  const u32 = (i: number) => (little ? u16(i) + u16(i + 2) * 65536 : u16(i) * 65536 + u16(i + 2));
  if (u16(2) !== 42) return 1;
  const directory = u32(4);
  if (directory + 2 > tiff.length) return 1;
  const entries = u16(directory);
  for (let k = 0; k < entries; k++) {
    const entry = directory + 2 + 12 * k;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === ORIENTATION_TAG) {
      const value = u16(entry + 8);
      return u16(entry + 2) === SHORT && value >= 1 && value <= 8 ? (value as Orientation) : 1;
    }
  }
  return 1;
}

export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Whether the orientation swaps width and height. */
export const turnsSideways = (orientation: Orientation) => orientation >= 5;

/** The picture as it is meant to be seen: its pixels turned or mirrored as the orientation says. */
export function orientPixels(image: Rgba, orientation: Orientation): Rgba {
  if (orientation === 1) return image;
  const { width: w, height: h } = image;
  const width = turnsSideways(orientation) ? h : w;
  const height = turnsSideways(orientation) ? w : h;
  // One RGBA pixel as one 32-bit word (a view needs its offset aligned to 4).
  const data = image.data.byteOffset % 4 === 0 ? image.data : image.data.slice();
  const source = new Uint32Array(data.buffer, data.byteOffset, w * h);
  const out = new Uint32Array(width * height);
  // Where the pixel shown at (x, y) is stored.
  const from: Record<Exclude<Orientation, 1>, (x: number, y: number) => number> = {
    2: (x, y) => y * w + (w - 1 - x),
    3: (x, y) => (h - 1 - y) * w + (w - 1 - x),
    4: (x, y) => (h - 1 - y) * w + x,
    5: (x, y) => x * w + y,
    6: (x, y) => (h - 1 - x) * w + y,
    7: (x, y) => (h - 1 - x) * w + (w - 1 - y),
    8: (x, y) => x * w + (w - 1 - y),
  };
  const pick = from[orientation];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) out[y * width + x] = source[pick(x, y)] ?? 0;
  }
  return { data: new Uint8ClampedArray(out.buffer), width, height };
}
