import { env } from "cloudflare:workers";
import { and, between, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { angelPhotoKey } from "../../drizzle/seed-photos";
import type { AngelCard, DispenserResponse } from "../../worker/contracts/discovery";
import { seedNumber, seedOrder } from "../../worker/discovery/page-statement";
import { inDb } from "../fixtures/db";
import { accountOf, countAngels, inItaly, post } from "../fixtures/dispenser";
import { call, createMember, hosts, type TestMember } from "../fixtures/members";

async function dispenser(token: string, body: Record<string, unknown>, host?: string) {
  const response = await post("/dispenser", token, body, host);
  expect(response.status).toBe(200);
  return (await response.json()) as DispenserResponse;
}

/** Every page of a place for one seed, in order. */
async function walk(token: string, body: Record<string, unknown>) {
  const first = await dispenser(token, { ...body, page: 1 });
  const ids = first.profili.map((a) => a.id);
  for (let page = 2; page <= Math.ceil(first.totali / 5); page++) {
    const next = await dispenser(token, { ...body, page });
    expect(next.totali).toBe(first.totali);
    expect(next.profili.length).toBeLessThanOrEqual(5);
    ids.push(...next.profili.map((a) => a.id));
  }
  return { ids, totali: first.totali };
}

const setAccount = (member: TestMember, values: Partial<typeof accounts.$inferInsert>) =>
  inDb((db) => db.update(accounts).set(values).where(eq(accounts.clickid, member.clickid)));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /dispenser", () => {
  it("needs a session", async () => {
    expect((await post("/dispenser", undefined, {})).status).toBe(401);
    expect((await post("/dispenser", "not-a-token", {})).status).toBe(401);
  });

  it("shows angels of the member's region with the spec's card fields and the real total", async () => {
    const member = await createMember({ region: "lazio" });
    const page = await dispenser(member.token, { region: "lazio", cerco: "donna", seed: "abc", page: 1 });
    const real = await countAngels(...inItaly("lazio"));
    expect(real).toBeGreaterThan(5);
    expect(page).toMatchObject({ totali: real, region: "lazio", city: null });
    expect(page.hook).toBeUndefined();
    expect(page.profili).toHaveLength(5);
    for (const angel of page.profili) {
      expect(angel).toMatchObject({ region: "lazio", gender: "donna", relation: { chat: false } });
      expect(angel.default_photo).toBe(`/photos/default-it/${angel.id}.jpg`);
      expect(angel._id).toBe(angel.id.toString(16).padStart(24, "0"));
      expect(Object.keys(angel).sort()).toEqual(
        [
          "_id",
          "about",
          "age",
          "city",
          "default_photo",
          "description",
          "gender",
          "hair_color",
          "height",
          "id",
          "region",
          "relation",
          "screenName",
          "weight",
        ].sort(),
      );
      const [row] = await inDb((db) => db.select().from(angels).where(eq(angels.id, angel.id)));
      expect(angel).toMatchObject({
        screenName: row?.screenName,
        about: row?.about,
        age: row?.age,
        hair_color: row?.hairColor,
        height: row?.height,
        weight: row?.weight,
        description: row?.description,
        city: row?.city,
      });
    }
    // The card's photo address is where the seed stores the angel's portrait (drizzle/seed-photos.ts).
    const first = page.profili[0];
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    await env.PHOTOS.put(angelPhotoKey("it", first?.id ?? 0), jpeg, {
      httpMetadata: { contentType: "image/jpeg" },
    });
    const photo = await call(first?.default_photo ?? "");
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
  });

  it("gives the real total of a city, and only its angels", async () => {
    const member = await createMember({ region: "lombardia" });
    const page = await dispenser(member.token, { city: "Milano" });
    const real = await countAngels(
      eq(angels.country, "it"),
      eq(angels.city, "Milano"),
      eq(angels.gender, "donna"),
    );
    expect(real).toBeGreaterThan(0);
    expect(page).toMatchObject({ totali: real, city: "Milano" });
    expect(page.profili.length).toBe(Math.min(5, real));
    for (const angel of page.profili) expect(angel.city).toBe("Milano");
  });

  it("pages through every angel exactly once for one seed, and another seed reorders them", async () => {
    const member = await createMember({ region: "lazio" });
    const one = await walk(member.token, { region: "lazio", seed: "seed-1" });
    const real = await inDb((db) =>
      db
        .select({ id: angels.id })
        .from(angels)
        .where(and(...inItaly("lazio"))),
    );
    expect(one.totali).toBe(real.length);
    expect(one.ids).toHaveLength(real.length);
    expect(new Set(one.ids).size).toBe(real.length);
    expect([...one.ids].sort((a, b) => a - b)).toEqual(real.map((r) => r.id).sort((a, b) => a - b));
    // The same seed gives the same order again; another seed another order of the same angels.
    expect((await walk(member.token, { region: "lazio", seed: "seed-1" })).ids).toEqual(one.ids);
    const two = await walk(member.token, { region: "lazio", seed: "seed-2" });
    expect(two.ids).not.toEqual(one.ids);
    expect([...two.ids].sort()).toEqual([...one.ids].sort());
    // A page past the end is empty but still carries the total.
    const past = await dispenser(member.token, { region: "lazio", seed: "seed-1", page: 1000 });
    expect(past).toMatchObject({ profili: [], totali: real.length });
  });

  it("covers a place exactly once for every seed, whichever stored order it picks, new angels included", async () => {
    const member = await createMember({ region: "lombardia" });
    await setAccount(member, { premiumLevel: 1 });
    // A region of this test's own, so that adding angels moves no other test's totals.
    const region = `cover_${member.clickid.slice(0, 8)}`;
    const ids = Array.from(
      { length: 23 },
      (_, i) => 90_000_000 + Number.parseInt(member.clickid.slice(0, 6), 16) * 30 + i,
    );
    const angel = (id: number, i: number) => ({
      id,
      country: "it",
      region,
      city: `${region} ${i % 2 ? "nord" : "sud"}`,
      gender: "donna",
      screenName: `Cover ${i}`,
      about: "about",
      description: "description",
      age: 20 + ((i * 7) % 40),
      hairColor: "castani",
      height: 170,
      weight: 60,
      shuffleKey: Math.imul(id, 2654435761) >>> 1,
    });
    await inDb((db) => db.insert(angels).values(ids.map(angel)));
    try {
      // Seeds that pick each of the stored orders, with pivots of their own.
      const seeds = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"];
      expect(new Set(seeds.map((seed) => seedOrder(seedNumber(seed)).order)).size).toBe(4);
      const orders: string[] = [];
      for (const seed of seeds) {
        const walked = await walk(member.token, { region, seed });
        expect(walked.totali, seed).toBe(ids.length);
        expect(
          [...walked.ids].sort((a, b) => a - b),
          seed,
        ).toEqual(ids);
        orders.push(walked.ids.join());
        // A city and a preferred_age range are covered exactly once as well.
        const north = await walk(member.token, { city: `${region} nord`, seed });
        expect(
          [...north.ids].sort((a, b) => a - b),
          seed,
        ).toEqual(ids.filter((_, i) => i % 2));
        const thirties = await walk(member.token, { region, seed, preferred_age: "30-40" });
        const inRange = ids.filter((_, i) => {
          const age = 20 + ((i * 7) % 40);
          return age >= 30 && age <= 40;
        });
        expect(thirties.totali, seed).toBe(inRange.length);
        expect(
          [...thirties.ids].sort((a, b) => a - b),
          seed,
        ).toEqual(inRange);
      }
      expect(new Set(orders).size).toBeGreaterThan(seeds.length / 2);
      // A new angel takes its place in every order and counts in the total at once.
      const newcomer = ids[22] ?? 0;
      await inDb((db) => db.insert(angels).values(angel(newcomer + 1, 22)));
      for (const seed of seeds.slice(0, 4)) {
        const walked = await walk(member.token, { region, seed });
        expect(walked.totali, seed).toBe(ids.length + 1);
        expect(
          [...walked.ids].sort((a, b) => a - b),
          seed,
        ).toEqual([...ids, newcomer + 1]);
      }
      // One moved to another region leaves this one's pages and total.
      await inDb((db) =>
        db
          .update(angels)
          .set({ region: `${region}_away` })
          .where(eq(angels.id, newcomer + 1)),
      );
      expect((await walk(member.token, { region, seed: "s0" })).ids.sort((a, b) => a - b)).toEqual(ids);
      expect(await dispenser(member.token, { region: `${region}_away` })).toMatchObject({ totali: 1 });
    } finally {
      await inDb((db) => db.delete(angels).where(sql`${angels.region} like ${`${region}%`}`));
    }
    expect(await dispenser(member.token, { region })).toMatchObject({ profili: [], totali: 0 });
  });

  it("keeps each preferred_age option within its bounds, both included", async () => {
    const member = await createMember({ region: "lombardia" });
    await setAccount(member, { premiumLevel: 1 });
    // A region with angels aged exactly on a bound, so that an exclusive bound would change the total.
    for (const [option, min, max] of [
      ["20-30", 20, 30],
      ["30-40", 30, 40],
      ["40-60", 40, 60],
      ["60-90", 60, 90],
    ] as const) {
      const [edge] = await inDb((db) =>
        db
          .select({ region: angels.region })
          .from(angels)
          .where(
            and(eq(angels.country, "it"), eq(angels.gender, "donna"), sql`${angels.age} in (${min}, ${max})`),
          )
          .limit(1),
      );
      expect(edge, `an angel aged ${min} or ${max}`).toBeDefined();
      const region = edge?.region ?? "";
      const { ids, totali } = await walk(member.token, { region, preferred_age: option, seed: "ages" });
      expect(totali).toBe(await countAngels(...inItaly(region), between(angels.age, min, max)));
      expect(ids).toHaveLength(totali);
      const ages = await inDb((db) =>
        db
          .select({ age: angels.age })
          .from(angels)
          .where(sql`${angels.id} in ${ids.length ? ids : [0]}`),
      );
      for (const { age } of ages) {
        expect(age).toBeGreaterThanOrEqual(min);
        expect(age).toBeLessThanOrEqual(max);
      }
    }
  });

  it("shows the gender the member seeks: cerco, else the member's own", async () => {
    const member = await createMember({ region: "veneto", cerco: "uomo" });
    const men = await dispenser(member.token, { region: "veneto" });
    expect(men.totali).toBe(await countAngels(...inItaly("veneto", "uomo")));
    expect(men.totali).toBeGreaterThan(0);
    for (const angel of men.profili) expect(angel.gender).toBe("uomo");
    const women = await dispenser(member.token, { region: "veneto", cerco: "donna" });
    expect(women.totali).toBe(await countAngels(...inItaly("veneto", "donna")));
    for (const angel of women.profili) expect(angel.gender).toBe("donna");
  });

  it("never shows another brand's country", async () => {
    const italian = await createMember({ region: "lombardia" });
    await setAccount(italian, { premiumLevel: 2 });
    // A region of Spain asked on the Italian brand, and the Spanish country named there: nothing.
    expect(await dispenser(italian.token, { region: "andalucia" })).toMatchObject({ profili: [], totali: 0 });
    expect(await dispenser(italian.token, { country: "es", region: "andalucia" })).toMatchObject({
      profili: [],
      totali: 0,
    });
    const spaniard = await createMember({ region: "andalucia" }, hosts.es);
    const page = await dispenser(spaniard.token, { country: "es", region: "andalucia" }, hosts.es);
    expect(page.totali).toBe(
      await countAngels(eq(angels.country, "es"), eq(angels.region, "andalucia"), eq(angels.gender, "donna")),
    );
    const ids = page.profili.map((a) => a.id);
    const countries = await inDb((db) =>
      db.selectDistinct({ country: angels.country }).from(angels).where(sql`${angels.id} in ${ids}`),
    );
    expect(countries).toEqual([{ country: "es" }]);
    for (const angel of page.profili) expect(angel.default_photo).toMatch(/-es\//);
  });

  it("gives an empty page and totali 0 for an unknown region or city", async () => {
    const member = await createMember({ region: "lombardia" });
    await setAccount(member, { premiumLevel: 1 });
    expect(await dispenser(member.token, { region: "atlantide" })).toMatchObject({ profili: [], totali: 0 });
    expect(await dispenser(member.token, { city: "Nowhere" })).toMatchObject({ profili: [], totali: 0 });
  });

  it("lets a free member see only their own region (or a city of it); a paid member any region", async () => {
    const member = await createMember({ region: "lombardia" });
    const lombardia = await countAngels(...inItaly("lombardia"));
    // Free: another region serves their own, with the cambia_regione hook.
    const refused = await dispenser(member.token, { region: "lazio" });
    expect(refused).toMatchObject({ region: "lombardia", totali: lombardia, hook: "cambia_regione" });
    for (const angel of refused.profili) expect(angel.region).toBe("lombardia");
    expect(await dispenser(member.token, { city: "Roma" })).toMatchObject({
      region: "lombardia",
      city: null,
      hook: "cambia_regione",
    });
    // Their own region, or a city in it, is served as asked; nothing asked is their own region.
    expect((await dispenser(member.token, { region: "lombardia" })).hook).toBeUndefined();
    const milano = await dispenser(member.token, { city: "Milano" });
    expect(milano).toMatchObject({ city: "Milano" });
    expect(milano.hook).toBeUndefined();
    expect(await dispenser(member.token, {})).toMatchObject({ region: "lombardia", totali: lombardia });
    // The request's premiumLevel is not believed.
    expect(await dispenser(member.token, { region: "lazio", premiumLevel: 2 })).toMatchObject({
      region: "lombardia",
      hook: "cambia_regione",
    });
    // Paid: other regions ("other regions" of the spec's roles: any region of the brand's country).
    await setAccount(member, { premiumLevel: 1 });
    const lazio = await dispenser(member.token, { region: "lazio" });
    expect(lazio).toMatchObject({ region: "lazio", totali: await countAngels(...inItaly("lazio")) });
    expect(lazio.hook).toBeUndefined();
    for (const angel of lazio.profili) expect(angel.region).toBe("lazio");
    // A member without a region yet gets the one asked; with no place at all, an empty page.
    await setAccount(member, { premiumLevel: 0, region: null });
    expect(await dispenser(member.token, { region: "lazio" })).toMatchObject({ region: "lazio" });
    expect(await dispenser(member.token, {})).toMatchObject({ profili: [], totali: 0, region: null });
  });

  it("marks the angels the member has chatted with", async () => {
    const member = await createMember({ region: "toscana" });
    const page = await dispenser(member.token, { region: "toscana", seed: "chat" });
    const angel = page.profili[0];
    if (!angel) throw new Error("no angel");
    const account = await accountOf(member);
    await inDb((db) =>
      db.insert(messages).values({
        accountId: account.id,
        angelId: angel.id,
        type: "personal",
        msg: "Ciao",
        time: new Date(),
      }),
    );
    const again = await dispenser(member.token, { region: "toscana", seed: "chat" });
    expect(again.profili.map((a) => [a.id, a.relation.chat])).toEqual(
      page.profili.map((a) => [a.id, a.id === angel.id]),
    );
  });

  it("refuses an ended session at once: logout, a password change, a disabled profile", async () => {
    const ended = async (member: TestMember) => {
      expect((await post("/dispenser", member.token, { region: "lombardia" })).status).toBe(401);
      expect((await post("/dispenser/match", member.token, { region: "lombardia" })).status).toBe(401);
      expect((await post("/dispenser/totalRegion", member.token, { region: "lombardia" })).status).toBe(401);
    };
    const a = await createMember();
    await dispenser(a.token, {});
    expect((await call("/users/logout", { method: "POST", token: a.token })).status).toBe(200);
    await ended(a);
    const b = await createMember();
    await dispenser(b.token, {});
    // What a password change does to earlier sessions (worker/auth/recovery.service.ts).
    await inDb((db) =>
      db
        .update(accounts)
        .set({ sessionVersion: sql`${accounts.sessionVersion} + 1` })
        .where(eq(accounts.clickid, b.clickid)),
    );
    await ended(b);
    const c = await createMember();
    await dispenser(c.token, {});
    const disabled = await call("/users/disableProfile", {
      method: "POST",
      token: c.token,
      body: JSON.stringify({ clickid: c.clickid }),
    });
    expect(disabled.status).toBe(200);
    await ended(c);
  });

  it("answers 400 naming the field for bad input", async () => {
    const member = await createMember();
    for (const [body, field] of [
      [{ country: "xx" }, "country"],
      [{ page: 0 }, "page"],
      [{ preferred_age: "18-99" }, "preferred_age"],
      [{ cerco: "altro" }, "cerco"],
    ] as const) {
      const response = await post("/dispenser", member.token, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { field } });
    }
  });
});

describe("POST /dispenser/totalRegion", () => {
  it("gives the real number of angels of the member's cerco in a region", async () => {
    const member = await createMember({ region: "lombardia" });
    const total = async (body: Record<string, unknown>) => {
      const response = await post("/dispenser/totalRegion", member.token, body);
      expect(response.status).toBe(200);
      return ((await response.json()) as { totali: number }).totali;
    };
    expect(await total({ region: "sicilia" })).toBe(await countAngels(...inItaly("sicilia")));
    expect(await total({ region: "sicilia" })).toBeGreaterThan(0);
    expect(await total({ region: "atlantide" })).toBe(0);
    expect(await total({ country: "es", region: "andalucia" })).toBe(0);
    await setAccount(member, { seeking: "uomo" });
    expect(await total({ region: "sicilia" })).toBe(await countAngels(...inItaly("sicilia", "uomo")));
    expect((await post("/dispenser/totalRegion", undefined, { region: "sicilia" })).status).toBe(401);
    expect((await post("/dispenser/totalRegion", member.token, {})).status).toBe(400);
  });
});

describe("GET /dispenser/{angelId}/{country}/{cerco}", () => {
  it("finds one angel of the brand's country, or an empty array", async () => {
    const member = await createMember({ region: "lombardia" });
    const page = await dispenser(member.token, { region: "lombardia" });
    const id = page.profili[0]?.id;
    const found = (await (await call(`/dispenser/${id}/it/donna`)).json()) as AngelCard[];
    expect(found).toEqual([page.profili[0] && { ...page.profili[0], relation: { chat: false } }]);
    expect(await (await call(`/dispenser/${id}/es/donna`)).json()).toEqual([]);
    expect(await (await call(`/dispenser/${id}/it/uomo`)).json()).toEqual([]);
    expect(await (await call("/dispenser/99999999/it/donna")).json()).toEqual([]);
    // A Spanish angel is not found on the Italian brand, even with its own country in the path.
    const [spanish] = await inDb((db) =>
      db
        .select()
        .from(angels)
        .where(and(eq(angels.country, "es"), eq(angels.gender, "donna")))
        .limit(1),
    );
    expect(await (await call(`/dispenser/${spanish?.id}/es/donna`)).json()).toEqual([]);
    const onSpanishBrand = (await (
      await call(`/dispenser/${spanish?.id}/es/donna`, { host: hosts.es })
    ).json()) as AngelCard[];
    expect(onSpanishBrand.map((a) => a.id)).toEqual([spanish?.id]);
  });
});
