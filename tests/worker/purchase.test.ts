// After a purchase (worker/credits, through the local stand-in route until payments report real ones): the
// credits are granted once per reference with a ledger row, every tab gets the balances, the message that was
// refused for credits goes out by itself, and a member who became premium gets no more pressing.
import { runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import { inDb } from "../fixtures/db";
import { call, type TestMember, verifiedMember } from "../fixtures/members";
import { openSocket, roomOf, type TestSocket } from "../fixtures/socket";

const ANGEL = 1;

async function connect(member: TestMember, tab: string): Promise<TestSocket> {
  const response = await openSocket(member.clickid, { token: member.token, tab });
  if (!response.socket) throw new Error(`socket refused: ${response.status}`);
  return response.socket;
}

const buy = (clickid: string, body: { credits: number; premiumLevel: number; reference: string }) =>
  call(`/dev/members/${clickid}/purchase`, { method: "POST", body: JSON.stringify(body) });

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
      db.update(accounts).set({ creditiMessaggi: 0 }).where(eq(accounts.clickid, member.clickid)),
    );
    first.send({
      event: "chat",
      data: { msg: "Ti scrivo appena ho i crediti", angelId: ANGEL, clientId: "purchase-msg-0002" },
    });
    await first.next("refused", (e) => e.data.clientId === "purchase-msg-0002");

    const response = await buy(member.clickid, { credits: 50, premiumLevel: 1, reference: "pay-0001" });
    expect(response.status).toBe(200);
    // A paid member's message costs valoreMessaggio (10): 50 bought, 10 spent on the pending message.
    expect(await response.json()).toEqual({
      applied: true,
      creditiMessaggi: 40,
      creditiIcebreaker: expect.any(Number),
      premiumLevel: 1,
      pendingSent: true,
    });
    for (const tab of [first, second]) {
      const sent = await tab.next("chat", (e) => e.data.clientId === "purchase-msg-0002");
      expect(sent.data).toMatchObject({ msg: "Ti scrivo appena ho i crediti", type: "personal" });
      await tab.next("creditiResidui", (e) => e.data.creditiMessaggi === 40);
    }
    const after = await account(member.clickid);
    expect(after?.messaggioPending).toBeNull();
    expect(after?.creditiMessaggi).toBe(40);

    // The same payment reported again (webhook after the return page): nothing more.
    const again = await buy(member.clickid, { credits: 50, premiumLevel: 1, reference: "pay-0001" });
    expect(await again.json()).toMatchObject({ applied: false, creditiMessaggi: 40, pendingSent: false });
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
      { delta: 50, reason: "purchase", after: 50 },
      { delta: -10, reason: "message", after: 40 },
    ]);
    expect((await account(member.clickid))?.creditiMessaggi).toBe(40);
    first.close();
    second.close();
  });

  it("keeps the pending message when the credits bought still do not cover it", async () => {
    const member = await verifiedMember();
    await inDb((db) =>
      db
        .update(accounts)
        .set({ premiumLevel: 1, creditiMessaggi: 0, valoreMessaggio: 10 })
        .where(eq(accounts.clickid, member.clickid)),
    );
    const socket = await connect(member, "tab-purchase-short-0001");
    socket.send({ event: "chat", data: { msg: "In attesa", angelId: ANGEL, clientId: "purchase-short-01" } });
    await socket.next("refused");
    const response = await buy(member.clickid, { credits: 5, premiumLevel: 1, reference: "pay-short-1" });
    expect(await response.json()).toMatchObject({ applied: true, creditiMessaggi: 5, pendingSent: false });
    expect((await account(member.clickid))?.messaggioPending).toMatchObject({ msg: "In attesa" });
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
    const response = await buy(member.clickid, { credits: 100, premiumLevel: 1, reference: "pay-brain-1" });
    expect(response.status).toBe(200);
    expect((await socket.next("pausePressing")).data.reason).toBe("premium");
    const left = await runInDurableObject(roomOf(member.clickid), async (_room, state) => {
      const queue = await state.storage.list<{ step: { kind: string } }>({ prefix: "q:" });
      return [...queue.values()].filter((item) => item.step.kind === "brain").length;
    });
    expect(left).toBe(0);
    // Nothing more of the schedule reaches the member.
    const seen = socket.events.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(socket.events.slice(seen).filter((e) => e.event === "notification" || e.event === "chat")).toEqual(
      [],
    );
    socket.close();
  });

  it("is refused for an unknown member and validates its input", async () => {
    expect((await buy("nobody-at-all", { credits: 5, premiumLevel: 0, reference: "x" })).status).toBe(404);
    const member = await verifiedMember();
    const bad = await buy(member.clickid, { credits: -5, premiumLevel: 0, reference: "x" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("credits");
  });
});
