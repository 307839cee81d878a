// Paying members and ARPPU over a range come from payers_daily and payers_any_daily (each member-day counted
// under the member's previous paying day), kept by triggers on payer_days. The figures must equal the distinct
// members of payer_days itself over every range: a member who pays in two months counts once in each month and
// once over both, a refunded payment still made its member a payer, a payment in another currency counts in
// that currency and the member once in all. Each test's members have a sign-up source of their own.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Dashboard } from "../../worker/contracts/dashboard";
import { inDb } from "../fixtures/db";
import { call, createMember, type TestMember } from "../fixtures/members";
import { PLANS, pay, refund, signedInOperator } from "../fixtures/refunds";

const today = () => new Date().toISOString().slice(0, 10);
const newSource = () => `payers-${crypto.randomUUID().slice(0, 12)}`;

async function dashboard(token: string, query: Record<string, string>) {
  const response = await call(`/ops/api/dashboard?${new URLSearchParams(query)}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as Dashboard;
}

async function accountOf(member: TestMember) {
  const { rows } = await inDb((db) =>
    db.execute<{ id: number; brand_id: string; flux_id: string; source: string }>(
      sql`select id::int, brand_id, flux_id, source from accounts where clickid = ${member.clickid}`,
    ),
  );
  return rows[0] ?? expect.unreachable("the member's account");
}

/** A paying day as the payment trigger writes it (one statement per payment: more revenue on a day it has). */
async function paidOn(member: TestMember, day: string, currency: string, cents: number) {
  const a = await accountOf(member);
  await inDb((db) =>
    db.execute(sql`
      insert into payer_days as p (day, account_id, currency, brand_id, flux_id, source, revenue_cents)
      values (${day}::date, ${a.id}, ${currency}, ${a.brand_id}, ${a.flux_id}, ${a.source}, ${cents})
      on conflict (day, account_id, currency) do update set revenue_cents = p.revenue_cents + excluded.revenue_cents`),
  );
}

/** The paying members of payer_days itself over a range: the figures the rollups must equal. */
async function rawPayers(source: string, from: string, to: string) {
  return inDb(async (db) => {
    const perCurrency = await db.execute<{ currency: string; members: number; revenue: number }>(sql`
      select currency, count(distinct account_id)::int members, sum(revenue_cents)::int revenue from payer_days
      where source = ${source} and day between ${from}::date and ${to}::date group by currency order by currency`);
    const all = await db.execute<{ members: number }>(sql`
      select count(distinct account_id)::int members from payer_days
      where source = ${source} and day between ${from}::date and ${to}::date`);
    const perDay = await db.execute<{ day: string; currency: string; members: number; revenue: number }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, currency, count(*)::int members, sum(revenue_cents)::int revenue
      from payer_days where source = ${source} and day between ${from}::date and ${to}::date
      group by day, currency order by day, currency`);
    return {
      payingMembers: all.rows[0]?.members ?? 0,
      payerTotals: perCurrency.rows.map((r) => ({
        currency: r.currency,
        payingMembers: r.members,
        revenueCents: r.revenue,
        arppuCents: Math.round(r.revenue / r.members),
      })),
      payers: perDay.rows.map((r) => ({
        day: r.day,
        currency: r.currency,
        payingMembers: r.members,
        revenueCents: r.revenue,
      })),
    };
  });
}

/** The dashboard's paying members for the range equal payer_days' distinct members; answers the figures. */
async function expectPayersAsRaw(token: string, source: string, from: string, to: string) {
  const shown = await dashboard(token, { source, from, to });
  const raw = await rawPayers(source, from, to);
  expect({
    payingMembers: shown.payingMembers,
    payerTotals: shown.payerTotals,
    payers: shown.payers,
  }).toEqual(raw);
  return shown;
}

/** The rows the triggers kept for `source` are those the rebuild counts from its paying days, and there are some. */
async function expectKeptAsCounted(source: string) {
  const { rows } = await inDb((db) =>
    db.execute<{ kept_only: number; counted_only: number; kept: number }>(sql`
      with counted as (
        select day, brand_id, flux_id, currency, since, members::int, revenue_cents::bigint
        from dashboard_payer_counts((select array_agg(p) from payer_days p where source = ${source}))
        where source is not null
      ), kept as (
        select day, brand_id, flux_id, currency, since, members, revenue_cents from payers_daily
        where source = ${source}
        union all
        select day, brand_id, flux_id, null, since, members, 0 from payers_any_daily where source = ${source}
      ), counted_here as (
        select day, brand_id, flux_id, currency, since, members,
          case when currency is null then 0 else revenue_cents end
        from counted
      )
      select (select count(*)::int from (select * from kept except all select * from counted_here) x) kept_only,
        (select count(*)::int from (select * from counted_here except all select * from kept) x) counted_only,
        (select count(*)::int from kept) kept`),
  );
  expect(rows[0]).toEqual({ kept_only: 0, counted_only: 0, kept: expect.any(Number) });
  expect(rows[0]?.kept).toBeGreaterThan(0);
}

describe("paying members over a range", () => {
  it("counts a member once in each month they paid and once over both, per currency and in all", async () => {
    const source = newSource();
    const admin = await signedInOperator("admin");
    const [ada, bea, cleo] = await Promise.all([1, 2, 3].map(() => createMember({ source })));
    if (!ada || !bea || !cleo) throw new Error("three members");

    // Written out of order, as a late report would: each day recounts the member's next one.
    await paidOn(ada, "2025-02-20", "EUR", 2000);
    await paidOn(ada, "2025-01-10", "EUR", 1000);
    await paidOn(ada, "2025-02-21", "EUR", 500);
    await paidOn(ada, "2025-02-21", "EUR", 250);
    await paidOn(bea, "2025-02-05", "EUR", 990);
    await paidOn(bea, "2025-02-05", "CHF", 700);
    await paidOn(cleo, "2024-12-31", "EUR", 300);
    await paidOn(cleo, "2025-01-31", "EUR", 400);

    const january = await expectPayersAsRaw(admin.token, source, "2025-01-01", "2025-01-31");
    expect(january.payingMembers).toBe(2);
    expect(january.payerTotals).toEqual([
      { currency: "EUR", payingMembers: 2, revenueCents: 1400, arppuCents: 700 },
    ]);
    const february = await expectPayersAsRaw(admin.token, source, "2025-02-01", "2025-02-28");
    expect(february.payingMembers).toBe(2);
    expect(february.payerTotals).toEqual([
      { currency: "CHF", payingMembers: 1, revenueCents: 700, arppuCents: 700 },
      { currency: "EUR", payingMembers: 2, revenueCents: 3740, arppuCents: 1870 },
    ]);
    // Ada paid in both months: once over the two. Bea paid in two currencies: once in all.
    const both = await expectPayersAsRaw(admin.token, source, "2025-01-01", "2025-02-28");
    expect(both.payingMembers).toBe(3);
    expect(both.payerTotals).toEqual([
      { currency: "CHF", payingMembers: 1, revenueCents: 700, arppuCents: 700 },
      { currency: "EUR", payingMembers: 3, revenueCents: 5140, arppuCents: 1713 },
    ]);
    // Ranges that start inside a member's run of paying days.
    await expectPayersAsRaw(admin.token, source, "2025-01-11", "2025-02-20");
    await expectPayersAsRaw(admin.token, source, "2025-02-21", "2025-02-21");
    await expectPayersAsRaw(admin.token, source, "2024-12-31", "2025-01-30");

    // An erasure deletes a member's paying days; a day taken from the middle recounts the next one.
    const adaId = (await accountOf(ada)).id;
    await inDb((db) =>
      db.execute(sql`delete from payer_days where account_id = ${adaId} and day = '2025-02-20'`),
    );
    const thinned = await expectPayersAsRaw(admin.token, source, "2025-02-21", "2025-02-28");
    expect(thinned.payingMembers).toBe(1);
    const beaId = (await accountOf(bea)).id;
    await inDb((db) => db.execute(sql`delete from payer_days where account_id = ${beaId}`));
    const erased = await expectPayersAsRaw(admin.token, source, "2025-01-01", "2025-02-28");
    expect(erased.payingMembers).toBe(2);
    expect(erased.payerTotals.map((t) => t.currency)).toEqual(["EUR"]);
    await expectPayersAsRaw(admin.token, source, "2025-02-01", "2025-02-28");

    // What the triggers kept is what the rebuild counts from the same paying days.
    await expectKeptAsCounted(source);
  });

  it("keeps a refunded payer and a payment in another currency, through the payments' own triggers", async () => {
    const source = newSource();
    const admin = await signedInOperator("admin");
    const supervisor = await signedInOperator("supervisor");
    const [refunded, abroad] = await Promise.all([1, 2].map(() => createMember({ source })));
    if (!refunded || !abroad) throw new Error("two members");

    const payment = await pay(refunded, PLANS.starter);
    expect((await refund(supervisor.token, payment.id)).status).toBe(200);
    await pay(abroad, PLANS.starter);
    // A purchase settled in Swiss francs (no seed plan sells in them): the same settlement update of the row.
    const a = await accountOf(abroad);
    await inDb((db) =>
      db.execute(sql`
        with o as (
          insert into orders (account_id, brand_id, flux_id, kind, plan_list, product_id, plan, amount_cents, currency)
          values (${a.id}, ${a.brand_id}, ${a.flux_id}, 'purchase', 'free', 'starter-30', '{}'::jsonb, 1250, 'CHF')
          returning id),
        p as (
          insert into payments (order_id, purpose, provider, method, idempotency_key, reference, status, amount_cents)
          select o.id, 'initial', 'sandbox', 'card', ${`chf-${a.id}`}, ${`chf-ref-${a.id}`}, 'created', 1250 from o
          returning id)
        select 1`),
    );
    await inDb((db) =>
      db.execute(sql`update payments set status = 'succeeded', granted_at = now()
        where reference = ${`chf-ref-${a.id}`}`),
    );

    const shown = await expectPayersAsRaw(admin.token, source, today(), today());
    // The refund shows in the money, not in who paid: the refunded member paid that day.
    expect(shown.payingMembers).toBe(2);
    expect(shown.payerTotals).toEqual([
      { currency: "CHF", payingMembers: 1, revenueCents: 1250, arppuCents: 1250 },
      {
        currency: "EUR",
        payingMembers: 2,
        revenueCents: 2 * PLANS.starter.amountCents,
        arppuCents: PLANS.starter.amountCents,
      },
    ]);
    expect(shown.money.find((m) => m.currency === "EUR")).toMatchObject({
      payments: 2,
      refunds: 1,
      refundCents: PLANS.starter.amountCents,
    });

    // The rebuild from the raw tables (the migration's backfill) counts the same.
    await inDb((db) => db.execute(sql`select dashboard_rebuild()`));
    const rebuilt = await dashboard(admin.token, { source, from: today(), to: today() });
    expect(rebuilt.payerTotals).toEqual(shown.payerTotals);
    expect(rebuilt.payingMembers).toBe(shown.payingMembers);
    expect(rebuilt.payers).toEqual(shown.payers);
    expect(rebuilt.money).toEqual(shown.money);
  });

  it("keeps the rollups exact through a long mix of payments, late payments and erasures", async () => {
    // Most payments add a member's newest paying day or more revenue on one, which the trigger counts without
    // recounting the member (a day paid in a second currency too); a day paid late and an erasure take the
    // recount.
    const source = newSource();
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createMember({ source })));
    const accounts = await Promise.all(members.map((m) => accountOf(m)));
    // The same mix each run: a small seeded generator (mulberry32).
    let seed = 42;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;
    await inDb(async (db) => {
      for (let step = 1; step <= 400; step++) {
        const a = pick(accounts);
        const offset = random() < 0.7 ? Math.floor(step / 10) : Math.floor(random() * 40);
        const day = new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);
        if (random() < 0.04) {
          // An erasure of some of the member's paying days, or of one.
          await db.execute(sql`delete from payer_days
            where account_id = ${a.id} and (${random() < 0.5} or day = ${day}::date)`);
        } else {
          await db.execute(sql`
            insert into payer_days as p (day, account_id, currency, brand_id, flux_id, source, revenue_cents)
            values (${day}::date, ${a.id}, ${random() < 0.8 ? "EUR" : "CHF"}, ${a.brand_id}, ${a.flux_id},
              ${a.source}, ${1 + Math.floor(random() * 1000)})
            on conflict (day, account_id, currency) do update set revenue_cents = p.revenue_cents + excluded.revenue_cents`);
        }
      }
    });
    await expectKeptAsCounted(source);
    const admin = await signedInOperator("admin");
    await expectPayersAsRaw(admin.token, source, "2025-01-01", "2025-02-28");
    await expectPayersAsRaw(admin.token, source, "2025-01-15", "2025-01-31");
  });

  it("shows a range over 92 days per week, each week's payers counted once in it; the CSV keeps the days", async () => {
    const source = newSource();
    const admin = await signedInOperator("admin");
    const [ada, bea] = await Promise.all([1, 2].map(() => createMember({ source })));
    if (!ada || !bea) throw new Error("two members");
    // 2025-01-01 is a Wednesday: the range's first week starts on it, the next ones on Mondays.
    await paidOn(ada, "2025-01-02", "EUR", 100);
    await paidOn(ada, "2025-01-03", "EUR", 200);
    await paidOn(bea, "2025-01-03", "EUR", 300);
    await paidOn(ada, "2025-01-07", "EUR", 400);
    await paidOn(bea, "2025-03-31", "EUR", 500);

    const weekly = await dashboard(admin.token, { source, from: "2025-01-01", to: "2025-04-30" });
    expect(weekly.step).toBe("week");
    expect(weekly.payers).toEqual([
      { day: "2025-01-01", currency: "EUR", payingMembers: 2, revenueCents: 600 },
      { day: "2025-01-06", currency: "EUR", payingMembers: 1, revenueCents: 400 },
      { day: "2025-03-31", currency: "EUR", payingMembers: 1, revenueCents: 500 },
    ]);
    // The range's own figures do not depend on the step.
    const raw = await rawPayers(source, "2025-01-01", "2025-04-30");
    expect(weekly.payingMembers).toBe(raw.payingMembers);
    expect(weekly.payerTotals).toEqual(raw.payerTotals);

    // 92 days are still shown per day.
    const daily = await dashboard(admin.token, { source, from: "2025-01-01", to: "2025-04-02" });
    expect(daily.step).toBe("day");
    expect(daily.payers.map((p) => p.day)).toEqual(["2025-01-02", "2025-01-03", "2025-01-07", "2025-03-31"]);

    // A download of the long range has a row per paying day.
    const response = await call(
      `/ops/api/dashboard/csv?${new URLSearchParams({ source, from: "2025-01-01", to: "2025-04-30", figure: "payers" })}`,
      { token: admin.token },
    );
    const rows = (await response.text()).trimEnd().split("\r\n");
    expect(rows.slice(1).map((r) => r.split(",")[0])).toEqual([
      "2025-01-02",
      "2025-01-03",
      "2025-01-07",
      "2025-03-31",
    ]);
  });
});
