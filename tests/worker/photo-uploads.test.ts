// Members' uploads, as an attacker or a careless client sends them rather than the site's own form: a
// progressive JPEG of tens of thousands of scans (refused at once, the Worker still serving), a phone's photo
// with its GPS position (stored and served without any metadata), sixteen uploads at once (exactly the cap
// stored) and more uploads an hour than a member needs (429 with Retry-After).
import { env } from "cloudflare:workers";
import exifr from "exifr";
import jpegJs from "jpeg-js";
import { describe, expect, inject, it } from "vitest";
import { PACK_METADATA_KEY, parsePackIndex } from "../../worker/contracts/photos";
import { PHOTOS_MAX } from "../../worker/contracts/profile";
import { JPEG_MAX_SCANS } from "../../worker/photos/jpeg-layout";
import { limits } from "../../worker/ratelimit/rate-limit-rules";
import {
  fromBase64,
  gifBlocks,
  jpegSize,
  jpegStructure,
  pngChunks,
  sameBytes,
  type UploadImageName,
  webpChunks,
  webpSize,
  withExtraScans,
} from "../fixtures/image-bytes";
import { call, createMember, type TestMember } from "../fixtures/members";

const image = (name: UploadImageName) => fromBase64(inject("uploadImages")[name]);
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

interface Uploaded {
  data: { name: string; path: string };
  imageName: { name: string; predefinita: boolean }[];
}

async function upload(member: TestMember, bytes: Uint8Array, type = "image/jpeg") {
  const form = new FormData();
  form.set("avatar", new File([bytes], "photo", { type }));
  const encoded = new Response(form);
  return call(`/api/upload/${member.clickid}`, {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: { "content-type": encoded.headers.get("content-type") ?? "" },
    token: member.token,
  });
}

async function uploaded(member: TestMember, bytes: Uint8Array, type = "image/jpeg") {
  const response = await upload(member, bytes, type);
  expect(response.status).toBe(200);
  return ((await response.json()) as Uploaded).data;
}

async function photoNames(member: TestMember): Promise<string[]> {
  const response = await call(`/users/profile/${member.clickid}`, { token: member.token });
  return ((await response.json()) as { imageName: { name: string }[] }).imageName.map((p) => p.name);
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: Record<string, unknown> }).error;

/** EXIF, GPS, XMP or IPTC that a well-known reader finds in these bytes (undefined: none). */
const metadataIn = (bytes: Uint8Array) =>
  exifr.parse(bytes, {
    tiff: true,
    exif: true,
    gps: true,
    xmp: true,
    iptc: true,
    icc: false,
    jfif: false,
    ihdr: false,
  });

describe("a progressive JPEG with thousands of scans", () => {
  // The probe's file: 0.72 MB of 12-byte scans after a 1000x1000 progressive JPEG held the Worker for 16 s.
  const bomb = () => {
    const base = image("progressive");
    return withExtraScans(base, Math.floor((720_000 - base.length) / 12));
  };

  it("is refused at once (grandezza_file), while the Worker goes on answering", async () => {
    const member = await createMember();
    const file = bomb();
    expect(file.length).toBeGreaterThan(700_000);
    expect(jpegStructure(file).scans).toBeGreaterThan(10_000);
    const started = Date.now();
    let settled = false;
    const refusal = upload(member, file).finally(() => {
      settled = true;
    });
    // Other requests to the same Worker meanwhile: the old decoding held each of them until it ended (70 s).
    const waits: number[] = [];
    while (!settled) {
      const sent = Date.now();
      expect((await call("/api/brand")).status).toBe(200);
      waits.push(Date.now() - sent);
    }
    const response = await refusal;
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ field: "avatar", messageKey: "grandezza_file" });
    // Checked before any decoding: the bytes are walked once.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(Math.max(...waits)).toBeLessThan(1000);
    expect(await photoNames(member)).toEqual([]);
  });

  it("is taken up to the bound of scans, and refused one scan past it", async () => {
    const member = await createMember();
    const base = image("progressive");
    const scans = jpegStructure(base).scans;
    const atTheBound = await upload(member, withExtraScans(base, JPEG_MAX_SCANS - scans));
    expect(atTheBound.status).toBe(200);
    const past = await upload(member, withExtraScans(base, JPEG_MAX_SCANS - scans + 1));
    expect(past.status).toBe(400);
    expect(await errorOf(past)).toMatchObject({ messageKey: "grandezza_file" });
  });

  it("leaves the progressive JPEGs that image tools write alone: stored with their renditions", async () => {
    const member = await createMember();
    for (const name of ["progressive", "progressiveOptimised"] as const) {
      const file = image(name);
      const { scans } = jpegStructure(file);
      expect(scans).toBeGreaterThanOrEqual(5);
      expect(scans).toBeLessThanOrEqual(12);
      const { path } = await uploaded(member, file);
      // Nothing to strip: the very bytes uploaded.
      expect(sameBytes(await bytesOf(await call(path)), file)).toBe(true);
      expect(webpSize(await bytesOf(await call(`${path}/w720.webp`)))).toEqual({ width: 720, height: 720 });
    }
  });
});

describe("a phone's photo with its GPS position, uploaded without the site's form", () => {
  it("is stored and served without EXIF, GPS, XMP, IPTC or comment, turned upright, colours kept", async () => {
    const member = await createMember();
    const file = image("phone");
    // What the phone wrote: the position (EXIF and XMP), a place (IPTC), a comment, and a video after the end.
    const sent = await metadataIn(file);
    expect(sent?.latitude).toBeCloseTo(45.4642, 3);
    expect(sent?.Orientation).toBe("Rotate 90 CW");
    const sentSegments = jpegStructure(file).segments.map((s) => s.marker);
    expect(sentSegments).toEqual(expect.arrayContaining([0xe1, 0xed, 0xfe]));
    expect(jpegStructure(file).trailing).toBeGreaterThan(0);

    const { path } = await uploaded(member, file);
    const original = await bytesOf(await call(path));
    expect(await metadataIn(original)).toBeUndefined();
    expect(await exifr.gps(original)).toBeUndefined();
    const { segments, trailing } = jpegStructure(original);
    // Only what drawing needs: JFIF's header, the ICC colour profile, tables, frame and scans; nothing after.
    const applications = segments.filter((s) => s.marker >= 0xe0 && s.marker <= 0xef).map((s) => s.label);
    expect(applications.every((label) => label.startsWith("JFIF") || label.startsWith("ICC_PROFILE"))).toBe(
      true,
    );
    expect(applications.some((label) => label.startsWith("ICC_PROFILE"))).toBe(true);
    expect(segments.some((s) => s.marker === 0xfe || s.marker === 0xe1 || s.marker === 0xed)).toBe(false);
    expect(trailing).toBe(0);
    // Stored 1000x750 with "turn 90° clockwise": served 750x1000, the red top now on the right.
    expect(jpegSize(original)).toEqual({ width: 750, height: 1000 });
    const pixels = jpegJs.decode(original, { useTArray: true });
    const at = (x: number, y: number) =>
      Array.from(pixels.data.subarray(4 * (y * 750 + x), 4 * (y * 750 + x) + 3));
    const [leftR, , leftB] = at(150, 500);
    const [rightR, , rightB] = at(600, 500);
    expect(leftB).toBeGreaterThan(leftR ?? 0);
    expect(rightR).toBeGreaterThan(rightB ?? 0);

    for (const width of [180, 360, 720]) {
      const rendition = await bytesOf(await call(`${path}/w${width}.webp`));
      expect(webpChunks(rendition).filter((id) => ["EXIF", "XMP", "ICCP"].includes(id))).toEqual([]);
      expect(webpSize(rendition)).toEqual({ width, height: (width * 4) / 3 });
      // The JPEG addresses fall back to the original: stripped too.
      expect(sameBytes(await bytesOf(await call(`${path}/w${width}.jpg`)), original)).toBe(true);
    }
    // The bucket holds no more than is served.
    const stored = await env.PHOTOS.get(path.replace(/^\//, ""));
    const storedBytes = new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0));
    const storedOriginal = parsePackIndex(
      stored?.customMetadata?.[PACK_METADATA_KEY],
      storedBytes.length,
    )?.get("original");
    expect(storedOriginal).toBeDefined();
    const kept = storedBytes.subarray(
      storedOriginal?.offset,
      (storedOriginal?.offset ?? 0) + (storedOriginal?.length ?? 0),
    );
    expect(sameBytes(kept, original)).toBe(true);
  });

  it("a PNG or GIF goes without its EXIF, text chunks, comments and XMP, and draws the same", async () => {
    const member = await createMember();
    const png = image("png");
    expect(pngChunks(png)).toEqual(expect.arrayContaining(["eXIf", "zTXt"]));
    expect((await metadataIn(png))?.latitude).toBeCloseTo(45.4642, 3);
    const servedPng = await bytesOf(await call((await uploaded(member, png, "image/png")).path));
    expect(new Set(pngChunks(servedPng))).toEqual(new Set(["IHDR", "IDAT", "IEND"]));
    expect(await metadataIn(servedPng)).toBeUndefined();

    const gif = image("gif");
    expect(gifBlocks(gif).extensions).toEqual(expect.arrayContaining(["0xfe", "XMP DataXMP"]));
    const servedGif = await bytesOf(await call((await uploaded(member, gif, "image/gif")).path));
    expect(gifBlocks(servedGif).extensions).not.toContain("0xfe");
    expect(gifBlocks(servedGif).extensions).not.toContain("XMP DataXMP");
    expect(gifBlocks(servedGif).frames).toBe(gifBlocks(gif).frames);
  });

  it("a photo stored with its metadata before uploads were stripped is served without it", async () => {
    // As the earlier code stored it: the phone's bytes as the pack's original, and a copy cached at the edge.
    const file = image("phone");
    const name = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
      b.toString(16).padStart(2, "0"),
    );
    const legacyPath = `/photos/users/${name.join("")}.jpg`;
    await env.PHOTOS.put(legacyPath.replace(/^\//, ""), file, {
      httpMetadata: { contentType: "image/jpeg" },
      customMetadata: { [PACK_METADATA_KEY]: `original:image/jpeg:0:${file.length}` },
    });
    await caches.default.put(
      new Request(`http://it.localhost${legacyPath}`),
      new Response(file, { headers: { "content-type": "image/jpeg", "cache-control": "max-age=31536000" } }),
    );
    const served = await call(legacyPath);
    expect(served.status).toBe(200);
    const bytes = await bytesOf(served);
    expect(await metadataIn(bytes)).toBeUndefined();
    expect(jpegStructure(bytes).trailing).toBe(0);
    expect(served.headers.get("etag")).toMatch(/-stripped"$/);
  });
});

describe("the cap of photos", () => {
  it(`holds under ${PHOTOS_MAX + 4} uploads at once: exactly ${PHOTOS_MAX} stored`, async () => {
    const member = await createMember();
    const before = (await env.PHOTOS.list({ prefix: "photos/users/" })).objects.length;
    const responses = await Promise.all(
      Array.from({ length: PHOTOS_MAX + 4 }, () => upload(member, image("small"))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PHOTOS_MAX);
    for (const refused of responses.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toMatchObject({ field: "avatar", messageKey: "troppe_foto" });
    }
    expect(await photoNames(member)).toHaveLength(PHOTOS_MAX);
    // The refused uploads left nothing in the bucket.
    expect((await env.PHOTOS.list({ prefix: "photos/users/" })).objects.length).toBe(before + PHOTOS_MAX);
  });

  it("counts a photo deleted twice at once as one deletion: one more upload fits, not two", async () => {
    const member = await createMember();
    const names: string[] = [];
    for (let k = 0; k < PHOTOS_MAX; k++) names.push((await uploaded(member, image("small"))).name);
    const remove = () =>
      call(`/api/users/${member.clickid}/photos/${names[0]}`, { method: "DELETE", token: member.token });
    const deletions = await Promise.all([remove(), remove()]);
    expect(deletions.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await photoNames(member)).toHaveLength(PHOTOS_MAX - 1);
    expect((await upload(member, image("small"))).status).toBe(200);
    const over = await upload(member, image("small"));
    expect(over.status).toBe(400);
    expect(await errorOf(over)).toMatchObject({ messageKey: "troppe_foto" });
  });
});

describe("the upload rate limit", () => {
  it("answers 429 with Retry-After after a member's uploads of the hour, refused ones included", async () => {
    const member = await createMember();
    const { limit } = limits.photoUploadsPerAccount;
    const notAnImage = new TextEncoder().encode("not a photo");
    for (let k = 0; k < limit; k++) expect((await upload(member, notAnImage)).status).toBe(400);
    const limited = await upload(member, image("small"));
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await errorOf(limited)).toEqual({
      code: "too_many_uploads",
      message: expect.any(String),
      field: "avatar",
      messageKey: "troppi_caricamenti",
      retryAfterS: retryAfter,
    });
    expect(await photoNames(member)).toEqual([]);
    // Another member's uploads are their own.
    const other = await createMember();
    expect((await upload(other, image("small"))).status).toBe(200);
  });
});
