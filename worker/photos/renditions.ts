// The renditions of a member's uploaded photo, made once when it is stored (never when it is served): WebP
// at each of the widths the screens ask for, from the JPEG the browser uploads. jSquash's Wasm builds of
// Squoosh's codecs (MozJPEG to decode, libwebp to encode, the resize crate's Lanczos) run in workerd;
// workerd may not compile Wasm from bytes, so each binary is imported precompiled (`?module`).

import jpegDecoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import decodeJpeg, { init as initJpegDecode } from "@jsquash/jpeg/decode";
import resize, { initResize } from "@jsquash/resize";
import resizer from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module";
import webpEncoderFactory from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import webpEncoder from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import { defaultOptions as webpDefaults } from "@jsquash/webp/meta.js";
import { type PackPart, PHOTO_WIDTHS, RENDITION_TYPES, renditionName } from "../contracts/photos";

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

/**
 * WebP renditions of a JPEG at each width not above its own (a smaller photo is served as it is for the
 * larger widths), keeping its aspect. Empty when the bytes cannot be decoded: the photo is still stored and
 * served as uploaded, only larger than a screen needs.
 */
export async function photoRenditions(jpeg: Uint8Array): Promise<PackPart[]> {
  const [, webp] = await codecs();
  let image: Awaited<ReturnType<typeof decodeJpeg>>;
  try {
    image = await decodeJpeg(jpeg.slice().buffer);
  } catch {
    return [];
  }
  const parts: PackPart[] = [];
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
    parts.push({ name: renditionName(width, "webp"), type: RENDITION_TYPES.webp, bytes });
  }
  return parts;
}
