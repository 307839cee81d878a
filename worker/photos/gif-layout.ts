// A GIF's blocks, walked before it is stored or served: its size, and the same picture with only the blocks
// that draw it (frames, their timing and transparency, the loop count, an ICC profile). Comments and other
// application extensions (XMP among them) are dropped. The Worker does not decode GIFs: browsers draw them.

const TRAILER = 0x3b;
const EXTENSION = 0x21;
const IMAGE = 0x2c;
const GRAPHIC_CONTROL = 0xf9;
const APPLICATION = 0xff;
/** Application extensions that change how the GIF is drawn: the loop count (two names) and an ICC profile. */
const RENDERING_APPLICATIONS = ["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"];

export interface GifLayout {
  width: number;
  height: number;
  stripped: Uint8Array;
}

const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const colourTableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);

export const isGif = (bytes: Uint8Array) =>
  String.fromCharCode(...bytes.subarray(0, 6)) === "GIF87a" ||
  String.fromCharCode(...bytes.subarray(0, 6)) === "GIF89a";

/** Where a chain of data sub-blocks starting at `at` ends (after its empty block); null when cut off. */
function afterSubBlocks(bytes: Uint8Array, from: number): number | null {
  let at = from;
  while (at < bytes.length) {
    const size = bytes[at] ?? 0;
    at += 1 + size;
    if (size === 0) return at;
  }
  return null;
}

/** The GIF's size and its drawing blocks; null when its blocks do not make a GIF with at least one frame. */
export function readGif(bytes: Uint8Array): GifLayout | null {
  if (!isGif(bytes) || bytes.length < 13) return null;
  const width = u16le(bytes, 6);
  const height = u16le(bytes, 8);
  const headerEnd = 13 + colourTableSize(bytes[10] ?? 0);
  if (width === 0 || height === 0 || headerEnd > bytes.length) return null;
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes.subarray(0, headerEnd));
  let written = headerEnd;
  let frames = 0;
  let at = headerEnd;
  // A block a decoder does not know ends the picture there, as browsers show it; so does the file's end.
  while (at < bytes.length && (bytes[at] === EXTENSION || bytes[at] === IMAGE)) {
    let end: number | null;
    let keep: boolean;
    if (bytes[at] === IMAGE) {
      const dataStart = at + 10 + colourTableSize(bytes[at + 9] ?? 0) + 1;
      end = dataStart <= bytes.length ? afterSubBlocks(bytes, dataStart) : null;
      keep = true;
      frames += 1;
    } else {
      const label = bytes[at + 1];
      end = afterSubBlocks(bytes, at + 2);
      const application = String.fromCharCode(...bytes.subarray(at + 3, at + 14));
      keep =
        label === GRAPHIC_CONTROL ||
        (label === APPLICATION && bytes[at + 2] === 11 && RENDERING_APPLICATIONS.includes(application));
    }
    if (end === null) return null;
    if (keep) {
      out.set(bytes.subarray(at, end), written);
      written += end - at;
    }
    at = end;
  }
  if (frames === 0) return null;
  out[written] = TRAILER;
  return { width, height, stripped: out.slice(0, written + 1) };
}
