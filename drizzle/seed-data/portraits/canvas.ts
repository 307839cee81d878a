// The raster the portrait is painted into: a square RGBA buffer that fills signed-distance shapes with
// anti-aliased edges, in figure units framed on the head.
import type { Rgb } from "./colour";
import type { Shape } from "./sdf-shapes";

// Blocks are tested from one distance sample and split until they are clearly in, clearly out or
// small enough to shade per pixel; most of the canvas is settled in a handful of samples.
const BLOCK = 16;
// Extra margin on top of each shape's own bound because those bounds (sdf-shapes.ts) are measured,
// not proven.
const BOUND_SAFETY = 1.25;

// The figure is laid out in its own unit square and then framed by zooming in on the head, so
// proportions can be tuned independently of how tightly the photo is cropped.
const ZOOM = 1.3;
const ANCHOR_FIGURE_Y = 0.425;
const ANCHOR_CANVAS_Y = 0.44;

function clampByte(v: number): number {
  return v < 0 ? 0 : Math.min(v, 255);
}

export function clampInt(v: number, lo: number, hi: number): number {
  return v < lo ? lo : Math.min(v, hi);
}

// Word layout of an RGBA pixel depends on platform byte order.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const R_SHIFT = LITTLE_ENDIAN ? 0 : 24;
const G_SHIFT = LITTLE_ENDIAN ? 8 : 16;
const B_SHIFT = LITTLE_ENDIAN ? 16 : 8;
const OPAQUE = LITTLE_ENDIAN ? 255 << 24 : 255;

/** Opaque pixel word from channels already within 0..255. */
function packRgb(r: number, g: number, b: number): number {
  return OPAQUE | (((r + 0.5) | 0) << R_SHIFT) | (((g + 0.5) | 0) << G_SHIFT) | (((b + 0.5) | 0) << B_SHIFT);
}

export class Canvas {
  readonly size: number;
  /** Pixels per figure unit. */
  readonly scale: number;
  private readonly ox: number;
  private readonly oy: number;
  private readonly px: Uint8ClampedArray;
  /** Same pixels, one word each, for opaque fills. */
  private readonly words: Uint32Array;

  constructor(size: number) {
    this.size = size;
    this.scale = size * ZOOM;
    this.ox = 0.5 - 0.5 / ZOOM;
    this.oy = ANCHOR_FIGURE_Y - ANCHOR_CANVAS_Y / ZOOM;
    // Blending straight into 8-bit RGBA: stores round and clamp natively, and the buffer is handed to
    // the encoder as is. Rounding per layer is invisible with this few translucent layers.
    this.px = new Uint8ClampedArray(size * size * 4);
    this.words = new Uint32Array(this.px.buffer);
  }

  /** Diagonal two-colour gradient plus a soft light behind the head. */
  background(top: Rgb, bottom: Rgb, glowX: number, glowY: number, glowR: number): void {
    const n = this.size;
    const inv = 1 / this.scale;
    const { ox, oy, words } = this;
    const [r0, g0, b0] = top;
    const dr = bottom[0] - r0;
    const dg = bottom[1] - g0;
    const db = bottom[2] - b0;
    const invR = 1 / glowR;
    const tStep = 0.35 / 1.05 / n;
    for (let y = 0; y < n; y++) {
      const dy = oy + (y + 0.5) * inv - glowY;
      const dy2 = dy * dy;
      let t = (((y + 0.5) / n) * 0.9 - 0.1) / 1.05 + 0.5 * tStep;
      let dx = ox + 0.5 * inv - glowX;
      for (let i = y * n, end = i + n; i < end; i++, t += tStep, dx += inv) {
        const tc = t < 0 ? 0 : Math.min(t, 1);
        const g = 1 - Math.sqrt(dx * dx + dy2) * invR;
        const glow = g > 0 ? g * g * 0.35 : 0;
        const r = r0 + dr * tc;
        const gr = g0 + dg * tc;
        const b = b0 + db * tc;
        words[i] = packRgb(r + (255 - r) * glow, gr + (255 - gr) * glow, b + (255 - b) * glow);
      }
    }
  }

  /**
   * Fills `shape` with analytic edge coverage. `soft` widens the edge ramp (in pixels) for blurred
   * shapes like blush; `bottom` turns the fill into a vertical gradient across the shape's box.
   */
  paint(shape: Shape, colour: Rgb, alpha = 1, soft = 1, bottom?: Rgb): void {
    const n = this.size;
    const k = this.scale;
    const inv = 1 / k;
    const { ox, oy, px, words } = this;
    const [bx0, by0, bx1, by1] = shape.box;
    // Soft edges spill past the shape's box by half the ramp.
    const pad = Math.ceil(soft / 2) + 1;
    const x0 = clampInt(Math.floor((bx0 - ox) * k) - pad, 0, n);
    const y0 = clampInt(Math.floor((by0 - oy) * k) - pad, 0, n);
    const x1 = clampInt(Math.ceil((bx1 - ox) * k) + pad, 0, n);
    const y1 = clampInt(Math.ceil((by1 - oy) * k) + pad, 0, n);
    if (x0 >= x1 || y0 >= y1) return;

    // Per-row colour, so gradients cost nothing inside the pixel loops.
    const rows = new Float32Array((y1 - y0) * 3);
    const rowWords = new Uint32Array(y1 - y0);
    const c1 = bottom ?? colour;
    const gy0 = (by0 - oy) * k;
    const gSpan = Math.max(1, (by1 - by0) * k);
    for (let y = y0; y < y1; y++) {
      const t = Math.min(1, Math.max(0, (y + 0.5 - gy0) / gSpan));
      const j = (y - y0) * 3;
      rows[j] = clampByte(colour[0] + (c1[0] - colour[0]) * t);
      rows[j + 1] = clampByte(colour[1] + (c1[1] - colour[1]) * t);
      rows[j + 2] = clampByte(colour[2] + (c1[2] - colour[2]) * t);
      rowWords[y - y0] = packRgb(rows[j]!, rows[j + 1]!, rows[j + 2]!);
    }

    const sdf = shape.d;
    const reachPerPx = shape.lip * BOUND_SAFETY;
    const half = soft / 2;
    const covScale = k / soft;

    const blend = (xa: number, xb: number, y: number, a: number): void => {
      const j = (y - y0) * 3;
      const r = rows[j]!;
      const g = rows[j + 1]!;
      const b = rows[j + 2]!;
      if (a >= 1) {
        // A plain loop beats TypedArray#fill for the short runs blocks produce.
        const word = rowWords[y - y0]!;
        for (let i = y * n + xa, end = y * n + xb; i < end; i++) words[i] = word;
        return;
      }
      for (let i = (y * n + xa) * 4, end = (y * n + xb) * 4; i < end; i += 4) {
        const p0 = px[i]!;
        const p1 = px[i + 1]!;
        const p2 = px[i + 2]!;
        px[i] = p0 + (r - p0) * a;
        px[i + 1] = p1 + (g - p1) * a;
        px[i + 2] = p2 + (b - p2) * a;
      }
    };

    const visit = (ax: number, ay: number, bx: number, by: number): void => {
      const w = bx - ax;
      const h = by - ay;
      if (w * h > 2) {
        const dc = sdf(ox + (ax + bx) * 0.5 * inv, oy + (ay + by) * 0.5 * inv) * k;
        // Farthest pixel centre from the block centre, in pixels.
        const reach = Math.sqrt((w - 1) * (w - 1) + (h - 1) * (h - 1)) * 0.5 * reachPerPx;
        if (dc - reach >= half) return;
        if (dc + reach <= -half) {
          for (let y = ay; y < by; y++) blend(ax, bx, y, alpha);
          return;
        }
        const mx = w > 1 ? (ax + bx) >> 1 : bx;
        const my = h > 1 ? (ay + by) >> 1 : by;
        visit(ax, ay, mx, my);
        if (mx < bx) visit(mx, ay, bx, my);
        if (my < by) {
          visit(ax, my, mx, by);
          if (mx < bx) visit(mx, my, bx, by);
        }
        return;
      }
      for (let y = ay; y < by; y++) {
        const v = oy + (y + 0.5) * inv;
        for (let x = ax; x < bx; x++) {
          const cov = 0.5 - sdf(ox + (x + 0.5) * inv, v) * covScale;
          if (cov > 0) blend(x, x + 1, y, cov < 1 ? alpha * cov : alpha);
        }
      }
    };

    for (let ty = y0; ty < y1; ty += BLOCK) {
      for (let tx = x0; tx < x1; tx += BLOCK)
        visit(tx, ty, Math.min(tx + BLOCK, x1), Math.min(ty + BLOCK, y1));
    }
  }

  toRgba(): Uint8ClampedArray {
    return this.px;
  }
}
