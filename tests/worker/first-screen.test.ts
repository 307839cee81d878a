// The first screen's bootstrap: POST /api/first-screen answers the session start exactly as
// POST /users/verify does, and only for a live session the find page's first page (the same page the
// dispenser gives the page itself) and the regions; a private answer no cache keeps. The HTML that asks
// it carries the script under the page's CSP nonce, and nothing of any member.
import { describe, expect, it } from "vitest";
import type { FirstScreenResponse } from "../../worker/contracts/first-screen";
import { post } from "../fixtures/auth";
import { post as dispenserPost, match } from "../fixtures/dispenser";
import { call, createMember, hosts } from "../fixtures/members";

async function firstScreen(body: Record<string, unknown>, host: string = hosts.it) {
  const response = await call("/api/first-screen", { method: "POST", body: JSON.stringify(body), host });
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    json: (await response.json()) as FirstScreenResponse,
  };
}

const find = { page: 1, city: null, seed: "424242" };

describe("POST /api/first-screen", () => {
  it("answers a live member's session and the find page's first page, as the dispenser gives it", async () => {
    const member = await createMember();
    const answer = await firstScreen({ token: member.token, trackerId: member.clickid, find });
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe("private, no-store");
    const verify = (await post("/users/verify", { token: member.token })).json;
    // Each session start marks the member active: lastActivity is the one field that moves between the two.
    const user = verify.user as Record<string, unknown>;
    expect(answer.json.verify).toEqual({ ...verify, user: { ...user, lastActivity: expect.any(String) } });
    expect(answer.json.verify).toMatchObject({ verify: 1, user: { clickid: member.clickid } });
    // The request the find page itself sends first: the member's country, region and search, the stored
    // page, city and seed.
    expect(answer.json.find?.request).toMatchObject({
      country: "it",
      page: 1,
      region: "lombardia",
      city: null,
      premiumLevel: 0,
      trackerId: member.clickid,
      cerco: "donna",
      seed: "424242",
    });
    const own = await dispenserPost("/dispenser", member.token, {
      page: 1,
      region: "lombardia",
      cerco: "donna",
      seed: "424242",
    });
    const page = (await own.json()) as { profili: { id: number }[]; totali: number };
    expect(page.totali).toBeGreaterThan(5);
    expect(answer.json.find?.answer.totali).toBe(page.totali);
    expect(answer.json.find?.answer.profili.map((a) => a.id)).toEqual(page.profili.map((a) => a.id));
    expect(answer.json.regions).toContainEqual({ code: "lombardia", name: "Lombardia" });
  });

  it("answers the stored page and city of the find page, and no find page when none is asked", async () => {
    const member = await createMember();
    const city = await firstScreen({ token: member.token, find: { page: 2, city: "Milano", seed: "7" } });
    expect(city.json.find?.request).toMatchObject({ page: 2, city: "Milano" });
    expect(city.json.find?.answer.city).toBe("Milano");
    const elsewhere = await firstScreen({ token: member.token });
    expect(elsewhere.json.verify.verify).toBe(1);
    expect(elsewhere.json.find).toBeUndefined();
    expect(elsewhere.json.regions?.length).toBeGreaterThan(0);
  });

  it("answers the match page's first stack, as /dispenser/match gives it", async () => {
    const member = await createMember();
    const answer = await firstScreen({ token: member.token, match: true });
    expect(answer.json.find).toBeUndefined();
    expect(answer.json.match?.request).toMatchObject({ country: "it", page: 1, region: "lombardia" });
    const cards = await match(member.token, { page: 1, region: "lombardia" });
    expect(cards.length).toBe(5);
    expect(answer.json.match?.answer.map((a) => a.id)).toEqual(cards.map((a) => a.id));
  });

  it("refuses an ended session at once: after logout nothing of the member's is answered", async () => {
    const member = await createMember();
    expect((await firstScreen({ token: member.token, find })).json.find).toBeDefined();
    expect((await post("/users/logout", {}, { token: member.token })).status).toBe(200);
    const after = await firstScreen({ token: member.token, find, match: true });
    expect(after.status).toBe(200);
    expect(after.cacheControl).toBe("private, no-store");
    expect(after.json).toEqual({ verify: { verify: 0 } });
  });

  it("refuses a disabled account (saying why, as verify does), another brand's host and a forged token", async () => {
    const disabled = await createMember();
    await post("/users/disableProfile", { clickid: disabled.clickid }, { token: disabled.token });
    expect((await firstScreen({ token: disabled.token, find })).json).toEqual({
      verify: { verify: 0, error: "1008" },
    });
    const member = await createMember();
    expect((await firstScreen({ token: member.token, find }, hosts.es)).json).toEqual({
      verify: { verify: 0 },
    });
    const forged = `${member.token.slice(0, -4)}AAAA`;
    expect((await firstScreen({ token: forged, find })).json).toEqual({ verify: { verify: 0 } });
  });

  it("answers bad input with 400 naming the field", async () => {
    const member = await createMember();
    const bad = await call("/api/first-screen", {
      method: "POST",
      body: JSON.stringify({ token: member.token, find: { page: 0, seed: "1" } }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe("find.page");
  });
});

describe("the HTML's bootstrap script", () => {
  it("is in every page under the page's CSP nonce, before the style sheets, with nothing of a member", async () => {
    const member = await createMember();
    const response = await call("/find", { token: member.token });
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    expect(html).toContain(`<script id="first-screen" nonce="${nonce}">`);
    expect(html).toContain('fetch("/api/first-screen"');
    // The same page for everyone: the member's data travels only in the bootstrap's private answer.
    expect(html).not.toContain(member.clickid);
    expect(html).not.toContain(member.token);
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf("<title>"));
  });
});
