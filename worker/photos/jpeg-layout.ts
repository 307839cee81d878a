// A JPEG's structure, read from its bytes before anything decodes it: the frame (size, precision,
// components), how many scans and table segments it has, its EXIF orientation, and the same picture without
// its metadata. Decoding costs about scans x pixels (every scan walks every block of the frame, even an empty
// one), and a progressive JPEG may repeat a scan of a dozen bytes tens of thousands of times: bounding both
// here, in one pass over the bytes, is what keeps an upload from holding the Worker for seconds.

import { exifOrientation, type Orientation } from "./orientation";

/**
 * The most scans a JPEG may have. Encoders write 1 (baseline: cameras, browsers' canvas) to about a dozen:
 * libjpeg's progressive script has 10 for colour, mozjpeg's optimised ones 9 to 12, Photoshop's 3 to 5. At
 * 1000x1000 one scan costs the Wasm decoder 1 to 4 ms, so 32 bound a file's decoding to well under a second.
 */
export const JPEG_MAX_SCANS = 32;
/** Quantisation and Huffman tables and restart intervals: progressive encoders send a table per scan or two. */
export const JPEG_MAX_TABLE_SEGMENTS = 4 * JPEG_MAX_SCANS;
/** An ICC profile is cut into at most 255 APP2 segments (its sequence number is one byte). */
const MAX_PROFILE_SEGMENTS = 255;

export interface JpegLayout {
  width: number;
  height: number;
  scans: number;
  /** How the picture is turned for display (EXIF tag 0x0112); 1 when it says nothing. */
  orientation: Orientation;
  /**
   * SOI, what rendering needs (JFIF's header without its thumbnail, Adobe's colour transform, the ICC
   * profile), the tables, the frame and its scans, EOI. No EXIF, XMP, IPTC, comment or other application
   * segment, and nothing after the image (a phone's appended video or depth map).
   */
  stripped: Uint8Array;
  /** The ICC profile's APP2 segments as they were, to keep with a picture encoded again. */
  colourProfile: Uint8Array[];
}

/**
 * Why a JPEG is refused: its markers do not make a JPEG a decoder can read ("unreadable"); it is lossless,
 * hierarchical, arithmetic-coded or of 12-bit samples, which neither the decoder nor every browser shows
 * ("unsupported"); or it asks for more decoding than any photo needs ("too_complex").
 */
export type JpegProblem = "unreadable" | "unsupported" | "too_complex";

export type JpegReading = { ok: true; layout: JpegLayout } | { ok: false; problem: JpegProblem };

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
/** Huffman-coded frames: baseline, extended sequential and progressive. */
const FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** Lossless, hierarchical and arithmetic-coded frames, arithmetic tables (DAC), DNL, DHP and EXP. */
const UNSUPPORTED = new Set([
  0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, 0xdc, 0xde, 0xdf,
]);
/** DHT, DQT and DRI: kept, and counted. */
const TABLES = new Set([0xc4, 0xdb, 0xdd]);
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
const isApplication = (marker: number) => marker >= APP0 && marker <= 0xef;

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false;
  for (let k = 0; k < text.length; k++) if (bytes[at + k] !== text.charCodeAt(k)) return false;
  return true;
}

export const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === SOI && bytes[2] === 0xff;

/** A segment as it is written: FF, the marker, the big-endian length, the payload. */
function segment(marker: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  out.set([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  out.set(payload, 4);
  return out;
}

/**
 * The end of a scan's entropy-coded data: the next marker that is neither a stuffed FF00 nor a restart
 * (RSTn), as a decoder finds it. Fill bytes (FF FF …) belong to the marker after them.
 */
function entropyEnd(bytes: Uint8Array, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) return bytes.length;
    const next = bytes[at + 1] ?? 0;
    if (next === 0 || isRestart(next)) at += 2;
    else if (next === 0xff) at += 1;
    else return at;
  }
}

/**
 * Reads a JPEG's structure in one pass over its bytes, without decoding any of it, and gives its size, its
 * scans and orientation and the picture without its metadata; or why it is refused.
 */
export function readJpeg(bytes: Uint8Array): JpegReading {
  if (!isJpeg(bytes)) return { ok: false, problem: "unreadable" };
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  const colourProfile: Uint8Array[] = [];
  let frame: { width: number; height: number } | null = null;
  let scans = 0;
  let tables = 0;
  let orientation: Orientation = 1;
  let sawExif = false;
  let sawJfif = false;
  let sawAdobe = false;
  let at = 2;
  for (;;) {
    // A decoder skips stray bytes and fill bytes before a marker (libjpeg warns and goes on): so does this.
    at = bytes.indexOf(0xff, at);
    while (at >= 0 && bytes[at + 1] === 0xff) at += 1;
    // No end of image: a cut-off file, which decoders and browsers show as far as it goes.
    if (at < 0 || at + 1 >= bytes.length) break;
    const marker = bytes[at + 1] ?? 0;
    at += 2;
    if (marker === EOI) break;
    if (marker === TEM || isRestart(marker)) continue;
    if (marker === SOI) return { ok: false, problem: "unreadable" };
    if (UNSUPPORTED.has(marker)) return { ok: false, problem: "unsupported" };
    const length = u16(bytes, at);
    const end = at + length;
    if (length < 2 || end > bytes.length) return { ok: false, problem: "unreadable" };
    const whole = bytes.subarray(at - 2, end);
    const payload = bytes.subarray(at + 2, end);
    if (FRAMES.has(marker)) {
      if (frame) return { ok: false, problem: "unreadable" };
      const components = payload[5] ?? 0;
      if (payload.length !== 6 + 3 * components || components < 1 || components > 4) {
        return { ok: false, problem: "unreadable" };
      }
      if (payload[0] !== 8) return { ok: false, problem: "unsupported" };
      for (let c = 0; c < components; c++) {
        const sampling = payload[7 + 3 * c] ?? 0;
        const [h, v] = [sampling >> 4, sampling & 15];
        if (h < 1 || h > 4 || v < 1 || v > 4) return { ok: false, problem: "unreadable" };
      }
      frame = { height: u16(payload, 1), width: u16(payload, 3) };
      // A height of 0 is given later by a DNL marker, which the decoder does not take.
      if (frame.width === 0 || frame.height === 0) return { ok: false, problem: "unsupported" };
      kept.push(whole);
    } else if (marker === SOS) {
      const components = payload[0] ?? 0;
      if (!frame || components < 1 || components > 4 || payload.length !== 4 + 2 * components) {
        return { ok: false, problem: "unreadable" };
      }
      scans += 1;
      if (scans > JPEG_MAX_SCANS) return { ok: false, problem: "too_complex" };
      const dataEnd = entropyEnd(bytes, end);
      kept.push(bytes.subarray(at - 2, dataEnd));
      at = dataEnd;
      continue;
    } else if (TABLES.has(marker)) {
      tables += 1;
      if (tables > JPEG_MAX_TABLE_SEGMENTS) return { ok: false, problem: "too_complex" };
      kept.push(whole);
    } else if (marker === APP0 && !sawJfif && startsWith(payload, 0, "JFIF\0") && payload.length >= 14) {
      // The JFIF header says the samples are YCbCr; its thumbnail is a picture of its own: dropped.
      sawJfif = true;
      const header = payload.slice(0, 14);
      header[12] = 0;
      header[13] = 0;
      kept.push(segment(APP0, header));
    } else if (marker === APP1 && !sawExif && startsWith(payload, 0, "Exif\0\0")) {
      sawExif = true;
      orientation = exifOrientation(payload.subarray(6));
    } else if (marker === APP2 && startsWith(payload, 0, "ICC_PROFILE\0")) {
      if (colourProfile.length >= MAX_PROFILE_SEGMENTS) return { ok: false, problem: "too_complex" };
      colourProfile.push(whole);
      kept.push(whole);
    } else if (marker === APP14 && !sawAdobe && startsWith(payload, 0, "Adobe")) {
      // Adobe's segment says whether the samples are RGB, YCbCr, CMYK or YCCK: rendering needs it.
      sawAdobe = true;
      kept.push(whole);
    } else if (!isApplication(marker) && marker !== COM) {
      // JPGn, reserved and undefined markers: a decoder stops on them.
      return { ok: false, problem: "unreadable" };
    }
    at = end;
  }
  if (!frame || scans === 0) return { ok: false, problem: "unreadable" };
  kept.push(new Uint8Array([0xff, EOI]));
  const stripped = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    stripped.set(part, offset);
    offset += part.length;
  }
  return { ok: true, layout: { ...frame, scans, orientation, stripped, colourProfile } };
}

/** A JPEG encoded here (no metadata) with the original's ICC profile put back after its SOI. */
export function withColourProfile(jpeg: Uint8Array, colourProfile: Uint8Array[]): Uint8Array {
  if (colourProfile.length === 0) return jpeg;
  const size = colourProfile.reduce((n, part) => n + part.length, jpeg.length);
  const out = new Uint8Array(size);
  out.set(jpeg.subarray(0, 2));
  let offset = 2;
  for (const part of colourProfile) {
    out.set(part, offset);
    offset += part.length;
  }
  out.set(jpeg.subarray(2), offset);
  return out;
}
