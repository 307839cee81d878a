import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { angels } from "../../drizzle/schema/angels";
import type { AngelCard } from "../../worker/contracts/discovery";
import { inDb } from "../fixtures/db";
import { call, createMember } from "../fixtures/members";

type Page = { profili: AngelCard[]; totali: number };

async function dispenser(token: string, body: Record<string, unknown>): Promise<Page> {
  const response = await call("/dispenser", {
    method: "POST",
    token,
    body: JSON.stringify({ country: "it", ...body }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

describe("POST /dispenser", () => {
  it("needs a session", async () => {
    expect(
      (await call("/dispenser", { method: "POST", body: JSON.stringify({ country: "it" }) })).status,
    ).toBe(401);
  });

  it("shows angels of the member's region with the spec's card fields and the real total", async () => {
    const member = await createMember({ region: "lazio" });
    const page = await dispenser(member.token, { region: "lazio", cerco: "donna", seed: "abc", page: 1 });
    const real = await inDb(async (db) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(angels)
        .where(and(eq(angels.country, "it"), eq(angels.region, "lazio"), eq(angels.gender, "donna")));
      return row?.n ?? 0;
    });
    expect(real).toBeGreaterThan(5);
    expect(page.totali).toBe(real);
    expect(page.profili).toHaveLength(5);
    for (const angel of page.profili) {
      expect(angel).toMatchObject({ region: "lazio", gender: "donna", relation: { chat: false } });
      expect(angel.default_photo).toBe(`/photos/default-it/${angel.id}.jpg`);
      for (const key of [
        "id",
        "_id",
        "screenName",
        "about",
        "age",
        "hair_color",
        "height",
        "weight",
        "description",
      ]) {
        expect(angel).toHaveProperty(key);
      }
    }
    const photo = await call(page.profili[0]?.default_photo ?? "");
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
  });

  it("pages through every angel exactly once for one seed, and another seed reorders them", async () => {
    const member = await createMember({ region: "lazio" });
    const first = await dispenser(member.token, { region: "lazio", seed: "seed-1", page: 1 });
    const pages = Math.ceil(first.totali / 5);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      seen.push(
        ...(await dispenser(member.token, { region: "lazio", seed: "seed-1", page })).profili.map(
          (a) => a.id,
        ),
      );
    }
    expect(seen).toHaveLength(first.totali);
    expect(new Set(seen).size).toBe(first.totali);
    const again = await dispenser(member.token, { region: "lazio", seed: "seed-1", page: 1 });
    expect(again.profili.map((a) => a.id)).toEqual(first.profili.map((a) => a.id));
    const other = await dispenser(member.token, { region: "lazio", seed: "seed-2", page: 1 });
    expect(other.profili.map((a) => a.id)).not.toEqual(first.profili.map((a) => a.id));
  });

  it("answers 400 naming the field for bad input", async () => {
    const member = await createMember();
    const response = await call("/dispenser", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({ country: "xx" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { field: "country" } });
  });

  it("GET /dispenser/{id}/{country}/{cerco} finds one angel, or an empty array", async () => {
    const member = await createMember();
    const page = await dispenser(member.token, { region: "lombardia" });
    const id = page.profili[0]?.id;
    const found = (await (await call(`/dispenser/${id}/it/donna`)).json()) as AngelCard[];
    expect(found.map((a) => a.id)).toEqual([id]);
    expect(await (await call(`/dispenser/${id}/es/donna`)).json()).toEqual([]);
    expect(await (await call("/dispenser/99999999/it/donna")).json()).toEqual([]);
  });
});
