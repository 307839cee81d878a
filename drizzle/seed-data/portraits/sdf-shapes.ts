// Shapes: signed distance in figure units, negative inside, with a bounding box and a bound on how
// fast the distance can change (its Lipschitz constant) so the rasteriser can fill or skip whole
// blocks from one sample without changing a single pixel.

export type Sdf = (x: number, y: number) => number;
export type Box = readonly [number, number, number, number];

export interface Shape {
  d: Sdf;
  box: Box;
  lip: number;
}

export function ellipseDistance(px: number, py: number, rx: number, ry: number): number {
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

export function ellipse(cx: number, cy: number, rx: number, ry: number): Shape {
  // The approximation steepens with elongation; this bound was measured numerically near the outline.
  const q = Math.max(rx, ry) / Math.min(rx, ry) - 1;
  return {
    d: (x, y) => ellipseDistance(x - cx, y - cy, rx, ry),
    box: [cx - rx, cy - ry, cx + rx, cy + ry],
    lip: 1 + 0.2 * q + 0.25 * q * q,
  };
}

export function circle(cx: number, cy: number, r: number): Shape {
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

export function roundBox(cx: number, cy: number, hw: number, hh: number, r: number): Shape {
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
export function vRegion(cx: number, tipY: number, slope: number, box: Box): Shape {
  const norm = 1 / Math.sqrt(1 + slope * slope);
  return { d: (x, y) => (y - tipY + Math.abs(x - cx) * slope) * norm, box, lip: 1 };
}

export function union(...shapes: Shape[]): Shape {
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
export function smoothUnion(a: Shape, b: Shape, k: number): Shape {
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

export function intersect(a: Shape, b: Shape): Shape {
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

export function subtract(a: Shape, b: Shape): Shape {
  return { d: (x, y) => Math.max(a.d(x, y), -b.d(x, y)), box: a.box, lip: Math.max(a.lip, b.lip) };
}

/** A line of width `w` centred on the outline of `s`. */
export function stroke(s: Shape, w: number): Shape {
  const h = w / 2;
  return {
    d: (x, y) => Math.abs(s.d(x, y)) - h,
    box: [s.box[0] - h, s.box[1] - h, s.box[2] + h, s.box[3] + h],
    lip: s.lip,
  };
}

/** Moves a shape by (dx, dy). */
export function offset(s: Shape, dx: number, dy: number): Shape {
  return {
    d: (x, y) => s.d(x - dx, y - dy),
    box: [s.box[0] + dx, s.box[1] + dy, s.box[2] + dx, s.box[3] + dy],
    lip: s.lip,
  };
}

export function above(yLimit: number): Shape {
  return { d: (_x, y) => y - yLimit, box: [-1, -1, 2, yLimit], lip: 1 };
}

export function below(yLimit: number): Shape {
  return { d: (_x, y) => yLimit - y, box: [-1, yLimit, 2, 2], lip: 1 };
}

export function rotate(s: Shape, cx: number, cy: number, angle: number): Shape {
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
export function wobble(s: Shape, amp: number, slope: number, fn: (x: number, y: number) => number): Shape {
  return {
    d: (x, y) => s.d(x, y) + amp * fn(x, y),
    box: [s.box[0] - amp, s.box[1] - amp, s.box[2] + amp, s.box[3] + amp],
    lip: s.lip + amp * slope,
  };
}
