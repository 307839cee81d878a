// GET /api/plans under the EU price-indication rules (Directive 98/6/EC Art. 6a, the Omnibus directive): a plan's
// price is a reduction only against the lowest price of the 30 days before it, taken from the plan's price
// history (which a trigger keeps on every price change), and only then has a badge and an old price. A typed
// "-50%" or old price without such a history is not shown. Also the flow's price of a message, which the page
// turns into each plan's value per message.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { flows, ratePlanPrices, ratePlans } from "../../drizzle/schema/flows";
import { inDb } from "../fixtures/db";
import { call, createMember, type TestMember } from "../fixtures/members";

interface Row {
  product_id: string;
  badge: string | null;
  vecchioPrezzo: number | null;
  prezzo: number;
  prezzo_totale: number;
}
interface Plans {
  list: string;
  valoreMessaggio: number;
  rateplan: Record<string, Row[]>[];
}

async function plansOf(member: TestMember) {
  const response = await call("/api/plans", { token: member.token });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as Plans;
  const rows = answer.rateplan[0]?.[answer.list] ?? [];
  return { answer, row: (id: string) => rows.find((r) => r.product_id === id) };
}

/** A flow of its own (flow 7's config, no plans of flow 7), so its prices can move without touching others. */
async function flowWithPlans(fluxId: string) {
  await inDb(async (db) => {
    const [base] = await db.select().from(flows).where(eq(flows.fluxId, "7"));
    await db.insert(flows).values({ fluxId, config: base?.config ?? {} });
    const plan = (position: number, productId: string, price: number, extra: object = {}) => ({
      fluxId,
      list: "free",
      position,
      productId,
      planName: productId,
      price: price,
      totalPrice: price,
      premiumLevel: 1,
      credits: 100,
      ...extra,
    });
    await db
      .insert(ratePlans)
      .values([
        plan(1, "reduced", 1000, { badge: "-50%", oldPrice: 2000 }),
        plan(2, "typed-only", 2490, { badge: "-30%", oldPrice: 3990 }),
        plan(3, "best-value", 4990, { badge: "Best value" }),
      ]);
  });
}

/** Moves the plan's history back in time: its prices then were `points` (cents, days ago), oldest first. */
async function priceHistory(fluxId: string, productId: string, points: [number, number][]) {
  await inDb(async (db) => {
    await db
      .delete(ratePlanPrices)
      .where(and(eq(ratePlanPrices.fluxId, fluxId), eq(ratePlanPrices.productId, productId)));
    await db.insert(ratePlanPrices).values(
      points.map(([cents, daysAgo]) => ({
        fluxId,
        productId,
        price: cents,
        totalPrice: cents,
        currency: "EUR",
        validFrom: sql`now() - make_interval(days => ${daysAgo})`,
      })),
    );
  });
}

async function memberOn(fluxId: string) {
  const member = await createMember();
  await inDb((db) => db.update(accounts).set({ fluxId }).where(eq(accounts.clickid, member.clickid)));
  return member;
}

describe("a plan's reduction", () => {
  it("is shown only against the lowest price of the 30 days before it; typed claims are not", async () => {
    const fluxId = "prices-1";
    await flowWithPlans(fluxId);
    const member = await memberOn(fluxId);

    // Nothing in the history but today's prices: no reduction anywhere, whatever the rows were typed with.
    let { row } = await plansOf(member);
    expect(row("reduced")).toMatchObject({ badge: null, vecchioPrezzo: null, prezzo: 1000 });
    expect(row("typed-only")).toMatchObject({ badge: null, vecchioPrezzo: null });
    // A badge that claims no reduction is shown as it is.
    expect(row("best-value")).toMatchObject({ badge: "Best value", vecchioPrezzo: null });

    // 20.00 for two months, 15.00 from 35 days ago, 10.00 for 5 days: the 30 days before the reduction
    // (35 to 5 days ago) saw 15.00 at lowest, so the reduction is 33% (rounded down) against 15.00.
    await priceHistory(fluxId, "reduced", [
      [2000, 95],
      [1500, 35],
      [1000, 5],
    ]);
    ({ row } = await plansOf(member));
    expect(row("reduced")).toMatchObject({ badge: "-33%", vecchioPrezzo: 1500 });

    // A price that was briefly lower inside the period is the reference: 9.00 for five days makes today's
    // 10.00 no reduction, though it is half of the 20.00 before and after.
    await priceHistory(fluxId, "reduced", [
      [2000, 95],
      [900, 20],
      [2000, 15],
      [1000, 5],
    ]);
    ({ row } = await plansOf(member));
    expect(row("reduced")).toMatchObject({ badge: null, vecchioPrezzo: null });

    // A reduction keeps its reference while it lasts: 10.00 for 40 days after two months at 20.00.
    await priceHistory(fluxId, "reduced", [
      [2000, 95],
      [1000, 40],
    ]);
    ({ row } = await plansOf(member));
    expect(row("reduced")).toMatchObject({ badge: "-50%", vecchioPrezzo: 2000 });
  });

  it("follows every change of a plan's price: the trigger keeps the history", async () => {
    const fluxId = "prices-2";
    await flowWithPlans(fluxId);
    const member = await memberOn(fluxId);
    const setPrice = (cents: number) =>
      inDb((db) =>
        db
          .update(ratePlans)
          .set({ price: cents, totalPrice: cents })
          .where(and(eq(ratePlans.fluxId, fluxId), eq(ratePlans.productId, "best-value"))),
      );
    const history = () =>
      inDb((db) =>
        db
          .select({ totalPrice: ratePlanPrices.totalPrice })
          .from(ratePlanPrices)
          .where(and(eq(ratePlanPrices.fluxId, fluxId), eq(ratePlanPrices.productId, "best-value")))
          .orderBy(ratePlanPrices.id),
      );
    await setPrice(3990);
    // An update that leaves the price alone adds nothing.
    await inDb((db) =>
      db
        .update(ratePlans)
        .set({ planName: "VIP" })
        .where(and(eq(ratePlans.fluxId, fluxId), eq(ratePlans.productId, "best-value"))),
    );
    expect((await history()).map((p) => p.totalPrice)).toEqual([4990, 3990]);
    // 49.90 was the price in force (for a moment) in the 30 days before today's 39.90: its reference.
    const { row } = await plansOf(member);
    expect(row("best-value")).toMatchObject({ prezzo: 3990, badge: "-20%", vecchioPrezzo: 4990 });

    // A raise is no reduction.
    await setPrice(5990);
    const raised = await plansOf(member);
    expect(raised.row("best-value")).toMatchObject({ badge: "Best value", vecchioPrezzo: null });
  });

  it("gives the seed's Starter its reduction with the reference, and the flow's price of a message", async () => {
    const member = await createMember();
    const { answer, row } = await plansOf(member);
    expect(answer.valoreMessaggio).toBe(10);
    expect(row("starter-30")).toMatchObject({ badge: "-50%", vecchioPrezzo: 1980, prezzo: 990 });
    expect(row("plus-100")).toMatchObject({ badge: null, vecchioPrezzo: null });
  });
});
