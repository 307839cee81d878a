// The own profile's rules that need no browser: the form's checks, the photo checks before upload and the
// resize target, and the server's reading of an image's type and size from its bytes.
import { describe, expect, it } from "vitest";
import { renderAvatarJpeg } from "../../drizzle/seed-data/portraits/avatar";
import { fitted, photoProblem } from "../../web/features/own-profile/photo-resize";
import { invalidProfileFields, type ProfileForm } from "../../worker/contracts/profile";
import { imageInfo } from "../../worker/photos/image-check";

const good: ProfileForm = {
  username: "Marco Rossi",
  eta: 40,
  sono: "uomo",
  cerco: "donna",
  descrizione: "Mi piace il mare.\nE la montagna.",
  cosa_cerco: "",
};

describe("the profile form", () => {
  it("accepts a complete form, names in any alphabet, an empty description", () => {
    expect(invalidProfileFields(good)).toEqual({});
    expect(invalidProfileFields({ ...good, username: "José_María-2" })).toEqual({});
    expect(invalidProfileFields({ ...good, descrizione: "" })).toEqual({});
  });

  it("names each bad field with its message key", () => {
    expect(
      invalidProfileFields({
        username: "<script>",
        eta: 17,
        sono: "",
        cerco: "alien",
        descrizione: "a".repeat(1001),
        cosa_cerco: "bell\u0007",
      }),
    ).toEqual({
      username: "errore_username",
      eta: "eta",
      sono: "errore_sono",
      cerco: "errore_cerco",
      descrizione: "errore_descrizione",
      cosa_cerco: "errore_cosa_cerco",
    });
    expect(invalidProfileFields({ ...good, username: " a " })).toEqual({ username: "errore_username" });
    expect(invalidProfileFields({ ...good, eta: null })).toEqual({ eta: "eta" });
  });
});

describe("a picked photo", () => {
  it("is one of the spec's four types and under 10 MB", () => {
    expect(photoProblem({ type: "image/svg+xml", size: 2000 })).toBeNull();
    expect(photoProblem({ type: "image/webp", size: 2000 })).toBe("solo_immagini");
    expect(photoProblem({ type: "image/jpeg", size: 10 * 1024 * 1024 })).toBe("grandezza_file");
  });

  it("is drawn at most 1000x1000, in its proportions, never enlarged", () => {
    expect(fitted(4000, 3000)).toEqual({ width: 1000, height: 750 });
    expect(fitted(900, 2700)).toEqual({ width: 333, height: 1000 });
    expect(fitted(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe("imageInfo", () => {
  it("reads a real JPEG's type and size", () => {
    const bytes = renderAvatarJpeg({ seed: "unit", hairColour: "red", size: 160 });
    expect(imageInfo(bytes)).toEqual({ type: "image/jpeg", extension: "jpg", width: 160, height: 160 });
  });

  it("reads PNG and GIF headers", () => {
    const png = new Uint8Array(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 1200);
    new DataView(png.buffer).setUint32(20, 30);
    expect(imageInfo(png)).toMatchObject({ type: "image/png", width: 1200, height: 30 });
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02, 0, 0]);
    expect(imageInfo(gif)).toMatchObject({ type: "image/gif", width: 800, height: 600 });
  });

  it("knows nothing else: markup, a truncated JPEG, an empty file", () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(imageInfo(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageInfo(text("<html><script>alert(1)</script>"))).toBeNull();
    expect(imageInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
    expect(imageInfo(new Uint8Array())).toBeNull();
  });
});
