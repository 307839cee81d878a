import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import type { AvatarOptions } from "../../drizzle/seed-data/portraits/avatar";
import { renderAvatarJpeg } from "../../drizzle/seed-data/portraits/avatar";

const decode = (bytes: Uint8Array) => jpeg.decode(bytes, { useTArray: true });

/** Mean RGB of a small square centred on (cx, cy), given as fractions of the image size. */
function patchMean(bytes: Uint8Array, cx: number, cy: number, radius = 2): [number, number, number] {
  const img = decode(bytes);
  const x0 = Math.round(cx * img.width);
  const y0 = Math.round(cy * img.height);
  const sum: [number, number, number] = [0, 0, 0];
  let count = 0;
  for (let y = y0 - radius; y <= y0 + radius; y++) {
    for (let x = x0 - radius; x <= x0 + radius; x++) {
      const i = (y * img.width + x) * 4;
      sum[0] += img.data[i] ?? 0;
      sum[1] += img.data[i + 1] ?? 0;
      sum[2] += img.data[i + 2] ?? 0;
      count++;
    }
  }
  return [sum[0] / count, sum[1] / count, sum[2] / count];
}

const luma = ([r, g, b]: [number, number, number]) => 0.299 * r + 0.587 * g + 0.114 * b;

describe("renderAvatarJpeg", () => {
  it("returns a complete JPEG as a plain Uint8Array", () => {
    const bytes = renderAvatarJpeg({ seed: "angel-1", hairColour: "brown" });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBeGreaterThan(1000);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect([bytes[bytes.length - 2], bytes[bytes.length - 1]]).toEqual([0xff, 0xd9]);
  });

  it("is byte-identical for the same input", () => {
    const opts: AvatarOptions = { seed: "angel-42", hairColour: "red", size: 160 };
    expect(renderAvatarJpeg({ ...opts })).toEqual(renderAvatarJpeg(opts));
  });

  it("differs between seeds", () => {
    const a = renderAvatarJpeg({ seed: "angel-1", hairColour: "blond", size: 160 });
    const b = renderAvatarJpeg({ seed: "angel-2", hairColour: "blond", size: 160 });
    expect(a).not.toEqual(b);
  });

  it("defaults to 400x400 and respects the size option", () => {
    const full = decode(renderAvatarJpeg({ seed: "angel-7", hairColour: "black" }));
    expect([full.width, full.height]).toEqual([400, 400]);
    const small = decode(renderAvatarJpeg({ seed: "angel-7", hairColour: "black", size: 128 }));
    expect([small.width, small.height]).toEqual([128, 128]);
  });

  it("paints the hair in the requested colour and leaves the rest alone", () => {
    // The crown of the head sits around (0.5, 0.22) whatever the seed's pose and hairstyle.
    for (const seed of ["angel-1", "angel-2", "angel-3", "angel-4", "angel-5", "angel-6"]) {
      const blond = renderAvatarJpeg({ seed, hairColour: "blond", size: 200 });
      const black = renderAvatarJpeg({ seed, hairColour: "black", size: 200 });
      const coloured = renderAvatarJpeg({ seed, hairColour: "coloured", size: 200 });
      const crownBlond = patchMean(blond, 0.5, 0.22);
      const crownBlack = patchMean(black, 0.5, 0.22);
      expect(luma(crownBlond) - luma(crownBlack)).toBeGreaterThan(80);
      const crownColoured = patchMean(coloured, 0.5, 0.22);
      expect(Math.max(...crownColoured) - Math.min(...crownColoured)).toBeGreaterThan(60);

      // Same seed, so background and pose are unchanged.
      const cornerBlond = patchMean(blond, 0.05, 0.05);
      const cornerBlack = patchMean(black, 0.05, 0.05);
      for (let c = 0; c < 3; c++) expect(Math.abs(cornerBlond[c]! - cornerBlack[c]!)).toBeLessThan(3);
    }
    // Eighteen portraits drawn in pure JavaScript: CPU-bound, so it gets more than the default 5 s when the
    // test stages share the machine's two cores.
  }, 30_000);
});
