// The console dashboard over a year of a busy business: 1,000,000 events (200,000 sign-ups across the three
// brands, four flows and five sources, a third of them phone-verified, and 800,000 members' messages) and
// 100,000 payments (a fifth of them renewals, 5,000 failed renewals, half the paid ones after a failure, 3,000 refunds and
// 1,000 chargebacks),
// made in SQL with generate_series, then summed into the rollups by the migration's own dashboard_rebuild().
// GET /ops/api/dashboard (one statement over the rollups) is timed one request at a time against the database
// floor (the bare handler plus `select $1`) in the same run: p50, p99 and the CPU per request.
import { withClient } from "../local-db.ts";
import { base, HOST, SECONDS } from "./bench.config.ts";
import { percentile } from "./percentile.ts";
import { cpuPerRequest, cpuSnapshot } from "./process-stats.ts";

export const DASHBOARD_SIGNUPS = 200_000;
export const DASHBOARD_MESSAGES = 800_000;
export const DASHBOARD_PAYMENTS = 100_000;

/** The raw tables' rows, with the triggers off for the bulk load (the rebuild sums them afterwards). */
export async function makeDashboardData(databaseUrl: string) {
  const t0 = performance.now();
  await withClient(databaseUrl, async (client) => {
    // A bulk load: the database's default statement timeout (5 s, for the Worker's requests) is lifted here.
    await client.query("set statement_timeout = 0");
    await client.query("set session_replication_role = replica");
    await client.query(`
      insert into accounts (clickid, brand_id, email, country, sono, cerco, flux_id, source, phone, created_at)
      select 'bench-dash-' || i,
        (array['amoreitalia', 'amorespana', 'lovechat'])[1 + i % 3],
        'dash' || i || '@bench.example',
        (array['it', 'es', 'en'])[1 + i % 3], 'uomo', 'donna',
        (array['7', '8', '9', '10'])[1 + (i / 3) % 4],
        (array['direct', 'google', 'meta', 'affiliate-1', 'affiliate-2'])[1 + (i / 12) % 5],
        case when i % 3 = 0 then '+39300' || lpad(i::text, 7, '0') end,
        now() - make_interval(secs => (i * 157.68)::int)
      from generate_series(1, ${DASHBOARD_SIGNUPS}) i`);
    await client.query(`
      create temp table bench_members as
      select id, row_number() over (order by id) n, created_at from accounts where clickid like 'bench-dash-%'`);
    await client.query("create index on bench_members (n)");
    // Messages from the first 40% of the members, each at or after their sign-up.
    await client.query(`
      insert into messages (account_id, angel_id, type, msg, time, letto)
      select m.id, 1, 'personal', 'ciao', m.created_at + make_interval(mins => i % 600), true
      from generate_series(1, ${DASHBOARD_MESSAGES}) i
      join bench_members m on m.n = 1 + (i % ${Math.floor(DASHBOARD_SIGNUPS * 0.4)})`);
    await client.query(`
      insert into orders (account_id, brand_id, flux_id, kind, plan_list, product_id, plan, amount_cents, currency, created_at)
      select m.id, a.brand_id, a.flux_id, 'purchase', 'free', 'starter-30', '{}'::jsonb,
        (array[990, 1990, 3990, 4990])[1 + i % 4], case when a.brand_id = 'lovechat' then 'GBP' else 'EUR' end,
        m.created_at + interval '1 day'
      from generate_series(1, ${DASHBOARD_PAYMENTS}) i
      join bench_members m on m.n = 1 + (i * 7) % ${DASHBOARD_SIGNUPS}
      join accounts a on a.id = m.id`);
    await client.query(`
      insert into payments (order_id, purpose, provider, method, idempotency_key, reference, status, amount_cents,
        granted_at, created_at, updated_at)
      select o.id, case when k % 5 = 0 then 'renewal' else 'initial' end,
        (array['sandbox', 'adyen', 'trustpay', 'maxpay'])[1 + k % 4], 'card',
        case when k % 5 = 0 then 'renew_' || k || '_0_' || (k / 5) % 2 else 'bench-dash-' || k end,
        'bench-ref-' || k,
        case when k % 20 = 0 then 'failed' when k % 25 = 1 then 'refunded' else 'succeeded' end,
        o.amount_cents,
        case when k % 20 <> 0 then o.created_at end, o.created_at, o.created_at
      from (select o.*, row_number() over (order by o.id) k from orders o
            join bench_members m on m.id = o.account_id) o`);
    await client.query(`
      insert into refunds (payment_id, amount_cents, reason, created_at)
      select p.id, p.amount_cents, case when row_number() over (order by p.id) % 4 = 0 then 'chargeback' else 'provider_refund' end,
        p.created_at + interval '3 days'
      from payments p where p.status = 'refunded' and p.reference like 'bench-ref-%'`);
    await client.query("set session_replication_role = default");
    await client.query("select dashboard_rebuild()");
    await client.query(
      "vacuum (analyze) funnel_daily, money_daily, payer_days, payers_daily, payers_any_daily, cohort_weekly, member_milestones, accounts, payments",
    );
    const { rows } = await client.query<{ events: string; payments: string; refunds: string }>(`
      select (select count(*) from accounts where clickid like 'bench-dash-%')
        + (select count(*) from messages m join bench_members b on b.id = m.account_id) events,
        (select count(*) from payments where reference like 'bench-ref-%') payments,
        (select count(*) from refunds) refunds`);
    console.log(
      `dashboard data: ${rows[0]?.events} events, ${rows[0]?.payments} payments, ${rows[0]?.refunds} refunds, ` +
        `in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  });
}

/** An admin's console token, signed in through the console's API. */
export async function adminToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/ops/api/login`, {
    method: "POST",
    headers: { host: HOST, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`console login: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** One GET at a time for SECONDS after a 2 s warm-up: p50, p99, requests per second and CPU per request. */
export async function sequentialGets(title: string, path: string, token: string) {
  const once = async () => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, {
      headers: { host: HOST, authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${title}: ${response.status}`);
    return performance.now() - t0;
  };
  const loop = async (ms: number, times?: number[]) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      const t = await once();
      times?.push(t);
    }
  };
  await loop(2000);
  const before = cpuSnapshot();
  const t0 = performance.now();
  const times: number[] = [];
  await loop(SECONDS * 1000, times);
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuPerRequest(before, cpuSnapshot(), times.length);
  times.sort((a, b) => a - b);
  return {
    title,
    rps: times.length / elapsed,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpu,
    n: times.length,
  };
}

export const ROLLUP_PAYMENTS = 2000;

/**
 * What the rollups' triggers add to a payment, in Postgres: ROLLUP_PAYMENTS statements of the settlement's shape
 * on payer_days over the dashboard's data (400 members paying five times each, on a new newest day or more on
 * the same day), timed in one backend with the triggers on, then with payer_days' own triggers off (the
 * floor: the statements alone), each in a transaction rolled back. Milliseconds per statement (wall time of a
 * backend that only computes: its CPU).
 */
export async function paymentRollupCost(databaseUrl: string) {
  return withClient(databaseUrl, async (client) => {
    const run = async (triggers: boolean) => {
      await client.query("begin");
      try {
        if (!triggers) await client.query("alter table payer_days disable trigger user");
        const t0 = performance.now();
        await client.query(`
          do $$
          declare
            member record;
            round int;
          begin
            for round in 1..${ROLLUP_PAYMENTS / 400} loop
              for member in select id, brand_id, flux_id, source from accounts
                  where clickid like 'bench-dash-%' order by id limit 400 loop
                insert into payer_days as p (day, account_id, currency, brand_id, flux_id, source, revenue_cents)
                values (current_date + 1 + round / 2, member.id, 'EUR', member.brand_id, member.flux_id,
                  member.source, 990)
                on conflict (day, account_id, currency) do update set revenue_cents = p.revenue_cents + excluded.revenue_cents;
              end loop;
            end loop;
          end $$`);
        return (performance.now() - t0) / ROLLUP_PAYMENTS;
      } finally {
        await client.query("rollback");
      }
    };
    // The floor first, which also warms the members' rows into the cache.
    const floor = await run(false);
    return { floor, withTriggers: await run(true) };
  });
}
