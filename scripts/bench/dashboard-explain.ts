// `npx tsx scripts/bench/dashboard-explain.ts [--keep]`: the console dashboard's statement under EXPLAIN
// (ANALYZE, BUFFERS) on the benchmark's data (scripts/bench/dashboard-load.ts: 1,000,000 events, 100,000
// payments), for the views `npm run bench` times: the last 30 days, 365 days, 365 days of one brand and source.
// Runs on a scratch database of the PostgreSQL server of DATABASE_URL (127.0.0.1:5432 by default), dropped at
// the end unless --keep (then it prints its URL, and a second run with DASHBOARD_EXPLAIN_URL reuses it).
import { PgDialect } from "drizzle-orm/pg-core";
import { seed } from "../../drizzle/seed.ts";
import { brandIds } from "../../worker/brands/registry.ts";
import { type DashboardFilter, dashboardStatement } from "../../worker/ops/dashboard.service.ts";
import { createScratchDatabase, withClient } from "../local-db.ts";
import { applyMigrations } from "../migrate.ts";
import { makeDashboardData } from "./dashboard-load.ts";

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const views: Record<string, DashboardFilter> = {
  "last 30 days": { from: day(29), to: day(0), brands: [...brandIds], flux: null, source: null, step: "day" },
  "365 days": { from: day(365), to: day(0), brands: [...brandIds], flux: null, source: null, step: "week" },
  "365 days, one brand and source": {
    from: day(365),
    to: day(0),
    brands: ["amoreitalia"],
    flux: null,
    source: "google",
    step: "week",
  },
};

const keep = process.argv.includes("--keep");
const reused = process.env.DASHBOARD_EXPLAIN_URL;
const scratch = reused
  ? null
  : await createScratchDatabase(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const url = reused ?? scratch?.url ?? "";
try {
  if (scratch) {
    await applyMigrations(url);
    await withClient(url, (client) => seed(client, 1000));
    await makeDashboardData(url);
  }
  await withClient(url, async (client) => {
    for (const [title, filter] of Object.entries(views)) {
      const query = new PgDialect().sqlToQuery(dashboardStatement(filter));
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `explain (analyze, buffers) ${query.sql}`,
        query.params,
      );
      console.log(`\n== ${title}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
  });
} finally {
  if (keep && scratch) console.log(`\nkept: DASHBOARD_EXPLAIN_URL=${url}`);
  else await scratch?.drop();
}
