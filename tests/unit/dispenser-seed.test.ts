import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { pageParams, preparedPage } from "../../worker/discovery/dispenser.service";
import { pageStatement, seedNumber, seedOrder } from "../../worker/discovery/page-statement";

describe("the dispenser seed", () => {
  it("maps a seed to the same 31-bit number every time, and different seeds apart", () => {
    expect(seedNumber("abc")).toBe(seedNumber("abc"));
    expect(seedNumber("abc")).not.toBe(seedNumber("abc "));
    for (const seed of ["", "0", "123456789", 42]) {
      const n = seedNumber(seed);
      expect(Number.isInteger(n) && n >= 0 && n < 2 ** 31).toBe(true);
    }
  });

  it("spreads seeds over the four stored orders and over pivots across the whole rank range", () => {
    const picked = Array.from({ length: 400 }, (_, i) => seedOrder(seedNumber(`seed-${i}`)));
    for (const order of [0, 1, 2, 3])
      expect(picked.filter((p) => p.order === order).length).toBeGreaterThan(60);
    const pivots = picked.map((p) => p.pivot);
    expect(Math.min(...pivots)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...pivots)).toBeLessThan(2 ** 31);
    // Each eighth of the range holds some pivots: a page 1 may start anywhere in the order.
    for (let eighth = 0; eighth < 8; eighth++)
      expect(
        pivots.some((p) => Math.floor(p / 2 ** 28) === eighth),
        `eighth ${eighth}`,
      ).toBe(true);
  });

  it("runs, from the text built once per stored order, the statement a call would build with its values", () => {
    const dialect = new PgDialect();
    for (const [seed, excludeSeen, city] of [
      ["a", false, null],
      ["b", true, null],
      ["c", false, "Roma"],
      ["d", true, "Roma"],
    ] as const) {
      const q = {
        session: { accountId: 7, clickid: "x", sessionVersion: 3, brandId: "amoreitalia" },
        country: "it",
        region: "lazio",
        city,
        gender: null,
        ages: [30, 40] as [number, number],
        seed: seedNumber(seed),
        offset: 10,
        limit: 5,
        excludeSeen,
      };
      const built = dialect.sqlToQuery(pageStatement(q));
      expect(preparedPage(seedOrder(q.seed).order, excludeSeen, city !== null).text).toBe(built.sql);
      expect(pageParams(q)).toEqual(built.params);
    }
  });
});
