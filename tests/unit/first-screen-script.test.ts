// The HTML's bootstrap script (worker/html/first-screen-script.ts) run as a browser runs it: what it asks
// for each page, and the dispenser seed rule it shares with web/lib/storage.ts.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { FirstScreenRequest } from "../../worker/contracts/first-screen";
import { FIND_PHOTO_SIZES } from "../../worker/contracts/photos";
import { firstScreenScript } from "../../worker/html/first-screen-script";

const preloads = {
  member: ["/assets/MemberFrame-a.js", "/assets/FindPage-b.js"],
  visitor: ["/assets/Home-c.js"],
};

/** A <link> the script appended to the head: its attributes. */
type Link = Record<string, string>;

function run(
  pathname: string,
  stored: Record<string, string>,
  now = 1_800_000_000_000,
  answer: unknown = { verify: { verify: 1 } },
) {
  const storage = new Map(Object.entries(stored));
  const calls: { url: string; body: unknown }[] = [];
  const links: Link[] = [];
  const window: Record<string, unknown> = {};
  // An element as the script uses one: properties set, and setAttribute.
  const element = () => {
    const attributes: Link = {};
    const setAttribute = (name: string, value: string) => {
      attributes[name] = value;
    };
    return new Proxy(attributes, {
      set: (target, key, value) => {
        target[String(key)] = String(value);
        return true;
      },
      get: (target, key) => (key === "setAttribute" ? setAttribute : target[String(key)]),
    });
  };
  runInNewContext(firstScreenScript(preloads), {
    window,
    location: { pathname },
    Date: { now: () => now },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
    document: { createElement: element, head: { appendChild: (link: Link) => links.push({ ...link }) } },
    fetch: (url: string, init?: { body: string }) => {
      calls.push({ url, body: init ? JSON.parse(init.body) : undefined });
      const response = { ok: true, json: () => Promise.resolve(answer), clone: () => response };
      return Promise.resolve(response);
    },
  });
  return { calls, storage, links, boot: window.__firstScreen as { token: string } | undefined };
}

describe("the first screen's bootstrap script", () => {
  it("asks nothing without a stored session, nor on the operators' console", () => {
    expect(run("/find", {}).calls).toEqual([]);
    expect(run("/login", {}).calls).toEqual([]);
    expect(run("/ops/queue", { token: "t" }).calls).toEqual([]);
  });

  it("asks /find's first page with the stored page, city and seed, as the page will", () => {
    const { calls, boot } = run("/find", {
      token: "tok",
      trackerId: "click",
      page: "3",
      city: "Milano",
      dispenserSeed: "55",
      dispenserSeedTime: String(1_800_000_000_000 - 60_000),
    });
    expect(boot?.token).toBe("tok");
    expect(calls).toEqual([
      {
        url: "/api/first-screen",
        body: { token: "tok", trackerId: "click", find: { page: 3, city: "Milano", seed: "55" } },
      },
    ]);
    // What it sends is what the route accepts.
    expect(FirstScreenRequest.safeParse(calls[0]?.body).success).toBe(true);
  });

  it("starts a new seed when the stored one is 30 minutes old, and page 1 for a stored page that is no page", () => {
    const now = 1_800_000_000_000;
    const { calls, storage } = run(
      "/find",
      { token: "tok", page: "2.5", dispenserSeed: "55", dispenserSeedTime: String(now - 1_800_000) },
      now,
    );
    const body = calls[0]?.body as { find: { page: number; seed: string; city: string | null } } | undefined;
    const find = body?.find;
    if (!find) throw new Error("no find page asked");
    expect(find.page).toBe(1);
    expect(find.city).toBeNull();
    expect(find.seed).not.toBe("55");
    // Stored, so the find page's own request carries the same seed.
    expect(storage.get("dispenserSeed")).toBe(find.seed);
    expect(storage.get("dispenserSeedTime")).toBe(String(now));
  });

  it("asks the match page's first stack on /match, and only the session elsewhere", () => {
    expect(run("/match", { token: "tok" }).calls[0]?.body).toEqual({ token: "tok", match: true });
    expect(run("/chats", { token: "tok" }).calls[0]?.body).toEqual({ token: "tok" });
  });

  it("preloads a member's chunks for a stored session and a visitor's without one", () => {
    const hrefs = (links: Link[]) => links.filter((l) => l.rel === "modulepreload").map((l) => l.href);
    expect(hrefs(run("/find", { token: "tok" }).links)).toEqual(preloads.member);
    expect(hrefs(run("/find", {}).links)).toEqual(preloads.visitor);
  });

  it("asks a visitor's reviews on the home page only", () => {
    expect(run("/", {}).calls).toEqual([{ url: "/api/testimonials?count=3", body: undefined }]);
    expect(run("/", { token: "tok" }).calls.map((c) => c.url)).toEqual(["/api/first-screen"]);
  });

  it("preloads the first find cards' photos as the grid asks them, once the answer is there", async () => {
    const angels = [1, 2, 3, 4, 5].map((id) => ({ default_photo: `/photos/default-it/${id}.jpg` }));
    angels[1] = { default_photo: "https://elsewhere.example/2.jpg" };
    const { links } = run("/find", { token: "tok" }, undefined, {
      verify: {},
      find: { answer: { profili: angels } },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const photos = links.filter((l) => l.rel === "preload");
    // The first four cards, but the one whose photo this site does not keep renditions of.
    expect(photos.map((l) => l.imagesrcset?.split(" ")[0])).toEqual([
      "/photos/default-it/1.jpg/w180.webp",
      "/photos/default-it/3.jpg/w180.webp",
      "/photos/default-it/4.jpg/w180.webp",
    ]);
    // Fetched first among the images: they are the page's largest paint.
    expect(photos[0]).toMatchObject({
      as: "image",
      type: "image/webp",
      fetchpriority: "high",
      imagesrcset:
        "/photos/default-it/1.jpg/w180.webp 180w, /photos/default-it/1.jpg/w360.webp 360w, /photos/default-it/1.jpg/w720.webp 720w",
      imagesizes: FIND_PHOTO_SIZES,
    });
  });
});
