// The own profile: GET /users/profile/{clickid}, the forms of PUT /api/users/{clickid}, the notification
// toggles, and the photos (POST /api/upload/{trackerId}, default, delete, served as inert images).
import { describe, expect, inject, it } from "vitest";
import { fromBase64, sameBytes, type UploadImageName } from "../fixtures/image-bytes";
import { call, createMember, signupBody, type TestMember } from "../fixtures/members";

const auth = (m: TestMember) => ({ token: m.token });

/** Photos as a browser's canvas makes them (tests/fixtures/upload-images.ts). */
const image = (name: UploadImageName) => fromBase64(inject("uploadImages")[name]);

/** A file of `size` bytes that starts as the photo (what follows its end is never read). */
function paddedTo(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
}

const text = (s: string) => new TextEncoder().encode(s);

async function upload(
  member: TestMember,
  bytes: Uint8Array,
  type = "image/jpeg",
  name = "photo.jpg",
  to = member.clickid,
) {
  const form = new FormData();
  form.set("avatar", new File([bytes], name, { type }));
  // Encoded as a browser sends it: the multipart body with its boundary in the content type.
  const encoded = new Response(form);
  return call(`/api/upload/${to}`, {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: { "content-type": encoded.headers.get("content-type") ?? "" },
    ...auth(member),
  });
}

interface Photo {
  name: string;
  path: string;
  predefinita: boolean;
}

async function profile(member: TestMember) {
  const response = await call(`/users/profile/${member.clickid}`, auth(member));
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown> & { imageName: Photo[] };
}

const put = (member: TestMember, body: unknown, to = member.clickid) =>
  call(`/api/users/${to}`, { method: "PUT", body: JSON.stringify(body), ...auth(member) });

async function expectRefused(response: Response, field: string, messageKey: string, status = 400) {
  expect(response.status).toBe(status);
  expect(((await response.json()) as { error: unknown }).error).toMatchObject({ field, messageKey });
}

async function sessionUser(member: TestMember) {
  const response = await call("/users/verify", {
    method: "POST",
    body: JSON.stringify({ token: member.token }),
  });
  return ((await response.json()) as { user: { imageName: string | null; lastActivity: string | null } })
    .user;
}

describe("GET /users/profile/{clickid}", () => {
  it("answers the member's own profile, and nothing of another member's", async () => {
    const member = await createMember();
    const own = await profile(member);
    expect(own).toMatchObject({
      email: member.email,
      eta: 35,
      sono: "uomo",
      cerco: "donna",
      username: null,
      imageName: [],
      region: "lombardia",
      premiumLevel: 0,
      profileStatus: "free",
      nextBillDate: null,
      paylog: [],
      notifications: { email: true, telegram: false, notifiche_push: false },
    });
    const other = await createMember();
    expect((await call(`/users/profile/${other.clickid}`, auth(member))).status).toBe(403);
    expect((await call(`/users/profile/${member.clickid}`)).status).toBe(401);
  });
});

describe("PUT /api/users/{clickid}", () => {
  it("saves the profile form, and refuses each bad field with its message key, saving nothing", async () => {
    const member = await createMember();
    const form = {
      username: "Marco_85",
      eta: 41,
      sono: "uomo",
      cerco: "donna",
      descrizione: "  Amo il mare e la montagna.  ",
      cosa_cerco: "Una persona sincera",
    };
    const saved = await put(member, form);
    expect(saved.status).toBe(200);
    expect(await profile(member)).toMatchObject({
      username: "Marco_85",
      eta: 41,
      descrizione: "Amo il mare e la montagna.",
      cosa_cerco: "Una persona sincera",
    });
    const bad: [Record<string, unknown>, string, string][] = [
      [{ username: "x" }, "username", "errore_username"],
      [{ username: "<b>bold</b>" }, "username", "errore_username"],
      [{ eta: 17 }, "eta", "eta"],
      [{ sono: "alien" }, "sono", "errore_sono"],
      [{ cerco: "" }, "cerco", "errore_cerco"],
      [{ descrizione: "a".repeat(1001) }, "descrizione", "errore_descrizione"],
      [{ cosa_cerco: "b".repeat(501) }, "cosa_cerco", "errore_cosa_cerco"],
    ];
    for (const [change, field, key] of bad) {
      await expectRefused(await put(member, { ...form, descrizione: "changed", ...change }), field, key);
    }
    expect((await profile(member)).descrizione).toBe("Amo il mare e la montagna.");
  });

  it("saves the preferred age range (or every age), and refuses one the spec does not list", async () => {
    const member = await createMember();
    const saved = await put(member, { preferred_age: "60-90" });
    expect(((await saved.json()) as { user: unknown }).user).toMatchObject({ preferred_age: "60-90" });
    await expectRefused(
      await put(member, { preferred_age: "18-99" }),
      "preferred_age",
      "errore_eta_preferita",
    );
    expect((await profile(member)).preferred_age).toBe("60-90");
    await put(member, { preferred_age: null });
    expect((await profile(member)).preferred_age).toBeNull();
  });

  it("moves the member to a picked city with its region, and refuses another member's clickid", async () => {
    const member = await createMember();
    const moved = await put(member, { region: "lazio", city: "Roma" });
    expect(moved.status).toBe(200);
    expect(await profile(member)).toMatchObject({ region: "lazio", city: "Roma" });
    await expectRefused(
      await put(member, { region: "lazio", city: "Atlantide" }),
      "city",
      "citta_non_trovata",
    );
    const other = await createMember();
    expect((await put(member, { username: "Intruder" }, other.clickid)).status).toBe(403);
    expect((await profile(other)).username).toBeNull();
  });
});

describe("POST /users/changeNotificationPreferences", () => {
  it("keeps the three toggles", async () => {
    const member = await createMember();
    const body = { clickid: member.clickid, email: false, telegram: true, notifiche_push: true };
    const response = await call("/users/changeNotificationPreferences", {
      method: "POST",
      body: JSON.stringify(body),
      ...auth(member),
    });
    expect(response.status).toBe(200);
    expect((await profile(member)).notifications).toEqual({
      email: false,
      telegram: true,
      notifiche_push: true,
    });
  });
});

describe("POST /api/upload/{trackerId}", () => {
  it("stores a photo, makes the first one the default and serves it as an inert, cached image", async () => {
    const member = await createMember();
    expect((await sessionUser(member)).imageName).toBeNull();
    const response = await upload(member, image("landscape"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { name: string; path: string }; imageName: Photo[] };
    expect(body.data.name).toMatch(/^[0-9a-f]{24}\.jpg$/);
    expect(body.data.path).toBe(`/photos/users/${body.data.name}`);
    expect(body.imageName).toEqual([{ name: body.data.name, path: body.data.path, predefinita: true }]);
    expect((await sessionUser(member)).imageName).toBe(body.data.name);

    const served = await call(body.data.path);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = served.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
    // A photo without metadata is stored as it came.
    expect(sameBytes(new Uint8Array(await served.arrayBuffer()), image("landscape"))).toBe(true);
  });

  it("refuses what is not a JPEG, PNG or GIF by its bytes: text, SVG, HTML declared as a JPEG", async () => {
    const member = await createMember();
    await expectRefused(
      await upload(member, text("hello"), "text/plain", "a.txt"),
      "avatar",
      "solo_immagini",
    );
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await expectRefused(await upload(member, text(svg), "image/svg+xml", "a.svg"), "avatar", "solo_immagini");
    const forged = "<html><script>alert(document.cookie)</script></html>";
    await expectRefused(await upload(member, text(forged), "image/jpeg", "a.jpg"), "avatar", "solo_immagini");
    expect((await profile(member)).imageName).toEqual([]);
  });

  it("refuses a photo of 10 MB or more, and one larger than 1000x1000", async () => {
    const member = await createMember();
    const tenMb = paddedTo(image("landscape"), 10 * 1024 * 1024);
    await expectRefused(await upload(member, tenMb), "avatar", "grandezza_file");
    const elevenMb = paddedTo(image("landscape"), 11 * 1024 * 1024);
    await expectRefused(await upload(member, elevenMb), "avatar", "grandezza_file", 413);
    await expectRefused(await upload(member, image("tooWide")), "avatar", "grandezza_file");
    await expectRefused(
      await upload(member, image("tallPng"), "image/png", "a.png"),
      "avatar",
      "grandezza_file",
    );
    expect((await profile(member)).imageName).toEqual([]);
    // A PNG of an allowed size is kept as a PNG.
    const accepted = await upload(member, image("squarePng"), "image/png", "a.png");
    expect(((await accepted.json()) as { data: { name: string } }).data.name).toMatch(/\.png$/);
  });

  it("refuses to upload to another member's profile", async () => {
    const member = await createMember();
    const other = await createMember();
    expect((await upload(member, image("small"), "image/jpeg", "a.jpg", other.clickid)).status).toBe(403);
    expect((await profile(other)).imageName).toEqual([]);
    expect(
      (await call(`/api/upload/${member.clickid}`, { method: "POST", body: new FormData() })).status,
    ).toBe(401);
  });
});

describe("the default photo", () => {
  it("switches, follows a deletion, and only among the member's own photos", async () => {
    const member = await createMember();
    const first = ((await (await upload(member, image("small"))).json()) as { data: Photo }).data;
    const second = ((await (await upload(member, image("landscape"))).json()) as { data: Photo }).data;
    const defaults = async () =>
      (await profile(member)).imageName.filter((p) => p.predefinita).map((p) => p.name);
    expect(await defaults()).toEqual([first.name]);

    const switched = await call(`/api/users/${member.clickid}/photos/${second.name}/predefinita`, {
      method: "POST",
      ...auth(member),
    });
    expect(switched.status).toBe(200);
    expect(await defaults()).toEqual([second.name]);
    expect((await sessionUser(member)).imageName).toBe(second.name);

    const other = await createMember();
    const theirs = ((await (await upload(other, image("small"))).json()) as { data: Photo }).data;
    const stolen = await call(`/api/users/${member.clickid}/photos/${theirs.name}/predefinita`, {
      method: "POST",
      ...auth(member),
    });
    expect(stolen.status).toBe(404);
    expect(await defaults()).toEqual([second.name]);
    expect(
      (await call(`/api/users/${other.clickid}/photos/${theirs.name}`, { method: "DELETE", ...auth(member) }))
        .status,
    ).toBe(403);

    const deleted = await call(`/api/users/${member.clickid}/photos/${second.name}`, {
      method: "DELETE",
      ...auth(member),
    });
    expect(deleted.status).toBe(200);
    expect(await defaults()).toEqual([first.name]);
    expect((await call(second.path)).status).toBe(404);
    expect((await call(theirs.path)).status).toBe(200);
    // The last photo gone, the member has no default photo.
    await call(`/api/users/${member.clickid}/photos/${first.name}`, { method: "DELETE", ...auth(member) });
    expect((await profile(member)).imageName).toEqual([]);
    expect((await sessionUser(member)).imageName).toBeNull();
  });
});

describe("lastActivity (the photo popup's condition)", () => {
  it("is null in the sign-up's answer and set by every later session start", async () => {
    const response = await call("/users/register", {
      method: "POST",
      body: JSON.stringify(signupBody()),
    });
    const body = (await response.json()) as { token: string; user: { lastActivity: string | null } };
    expect(body.user.lastActivity).toBeNull();
    const user = await sessionUser({ token: body.token, clickid: "", email: "" });
    expect(Date.parse(user.lastActivity ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });
});
