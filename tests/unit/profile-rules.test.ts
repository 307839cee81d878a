// The own profile's rules that need no browser: the form's checks, the photo checks before upload and the
// resize target (the server's reading of an image's bytes: photo-layout.test.ts).
import { describe, expect, it } from "vitest";
import { fitted, photoProblem } from "../../web/features/profile/photo-resize";
import { invalidProfileFields, type ProfileForm } from "../../worker/contracts/profile";

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
