import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cities, foldCityText, regions } from "../../drizzle/schema/geo";
import type { City } from "../../worker/contracts/discovery";
import { inDb } from "../fixtures/db";
import { call, hosts } from "../fixtures/members";

async function getJson<T>(path: string, host?: string) {
  const response = await call(path, { host });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const suggest = (country: string, text: string) =>
  getJson<City[]>(`/api/get/city/${country}/${encodeURIComponent(text)}`);

describe("GET /api/get/regions/{country}", () => {
  it("lists a country's regions by name, with their codes", async () => {
    const list = await getJson<{ code: string; name: string }[]>("/api/get/regions/it");
    const real = await inDb((db) => db.select().from(regions).where(eq(regions.country, "it")));
    expect(list).toHaveLength(real.length);
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(list).toContainEqual({ code: "lombardia", name: "Lombardia" });
    expect(list.map((r) => r.name)).toEqual([...list.map((r) => r.name)].sort((a, b) => (a < b ? -1 : 1)));
    expect((await call("/api/get/regions/xx")).status).toBe(400);
  });
});

describe("GET /api/get/cities/{country}", () => {
  it("lists every city with city_title, state_title (its region's name) and its region's code", async () => {
    const list = await getJson<City[]>("/api/get/cities/es", hosts.es);
    const [real] = await inDb((db) =>
      db.select({ n: sql<number>`count(*)::int` }).from(cities).where(eq(cities.country, "es")),
    );
    expect(list).toHaveLength(real?.n ?? -1);
    expect(list).toContainEqual({
      city_title: "Málaga",
      state_title: "Andalucía",
      region: "andalucia",
      province: "Málaga",
    });
    for (const city of list)
      expect(Object.keys(city).sort()).toEqual(["city_title", "province", "region", "state_title"]);
    expect((await call("/api/get/cities/xx")).status).toBe(400);
  });
});

describe("GET /api/get/city/{country}/{text}", () => {
  it("needs at least 3 characters", async () => {
    for (const text of ["mi", "  mi  ", "é"]) {
      const response = await call(`/api/get/city/it/${encodeURIComponent(text)}`);
      expect(response.status, text).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_input", field: "text" } });
    }
    expect((await call("/api/get/city/it/mil")).status).toBe(200);
  });

  it("ignores case and accents, both in the text and in the names", async () => {
    for (const text of ["mala", "MALA", "Mála", "MÁLAGA", "málaga"]) {
      expect((await suggest("es", text))[0], text).toMatchObject({
        city_title: "Málaga",
        region: "andalucia",
      });
    }
    expect((await suggest("es", "avila")).map((c) => c.city_title)).toContain("Ávila");
    expect((await suggest("es", "coruna")).map((c) => c.city_title)).toContain("A Coruña");
    expect((await suggest("it", "MILANO"))[0]).toMatchObject({
      city_title: "Milano",
      state_title: "Lombardia",
      region: "lombardia",
    });
    // Apostrophes fold to a space, so L'Aquila is found by its name, with or without the apostrophe.
    for (const text of ["l'aq", "l aq", "aquila"]) {
      expect(
        (await suggest("it", text)).map((c) => c.city_title),
        text,
      ).toContain("L'Aquila");
    }
    // Wildcards are taken literally.
    expect(await suggest("it", "%%%")).toEqual([]);
    expect(await suggest("it", "___")).toEqual([]);
  });

  it("puts names starting with the text first, then words starting with it, then the rest; at most 10", async () => {
    const all = await inDb((db) => db.select().from(cities).where(eq(cities.country, "it")));
    const rank = (name: string, text: string) => {
      const folded = foldCityText(name);
      if (folded.startsWith(text)) return 0;
      if (folded.includes(` ${text}`)) return 1;
      return folded.includes(text) ? 2 : -1;
    };
    const expected = (text: string) =>
      all
        .filter((c) => rank(c.name, text) >= 0)
        .sort(
          (a, b) =>
            rank(a.name, text) - rank(b.name, text) ||
            a.name.length - b.name.length ||
            (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
        )
        .map((c) => c.name);
    // "ter" and "san" start names, start a later word and sit inside names; "ano" is in more than 10.
    for (const text of ["ter", "san"]) {
      expect(new Set(all.map((c) => rank(c.name, text)).filter((r) => r >= 0)), text).toEqual(
        new Set([0, 1, 2]),
      );
    }
    expect(expected("ano").length).toBeGreaterThan(10);
    for (const text of ["ter", "san", "ano"]) {
      expect(
        (await suggest("it", text)).map((c) => c.city_title),
        text,
      ).toEqual(expected(text).slice(0, 10));
    }
    expect(await suggest("it", "ano")).toHaveLength(10);
    // Fewer matches than the limit: all of them, best first.
    const roma = await suggest("it", "roma");
    expect(roma[0]?.city_title).toBe("Roma");
    expect(roma.length).toBe(all.filter((c) => rank(c.name, "roma") >= 0).length);
  });

  it("searches only the country asked", async () => {
    expect(await suggest("it", "malaga")).toEqual([]);
    expect((await suggest("en", "lond"))[0]).toMatchObject({ city_title: "London", region: "london" });
  });
});

describe("the API document", () => {
  it("describes the dispenser and geo routes", async () => {
    const doc = (await getJson<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json"))
      .paths;
    for (const [path, method] of [
      ["/dispenser", "post"],
      ["/dispenser/match", "post"],
      ["/dispenser/totalRegion", "post"],
      ["/dispenser/{angelId}/{country}/{cerco}", "get"],
      ["/api/get/regions/{country}", "get"],
      ["/api/get/cities/{country}", "get"],
      ["/api/get/city/{country}/{text}", "get"],
    ] as const) {
      expect(doc[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const body = JSON.stringify(doc["/dispenser"]);
    for (const field of [
      "country",
      "page",
      "vertical",
      "region",
      "city",
      "premiumLevel",
      "trackerId",
      "remarketing_clickid",
      "cerco",
      "preferred_age",
      "seed",
    ]) {
      expect(body).toContain(`"${field}"`);
    }
  });
});
