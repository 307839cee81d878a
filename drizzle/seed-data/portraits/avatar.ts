// Deterministic, locally generated portrait for angel profiles: a flat-design head-and-shoulders
// illustration drawn with signed-distance shapes into an RGB buffer and encoded with jpeg-js.
import jpeg from "jpeg-js";
import { Canvas, clampInt } from "./canvas";
import { drawPortrait } from "./draw-portrait";
import { buildLook, type HairColour } from "./look";

export interface AvatarOptions {
  seed: string;
  hairColour: HairColour;
  /** Width and height in pixels; the image is square. */
  size?: number;
}

const DEFAULT_SIZE = 400;
const MIN_SIZE = 16;
const MAX_SIZE = 1024;
const JPEG_QUALITY = 85;

export function renderAvatarJpeg(opts: AvatarOptions): Uint8Array {
  const size = clampInt(Math.round(opts.size ?? DEFAULT_SIZE), MIN_SIZE, MAX_SIZE);
  const canvas = new Canvas(size);
  drawPortrait(canvas, buildLook(opts.seed, opts.hairColour));
  const encoded = jpeg.encode({ data: canvas.toRgba(), width: size, height: size }, JPEG_QUALITY);
  // jpeg-js hands back a Node Buffer; callers (Response bodies, tests) only need plain bytes.
  const out = encoded.data;
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
