// A PNG's chunks, walked before it is stored or served: its size, and the same picture with only the chunks
// that draw it. Text chunks (where XMP and editors' notes live), eXIf (a camera's EXIF, GPS included), the
// time stamp and any private chunk are dropped. The Worker does not decode PNGs: browsers draw them.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The image, its palette and transparency, its colour space and the frames of an animated PNG. */
const RENDERING = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "cHRM",
  "gAMA",
  "iCCP",
  "sBIT",
  "sRGB",
  "cICP",
  "mDCV",
  "cLLI",
  "acTL",
  "fcTL",
  "fdAT",
]);
/** An empty IEND chunk with its CRC, for a file that ends without one. */
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

export interface PngLayout {
  width: number;
  height: number;
  stripped: Uint8Array;
}

const u32 = (b: Uint8Array, i: number) =>
  (b[i] ?? 0) * 16777216 + ((b[i + 1] ?? 0) << 16) + ((b[i + 2] ?? 0) << 8) + (b[i + 3] ?? 0);
const chunkType = (b: Uint8Array, i: number) => String.fromCharCode(...b.subarray(i, i + 4));

export const isPng = (bytes: Uint8Array) => SIGNATURE.every((byte, i) => bytes[i] === byte);

/** The PNG's size and its drawing chunks; null when its chunks do not make a PNG (no IHDR first, no IDAT). */
export function readPng(bytes: Uint8Array): PngLayout | null {
  if (!isPng(bytes)) return null;
  // What is kept is never longer than the file plus an IEND: written in place, with no list of parts.
  const out = new Uint8Array(bytes.length + IEND.length);
  out.set(SIGNATURE);
  let written = SIGNATURE.length;
  let size: { width: number; height: number } | null = null;
  let hasData = false;
  let ended = false;
  let at = SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const type = chunkType(bytes, at + 4);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (!size) {
      if (type !== "IHDR" || length !== 13) return null;
      size = { width: u32(bytes, at + 8), height: u32(bytes, at + 12) };
    }
    if (type === "IDAT") hasData = true;
    if (RENDERING.has(type)) {
      out.set(bytes.subarray(at, end), written);
      written += end - at;
    }
    at = end;
    if (type === "IEND") {
      ended = true;
      break;
    }
  }
  if (!size || !hasData || size.width === 0 || size.height === 0) return null;
  if (!ended) {
    out.set(IEND, written);
    written += IEND.length;
  }
  return { ...size, stripped: out.slice(0, written) };
}
