// The local-only dev route that sets a member's premiumLevel (for the end-to-end tests of paid members).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { createApp } from "../../worker/app";
import { inDb } from "../fixtures/db";
import { call, createMember } from "../fixtures/members";

const premiumOf = (clickid: string) =>
  inDb(async (db) => {
    const [row] = await db
      .select({ premiumLevel: accounts.premiumLevel })
      .from(accounts)
      .where(eq(accounts.clickid, clickid));
    return row?.premiumLevel;
  });

const setPremium = (clickid: string, body: unknown) =>
  call(`/dev/members/${clickid}/premium`, { method: "POST", body: JSON.stringify(body) });

describe("POST /dev/members/{clickid}/premium", () => {
  it("sets the level locally, and the dispenser then serves another region", async () => {
    const member = await createMember();
    expect(await premiumOf(member.clickid)).toBe(0);
    const response = await setPremium(member.clickid, { premiumLevel: 2 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ clickid: member.clickid, premiumLevel: 2 });
    expect(await premiumOf(member.clickid)).toBe(2);

    const page = await call("/dispenser", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({ country: "it", page: 1, region: "lazio" }),
    });
    const body = (await page.json()) as { region: string; hook?: string };
    expect(body.region).toBe("lazio");
    expect(body.hook).toBeUndefined();

    expect((await setPremium(member.clickid, { premiumLevel: 0 })).status).toBe(200);
    expect(await premiumOf(member.clickid)).toBe(0);
  });

  it("refuses a level outside 0-2 and answers 404 for an unknown member", async () => {
    const member = await createMember();
    expect((await setPremium(member.clickid, { premiumLevel: 3 })).status).toBe(400);
    expect((await setPremium(member.clickid, { premiumLevel: "1" })).status).toBe(400);
    expect(await premiumOf(member.clickid)).toBe(0);
    expect((await setPremium("no-such-member", { premiumLevel: 1 })).status).toBe(404);
  });

  it("is 404 in production and changes nothing", async () => {
    const member = await createMember();
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request(`http://amoreitalia.example/dev/members/${member.clickid}/premium`, {
        method: "POST",
        headers: { host: "amoreitalia.example", "content-type": "application/json" },
        body: JSON.stringify({ premiumLevel: 2 }),
      }),
      { ...env, APP_ENV: "production" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
    expect(await premiumOf(member.clickid)).toBe(0);
  });
});
