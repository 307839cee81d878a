// The server's reading of an uploaded image's structure, before anything decodes it: a JPEG's frame, scans
// and metadata, a PNG's chunks, a GIF's blocks, and EXIF orientation; against files as sharp (libvips) and
// jpeg-js write them.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { renderAvatarJpeg } from "../../drizzle/seed-data/portraits/avatar";
import { readGif } from "../../worker/photos/gif-layout";
import { checkImage } from "../../worker/photos/image-check";
import { JPEG_MAX_SCANS, JPEG_MAX_TABLE_SEGMENTS, readJpeg } from "../../worker/photos/jpeg-layout";
import { exifOrientation, type Orientation, orientPixels } from "../../worker/photos/orientation";
import { readPng } from "../../worker/photos/png-layout";
import { gifBlocks, jpegStructure, pngChunks, withExtraScans } from "../fixtures/image-bytes";
import { uploadImages } from "../fixtures/upload-images";

let images: Awaited<ReturnType<typeof uploadImages>>;
beforeAll(async () => {
  images = await uploadImages();
}, 60_000);

const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.length);
const avatar = () => renderAvatarJpeg({ seed: "unit", hairColour: "red", size: 160 });

const segment = (marker: number, payload: number[]) => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 0xff,
  ...payload,
];
/** The JPEG with these bytes put right after its SOI. */
const afterSoi = (jpeg: Uint8Array, inserted: number[]) =>
  new Uint8Array([...jpeg.subarray(0, 2), ...inserted, ...jpeg.subarray(2)]);
/** The JPEG with its frame header's marker and precision changed. */
function withFrame(jpeg: Uint8Array, marker: number, precision = 8): Uint8Array {
  const out = jpeg.slice();
  let at = 2;
  while (!(out[at + 1] !== undefined && (out[at + 1] ?? 0) >= 0xc0 && (out[at + 1] ?? 0) <= 0xc2)) {
    at += 2 + (((out[at + 2] ?? 0) << 8) | (out[at + 3] ?? 0));
  }
  out[at + 1] = marker;
  out[at + 4] = precision;
  return out;
}
/** The JPEG's bytes before its first scan header. */
function beforeFirstScan(jpeg: Uint8Array): Uint8Array {
  let at = 2;
  while (jpeg[at + 1] !== 0xda) at += 2 + (((jpeg[at + 2] ?? 0) << 8) | (jpeg[at + 3] ?? 0));
  return jpeg.subarray(0, at);
}
const problem = (jpeg: Uint8Array) => {
  const reading = readJpeg(jpeg);
  return reading.ok ? "ok" : reading.problem;
};

describe("a JPEG's layout", () => {
  it("reads a plain JPEG's size and keeps its bytes as they are", () => {
    const jpeg = avatar();
    const reading = readJpeg(jpeg);
    expect(reading.ok && reading.layout).toMatchObject({ width: 160, height: 160, scans: 1, orientation: 1 });
    expect(reading.ok && reading.layout.stripped).toEqual(jpeg);
  });

  it("counts progressive scans: image tools' 10, mozjpeg's optimised ones, up to the bound and not past it", () => {
    const progressive = bytes(images.progressive);
    const reading = readJpeg(progressive);
    expect(reading.ok && reading.layout.scans).toBe(jpegStructure(progressive).scans);
    expect(reading.ok && reading.layout.scans).toBe(10);
    const optimised = readJpeg(bytes(images.progressiveOptimised));
    expect(optimised.ok && optimised.layout.scans).toBeLessThanOrEqual(12);
    const scans = jpegStructure(progressive).scans;
    expect(problem(withExtraScans(progressive, JPEG_MAX_SCANS - scans))).toBe("ok");
    expect(problem(withExtraScans(progressive, JPEG_MAX_SCANS - scans + 1))).toBe("too_complex");
    // The probe's file: tens of thousands of scans, refused after one walk over 0.72 MB.
    const bomb = withExtraScans(progressive, 55_000);
    const started = performance.now();
    expect(problem(bomb)).toBe("too_complex");
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("refuses a file of repeated table segments", () => {
    const jpeg = avatar();
    const own = jpegStructure(jpeg).segments.filter((s) => [0xc4, 0xdb, 0xdd].includes(s.marker)).length;
    // Restart intervals of 0: the smallest table segment there is.
    const tables = (n: number) => Array.from({ length: n }, () => segment(0xdd, [0, 0])).flat();
    expect(problem(afterSoi(jpeg, tables(JPEG_MAX_TABLE_SEGMENTS - own)))).toBe("ok");
    expect(problem(afterSoi(jpeg, tables(JPEG_MAX_TABLE_SEGMENTS - own + 1)))).toBe("too_complex");
  });

  it("strips a phone's metadata: EXIF, XMP, IPTC, comments and what follows the end; keeps colour", () => {
    const phone = bytes(images.phone);
    const reading = readJpeg(phone);
    if (!reading.ok) throw new Error(reading.problem);
    const { layout } = reading;
    expect(layout).toMatchObject({ width: 1000, height: 750, orientation: 6 });
    const labels = (b: Uint8Array) =>
      jpegStructure(b).segments.map((s) => `${s.marker.toString(16)} ${s.label}`);
    expect(labels(phone).filter((l) => /^e1|^ed|^fe/.test(l))).toHaveLength(4);
    const kept = labels(layout.stripped);
    expect(
      kept.filter((l) => /^e[0-9a-f]|^fe/.test(l)).every((l) => /^e0 JFIF|^e2 ICC_PROFILE/.test(l)),
    ).toBe(true);
    expect(kept.some((l) => l.startsWith("e2 ICC_PROFILE"))).toBe(true);
    expect(layout.colourProfile.length).toBeGreaterThan(0);
    expect(jpegStructure(layout.stripped).trailing).toBe(0);
    // The same picture: its tables, frame and scans untouched.
    expect(jpegStructure(layout.stripped).scans).toBe(jpegStructure(phone).scans);
  });

  it("keeps JFIF's header without its thumbnail, and Adobe's colour transform", () => {
    const jfif = [...new TextEncoder().encode("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 2, 2, ...new Array(12).fill(7)];
    const adobe = [...new TextEncoder().encode("Adobe"), 0, 100, 0, 0, 0, 0, 1];
    const reading = readJpeg(afterSoi(avatar(), [...segment(0xe0, jfif), ...segment(0xee, adobe)]));
    if (!reading.ok) throw new Error(reading.problem);
    const stripped = reading.layout.stripped;
    expect(Array.from(stripped.subarray(2, 20))).toEqual(segment(0xe0, [...jfif.slice(0, 12), 0, 0]));
    expect(Array.from(stripped.subarray(20, 20 + adobe.length + 4))).toEqual(segment(0xee, adobe));
  });

  it("names what it cannot take: arithmetic coding, 12-bit samples, lossless, two frames, no scan", () => {
    const jpeg = avatar();
    expect(problem(withFrame(jpeg, 0xc9))).toBe("unsupported");
    expect(problem(withFrame(jpeg, 0xc3))).toBe("unsupported");
    expect(problem(withFrame(jpeg, 0xc1, 12))).toBe("unsupported");
    expect(problem(withFrame(jpeg, 0xc1))).toBe("ok");
    const secondFrame = segment(0xc0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]);
    expect(problem(afterSoi(jpeg, secondFrame))).toBe("unreadable");
    expect(problem(new Uint8Array([...beforeFirstScan(jpeg), 0xff, 0xd9]))).toBe("unreadable");
    expect(problem(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe("unreadable");
  });

  it("takes a file cut off before its end, as decoders show it, and ends it", () => {
    const jpeg = avatar();
    const cut = jpeg.subarray(0, jpeg.length - 200);
    const reading = readJpeg(cut);
    if (!reading.ok) throw new Error(reading.problem);
    expect(Array.from(reading.layout.stripped.subarray(-2))).toEqual([0xff, 0xd9]);
    expect(reading.layout.stripped.length).toBe(cut.length + 2);
  });
});

describe("EXIF orientation", () => {
  const tiff = (little: boolean, value: number, type = 3) => {
    const b = new DataView(new ArrayBuffer(26));
    b.setUint16(0, little ? 0x4949 : 0x4d4d);
    b.setUint16(2, 42, little);
    b.setUint32(4, 8, little);
    b.setUint16(8, 1, little);
    b.setUint16(10, 0x0112, little);
    b.setUint16(12, type, little);
    b.setUint32(14, 1, little);
    b.setUint16(18, value, little);
    return new Uint8Array(b.buffer);
  };

  it("reads tag 0x0112 in either byte order, and 1 from anything broken", () => {
    expect(exifOrientation(tiff(true, 6))).toBe(6);
    expect(exifOrientation(tiff(false, 8))).toBe(8);
    expect(exifOrientation(tiff(true, 9))).toBe(1);
    expect(exifOrientation(tiff(true, 6, 4))).toBe(1);
    expect(exifOrientation(tiff(true, 6).subarray(0, 20))).toBe(1);
    expect(exifOrientation(new Uint8Array([0x49, 0x49, 42, 0, 0xff, 0xff, 0xff, 0xff]))).toBe(1);
  });

  it("turns pixels as libvips does for each of the 8 orientations", async () => {
    const [width, height] = [5, 3];
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([i * 10, 255 - i * 10, (i * 37) % 256, 255], i * 4);
    for (let orientation = 1; orientation <= 8; orientation++) {
      const tagged = await sharp(Buffer.from(data.buffer), { raw: { width, height, channels: 4 } })
        .withMetadata({ orientation })
        .tiff({ compression: "none" })
        .toBuffer();
      const { data: expected, info } = await sharp(tagged).rotate().ensureAlpha().raw().toBuffer({
        resolveWithObject: true,
      });
      const turned = orientPixels({ data, width, height }, orientation as Orientation);
      expect({ width: turned.width, height: turned.height }).toEqual({
        width: info.width,
        height: info.height,
      });
      expect(Array.from(turned.data)).toEqual(Array.from(expected));
    }
  });
});

describe("a PNG's and a GIF's layout", () => {
  it("keeps a PNG's drawing chunks only, and reads its size", () => {
    const png = bytes(images.png);
    expect(pngChunks(png)).toEqual(expect.arrayContaining(["eXIf", "zTXt", "pHYs"]));
    const layout = readPng(png);
    expect(layout).toMatchObject({ width: 300, height: 200 });
    expect(new Set(pngChunks(layout?.stripped ?? new Uint8Array()))).toEqual(
      new Set(["IHDR", "IDAT", "IEND"]),
    );
  });

  it("ends a PNG cut off after its data, and refuses one without IHDR first or without data", () => {
    const png = bytes(images.squarePng);
    const withoutEnd = png.subarray(0, png.length - 12);
    expect(pngChunks(readPng(withoutEnd)?.stripped ?? new Uint8Array()).at(-1)).toBe("IEND");
    expect(readPng(png.subarray(0, 33))).toBeNull();
    const noHeader = png.slice();
    noHeader.set(new TextEncoder().encode("tEXt"), 12);
    expect(readPng(noHeader)).toBeNull();
  });

  it("keeps a GIF's frames and loop, drops its comment and XMP", () => {
    const gif = bytes(images.gif);
    const layout = readGif(gif);
    expect(layout).toMatchObject({ width: 60, height: 40 });
    const before = gifBlocks(gif);
    const after = gifBlocks(layout?.stripped ?? new Uint8Array());
    expect(before.extensions).toEqual(expect.arrayContaining(["0xfe", "XMP DataXMP"]));
    expect(after.extensions.filter((e) => e === "0xfe" || e === "XMP DataXMP")).toEqual([]);
    expect(after.frames).toBe(before.frames);
    expect(layout?.stripped.at(-1)).toBe(0x3b);
  });
});

describe("checkImage", () => {
  it("knows JPEG, PNG and GIF by their bytes, and nothing else", () => {
    expect(checkImage(avatar())).toMatchObject({ ok: true, image: { type: "image/jpeg", extension: "jpg" } });
    expect(checkImage(bytes(images.squarePng))).toMatchObject({ ok: true, image: { type: "image/png" } });
    expect(checkImage(bytes(images.gif))).toMatchObject({ ok: true, image: { type: "image/gif" } });
    const text = (s: string) => new TextEncoder().encode(s);
    for (const other of [
      text('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      text("<html>"),
      new Uint8Array(),
    ]) {
      expect(checkImage(other)).toEqual({ ok: false, problem: "not_an_image" });
    }
    expect(checkImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({
      ok: false,
      problem: "unreadable",
    });
  });
});
