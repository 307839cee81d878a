import { type SQL, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { angels } from "../../drizzle/schema/angels";
import type { Db } from "../../worker/core/db";
import {
  excludedFromMatch,
  pageStatement,
  regionTotalStatement,
  seedNumber,
} from "../../worker/discovery/dispenser.service";
import { inDb } from "../fixtures/db";
import { accountOf } from "../fixtures/dispenser";
import { createMember } from "../fixtures/members";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the dispenser's queries", () => {
  /** Every plan node that reads a table or an index, with its type, table and index. */
  function scans(plan: unknown): { type: string; relation?: string; index?: string }[] {
    const out: { type: string; relation?: string; index?: string }[] = [];
    const visit = (node: Record<string, unknown>) => {
      if (typeof node["Relation Name"] === "string" || typeof node["Index Name"] === "string") {
        out.push({
          type: String(node["Node Type"]),
          relation: node["Relation Name"] as string | undefined,
          index: node["Index Name"] as string | undefined,
        });
      }
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
    };
    visit(plan as Record<string, unknown>);
    return out;
  }

  async function explain(db: Db, statement: SQL) {
    const result = await db.execute(sql`explain (format json) ${statement}`);
    const row = result.rows[0] as Record<string, unknown>;
    const plan = row["QUERY PLAN"];
    const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: unknown }[];
    return scans(parsed[0]?.Plan);
  }

  it("reach angels through their indexes (no Seq Scan), at the benchmark's size", async () => {
    const member = await createMember({ region: "lombardia" });
    const account = await accountOf(member);
    const session = {
      accountId: account.id,
      clickid: account.clickid,
      sessionVersion: account.sessionVersion,
      brandId: account.brandId,
    };
    const common = {
      session,
      country: "it",
      gender: null,
      ages: [0, 1000] as [number, number],
      seed: seedNumber("plan"),
    };
    const rollback = new Error("rollback");
    const plans = await inDb((db) =>
      db
        .transaction(async (tx) => {
          // The benchmark's Italian third of 100,000 angels (about 1,700 per region), with statistics, so
          // that the planner chooses as it would there; rolled back afterwards.
          await tx.execute(sql`insert into ${angels} (id, country, region, city, gender, screen_name, about,
              description, age, hair_color, height, weight, shuffle_key)
            select 10000000 + g * 100 + r.n, 'it', r.code, 'City ' || (g % 7), case when g % 10 = 9 then 'uomo' else 'donna' end,
              'Angel', 'about', 'description', 19 + (g * 7 + r.n) % 42, 'brown', 170, 60, (g * 2654435761::bigint % 2147483647)::int
            from generate_series(1, 1700) as g,
              (select code, row_number() over (order by code) as n from regions where country = 'it') as r`);
          await tx.execute(sql`analyze ${angels}`);
          const result = {
            region: await explain(
              tx,
              pageStatement({ ...common, region: "lombardia", city: null, offset: 10, limit: 5 }),
            ),
            city: await explain(
              tx,
              pageStatement({ ...common, region: null, city: "Milano", offset: 0, limit: 5 }),
            ),
            ages: await explain(
              tx,
              pageStatement({
                ...common,
                ages: [30, 40],
                region: "lombardia",
                city: null,
                offset: 0,
                limit: 5,
              }),
            ),
            match: await explain(
              tx,
              pageStatement({
                ...common,
                region: "lombardia",
                city: null,
                offset: 0,
                limit: 5,
                exclude: excludedFromMatch(db, account.id),
              }),
            ),
            total: await explain(tx, regionTotalStatement(session, "it", "lombardia")),
          };
          throw Object.assign(rollback, { result });
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
          return (
            error as Error & { result: Record<string, { type: string; relation?: string; index?: string }[]> }
          ).result;
        }),
    );
    // No sequential scan of angels: each read of it goes through one of its indexes (a Bitmap Heap
    // Scan is driven by a Bitmap Index Scan; with the visibility map set, as after autovacuum, the
    // planner takes the index-only scan instead, README "Benchmark").
    for (const [name, nodes] of Object.entries(plans)) {
      const onAngels = nodes.filter((n) => n.relation === "angels");
      expect(onAngels.length, name).toBeGreaterThan(0);
      expect(
        onAngels.filter((n) => !["Index Scan", "Index Only Scan", "Bitmap Heap Scan"].includes(n.type)),
        `${name}: ${JSON.stringify(nodes)}`,
      ).toEqual([]);
      const indexes = new Set(nodes.map((n) => n.index));
      expect(indexes.has("angels_region_page_idx") || indexes.has("angels_city_page_idx"), name).toBe(true);
    }
    // The candidates come from an index-only scan of the place's index; only the page's rows are read
    // from the table, by primary key.
    for (const name of ["region", "ages", "match"]) {
      expect(plans[name], name).toContainEqual({
        type: "Index Only Scan",
        relation: "angels",
        index: "angels_region_page_idx",
      });
      expect(plans[name], name).toContainEqual({
        type: "Index Scan",
        relation: "angels",
        index: "angels_pkey",
      });
    }
    expect(plans.city).toContainEqual({
      type: "Index Only Scan",
      relation: "angels",
      index: "angels_city_page_idx",
    });
  });
});
