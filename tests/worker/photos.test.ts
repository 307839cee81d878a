// Photos are served from the PHOTOS bucket, never drawn by the Worker.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hosts } from "../fixtures/members";

const photo = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`http://${hosts.it}${path}`, { headers: { host: hosts.it, ...headers } });

describe("GET /photos/{folder}/{id}.jpg", () => {
  it("serves the stored photo with a year of caching, and 304 to a request that has it", async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    await env.PHOTOS.put("photos/default-it/4242.jpg", bytes, {
      httpMetadata: { contentType: "image/jpeg" },
    });
    const response = await photo("/photos/default-it/4242.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    const etag = response.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await photo("/photos/default-it/4242.jpg", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers 404 for a photo that is not stored and for a path outside the photo folders", async () => {
    expect((await photo("/photos/default-es/999999.jpg")).status).toBe(404);
    await env.PHOTOS.put("secret/default-it/1.jpg", new Uint8Array([1]));
    expect((await photo("/photos/..%2Fsecret/1.jpg")).status).toBe(404);
    expect((await photo("/photos/users-it/1.jpg")).status).toBe(404);
  });
});
