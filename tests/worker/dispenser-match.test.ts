import { afterEach, describe, expect, it, vi } from "vitest";
import { dislikes, likes } from "../../drizzle/schema/engagement";
import { inDb } from "../fixtures/db";
import { accountOf, countAngels, inItaly, match, post } from "../fixtures/dispenser";
import { createMember } from "../fixtures/members";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /dispenser/match", () => {
  it("needs a session", async () => {
    expect((await post("/dispenser/match", undefined, { trackerId: "x" })).status).toBe(401);
  });

  it("gives the member's region in the member's own order, leaving out the angels they liked", async () => {
    const member = await createMember({ region: "piemonte" });
    const account = await accountOf(member);
    const all: number[] = [];
    for (let page = 1; page < 100; page++) {
      const profiles = await match(member.token, { region: "piemonte", page });
      if (profiles.length === 0) break;
      for (const p of profiles) expect(p).toMatchObject({ region: "piemonte", gender: "donna" });
      all.push(...profiles.map((p) => p.id));
    }
    const real = await countAngels(...inItaly("piemonte"));
    expect(all).toHaveLength(real);
    expect(new Set(all).size).toBe(real);
    // The member likes the first two; an angel's like of the member does not count as the member's.
    const [first, second, third] = all;
    if (first === undefined || second === undefined || third === undefined) throw new Error("too few");
    await inDb((db) =>
      db.insert(likes).values([
        { accountId: account.id, angelId: first, fromAngel: false },
        { accountId: account.id, angelId: second, fromAngel: false, source: "match" },
        { accountId: account.id, angelId: third, fromAngel: true, source: "angel" },
      ]),
    );
    const after = await match(member.token, { region: "piemonte", page: 1 });
    expect(after.map((p) => p.id)).toEqual(all.slice(2, 7));
    // A swipe to the left leaves the angel out as well.
    await inDb((db) => db.insert(dislikes).values({ accountId: account.id, angelId: third }));
    const afterDislike = await match(member.token, { region: "piemonte", page: 1 });
    expect(afterDislike.map((p) => p.id)).toEqual(all.slice(3, 8));
    // Another member sees the same angels in another order.
    const other = await createMember({ region: "piemonte" });
    const theirs = await match(other.token, { region: "piemonte", page: 1 });
    expect(theirs.map((p) => p.id)).not.toEqual(all.slice(0, 5));
  });

  it("logs 'manca trackerId in match' when the trackerId is missing", async () => {
    const member = await createMember({ region: "piemonte" });
    const warn = vi.spyOn(console, "warn");
    const lines = () => warn.mock.calls.map((args) => String(args[0]));
    expect(
      (await post("/dispenser/match", member.token, { region: "piemonte", trackerId: member.clickid }))
        .status,
    ).toBe(200);
    expect(lines().filter((l) => l.includes("manca trackerId in match"))).toEqual([]);
    expect((await post("/dispenser/match", member.token, { region: "piemonte" })).status).toBe(200);
    const logged = lines().filter((l) => l.includes("manca trackerId in match"));
    expect(logged).toHaveLength(1);
    const line = JSON.parse(logged[0] ?? "{}") as Record<string, unknown>;
    expect(line).toMatchObject({ level: "warn", event: "dispenser.match_tracker_missing" });
    expect(JSON.stringify(line)).not.toContain(member.email);
    expect(JSON.stringify(line)).not.toContain(member.token);
  });

  it("logs 'Problemi con chiamata dispenser Match' when the database call fails", async () => {
    const member = await createMember({ region: "piemonte" });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const realFetch = globalThis.fetch;
    // The database's SQL endpoint is down for this one request.
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) =>
      String(input instanceof Request ? input.url : input).includes("/sql")
        ? Promise.reject(new TypeError("database unreachable"))
        : realFetch(input, init),
    );
    const response = await post("/dispenser/match", member.token, { region: "piemonte", trackerId: "t" });
    vi.mocked(globalThis.fetch).mockRestore();
    // The database unreachable is an outage, not a bug: 503, to be retried.
    expect(response.status).toBe(503);
    const logged = error.mock.calls
      .map((args) => String(args[0]))
      .filter((l) => l.includes("dispenser Match"));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? "{}")).toMatchObject({
      level: "error",
      event: "dispenser.match_failed",
      message: "Problemi con chiamata dispenser Match",
    });
  });
});
