// The console dashboard reads rollups that follow the events as they are written: members sign up, verify their
// phone, write, pay, are refunded from the console, charged back by their bank and renewed after a failed
// charge, all through the real routes and services, and the dashboard's figures equal the sums over the raw
// tables they summarise. Each test's members have a sign-up source of their own, so the figures are theirs
// whatever other test files write meanwhile. Also: the brands an operator covers, the filters, the CSV.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Dashboard } from "../../worker/contracts/dashboard";
import { SANDBOX_CARDS } from "../../worker/payments/providers/sandbox-cards";
import { settlePayment } from "../../worker/payments/settlement.service";
import { RENEWAL_RETRY_DAYS } from "../../worker/payments/subscriptions.service";
import { buyWithCard } from "../fixtures/card-purchase";
import { ANGEL, chat } from "../fixtures/chat";
import { inDb } from "../fixtures/db";
import { call, createMember, hosts, type TestMember, verifyByCode } from "../fixtures/members";
import { PLANS, pay, refund, signedInOperator } from "../fixtures/refunds";
import { connect } from "../fixtures/socket";

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const newSource = () => `dash-${crypto.randomUUID().slice(0, 12)}`;

const DECLINED_ONCE =
  [...SANDBOX_CARDS].find(
    ([, o]) => JSON.stringify(o) === JSON.stringify({ kind: "succeeded", renewals: "declined_once" }),
  )?.[0] ?? "";

async function dashboard(token: string, query: Record<string, string>) {
  const response = await call(`/ops/api/dashboard?${new URLSearchParams(query)}`, { token });
  return {
    status: response.status,
    body: (await response.json()) as Dashboard & { error?: { code: string } },
  };
}

async function csv(token: string, query: Record<string, string>) {
  const response = await call(`/ops/api/dashboard/csv?${new URLSearchParams(query)}`, { token });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  return (await response.text()).trimEnd().split("\r\n");
}

/** Runs the renewal job at `now` for the member's plans only. */
async function renewAt(now: Date, member: TestMember) {
  const response = await call("/dev/renewals/run", {
    method: "POST",
    body: JSON.stringify({ now: now.toISOString(), clickid: member.clickid }),
  });
  expect(response.status).toBe(200);
}

async function writeOnce(member: TestMember) {
  const socket = await connect(member);
  chat(socket, "Ciao!", crypto.randomUUID(), ANGEL);
  await socket.next("chat", (e) => e.data.type === "personal");
  chat(socket, "Come stai?", crypto.randomUUID(), ANGEL);
  await socket.next("creditiResidui", (e) => e.data.creditiMessaggi >= 0);
  socket.close();
}

/** What the raw tables say of the members of one source: the figures the rollups must equal. */
async function rawFigures(source: string) {
  return inDb(async (db) => {
    const one = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows[0] as T;
    const members = sql`(select id from accounts where source = ${source})`;
    const funnel = await one<Record<string, number>>(sql`
      select (select count(*)::int from accounts where source = ${source}) signups,
        (select count(*)::int from accounts where source = ${source} and phone is not null) phone_verified,
        (select count(distinct account_id)::int from messages where type = 'personal' and account_id in ${members}) first_messages,
        (select count(distinct o.account_id)::int from payments p join orders o on o.id = p.order_id
          where o.kind = 'purchase' and p.status in ('succeeded', 'refunded') and o.account_id in ${members}) first_payments,
        (select count(distinct o.account_id)::int from payments p join orders o on o.id = p.order_id
          where p.purpose = 'renewal' and p.status in ('succeeded', 'refunded') and o.account_id in ${members}) first_renewals`);
    const money = await one<Record<string, number>>(sql`
      select
        (select count(*)::int from payments p join orders o on o.id = p.order_id
          where o.kind = 'purchase' and p.status in ('succeeded', 'refunded') and o.account_id in ${members}) payments,
        (select coalesce(sum(p.amount_cents), 0)::int from payments p join orders o on o.id = p.order_id
          where o.kind = 'purchase' and p.status in ('succeeded', 'refunded') and o.account_id in ${members}) revenue,
        (select coalesce(sum(r.amount_cents), 0)::int from refunds r join payments p on p.id = r.payment_id
          join orders o on o.id = p.order_id where r.reason <> 'chargeback' and o.account_id in ${members}) refunds,
        (select coalesce(sum(r.amount_cents), 0)::int from refunds r join payments p on p.id = r.payment_id
          join orders o on o.id = p.order_id where r.reason = 'chargeback' and o.account_id in ${members}) chargebacks,
        (select count(*)::int from payments p join orders o on o.id = p.order_id
          where p.purpose = 'renewal' and p.status = 'succeeded' and o.account_id in ${members}) renewals_paid,
        (select count(*)::int from payments p join orders o on o.id = p.order_id
          where p.purpose = 'renewal' and p.status = 'failed' and o.account_id in ${members}) renewals_failed`);
    return { funnel, money };
  });
}

const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((n, r) => n + pick(r), 0);

describe("the dashboard's figures", () => {
  it("equal the ledger and the events they summarise, kept current as each event is written", async () => {
    const source = newSource();
    const admin = await signedInOperator("admin");
    const supervisor = await signedInOperator("supervisor");
    const [kept, refunded, disputed, renewing, idle] = await Promise.all(
      Array.from({ length: 5 }, () => createMember({ source })),
    );
    if (!kept || !refunded || !disputed || !renewing || !idle) throw new Error("five members");
    const asked = { source, from: today(), to: today() };
    const before = await dashboard(admin.token, asked);
    expect(before.body.funnel).toEqual([expect.objectContaining({ signups: 5, phoneVerified: 0 })]);
    expect(before.body.payingMembers).toBe(0);

    await verifyByCode(kept);
    await verifyByCode(refunded);
    await writeOnce(kept);
    const keptPayment = await pay(kept, PLANS.starter);
    await pay(kept, PLANS.refill);
    const refundedPayment = await pay(refunded, PLANS.starter);
    expect((await refund(supervisor.token, refundedPayment.id)).status).toBe(200);
    const disputedPayment = await pay(disputed, PLANS.starter);
    const chargeback = {
      reference: disputedPayment.reference ?? "",
      status: "refunded",
      reversal: "chargeback",
    } as const;
    await inDb((db) => settlePayment(db, "sandbox", chargeback));
    // A second report of the same dispute counts nothing more.
    await inDb((db) => settlePayment(db, "sandbox", chargeback));
    // A renewing plan whose first renewal is declined, then paid on the retry.
    await buyWithCard(renewing, "gold-300", DECLINED_ONCE);
    await renewAt(new Date(Date.now() + 31 * DAY), renewing);
    await renewAt(new Date(Date.now() + (31 + RENEWAL_RETRY_DAYS[0]!) * DAY), renewing);

    const raw = await rawFigures(source);
    const { status, body } = await dashboard(admin.token, asked);
    expect(status).toBe(200);
    const [day] = body.funnel;
    expect(body.funnel).toHaveLength(1);
    expect(day).toEqual({
      day: today(),
      landings: 0,
      signups: raw.funnel.signups,
      phoneVerified: raw.funnel.phone_verified,
      firstMessages: raw.funnel.first_messages,
      firstPayments: raw.funnel.first_payments,
      firstRenewals: raw.funnel.first_renewals,
    });
    // What happened, in figures a person would check by hand.
    expect(day).toMatchObject({
      signups: 5,
      phoneVerified: 2,
      firstMessages: 1,
      firstPayments: 4,
      firstRenewals: 1,
    });

    // Money: one currency here, every sum exact in cents and equal to the raw tables'.
    expect(new Set(body.money.map((m) => m.currency))).toEqual(new Set(["EUR"]));
    expect(sum(body.money, (m) => m.payments)).toBe(raw.money.payments);
    expect(sum(body.money, (m) => m.revenueCents)).toBe(raw.money.revenue);
    expect(sum(body.money, (m) => m.refundCents)).toBe(raw.money.refunds);
    expect(sum(body.money, (m) => m.chargebackCents)).toBe(raw.money.chargebacks);
    expect(raw.money.refunds).toBe(PLANS.starter.amountCents);
    expect(raw.money.chargebacks).toBe(PLANS.starter.amountCents);
    expect(sum(body.money, (m) => m.refunds)).toBe(1);
    expect(sum(body.money, (m) => m.chargebacks)).toBe(1);
    expect(body.money.every((m) => m.provider === "sandbox")).toBe(true);

    // Paying members and ARPPU: four distinct members paid, one of them twice.
    expect(body.payingMembers).toBe(4);
    expect(body.payerTotals).toEqual([
      {
        currency: "EUR",
        payingMembers: 4,
        revenueCents: raw.money.revenue,
        arppuCents: Math.round((raw.money.revenue ?? 0) / 4),
      },
    ]);
    // The renewal failed once, then the retry recovered it.
    expect(body.renewals).toEqual([
      {
        day: today(),
        renewalsPaid: raw.money.renewals_paid,
        renewalsFailed: raw.money.renewals_failed,
        retriesStarted: 1,
        retriesRecovered: 1,
      },
    ]);
    expect(raw.money).toMatchObject({ renewals_paid: 1, renewals_failed: 1 });
    // This week's sign-up cohort: five members, four of whom paid in their first week.
    expect(body.cohorts).toEqual([expect.objectContaining({ members: 5, firstPayers: [4] })]);
    expect(keptPayment.amountCents).toBe(PLANS.starter.amountCents);

    // The rebuild from the raw tables (the migration's backfill) gives the same figures.
    await inDb((db) => db.execute(sql`select dashboard_rebuild()`));
    const rebuilt = await dashboard(admin.token, asked);
    expect(rebuilt.body.funnel).toEqual(body.funnel);
    expect(rebuilt.body.money).toEqual(body.money);
    expect(rebuilt.body.payerTotals).toEqual(body.payerTotals);
    expect(rebuilt.body.renewals).toEqual(body.renewals);
    expect(rebuilt.body.cohorts).toEqual(body.cohorts);
  });
});

describe("who sees which figures", () => {
  it("shows supervisors their brands only, and operators nothing", async () => {
    const source = newSource();
    await createMember({ source }, hosts.it);
    await createMember({ source, region: "andalucia" }, hosts.es);
    const spain = await signedInOperator("supervisor", ["amorespana"]);
    const asked = { source, from: today(), to: today() };

    const own = await dashboard(spain.token, asked);
    expect(own.status).toBe(200);
    expect(own.body.brands).toEqual(["amorespana"]);
    expect(own.body.funnel).toEqual([expect.objectContaining({ signups: 1 })]);
    expect((await dashboard(spain.token, { ...asked, brand: "amoreitalia" })).body.error?.code).toBe(
      "forbidden",
    );
    expect((await dashboard(spain.token, { ...asked, brand: "amoreitalia" })).status).toBe(403);

    const admin = await signedInOperator("admin");
    const all = await dashboard(admin.token, asked);
    expect(all.body.funnel).toEqual([expect.objectContaining({ signups: 2 })]);
    const italy = await dashboard(admin.token, { ...asked, brand: "amoreitalia" });
    expect(italy.body.funnel).toEqual([expect.objectContaining({ signups: 1 })]);

    const operator = await signedInOperator("operator");
    expect((await dashboard(operator.token, asked)).status).toBe(403);
    expect((await call("/ops/api/dashboard")).status).toBe(401);
  });

  it("counts a landing once per tracked click, under the flow and source its page read", async () => {
    const source = newSource();
    const click = {
      clickid: crypto.randomUUID().replaceAll("-", "").slice(0, 20),
      source,
      fluxId: "7",
      pageType: "home",
    };
    for (let i = 0; i < 2; i++) {
      const reported = await call("/api/payment/api/importClick", {
        method: "POST",
        body: JSON.stringify(click),
      });
      expect(reported.status).toBe(200);
    }
    const admin = await signedInOperator("admin");
    const seen = await dashboard(admin.token, { source, from: today(), to: today() });
    expect(seen.body.funnel).toEqual([expect.objectContaining({ landings: 1, signups: 0 })]);
  });

  it("plots the notifications per channel from the cascade's daily rollup, for the brands covered", async () => {
    // A day of its own: the rollup has no source to tell this test's rows from the others'.
    const day = "2001-03-04";
    await inDb((db) =>
      db.execute(sql`insert into notification_daily (brand_id, channel, day, sent, opened, came_back) values
        ('amoreitalia', 'push', ${day}, 5, 3, 2), ('amoreitalia', 'email', ${day}, 4, 1, 0),
        ('amorespana', 'push', ${day}, 7, 6, 5)`),
    );
    const asked = { from: day, to: day };
    const admin = await signedInOperator("admin");
    expect((await dashboard(admin.token, asked)).body.notifications).toEqual([
      { day, channel: "email", sent: 4, opened: 1, cameBack: 0 },
      { day, channel: "push", sent: 12, opened: 9, cameBack: 7 },
    ]);
    const spain = await signedInOperator("supervisor", ["amorespana"]);
    expect((await dashboard(spain.token, asked)).body.notifications).toEqual([
      { day, channel: "push", sent: 7, opened: 6, cameBack: 5 },
    ]);
  });

  it("filters by flow, source and range, and refuses a range it would not bound", async () => {
    const source = newSource();
    await createMember({ source });
    const admin = await signedInOperator("admin");
    const asked = { source, from: today(), to: today() };
    const shown = await dashboard(admin.token, asked);
    expect(shown.body.options.sources).toContain(source);
    // The member's own flow (other tests' members of the day bring theirs to the options too).
    const [member] = (
      await inDb((db) =>
        db.execute<{ flux_id: string }>(sql`select flux_id from accounts where source = ${source}`),
      )
    ).rows;
    const flux = member?.flux_id ?? "";
    expect(shown.body.options.fluxes).toContain(flux);
    expect((await dashboard(admin.token, { ...asked, flux })).body.funnel).toHaveLength(1);
    expect((await dashboard(admin.token, { ...asked, flux: "no-such-flow" })).body.funnel).toEqual([]);
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    expect((await dashboard(admin.token, { ...asked, to: yesterday, from: yesterday })).body.funnel).toEqual(
      [],
    );

    // Over 92 days the figures come per week: this week's sign-up under its Monday.
    const long = await dashboard(admin.token, {
      source,
      from: new Date(Date.now() - 119 * DAY).toISOString().slice(0, 10),
      to: today(),
    });
    expect(long.body.step).toBe("week");
    const monday = new Date(Date.now() - ((new Date().getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
    expect(long.body.funnel).toEqual([expect.objectContaining({ day: monday, signups: 1 })]);

    expect((await dashboard(admin.token, { from: today(), to: yesterday })).status).toBe(400);
    expect((await dashboard(admin.token, { from: "2020-01-01", to: "2026-01-01" })).status).toBe(400);
    expect((await dashboard(admin.token, { from: "yesterday" })).status).toBe(400);
    expect((await dashboard(admin.token, { from: "0000-01-01", to: "0000-01-02" })).status).toBe(400);
  });
});

describe("the figures as CSV", () => {
  it("downloads each figure with the filters, a formula in a sign-up source kept as text", async () => {
    const source = `=HYPERLINK("http://evil.example","x")-${crypto.randomUUID().slice(0, 6)}`;
    const member = await createMember({ source });
    await pay(member, PLANS.starter);
    const admin = await signedInOperator("admin");
    const asked = { source, from: today(), to: today() };

    const funnel = await csv(admin.token, { ...asked, figure: "funnel" });
    expect(funnel[0]).toBe(
      "day,brand,flow,source,landings,signups,phone_verified,first_messages,first_payments,first_renewals",
    );
    expect(funnel).toHaveLength(2);
    const quoted = `"'${source.replaceAll('"', '""')}"`;
    expect(funnel[1]).toContain(`,${quoted},`);
    expect(funnel[1]?.endsWith(",0,1,0,0,1,0")).toBe(true);

    const money = await csv(admin.token, { ...asked, figure: "money" });
    expect(money).toEqual([
      "day,provider,currency,payments,revenue_cents,refunds,refund_cents,chargebacks,chargeback_cents",
      `${today()},sandbox,EUR,1,${PLANS.starter.amountCents},0,0,0,0`,
    ]);
    const payers = await csv(admin.token, { ...asked, figure: "payers" });
    expect(payers[1]).toBe(`${today()},EUR,1,${PLANS.starter.amountCents},${PLANS.starter.amountCents}`);
    const cohorts = await csv(admin.token, { ...asked, figure: "cohorts" });
    expect(cohorts[0]?.startsWith("sign_up_week,members,paying_by_week_0")).toBe(true);
    expect(cohorts[1]?.split(",").slice(1, 3)).toEqual(["1", "1"]);

    const bad = await call(`/ops/api/dashboard/csv?${new URLSearchParams({ ...asked, figure: "secrets" })}`, {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
  });
});
