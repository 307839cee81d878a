// What a plain card checkout asks of the database, as the bench's checkout does it: GET /api/plans, then
// orders/tryCharge with the sandbox's success card, until the new balance reaches the member's open tab and
// the purchase's confirmation is mailed. Every transaction is a round trip to Postgres and a share of its CPU
// (docs/benchmarks.md, "Checkout"): the whole checkout, the sandbox's own record of the charge included, stays
// within CHECKOUT_TRANSACTIONS. Counted by the local database proxy (scripts/ws-proxy.ts), which sees every
// statement the Worker and the member's room send.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { planPaymentFunction } from "../../worker/payments/orders.service";
import { plansFunction } from "../../worker/payments/plans.service";
import { settlementFunctions } from "../../worker/payments/settlement.service";
import { outbox } from "../fixtures/mail";
import { call, createMember, type TestMember } from "../fixtures/members";
import { openSocket } from "../fixtures/socket";
import { expectStoredAsBuilt } from "../fixtures/statement-functions";

const CHECKOUT_TRANSACTIONS = 4;
/** The settlement of a grant sends its statements together in one request (docs/decisions). */
const CHECKOUT_STATEMENTS = 9;

interface Counts {
  transactions: number;
  statements: number;
}

async function databaseCounts(): Promise<Counts> {
  const response = await fetch(`http://${env.DB_WS_PROXY}/counts`);
  return (await response.json()) as Counts;
}

interface PlansAnswer {
  rateplan: Record<string, { product_id: string; crediti: number; crediti_promo: number }[]>[];
  list: string;
  chosen: string;
}

/** Waits until the database has been asked nothing for a while: what the checkout left running has ended. */
async function quietDatabase(): Promise<Counts> {
  let last = await databaseCounts();
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = await databaseCounts();
    if (now.statements === last.statements) return now;
    last = now;
  }
  return last;
}

/** One checkout of `member` with a tab open; answers the transactions and statements it took. */
async function checkout(member: TestMember) {
  const opened = await openSocket(member.clickid, { token: member.token, tab: "tab-checkout-count" });
  const socket = opened.socket;
  if (!socket) throw new Error(`socket refused: ${opened.status}`);
  try {
    const before = await quietDatabase();
    const plans = (await (await call("/api/plans", { token: member.token })).json()) as PlansAnswer;
    const plan = plans.rateplan[0]?.[plans.list]?.find((p) => p.product_id === plans.chosen);
    if (!plan) throw new Error(`no plan chosen: ${JSON.stringify(plans)}`);
    const response = await call("/orders/tryCharge", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({
        cardNumber: "4242 4242 4242 4242",
        cardMonth: "12",
        cardYear: "30",
        cardSecurityCode: "123",
        firstName: "Mario",
        lastName: "Rossi",
        rateplan: plan.product_id,
        clickid: member.clickid,
        paySource: "CREDITCARD",
        newCard: true,
      }),
    });
    expect(await response.json()).toMatchObject({ status: "ok", message: "success", threeDS: null });
    // A sign-up's 5 credits and the plan's.
    const balance = 5 + plan.crediti + plan.crediti_promo;
    await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === balance);
    const after = await quietDatabase();
    // Read after the count: the outbox's page asks the database too.
    expect((await outbox(member.email)).map((m) => m.template)).toContain("purchase");
    return {
      transactions: after.transactions - before.transactions,
      statements: after.statements - before.statements,
    };
  } finally {
    socket.close();
  }
}

describe("a plain card checkout", () => {
  it(`takes at most ${CHECKOUT_TRANSACTIONS} database transactions and ${CHECKOUT_STATEMENTS} statements, from the plans to the balance on the tab`, async () => {
    // The least of three members' checkouts: the same code asks the same each time, and whatever else the
    // Worker runs meanwhile (another room's timer) can only add to a count.
    const counts: Counts[] = [];
    for (let i = 0; i < 3; i++) counts.push(await checkout(await createMember()));
    const least = (key: keyof Counts) => Math.min(...counts.map((c) => c[key]));
    expect(least("transactions"), JSON.stringify(counts)).toBeLessThanOrEqual(CHECKOUT_TRANSACTIONS);
    expect(least("statements"), JSON.stringify(counts)).toBeLessThanOrEqual(CHECKOUT_STATEMENTS);
  });

  it("runs its statements through functions, which are the statements as built now", async () => {
    await expectStoredAsBuilt([plansFunction, planPaymentFunction, ...Object.values(settlementFunctions)]);
  });
});
