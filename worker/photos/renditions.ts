// The renditions of a member's uploaded photo, made once when it is stored (never when it is served): WebP
// at each of the widths the screens ask for, from the JPEG the browser uploads. jSquash's Wasm builds of
// Squoosh's codecs (MozJPEG to decode and encode, libwebp to encode, the resize crate's Lanczos) run in
// workerd; workerd may not compile Wasm from bytes, so each binary is imported precompiled (`?module`).
// What reaches the decoder has been bounded first (jpeg-layout.ts): its size and its number of scans.

import jpegDecoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import jpegEncoderModule from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module";
import decodeJpeg, { init as initJpegDecode } from "@jsquash/jpeg/decode";
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode";
import resize, { initResize } from "@jsquash/resize";
import resizer from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module";
import webpEncoderFactory from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import webpEncoder from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import { defaultOptions as webpDefaults } from "@jsquash/webp/meta.js";
import { type PackPart, PHOTO_WIDTHS, RENDITION_TYPES, renditionName } from "../contracts/photos";
import { PHOTO_JPEG_QUALITY } from "../contracts/profile";
import { type JpegLayout, withColourProfile } from "./jpeg-layout";
import { orientPixels, type Rgba } from "./orientation";

/** The quality the seed's portraits use (sharp's default); member photos are photographs, 80 suits them too. */
const WEBP_QUALITY = 80;

// The WebP encoder's SIMD build (workerd has Wasm SIMD), set up here rather than through @jsquash/webp's
// encode(), whose feature check imports the encoder dynamically: a second module the built Worker would carry.
const webpModule = () =>
  webpEncoderFactory({
    noInitialRun: true,
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => {
      const instance = new WebAssembly.Instance(webpEncoder, imports);
      done(instance);
      return instance.exports;
    },
  } as Parameters<typeof webpEncoderFactory>[0]);

let ready: Promise<[unknown, Awaited<ReturnType<typeof webpModule>>, unknown]> | null = null;
const codecs = () => {
  ready ??= Promise.all([initJpegDecode(jpegDecoder), webpModule(), initResize(resizer)]);
  return ready;
};
let encoderReady: Promise<void> | null = null;

/** A turned photo's pixels as a JPEG again, at the spec's quality, with the original's colour profile. */
async function uprightJpeg(image: Rgba, layout: JpegLayout): Promise<Uint8Array> {
  encoderReady ??= initJpegEncode(jpegEncoderModule);
  await encoderReady;
  // Sequential like a camera's or a canvas's JPEG: 55 to 80% of the progressive encoder's time (measured).
  const encoded = await encodeJpeg(image, { quality: PHOTO_JPEG_QUALITY, progressive: false });
  return withColourProfile(new Uint8Array(encoded), layout.colourProfile);
}

export interface StoredJpeg {
  /** The original to store: the stripped JPEG, or, when its EXIF said to turn it, the turned picture. */
  original: Uint8Array;
  width: number;
  height: number;
  renditions: PackPart[];
}

/**
 * The JPEG to store and its WebP renditions at each width not above its own (a smaller photo is served as it
 * is for the larger widths), keeping its aspect. A photo whose EXIF said to turn it (a phone held upright)
 * is turned in its pixels, since no EXIF is kept. Null when the bytes cannot be decoded.
 */
export async function storedJpeg(layout: JpegLayout): Promise<StoredJpeg | null> {
  const [, webp] = await codecs();
  let decoded: Rgba;
  try {
    decoded = await decodeJpeg(layout.stripped.slice().buffer);
  } catch {
    return null;
  }
  const image = orientPixels(decoded, layout.orientation);
  const original = layout.orientation === 1 ? layout.stripped : await uprightJpeg(image, layout);
  const renditions: PackPart[] = [];
  for (const width of PHOTO_WIDTHS) {
    if (width > image.width) break;
    const height = Math.max(1, Math.round((image.height * width) / image.width));
    const sized = width === image.width ? image : await resize(image, { width, height, method: "lanczos3" });
    const encoded = webp.encode(sized.data, sized.width, sized.height, {
      ...webpDefaults,
      quality: WEBP_QUALITY,
    });
    if (!encoded) throw new Error("WebP encoding failed");
    const bytes = new Uint8Array(encoded);
    renditions.push({ name: renditionName(width, "webp"), type: RENDITION_TYPES.webp, bytes });
  }
  return { original, width: image.width, height: image.height, renditions };
}
