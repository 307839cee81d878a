// Paints a look onto the canvas back to front: background, hair behind the head, body and clothes, face,
// features, then the hair in front of the face; the order is what makes the flat shapes overlap right.
import type { Canvas } from "./canvas";
import { hex, luma, mix, shade, WHITE } from "./colour";
import type { Look } from "./look";
import {
  above,
  below,
  circle,
  ellipse,
  ellipseDistance,
  intersect,
  offset,
  rotate,
  roundBox,
  type Shape,
  smoothUnion,
  stroke,
  subtract,
  union,
  vRegion,
  wobble,
} from "./sdf-shapes";

export function drawPortrait(cv: Canvas, look: Look): void {
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
