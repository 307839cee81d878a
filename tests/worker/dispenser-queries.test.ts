import { type SQL, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import type { Db } from "../../worker/core/db";
import {
  pageFunction,
  pageFunctions,
  pageParams,
  preparedPage,
  regionTotalStatement,
} from "../../worker/discovery/dispenser.service";
import { type pageStatement, seedNumber, seedOrder } from "../../worker/discovery/page-statement";
import { inDb } from "../fixtures/db";
import { accountOf } from "../fixtures/dispenser";
import { createMember } from "../fixtures/members";
import { expectStoredAsBuilt } from "../fixtures/statement-functions";

afterEach(() => {
  vi.restoreAllMocks();
});

/** One node of a plan that read a relation or sorted rows, with what EXPLAIN ANALYZE counted. */
interface PlanNode {
  type: string;
  relation?: string;
  index?: string;
  /** Rows the node returned over all its loops. */
  rows: number;
  /** For a Sort: the rows it was given to sort. */
  sorted?: number;
}

/** Every plan node that reads a table or an index, or sorts. */
function nodesOf(plan: unknown): PlanNode[] {
  const out: PlanNode[] = [];
  const rowsOf = (node: Record<string, unknown>) =>
    Number(node["Actual Rows"] ?? 0) * Number(node["Actual Loops"] ?? 1);
  const visit = (node: Record<string, unknown>) => {
    const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
    if (typeof node["Relation Name"] === "string" || typeof node["Index Name"] === "string") {
      out.push({
        type: String(node["Node Type"]),
        relation: node["Relation Name"] as string | undefined,
        index: node["Index Name"] as string | undefined,
        rows: rowsOf(node),
      });
    }
    if (node["Node Type"] === "Sort") {
      out.push({ type: "Sort", rows: rowsOf(node), sorted: children.reduce((n, c) => n + rowsOf(c), 0) });
    }
    for (const child of children) visit(child);
  };
  visit(plan as Record<string, unknown>);
  return out;
}

/** The plan as run (EXPLAIN ANALYZE), with the shared buffers it touched. */
async function explain(db: Db, statement: SQL) {
  const result = await db.execute(sql`explain (analyze, buffers, format json) ${statement}`);
  const row = result.rows[0] as Record<string, unknown>;
  const plan = row["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
  const top = parsed[0]?.Plan ?? {};
  return {
    nodes: nodesOf(top),
    buffers: Number(top["Shared Hit Blocks"] ?? 0) + Number(top["Shared Read Blocks"] ?? 0),
  };
}

/** A value written into the test's own EXECUTE (numbers, null and the test's fixed texts only). */
const literal = (value: unknown) =>
  value === null
    ? "null"
    : typeof value === "number"
      ? String(value)
      : `'${String(value).replaceAll("'", "''")}'`;

/**
 * The plan the page's function runs (it keeps its statement's generic plan, made without the values), as
 * run with these values: the same text prepared with the function's parameter types and executed.
 */
async function explainFunction(db: Db, q: Parameters<typeof pageStatement>[0]) {
  const shape = [seedOrder(q.seed).order, q.excludeSeen ?? false, q.city !== null] as const;
  const f = pageFunction(...shape);
  await db.execute(sql.raw(`prepare page_plan (${f.argTypes.join(", ")}) as ${preparedPage(...shape).text}`));
  try {
    await db.execute(sql`set local plan_cache_mode = force_generic_plan`);
    return await explain(db, sql.raw(`execute page_plan (${pageParams(q).map(literal).join(", ")})`));
  } finally {
    await db.execute(sql`deallocate page_plan`);
  }
}

const SIZES = [300, 5000] as const;
type Plans = Record<string, Awaited<ReturnType<typeof explain>>>;

describe("the dispenser's queries", () => {
  it("read a page and its total without sorting the region: the same work at 300 and 5,000 angels per region", async () => {
    const member = await createMember({ region: "lombardia" });
    const account = await accountOf(member);
    const session = {
      accountId: account.id,
      clickid: account.clickid,
      sessionVersion: account.sessionVersion,
      brandId: account.brandId,
    };
    const page3 = { offset: 10, limit: 5 };
    const reach = page3.offset + page3.limit;
    const rollback = new Error("rollback");
    const plans = await inDb((db) =>
      db
        .transaction(async (tx) => {
          // A paid member (any region), and two regions of 300 and 5,000 angels of the member's cerco over
          // 10 cities each, beside the seed's, with statistics and the visibility map as after autovacuum;
          // rolled back afterwards.
          await tx.execute(sql`update ${accounts} set premium_level = 1 where id = ${account.id}`);
          for (const size of SIZES) {
            await tx.execute(sql`insert into ${angels} (id, country, region, city, gender, screen_name, about,
                description, age, hair_color, height, weight, shuffle_key)
              select ${size} * 10000 + g, 'it', 'plan_' || ${size}::int, 'plan_' || ${size}::int || ' city ' || (g % 10),
                'donna', 'Angel', 'about', 'description', 19 + (g * 7) % 42, 'castani', 170, 60,
                (g * 2654435761::bigint % 2147483647)::int
              from generate_series(1, ${size}::int) as g`);
          }
          await tx.execute(sql`analyze ${angels}`);
          const out: Plans = {};
          for (const size of SIZES) {
            const common = {
              session,
              country: "it",
              gender: null,
              ages: [0, 1000] as [number, number],
              seed: seedNumber("plan"),
              ...page3,
            };
            const region = `plan_${size}`;
            out[`region ${size}`] = await explainFunction(tx, { ...common, region, city: null });
            out[`city ${size}`] = await explainFunction(tx, {
              ...common,
              region: null,
              city: `${region} city 3`,
            });
            out[`ages ${size}`] = await explainFunction(tx, {
              ...common,
              ages: [30, 40],
              region,
              city: null,
            });
            out[`match ${size}`] = await explainFunction(tx, {
              ...common,
              region,
              city: null,
              excludeSeen: true,
            });
            out[`total ${size}`] = await explain(tx, regionTotalStatement(session, "it", region));
          }
          throw Object.assign(rollback, { result: out });
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
          return (error as Error & { result: Plans }).result;
        }),
    );
    for (const [name, { nodes }] of Object.entries(plans)) {
      const onAngels = nodes.filter((n) => n.relation === "angels");
      // No sequential scan of angels: each read of it goes through one of its indexes.
      expect(
        onAngels.filter((n) => !["Index Scan", "Index Only Scan"].includes(n.type)),
        `${name}: ${JSON.stringify(nodes)}`,
      ).toEqual([]);
      // No sort of the place: a sort, if any, orders at most the rows the page's range scans stopped at.
      for (const sort of nodes.filter((n) => n.type === "Sort"))
        expect(sort.sorted, `${name}: ${JSON.stringify(nodes)}`).toBeLessThanOrEqual(2 * reach);
      if (name.startsWith("total")) {
        // The total is a sum of the counts table's rows: no angel is read.
        expect(onAngels, name).toEqual([]);
        continue;
      }
      // The page comes from range scans of one stored order's index, read in order and stopped after the
      // page: at most offset + limit rows each, whatever the region holds; then the page's 5 rows by key.
      const ranges = onAngels.filter((n) => n.index?.match(/^angels_(region|city)_order\d_idx$/));
      expect(ranges.length, `${name}: ${JSON.stringify(nodes)}`).toBeGreaterThan(0);
      expect(
        ranges.reduce((n, r) => n + r.rows, 0),
        `${name}: ${JSON.stringify(nodes)}`,
      ).toBeLessThanOrEqual(reach);
      expect(onAngels.find((n) => n.index === "angels_pkey")?.rows, name).toBe(5);
    }
    // Flat: the buffers a statement touches at 5,000 angels per region stay about those at 300, where a sort
    // of the region would touch about 17 times as many. (Not exactly the same: the rows of this rolled-back
    // transaction are not all-visible, so each row read visits the table, and the larger region's rows lie
    // on more pages; a b-tree level more.)
    for (const kind of ["region", "city", "ages", "match", "total"]) {
      const small = plans[`${kind} 300`]?.buffers ?? 0;
      const large = plans[`${kind} 5000`]?.buffers ?? 0;
      expect(small, kind).toBeGreaterThan(0);
      expect(large, `${kind}: ${small} buffers at 300, ${large} at 5,000`).toBeLessThanOrEqual(small * 1.5);
    }
  });

  it("runs each shape's page through its function, which is the statement as built now", async () => {
    const { rows } = await inDb((db) =>
      db.execute(sql`select count(*)::int as n from pg_proc where proname like 'dispenser_page_%'`),
    );
    expect(rows[0]?.n).toBe(pageFunctions().length);
    await expectStoredAsBuilt(pageFunctions());
  });
});
