// What an uploaded file really is, read from its bytes (never from the name or the declared type): JPEG,
// PNG or GIF with its width and height, or null for anything else (an SVG, HTML, a script, a broken file).

export interface ImageInfo {
  type: "image/jpeg" | "image/png" | "image/gif";
  extension: "jpg" | "png" | "gif";
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);
const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);

/** The frame header (SOFn) of a JPEG holds its size; the markers before it are skipped by their length. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    // Markers without a length (standalone) do not occur before the frame header, except these.
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  let size: { width: number; height: number } | null = null;
  let kind: Pick<ImageInfo, "type" | "extension"> | null = null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    kind = { type: "image/jpeg", extension: "jpg" };
    size = jpegSize(bytes);
  } else if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && bytes.length > 24) {
    kind = { type: "image/png", extension: "png" };
    size = { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  } else if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) {
    kind = { type: "image/gif", extension: "gif" };
    size = bytes.length > 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
  }
  if (!kind || !size || size.width === 0 || size.height === 0) return null;
  return { ...kind, ...size };
}
