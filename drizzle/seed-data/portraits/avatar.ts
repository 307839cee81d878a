// Deterministic, locally generated portrait for angel profiles: a flat-design head-and-shoulders
// illustration drawn with signed-distance shapes into an RGB buffer and encoded with jpeg-js.
import jpeg from "jpeg-js";

export type HairColour = "blond" | "brown" | "red" | "dark_blond" | "black" | "coloured";

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

// ---------------------------------------------------------------------------------------------
// Seeded randomness

function hashSeed(seed: string): number {
  // FNV-1a followed by a murmur finaliser so neighbouring ids ("17", "18") look unrelated.
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

class Rng {
  private state: number;

  constructor(seed: string) {
    this.state = hashSeed(seed);
  }

  /** mulberry32: tiny, fast and identical on every JS engine. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ---------------------------------------------------------------------------------------------
// Colours

type Rgb = readonly [number, number, number];

function hex(value: string): Rgb {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function shade(c: Rgb, f: number): Rgb {
  return [c[0] * f, c[1] * f, c[2] * f];
}

function luma(c: Rgb): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}

const WHITE: Rgb = [255, 255, 255];

const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ["#FDE2E4", "#F9C6D3"],
  ["#E2F0EC", "#B9DDE3"],
  ["#FFF1E6", "#FAD4B4"],
  ["#ECE4F7", "#CDB7E0"],
  ["#E3F4E8", "#B5DEC9"],
  ["#FFE7DC", "#FFC4CF"],
  ["#DDE8FD", "#B9CCF7"],
  ["#FEF6C9", "#F9CFC6"],
  ["#E0F2FE", "#F6C9E1"],
  ["#FCE7F3", "#DCCAF7"],
  ["#F3EFE7", "#DCCDB7"],
  ["#E6F7F5", "#C9D8F5"],
];

// Ordered light to deep so a uniform pick along the ramp gives a broad, realistic spread.
const SKIN_RAMP: readonly Rgb[] = [
  hex("#FBE4D3"),
  hex("#F5D2B8"),
  hex("#EDBE9D"),
  hex("#E0AA84"),
  hex("#C99069"),
  hex("#AE7754"),
  hex("#8F5B3C"),
  hex("#6E442B"),
];

const HAIR: Readonly<Record<Exclude<HairColour, "coloured">, readonly string[]>> = {
  blond: ["#E8C57A", "#F0D48E", "#DDB464", "#EACB86"],
  dark_blond: ["#B48B55", "#A67D4A", "#9D7545", "#B99461"],
  brown: ["#6E4529", "#5C3A22", "#7C5030", "#4F321F"],
  red: ["#B4472A", "#C2582F", "#A33E25", "#C8643A"],
  black: ["#2A2326", "#1F1C21", "#302729", "#24201F"],
};

const DYED: readonly string[] = ["#EC6FAE", "#27B3A6", "#8C62E8", "#4C86F0", "#F26D8F", "#45C08A", "#B25BD6"];

const TOPS: readonly string[] = [
  "#E76F51",
  "#2A9D8F",
  "#F4A261",
  "#31556B",
  "#E9C46A",
  "#8E7DBE",
  "#F28482",
  "#6D9F8F",
  "#5E60CE",
  "#F7F4EF",
  "#C8553D",
  "#3A86FF",
  "#FB6F92",
  "#2F3E46",
];

const EYES: readonly string[] = ["#3A2A20", "#2E3B45", "#34452F", "#4A3324", "#2B2528"];

// ---------------------------------------------------------------------------------------------
// Shapes: signed distance in figure units, negative inside, with a bounding box and a bound on how
// fast the distance can change (its Lipschitz constant) so the rasteriser can fill or skip whole
// blocks from one sample without changing a single pixel.

type Sdf = (x: number, y: number) => number;
type Box = readonly [number, number, number, number];

interface Shape {
  d: Sdf;
  box: Box;
  lip: number;
}

function ellipseDistance(px: number, py: number, rx: number, ry: number): number {
  // Cheap ellipse distance (Quilez): exact on the outline, which is all anti-aliasing needs.
  const ax = px / rx;
  const ay = py / ry;
  const k0 = Math.sqrt(ax * ax + ay * ay);
  const bx = ax / rx;
  const by = ay / ry;
  const k1 = Math.sqrt(bx * bx + by * by);
  if (k1 < 1e-9) return -Math.min(rx, ry);
  return (k0 * (k0 - 1)) / k1;
}

function ellipse(cx: number, cy: number, rx: number, ry: number): Shape {
  // The approximation steepens with elongation; this bound was measured numerically near the outline.
  const q = Math.max(rx, ry) / Math.min(rx, ry) - 1;
  return {
    d: (x, y) => ellipseDistance(x - cx, y - cy, rx, ry),
    box: [cx - rx, cy - ry, cx + rx, cy + ry],
    lip: 1 + 0.2 * q + 0.25 * q * q,
  };
}

function circle(cx: number, cy: number, r: number): Shape {
  return {
    d: (x, y) => {
      const dx = x - cx;
      const dy = y - cy;
      return Math.sqrt(dx * dx + dy * dy) - r;
    },
    box: [cx - r, cy - r, cx + r, cy + r],
    lip: 1,
  };
}

function roundBox(cx: number, cy: number, hw: number, hh: number, r: number): Shape {
  return {
    d: (x, y) => {
      const qx = Math.abs(x - cx) - hw + r;
      const qy = Math.abs(y - cy) - hh + r;
      const ox = Math.max(qx, 0);
      const oy = Math.max(qy, 0);
      return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - r;
    },
    box: [cx - hw, cy - hh, cx + hw, cy + hh],
    lip: 1,
  };
}

/** Everything above a V whose tip is at (cx, tipY) and whose arms rise by `slope` per unit of x. */
function vRegion(cx: number, tipY: number, slope: number, box: Box): Shape {
  const norm = 1 / Math.sqrt(1 + slope * slope);
  return { d: (x, y) => (y - tipY + Math.abs(x - cx) * slope) * norm, box, lip: 1 };
}

function union(...shapes: Shape[]): Shape {
  return {
    d: (x, y) => {
      let d = Number.POSITIVE_INFINITY;
      for (const s of shapes) d = Math.min(d, s.d(x, y));
      return d;
    },
    box: [
      Math.min(...shapes.map((s) => s.box[0])),
      Math.min(...shapes.map((s) => s.box[1])),
      Math.max(...shapes.map((s) => s.box[2])),
      Math.max(...shapes.map((s) => s.box[3])),
    ],
    lip: Math.max(...shapes.map((s) => s.lip)),
  };
}

/** Union with a rounded fillet so joins (neck into shoulders) read as one body. */
function smoothUnion(a: Shape, b: Shape, k: number): Shape {
  return {
    d: (x, y) => {
      const da = a.d(x, y);
      const db = b.d(x, y);
      const h = Math.max(k - Math.abs(da - db), 0) / k;
      return Math.min(da, db) - h * h * k * 0.25;
    },
    box: [
      Math.min(a.box[0], b.box[0]) - k,
      Math.min(a.box[1], b.box[1]) - k,
      Math.max(a.box[2], b.box[2]) + k,
      Math.max(a.box[3], b.box[3]) + k,
    ],
    lip: Math.max(a.lip, b.lip),
  };
}

function intersect(a: Shape, b: Shape): Shape {
  return {
    d: (x, y) => Math.max(a.d(x, y), b.d(x, y)),
    box: [
      Math.max(a.box[0], b.box[0]),
      Math.max(a.box[1], b.box[1]),
      Math.min(a.box[2], b.box[2]),
      Math.min(a.box[3], b.box[3]),
    ],
    lip: Math.max(a.lip, b.lip),
  };
}

function subtract(a: Shape, b: Shape): Shape {
  return { d: (x, y) => Math.max(a.d(x, y), -b.d(x, y)), box: a.box, lip: Math.max(a.lip, b.lip) };
}

/** A line of width `w` centred on the outline of `s`. */
function stroke(s: Shape, w: number): Shape {
  const h = w / 2;
  return {
    d: (x, y) => Math.abs(s.d(x, y)) - h,
    box: [s.box[0] - h, s.box[1] - h, s.box[2] + h, s.box[3] + h],
    lip: s.lip,
  };
}

/** Moves a shape by (dx, dy). */
function offset(s: Shape, dx: number, dy: number): Shape {
  return {
    d: (x, y) => s.d(x - dx, y - dy),
    box: [s.box[0] + dx, s.box[1] + dy, s.box[2] + dx, s.box[3] + dy],
    lip: s.lip,
  };
}

function above(yLimit: number): Shape {
  return { d: (_x, y) => y - yLimit, box: [-1, -1, 2, yLimit], lip: 1 };
}

function below(yLimit: number): Shape {
  return { d: (_x, y) => yLimit - y, box: [-1, yLimit, 2, 2], lip: 1 };
}

function rotate(s: Shape, cx: number, cy: number, angle: number): Shape {
  const c = Math.cos(angle);
  const sn = Math.sin(angle);
  const [x0, y0, x1, y1] = s.box;
  const r = Math.max(
    Math.hypot(x0 - cx, y0 - cy),
    Math.hypot(x1 - cx, y0 - cy),
    Math.hypot(x0 - cx, y1 - cy),
    Math.hypot(x1 - cx, y1 - cy),
  );
  return {
    d: (x, y) => {
      const dx = x - cx;
      const dy = y - cy;
      return s.d(cx + dx * c + dy * sn, cy - dx * sn + dy * c);
    },
    box: [cx - r, cy - r, cx + r, cy + r],
    lip: s.lip,
  };
}

/** Ripples the outline by `amp * fn`; `slope` bounds how steep `fn` gets per figure unit. */
function wobble(s: Shape, amp: number, slope: number, fn: (x: number, y: number) => number): Shape {
  return {
    d: (x, y) => s.d(x, y) + amp * fn(x, y),
    box: [s.box[0] - amp, s.box[1] - amp, s.box[2] + amp, s.box[3] + amp],
    lip: s.lip + amp * slope,
  };
}

// ---------------------------------------------------------------------------------------------
// Raster

// Blocks are tested from one distance sample and split until they are clearly in, clearly out or
// small enough to shade per pixel; most of the canvas is settled in a handful of samples.
const BLOCK = 16;
// Extra margin on top of each shape's own bound because the bounds above are measured, not proven.
const BOUND_SAFETY = 1.25;

// The figure is laid out in its own unit square and then framed by zooming in on the head, so
// proportions can be tuned independently of how tightly the photo is cropped.
const ZOOM = 1.3;
const ANCHOR_FIGURE_Y = 0.425;
const ANCHOR_CANVAS_Y = 0.44;

function clampByte(v: number): number {
  return v < 0 ? 0 : Math.min(v, 255);
}

function clampInt(v: number, lo: number, hi: number): number {
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

class Canvas {
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

// ---------------------------------------------------------------------------------------------
// The look: every random choice is drawn here, in a fixed order that does not depend on the hair
// colour, so one seed keeps the same face and pose whatever colour it is given.

type HairStyle = "long" | "wavy" | "bob" | "bun" | "ponytail" | "curly" | "pixie";
type Fringe = "side" | "curtain" | "bangs" | "back";
type Neckline = "crew" | "scoop" | "vee";
type Mouth = "smile" | "grin" | "lips";

interface Look {
  bg: readonly [Rgb, Rgb];
  fx: number;
  fy: number;
  frx: number;
  fry: number;
  skin: Rgb;
  hair: Rgb;
  dyed: boolean;
  style: HairStyle;
  fringe: Fringe;
  side: 1 | -1;
  hairVolume: number;
  hairLength: number;
  wavePhase: number;
  top: Rgb;
  neckline: Neckline;
  shoulderWidth: number;
  eyes: Rgb;
  happyEyes: boolean;
  browLift: number;
  mouth: Mouth;
  earrings: "none" | "stud" | "hoop";
  earringColour: Rgb;
  glasses: Rgb | null;
  featureShift: number;
  bokeh: readonly (readonly [number, number, number])[];
}

function buildLook(seed: string, hairColour: HairColour): Look {
  const rng = new Rng(seed);
  const [bgTop, bgBottom] = rng.pick(BACKGROUNDS);
  const fx = 0.5 + rng.range(-0.025, 0.025);
  const fy = 0.425 + rng.range(-0.015, 0.015);
  const frx = 0.122 * rng.range(0.95, 1.05);
  const fry = 0.158 * rng.range(0.97, 1.03);

  const skinT = rng.next() * (SKIN_RAMP.length - 1);
  const skinI = Math.min(SKIN_RAMP.length - 2, Math.floor(skinT));
  const skin = mix(SKIN_RAMP[skinI]!, SKIN_RAMP[skinI + 1]!, skinT - skinI);

  const naturalPick = rng.next();
  const dyedPick = rng.pick(DYED);
  const hairJitter = rng.range(-0.06, 0.06);
  const dyed = hairColour === "coloured";
  const base = dyed ? hex(dyedPick) : hex(pickAt(HAIR[hairColour], naturalPick));
  const hair = shade(base, 1 + hairJitter);

  const style = rng.pick<HairStyle>([
    "long",
    "long",
    "wavy",
    "wavy",
    "bob",
    "bun",
    "ponytail",
    "curly",
    "pixie",
  ]);
  const fringe = rng.pick<Fringe>(["side", "side", "curtain", "bangs", "back"]);
  const side = rng.chance(0.5) ? 1 : -1;
  const hairVolume = rng.range(0.95, 1.08);
  const hairLength = rng.range(0, 1);
  const wavePhase = rng.range(0, Math.PI * 2);

  const top = hex(rng.pick(TOPS));
  const neckline = rng.pick<Neckline>(["crew", "scoop", "scoop", "vee"]);
  const shoulderWidth = rng.range(0.3, 0.34);

  const eyes = hex(rng.pick(EYES));
  const happyEyes = rng.chance(0.18);
  const browLift = rng.range(-0.004, 0.006);
  const mouth = rng.pick<Mouth>(["smile", "smile", "grin", "lips"]);
  const earrings = rng.pick<Look["earrings"]>(["none", "stud", "hoop"]);
  const earringColour = rng.chance(0.7) ? hex("#E2B24A") : hex("#D5DCE4");
  const glasses = rng.chance(0.14) ? hex(rng.pick(["#3A2E2A", "#8A5A2E", "#6E4E8A"])) : null;
  const featureShift = rng.range(-0.006, 0.006);

  const bokeh: [number, number, number][] = [];
  for (let i = 0; i < 3; i++) bokeh.push([rng.range(0.05, 0.95), rng.range(0.05, 0.6), rng.range(0.04, 0.1)]);

  return {
    bg: [hex(bgTop), hex(bgBottom)],
    fx,
    fy,
    frx,
    fry,
    skin,
    hair,
    dyed,
    style,
    fringe,
    side,
    hairVolume,
    hairLength,
    wavePhase,
    top,
    neckline,
    shoulderWidth,
    eyes,
    happyEyes,
    browLift,
    mouth,
    earrings,
    earringColour,
    glasses,
    featureShift,
    bokeh,
  };
}

function pickAt<T>(items: readonly T[], t: number): T {
  return items[Math.min(items.length - 1, Math.floor(t * items.length))]!;
}

// ---------------------------------------------------------------------------------------------
// Drawing

function drawPortrait(cv: Canvas, look: Look): void {
  const { fx, fy, frx, fry, skin, hair, side } = look;

  cv.background(look.bg[0], look.bg[1], fx, fy - 0.02, 0.55);
  for (const [bx, by, br] of look.bokeh) cv.paint(circle(bx, by, br), WHITE, 0.18, br * cv.scale * 0.6);

  const skinShadow = mix(skin, hex("#7A3E2E"), 0.16);
  // Curls are one mass with the fringe, so no darker back layer whose seams would show.
  const hairBack = look.style === "curly" ? hair : shade(hair, 0.8);
  const hairDark = shade(hair, 0.62);
  const hairSheen = mix(hair, WHITE, look.style === "curly" ? 0.25 : 0.4);

  // --- hair behind the head
  const capRx = frx * 1.2 * look.hairVolume;
  const capRy = fry * 1.1 * look.hairVolume;
  const capCy = fy - 0.03;
  const cap = ellipse(fx, capCy, capRx, capRy);
  const longLen = 0.17 + look.hairLength * 0.12;
  const flare = (s: Shape, fromY: number, amount: number): Shape => ({
    // Long hair widens a little towards the ends.
    d: (x, y) => {
      const t = Math.max(0, y - fromY) * amount;
      return s.d(fx + (x - fx) / (1 + t), y);
    },
    box: [s.box[0] - 0.1, s.box[1], s.box[2] + 0.1, s.box[3]],
    lip: s.lip * 1.1,
  });
  // Two rounded locks either side of the neck: one straight-edged slab reads as a blanket.
  const longHair = (width: number, spread: number): Shape => {
    const hw = capRx * width;
    const lockHw = hw * 0.5;
    const lockTop = fy - 0.05;
    const lockBottom = fy + longLen + 0.06;
    const lockCy = (lockTop + lockBottom) / 2;
    const lockHh = (lockBottom - lockTop) / 2;
    const locks = [-1, 1].map((s) =>
      flare(roundBox(fx + s * (hw - lockHw), lockCy, lockHw, lockHh, lockHw * 0.9), fy, spread),
    );
    return union(cap, roundBox(fx, fy + 0.05, hw, 0.12, 0.06), ...locks);
  };

  let back: Shape;
  let backOverShoulders = false;
  let earsVisible = false;
  switch (look.style) {
    case "long":
      back = longHair(1, 0.45);
      backOverShoulders = true;
      break;
    case "wavy": {
      const body = longHair(1.03, 0.6);
      // Waves only below the crown; a rippled top reads as a hat brim.
      back = wobble(body, 0.009, 80, (x, y) => {
        const fade = Math.min(1, Math.max(0, (y - fy + 0.06) * 12));
        return fade * Math.sin(y * 62 + look.wavePhase + Math.abs(x - fx) * 10);
      });
      backOverShoulders = true;
      break;
    }
    case "bob":
      back = union(cap, roundBox(fx, fy + 0.04, capRx * 1.06, 0.115 + look.hairLength * 0.03, 0.07));
      break;
    case "bun":
      back = union(ellipse(fx, capCy, frx * 1.13, fry * 1.06), circle(fx + side * 0.02, fy - 0.205, 0.068));
      earsVisible = true;
      break;
    case "ponytail":
      back = union(
        ellipse(fx, capCy, frx * 1.13, fry * 1.06),
        rotate(ellipse(fx + side * 0.1, fy + 0.14, 0.05, 0.17), fx + side * 0.1, fy + 0.14, side * -0.12),
      );
      earsVisible = true;
      break;
    case "curly": {
      const cy = fy - 0.01;
      back = wobble(
        union(circle(fx, cy, 0.235 * look.hairVolume), roundBox(fx, fy + 0.1, 0.2, 0.12, 0.1)),
        0.014,
        50,
        // Sharp inward cusps between rounded bulges read as curls rather than a wavy disc.
        (x, y) => 0.5 - Math.abs(Math.sin(Math.atan2(y - cy, x - fx) * 8)),
      );
      break;
    }
    default:
      back = ellipse(fx, capCy + 0.005, frx * 1.17, fry * 1.09);
      earsVisible = true;
      break;
  }

  // --- body: one skin shape for neck and chest, clothes laid over it
  const shoulderCx = fx + (0.5 - fx) * 0.6;
  const torsoTop = fy + 0.255;
  const torso = roundBox(shoulderCx, torsoTop + 0.3, look.shoulderWidth, 0.3, 0.15);
  const neckCx = (fx + shoulderCx) / 2;
  const neck = roundBox(neckCx, fy + 0.17, frx * 0.42, 0.12, 0.035);
  const body = smoothUnion(neck, torso, 0.07);

  if (!backOverShoulders) cv.paint(back, hairBack);
  cv.paint(body, skinShadow);

  let neckHole: Shape;
  switch (look.neckline) {
    case "crew":
      neckHole = ellipse(neckCx, torsoTop - 0.005, 0.075, 0.045);
      break;
    case "scoop":
      neckHole = ellipse(neckCx, torsoTop - 0.01, 0.092, 0.085);
      break;
    default:
      neckHole = intersect(
        vRegion(neckCx, torsoTop + 0.1, 1.25, [neckCx - 0.2, torsoTop - 0.2, neckCx + 0.2, torsoTop + 0.12]),
        above(torsoTop + 0.2),
      );
      break;
  }
  const clothes = subtract(torso, neckHole);
  cv.paint(clothes, look.top, 1, 1, shade(look.top, 0.86));
  cv.paint(intersect(stroke(neckHole, 0.01), torso), shade(look.top, 0.8), 0.9);

  if (backOverShoulders) {
    cv.paint(back, hairBack);
  }

  // Neck drawn again on top of long hair: hair falls behind the neck, in front of the shoulders.
  cv.paint(smoothUnion(neck, intersect(torso, neckHole), 0.03), skinShadow);
  const face = faceShape(fx, fy, frx, fry);
  const chinShadow = intersect(offset(face, 0, 0.028), neck);
  cv.paint(chinShadow, shade(skinShadow, 0.9), 0.9);

  // --- ears and face
  const earY = fy + 0.02;
  for (const s of earsVisible ? [-1, 1] : []) {
    const ex = fx + s * frx * 0.96;
    cv.paint(ellipse(ex, earY, 0.022, 0.034), mix(skin, skinShadow, 0.5));
    cv.paint(ellipse(ex + s * 0.003, earY, 0.01, 0.018), skinShadow, 0.6);
  }
  cv.paint(face, skin);

  const fs = look.featureShift;
  // Blush
  for (const s of [-1, 1]) {
    cv.paint(
      ellipse(fx + fs + s * frx * 0.6, fy + 0.072, 0.027, 0.016),
      hex("#F0707F"),
      0.22,
      0.025 * cv.scale,
    );
  }

  // Brows follow the hair (dyed hair keeps natural brows) but must stay darker than the skin.
  let browCol = look.dyed ? hex("#4A3426") : mix(hair, hex("#2A1A12"), 0.45);
  for (let i = 0; i < 6 && luma(browCol) > luma(skin) * 0.72; i++) browCol = shade(browCol, 0.85);

  // Eyes
  const eyeY = fy + 0.028;
  const eyeDx = frx * 0.4;
  for (const s of [-1, 1]) {
    const ex = fx + fs + s * eyeDx;
    if (look.happyEyes) {
      const arc = intersect(stroke(ellipse(ex, eyeY + 0.008, 0.017, 0.015), 0.0075), above(eyeY + 0.003));
      cv.paint(arc, shade(look.eyes, 0.7));
    } else {
      cv.paint(ellipse(ex, eyeY, 0.0135, 0.0165), look.eyes);
      cv.paint(circle(ex + 0.0045, eyeY - 0.0055, 0.0042), WHITE, 0.92);
      const lash = intersect(stroke(ellipse(ex, eyeY + 0.003, 0.0185, 0.0195), 0.005), above(eyeY - 0.006));
      cv.paint(lash, shade(look.eyes, 0.6));
      // Outer flick reads as lashes at thumbnail size.
      const flick = rotate(
        ellipse(ex + s * 0.02, eyeY - 0.012, 0.008, 0.0028),
        ex + s * 0.02,
        eyeY - 0.012,
        s * -0.6,
      );
      cv.paint(flick, shade(look.eyes, 0.6));
    }
    const browY = eyeY - 0.035 - look.browLift;
    const brow = intersect(
      stroke(ellipse(ex + s * 0.003, browY + 0.014, 0.026, 0.018), 0.0065),
      above(browY + 0.004),
    );
    cv.paint(brow, browCol, 0.95);
  }

  // Nose and mouth
  const noseY = fy + 0.078;
  cv.paint(
    intersect(stroke(ellipse(fx + fs, noseY, 0.011, 0.008), 0.0045), below(noseY + 0.003)),
    shade(skin, 0.78),
    0.85,
  );
  const lip = mix(mix(skin, hex("#7A1F35"), 0.55), hex("#D94F6A"), 0.25);
  const mouthY = fy + 0.113;
  const mx = fx + fs;
  switch (look.mouth) {
    case "grin": {
      const m = intersect(ellipse(mx, mouthY, 0.032, 0.024), below(mouthY));
      cv.paint(m, shade(lip, 0.75));
      cv.paint(intersect(m, above(mouthY + 0.008)), WHITE, 0.95);
      cv.paint(intersect(m, ellipse(mx, mouthY + 0.026, 0.02, 0.012)), mix(lip, hex("#F08A9A"), 0.5));
      break;
    }
    case "lips":
      cv.paint(ellipse(mx, mouthY + 0.006, 0.026, 0.011), mix(lip, WHITE, 0.08));
      cv.paint(
        union(
          ellipse(mx - 0.011, mouthY - 0.002, 0.016, 0.008),
          ellipse(mx + 0.011, mouthY - 0.002, 0.016, 0.008),
        ),
        lip,
      );
      cv.paint(
        intersect(stroke(ellipse(mx, mouthY - 0.006, 0.025, 0.01), 0.003), below(mouthY)),
        shade(lip, 0.7),
      );
      break;
    default:
      cv.paint(
        intersect(stroke(ellipse(mx, mouthY - 0.012, 0.03, 0.02), 0.0065), below(mouthY - 0.004)),
        lip,
      );
      break;
  }

  // Earrings sit below the lobe; skipped where hair would hide them.
  if (earsVisible && look.earrings !== "none") {
    for (const s of [-1, 1]) {
      const ex = fx + s * frx * 0.97;
      if (look.earrings === "stud") cv.paint(circle(ex, earY + 0.04, 0.0085), look.earringColour);
      else cv.paint(stroke(circle(ex, earY + 0.058, 0.016), 0.005), look.earringColour);
    }
  }

  // --- hair in front: cap (plus side panels for long styles) with a window cut for the face
  let frontBase: Shape;
  if (look.style === "long" || look.style === "wavy" || look.style === "bob") {
    const panelBottom = look.style === "bob" ? fy + 0.13 : fy + 0.12;
    frontBase = union(cap, intersect(roundBox(fx, fy, capRx, panelBottom - fy, 0.05), below(fy - 0.05)));
  } else if (look.style === "curly") {
    frontBase = intersect(back, above(fy + 0.08));
  } else {
    frontBase = intersect(ellipse(fx, capCy + 0.005, frx * 1.13, fry * 1.07), above(fy - 0.01));
  }

  let window: Shape;
  switch (look.fringe) {
    case "curtain":
      window = union(
        ellipse(fx - 0.045, fy + 0.055, frx * 0.78, fry * 0.99),
        ellipse(fx + 0.045, fy + 0.055, frx * 0.78, fry * 0.99),
      );
      break;
    case "bangs":
      window = roundBox(fx, fy + 0.09, frx * 0.86, 0.18, 0.05);
      break;
    case "back":
      window = ellipse(fx, fy + 0.035, frx * 0.98, fry * 1.06);
      break;
    default:
      window = rotate(ellipse(fx + side * 0.03, fy + 0.05, frx * 0.98, fry), fx, fy, side * 0.22);
      break;
  }
  const front = subtract(frontBase, window);
  cv.paint(front, hair);

  // Parting line and sheen give the flat shape some direction.
  if (look.fringe === "side") {
    const part = intersect(
      stroke(rotate(ellipse(fx + side * 0.03, fy + 0.05, frx * 0.98, fry), fx, fy, side * 0.22), 0.006),
      intersect(front, above(fy - 0.06)),
    );
    cv.paint(part, hairDark, 0.35);
  }
  const sheen = intersect(
    stroke(ellipse(fx - side * 0.01, capCy + 0.02, capRx * 0.8, capRy * 0.82), 0.014),
    intersect(front, above(capCy - capRy * 0.45)),
  );
  cv.paint(sheen, hairSheen, 0.45, 0.004 * cv.scale + 1);

  if (look.glasses) {
    for (const s of [-1, 1]) {
      cv.paint(stroke(circle(fx + fs + s * eyeDx, eyeY, 0.03), 0.005), look.glasses);
    }
    const bridge = intersect(stroke(circle(fx + fs, eyeY + 0.01, eyeDx - 0.03), 0.005), above(eyeY));
    cv.paint(bridge, look.glasses);
  }
}

/** Oval face that narrows towards the chin. */
function faceShape(fx: number, fy: number, frx: number, fry: number): Shape {
  return {
    d: (x, y) => {
      const t = Math.min(1, Math.max(0, (y - fy) / fry));
      const taper = 1 + 0.22 * t * t;
      return ellipseDistance((x - fx) * taper, y - fy, frx, fry) / Math.sqrt(taper);
    },
    box: [fx - frx, fy - fry, fx + frx, fy + fry],
    lip: 2,
  };
}
