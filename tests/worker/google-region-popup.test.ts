// The set-region popup's PUT /api/users/{clickid}, for a member who signed up with Google and so gave no
// region.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { inDb } from "../fixtures/db";
import { googleEmail, type Json, signInWithGoogle, verify } from "../fixtures/google-sign-in";
import { call, createMember } from "../fixtures/members";

describe("PUT /api/users/{clickid}: the set-region popup", () => {
  const put = async (clickid: string, body: unknown, token?: string) => {
    const response = await call(`/api/users/${clickid}`, {
      method: "PUT",
      body: JSON.stringify(body),
      token,
    });
    return { status: response.status, json: (await response.json()) as Json };
  };

  it("sets the region and city of a new Google member", async () => {
    const { json: session } = await signInWithGoogle(googleEmail());
    const clickid = session.clickid as string;
    const token = session.token as string;
    const { status, json } = await put(clickid, { region: "lombardia", city: "milano" }, token);
    expect(status).toBe(200);
    expect(json).toMatchObject({ result: "OK", user: { clickid, region: "lombardia", city: "Milano" } });
    const row = await inDb(
      async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, clickid)))[0],
    );
    expect(row).toMatchObject({ region: "lombardia", city: "Milano", province: "Milano" });
    // A new region without a city drops the old region's city.
    expect((await put(clickid, { region: "abruzzo" }, token)).json).toMatchObject({
      user: { region: "abruzzo", city: null },
    });
    expect(await verify(token)).toMatchObject({ verify: 1, region: "abruzzo" });
  });

  it("refuses an unknown region, another country's region and a city of another region", async () => {
    const member = await createMember();
    for (const region of ["atlantide", "andalucia"]) {
      const { status, json } = await put(member.clickid, { region }, member.token);
      expect(status).toBe(400);
      expect(json).toMatchObject({ error: { field: "region", messageKey: "errore_citta" } });
    }
    const city = await put(member.clickid, { region: "lombardia", city: "Pescara" }, member.token);
    expect(city.status).toBe(400);
    expect(city.json).toMatchObject({ error: { field: "city" } });
    const wrongType = await put(member.clickid, { region: 7 }, member.token);
    expect(wrongType.json).toMatchObject({ error: { field: "region" } });
    const row = await inDb(
      async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, member.clickid)))[0],
    );
    expect(row?.region).toBe("lombardia");
  });

  it("refuses another member's clickid with 403 and a call without a token with 401", async () => {
    const member = await createMember();
    const other = await createMember();
    const foreign = await put(other.clickid, { region: "abruzzo" }, member.token);
    expect(foreign.status).toBe(403);
    expect(foreign.json).toMatchObject({ error: { code: "forbidden" } });
    expect((await put(member.clickid, { region: "abruzzo" })).status).toBe(401);
    const row = await inDb(
      async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, other.clickid)))[0],
    );
    expect(row?.region).toBe("lombardia");
  });
});
