// The photo pack and the renditions' addresses (worker/contracts/photos.ts): what the seed writes the
// Worker reads back, a pack whose index does not fit its bytes is no pack, and only this site's photo
// addresses get renditions (an outside URL or the placeholder is shown as it is).
import { describe, expect, it } from "vitest";
import { buildPack, parsePackIndex, photoRenditionUrl } from "../../worker/contracts/photos";

const part = (name: "original" | "w180.webp", fill: number, length: number) => ({
  name,
  type: name === "original" ? "image/jpeg" : "image/webp",
  bytes: new Uint8Array(length).fill(fill),
});

describe("the photo pack", () => {
  it("reads back each part it was built from", () => {
    const pack = buildPack([part("original", 1, 10), part("w180.webp", 2, 4)]);
    const index = parsePackIndex(pack.index, pack.bytes.length);
    const card = index?.get("w180.webp");
    expect(card).toEqual({ type: "image/webp", offset: 10, length: 4 });
    expect(pack.bytes.subarray(card?.offset, (card?.offset ?? 0) + (card?.length ?? 0))).toEqual(
      new Uint8Array(4).fill(2),
    );
    expect(index?.get("original")).toEqual({ type: "image/jpeg", offset: 0, length: 10 });
  });

  it("is no pack when the index is missing, malformed, past the bytes or without the original", () => {
    const pack = buildPack([part("original", 1, 10), part("w180.webp", 2, 4)]);
    expect(parsePackIndex(undefined, 14)).toBeNull();
    expect(parsePackIndex("original:text/html:0:10", 14)).toBeNull();
    expect(parsePackIndex(pack.index, 13)).toBeNull();
    expect(parsePackIndex("w180.webp:image/webp:0:4", 14)).toBeNull();
  });
});

describe("photoRenditionUrl", () => {
  it("puts a rendition below an angel's or a member's photo address", () => {
    expect(photoRenditionUrl("/photos/default-it/17.jpg", 180, "webp")).toBe(
      "/photos/default-it/17.jpg/w180.webp",
    );
    expect(photoRenditionUrl("/photos/users/0123456789abcdef01234567.png", 720, "webp")).toBe(
      "/photos/users/0123456789abcdef01234567.png/w720.webp",
    );
  });

  it("gives none for an address this site keeps no renditions of", () => {
    expect(photoRenditionUrl("https://cdn.example.com/photos/default-it/17.jpg", 180, "webp")).toBeNull();
    expect(photoRenditionUrl("data:image/svg+xml,%3Csvg%3E", 180, "webp")).toBeNull();
    expect(photoRenditionUrl("/photos/missing-notification.jpg", 180, "webp")).toBeNull();
    expect(photoRenditionUrl("/photos/default-it/17.jpg/w180.webp", 180, "webp")).toBeNull();
  });
});
