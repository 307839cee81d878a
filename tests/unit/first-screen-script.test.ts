// The HTML's bootstrap script (worker/html/first-screen-script.ts) run as a browser runs it: what it asks
// for each page, and the dispenser seed rule it shares with web/lib/storage.ts.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { FirstScreenRequest } from "../../worker/contracts/first-screen";
import { FIRST_SCREEN_SCRIPT } from "../../worker/html/first-screen-script";

function run(pathname: string, stored: Record<string, string>, now = 1_800_000_000_000) {
  const storage = new Map(Object.entries(stored));
  const calls: { url: string; body: unknown }[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(FIRST_SCREEN_SCRIPT, {
    window,
    location: { pathname },
    Date: { now: () => now },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
    fetch: (url: string, init: { body: string }) => {
      calls.push({ url, body: JSON.parse(init.body) });
      return Promise.resolve("answer");
    },
  });
  return { calls, storage, boot: window.__firstScreen as { token: string } | undefined };
}

describe("the first screen's bootstrap script", () => {
  it("asks nothing without a stored session, nor on the operators' console", () => {
    expect(run("/find", {}).calls).toEqual([]);
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
});
