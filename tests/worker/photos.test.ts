// Photos are served from the PHOTOS bucket, never drawn by the Worker: each in the size and format a screen
// asks for, cached for a year at a versioned address, from the edge cache on a repeat.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { PACK_METADATA_KEY, parsePackIndex } from "../../worker/contracts/photos";
import { jpegSize, webpSize } from "../fixtures/image-bytes";
import { call, createMember, hosts, type TestMember } from "../fixtures/members";

const YEAR = "public, max-age=31536000, immutable";

const photo = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`http://${hosts.it}${path}`, { headers: { host: hosts.it, ...headers } });

/** The seed's real portrait pack, and the 720 px JPEG it holds (a real photo to upload). */
function portrait() {
  const { base64, index } = inject("portraitPack");
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const original = parsePackIndex(index, bytes.length)?.get("original");
  if (!original) throw new Error("the portrait pack has no original");
  return { bytes, index, jpeg: bytes.slice(original.offset, original.offset + original.length) };
}

/** Stores the seed's real portrait (drawn and encoded by sharp in the test config) for an angel of Italy. */
async function storePortrait(id: number) {
  const { bytes, index } = portrait();
  await env.PHOTOS.put(`photos/default-it/${id}.jpg`, bytes, {
    httpMetadata: { contentType: "image/jpeg" },
    customMetadata: { [PACK_METADATA_KEY]: index },
  });
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("GET /photos/{folder}/{id}.jpg and its renditions", () => {
  it("serves each rendition in the size and format asked for, with a year of caching", async () => {
    await storePortrait(4301);
    const card = await photo("/photos/default-it/4301.jpg/w180.webp");
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/webp");
    expect(card.headers.get("cache-control")).toBe(YEAR);
    expect(card.headers.get("x-content-type-options")).toBe("nosniff");
    expect(webpSize(await bytesOf(card))).toEqual({ width: 180, height: 180 });

    const retina = await photo("/photos/default-it/4301.jpg/w360.webp");
    expect(webpSize(await bytesOf(retina))).toEqual({ width: 360, height: 360 });
    const profile = await photo("/photos/default-it/4301.jpg/w720.webp");
    expect(webpSize(await bytesOf(profile))).toEqual({ width: 720, height: 720 });

    // The spec's address is the original, the fallback of a browser without WebP: a 720 px JPEG. A rendition
    // the pack does not hold is the original too.
    const original = await photo("/photos/default-it/4301.jpg");
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(original.headers.get("cache-control")).toBe(YEAR);
    const originalBytes = await bytesOf(original);
    expect(jpegSize(originalBytes)).toEqual({ width: 720, height: 720 });
    const missing = await photo("/photos/default-it/4301.jpg/w360.jpg");
    expect(missing.headers.get("content-type")).toBe("image/jpeg");
    expect(await bytesOf(missing)).toEqual(originalBytes);

    // A card's photo weighs a fraction of the original.
    expect((await bytesOf(await photo("/photos/default-it/4301.jpg/w180.webp"))).length).toBeLessThan(
      originalBytes.length / 4,
    );
    expect((await photo("/photos/default-it/4301.jpg/w200.webp")).status).toBe(404);
  });

  it("serves a repeat from the edge cache without reading the bucket, and 304 to a request that has it", async () => {
    await storePortrait(4302);
    const first = await photo("/photos/default-it/4302.jpg/w360.webp");
    expect(first.status).toBe(200);
    const firstBytes = await bytesOf(first);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+"$/);

    // Gone from the bucket: only the cache can still answer.
    await env.PHOTOS.delete("photos/default-it/4302.jpg");
    await expect.poll(async () => (await photo("/photos/default-it/4302.jpg/w360.webp")).status).toBe(200);
    const repeat = await photo("/photos/default-it/4302.jpg/w360.webp");
    expect(await bytesOf(repeat)).toEqual(firstBytes);
    expect(repeat.headers.get("etag")).toBe(etag);
    expect(repeat.headers.get("cache-control")).toBe(YEAR);

    const conditional = await photo("/photos/default-it/4302.jpg/w360.webp", { "if-none-match": etag });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get("etag")).toBe(etag);
    expect(await conditional.text()).toBe("");
    // Another rendition's ETag is not this one's.
    const other = await photo("/photos/default-it/4302.jpg/w360.webp", { "if-none-match": '"other"' });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    // Never cached, never stored: 404.
    expect((await photo("/photos/default-it/4302.jpg/w180.webp")).status).toBe(404);
  });

  it("serves a photo stored without renditions as it is, for each rendition's address", async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    await env.PHOTOS.put("photos/default-it/4242.jpg", bytes, {
      httpMetadata: { contentType: "image/jpeg" },
    });
    const response = await photo("/photos/default-it/4242.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe(YEAR);
    expect(await bytesOf(response)).toEqual(bytes);
    const etag = response.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await photo("/photos/default-it/4242.jpg", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(await bytesOf(await photo("/photos/default-it/4242.jpg/w180.webp"))).toEqual(bytes);
  });

  it("answers 404 for a photo that is not stored and for a path outside the photo folders", async () => {
    expect((await photo("/photos/default-es/999999.jpg")).status).toBe(404);
    expect((await photo("/photos/default-es/999999.jpg/w180.webp")).status).toBe(404);
    await env.PHOTOS.put("secret/default-it/1.jpg", new Uint8Array([1]));
    expect((await photo("/photos/..%2Fsecret/1.jpg")).status).toBe(404);
    expect((await photo("/photos/users-it/1.jpg")).status).toBe(404);
  });
});

interface OwnPhoto {
  name: string;
  path: string;
  predefinita: boolean;
}

async function upload(member: TestMember, bytes: Uint8Array) {
  const form = new FormData();
  form.set("avatar", new File([bytes], "me.jpg", { type: "image/jpeg" }));
  const encoded = new Response(form);
  const response = await call(`/api/upload/${member.clickid}`, {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: { "content-type": encoded.headers.get("content-type") ?? "" },
    token: member.token,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: OwnPhoto }).data;
}

const defaultPhoto = async (member: TestMember) => {
  const response = await call(`/users/profile/${member.clickid}`, { token: member.token });
  return ((await response.json()) as { imageName: OwnPhoto[] }).imageName.find((p) => p.predefinita)?.path;
};

describe("members' photos", () => {
  it("are stored with their renditions, made once at upload", async () => {
    const member = await createMember();
    const { jpeg } = portrait();
    const first = await upload(member, jpeg);
    expect(await bytesOf(await photo(first.path))).toEqual(jpeg);
    for (const width of [180, 360, 720]) {
      const rendition = await photo(`${first.path}/w${width}.webp`);
      expect(rendition.headers.get("content-type")).toBe("image/webp");
      expect(rendition.headers.get("cache-control")).toBe(YEAR);
      expect(webpSize(await bytesOf(rendition))).toEqual({ width, height: width });
    }
  });

  it("a new default photo has a new address; the old one keeps its bytes, a deleted one is gone", async () => {
    const member = await createMember();
    const { jpeg } = portrait();
    const first = await upload(member, jpeg);
    expect(await defaultPhoto(member)).toBe(first.path);
    const firstCard = await bytesOf(await photo(`${first.path}/w180.webp`));

    // Another photo (the same picture, cropped), made the default: the member's photo is at a new address.
    const second = await upload(member, jpeg.slice());
    expect(second.path).not.toBe(first.path);
    const made = await call(`/api/users/${member.clickid}/photos/${second.name}/predefinita`, {
      method: "POST",
      token: member.token,
    });
    expect(made.status).toBe(200);
    expect(await defaultPhoto(member)).toBe(second.path);
    // What a browser cached for a year under the old address is still what that address serves.
    expect(await bytesOf(await photo(`${first.path}/w180.webp`))).toEqual(firstCard);

    // Deleted: this location's cache forgets it with the bucket.
    const deleted = await call(`/api/users/${member.clickid}/photos/${first.name}`, {
      method: "DELETE",
      token: member.token,
    });
    expect(deleted.status).toBe(200);
    await expect.poll(async () => (await photo(`${first.path}/w180.webp`)).status).toBe(404);
    expect((await photo(first.path)).status).toBe(404);
  });
});
