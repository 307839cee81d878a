// After a purchase, paid as a member pays (GET /api/plans, POST /orders/tryCharge with the sandbox's success
// card): the credits are granted once per payment with a ledger row, every tab gets the balances, the message
// that was refused for credits goes out by itself, and a member who became premium gets no more pressing.
// The charge's own rules (card checks, 3-D Secure, the webhook) are in payments-card.test.ts.
import { runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import { orders, payments } from "../../drizzle/schema/payments";
import { inDb } from "../fixtures/db";
import { call, type TestMember, verifiedMember } from "../fixtures/members";
import { openSocket, roomOf, settled, type TestSocket } from "../fixtures/socket";

const ANGEL = 1;

async function connect(member: TestMember, tab: string): Promise<TestSocket> {
  const response = await openSocket(member.clickid, { token: member.token, tab });
  if (!response.socket) throw new Error(`socket refused: ${response.status}`);
  return response.socket;
}

interface PlansAnswer {
  rateplan: Record<string, { product_id: string; crediti: number; crediti_promo: number }[]>[];
  list: string;
  chosen: string;
}

/** Pays the plan the plans page chooses for the member with the sandbox's success card; answers the plan. */
async function buy(member: TestMember) {
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
  return { productId: plan.product_id, credits: plan.crediti + plan.crediti_promo };
}

const account = (clickid: string) =>
  inDb(async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, clickid)))[0]);

describe("a purchase", () => {
  it("grants its credits once and sends the pending message to every tab, stored and charged once", async () => {
    const member = await verifiedMember();
    const first = await connect(member, "tab-purchase-first-0001");
    const second = await connect(member, "tab-purchase-second-001");
    first.send({ event: "chat", data: { msg: "primo", angelId: ANGEL, clientId: "purchase-msg-0001" } });
    await first.next("chat", (e) => e.data.clientId === "purchase-msg-0001");
    await inDb((db) =>
      db.update(accounts).set({ messageCredits: 0 }).where(eq(accounts.clickid, member.clickid)),
    );
    first.send({
      event: "chat",
      data: { msg: "Ti scrivo appena ho i crediti", angelId: ANGEL, clientId: "purchase-msg-0002" },
    });
    await first.next("refused", (e) => e.data.clientId === "purchase-msg-0002");

    // A free member's first plan: the Starter, 30 credits and premium level 1.
    const plan = await buy(member);
    expect(plan).toEqual({ productId: "starter-30", credits: 30 });
    // A paid member's message costs valoreMessaggio (10): 30 bought, 10 spent on the pending message.
    for (const tab of [first, second]) {
      const sent = await tab.next("chat", (e) => e.data.clientId === "purchase-msg-0002");
      expect(sent.data).toMatchObject({ msg: "Ti scrivo appena ho i crediti", type: "personal" });
      await tab.next("creditiResidui", (e) => e.data.creditiMessaggi === 20);
    }
    const after = await account(member.clickid);
    expect(after?.pendingMessage).toBeNull();
    expect(after?.messageCredits).toBe(20);
    expect(after?.premiumLevel).toBe(1);

    // The same payment reported again (the return page's check after the charge): nothing more.
    const [payment] = await inDb((db) =>
      db
        .select({ reference: payments.reference })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.accountId, after?.id ?? 0)),
    );
    const check = await call("/orders/adyen/checkTransactionStatus", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({ clickid: member.clickid, redirectResult: payment?.reference }),
    });
    expect(await check.json()).toMatchObject({ result: true, message: "success" });
    // The client resending the pending message under its id stores nothing new.
    first.send({
      event: "chat",
      data: { msg: "Ti scrivo appena ho i crediti", angelId: ANGEL, clientId: "purchase-msg-0002" },
    });
    const echoes = () =>
      first.events.filter((e) => e.event === "chat" && e.data.clientId === "purchase-msg-0002").length;
    await expect.poll(echoes).toBe(2);
    const rows = await inDb(async (db) => {
      const id = after?.id ?? 0;
      return {
        sent: await db
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.accountId, id), eq(messages.clientId, "purchase-msg-0002"))),
        ledger: await db
          .select({
            delta: creditLedger.delta,
            reason: creditLedger.reason,
            after: creditLedger.balanceAfter,
          })
          .from(creditLedger)
          .where(and(eq(creditLedger.accountId, id), eq(creditLedger.balance, "messaggi")))
          .orderBy(creditLedger.id),
      };
    });
    expect(rows.sent).toHaveLength(1);
    expect(rows.ledger.slice(-2)).toEqual([
      { delta: 30, reason: "purchase", after: 30 },
      { delta: -10, reason: "message", after: 20 },
    ]);
    expect((await account(member.clickid))?.messageCredits).toBe(20);
    first.close();
    second.close();
  });

  it("keeps the pending message when the credits bought still do not cover it", async () => {
    const member = await verifiedMember();
    // A paid member whose messages cost more than the plan's 100 credits.
    await inDb((db) =>
      db
        .update(accounts)
        .set({ premiumLevel: 1, messageCredits: 0, messagePrice: 150 })
        .where(eq(accounts.clickid, member.clickid)),
    );
    const socket = await connect(member, "tab-purchase-short-0001");
    socket.send({ event: "chat", data: { msg: "In attesa", angelId: ANGEL, clientId: "purchase-short-01" } });
    await socket.next("refused");
    expect(await buy(member)).toEqual({ productId: "refill-100", credits: 100 });
    await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === 100);
    const after = await account(member.clickid);
    expect(after?.messageCredits).toBe(100);
    expect(after?.pendingMessage).toMatchObject({ msg: "In attesa" });
    const sent = await inDb((db) =>
      db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.accountId, after?.id ?? 0), eq(messages.clientId, "purchase-short-01"))),
    );
    expect(sent).toEqual([]);
    socket.close();
  });

  it("stops the brain's pressing of a member who became premium, dropping the steps left", async () => {
    const member = await verifiedMember();
    const socket = await connect(member, "tab-purchase-brain-0001");
    socket.send({
      event: "brain",
      data: { trackerId: member.clickid, tipologia: "web", country: "it", premiumLevel: 0 },
    });
    // The first step of the schedule (a visit) arrives, then the member buys a plan.
    await socket.next("notification");
    await buy(member);
    expect((await socket.next("pausePressing")).data.reason).toBe("premium");
    // Once a step that was running has ended, no step is left and nothing more reaches the member.
    const seen = socket.events.length;
    await settled(socket, member.clickid);
    const left = await runInDurableObject(roomOf(member.clickid), async (_room, state) => {
      const queue = await state.storage.list<{ step: { kind: string } }>({ prefix: "q:" });
      return [...queue.values()].filter((item) => item.step.kind === "brain").length;
    });
    expect(left).toBe(0);
    expect(socket.events.slice(seen).filter((e) => e.event === "notification" || e.event === "chat")).toEqual(
      [],
    );
    socket.close();
  });
});
