// The write path behind the acknowledgement (worker/chat/chat-outbox.ts): a message in an open conversation
// is durable in the room's storage when the member sees it acknowledged, and reaches Postgres exactly once,
// whatever crashes in between; the credits it spends are exact.
import { runInDurableObject } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import type { PurchaseBalances } from "../../worker/contracts/credits";
import { type GrantedRow, purchaseGrant } from "../../worker/credits/credits.service";
import { ANGEL, account, chat, setBalances } from "../fixtures/chat";
import { inDb } from "../fixtures/db";
import { type TestMember, verifiedMember } from "../fixtures/members";
import { connect, roomOf, type TestSocket } from "../fixtures/socket";

const stored = (clickid: string, clientId: string) =>
  inDb((db) =>
    db
      .select({ id: messages.id, msg: messages.msg })
      .from(messages)
      .innerJoin(accounts, eq(accounts.id, messages.accountId))
      .where(and(eq(accounts.clickid, clickid), eq(messages.clientId, clientId))),
  );

const messageLedger = (accountId: number) =>
  inDb((db) =>
    db
      .select({ delta: creditLedger.delta, reference: creditLedger.reference })
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, accountId), eq(creditLedger.reason, "message"))),
  );

/** Polls Postgres until `done` holds (the write behind the acknowledgement, or the room's flush step). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeout = 10_000) {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval: 100 },
  );
}

async function send(socket: TestSocket, msg: string, clientId: string) {
  chat(socket, msg, clientId);
  return socket.next("chat", (e) => e.data.clientId === clientId, 5000);
}

/** A member whose conversation with ANGEL is open (its first two messages went through Postgres). */
async function openConversation(prefix: string): Promise<{ member: TestMember; socket: TestSocket }> {
  const member = await verifiedMember();
  const socket = await connect(member);
  await send(socket, "Ciao!", `${prefix}-msg-1`);
  await send(socket, "Come stai?", `${prefix}-msg-2`);
  // The third is decided by the room (it reserves its ids from Postgres here).
  await send(socket, "Di dove sei?", `${prefix}-msg-3`);
  // Quiet: the three messages and the angel's three replies are in Postgres, nothing left in the outbox.
  await eventually(
    () =>
      inDb((db) =>
        db
          .select({ type: messages.type })
          .from(messages)
          .innerJoin(accounts, eq(accounts.id, messages.accountId))
          .where(eq(accounts.clickid, member.clickid)),
      ),
    (rows) => rows.filter((r) => r.type === "angel").length === 3 && rows.length === 6,
  );
  return { member, socket };
}

describe("a message acknowledged by the room", () => {
  it("reaches Postgres after the room restarts before writing it", async () => {
    const { member, socket } = await openConversation("crash");
    const before = await account(member.clickid);
    // Postgres does not answer the write behind this acknowledgement; then the room goes away.
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.databaseDown = true;
    });
    const acked = await send(socket, "Mi pensi?", "crash-msg-4");
    expect(await stored(member.clickid, "crash-msg-4")).toEqual([]);
    await runInDurableObject(roomOf(member.clickid), (_instance, state) => {
      state.abort("test: the room crashes");
    }).catch(() => {});
    // A new instance of the room, woken by its alarm, writes it: the id the member saw, one credit, once.
    const rows = await eventually(
      () => stored(member.clickid, "crash-msg-4"),
      (r) => r.length === 1,
    );
    expect(rows).toEqual([{ id: acked.data.id, msg: "Mi pensi?" }]);
    expect((await account(member.clickid))?.messageCredits).toBe((before?.messageCredits ?? 0) - 1);
    const ledger = await messageLedger(before?.id ?? 0);
    expect(ledger.filter((l) => l.reference === `message:${acked.data.id}`)).toEqual([
      { delta: -1, reference: `message:${acked.data.id}` },
    ]);
    socket.close();
  });

  it("is acknowledged while Postgres is down, and written once when it is back", async () => {
    const { member, socket } = await openConversation("outage");
    const before = await account(member.clickid);
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.databaseDown = true;
    });
    const first = await send(socket, "Sei lì?", "outage-msg-4");
    const second = await send(socket, "Rispondimi", "outage-msg-5");
    await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === (before?.messageCredits ?? 0) - 2);
    // The room's flush step has run (1 s after) and failed: it is queued again, the messages still kept.
    const queued = () =>
      runInDurableObject(roomOf(member.clickid), async (_instance, state) => ({
        retries: [
          ...(
            await state.storage.list<{ step: { kind: string; attempt?: number } }>({ prefix: "q:" })
          ).values(),
        ].filter((item) => item.step.kind === "flush" && (item.step.attempt ?? 0) > 0).length,
        kept: (await state.storage.list({ prefix: "chat:out:" })).size,
      }));
    const waiting = await eventually(queued, (q) => q.retries > 0);
    expect(waiting.kept).toBeGreaterThanOrEqual(2);
    expect(await stored(member.clickid, "outage-msg-4")).toEqual([]);
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.databaseDown = false;
    });
    for (const [clientId, acked] of [
      ["outage-msg-4", first],
      ["outage-msg-5", second],
    ] as const) {
      const rows = await eventually(
        () => stored(member.clickid, clientId),
        (r) => r.length === 1,
      );
      expect(rows[0]?.id).toBe(acked.data.id);
    }
    expect((await account(member.clickid))?.messageCredits).toBe((before?.messageCredits ?? 0) - 2);
    socket.close();
  });

  it("reaches Postgres from a burst written behind together: each message once, with its id and credit", async () => {
    const { member, socket } = await openConversation("burst");
    await setBalances(member.clickid, { messageCredits: 20 });
    await runInDurableObject(roomOf(member.clickid), (instance) =>
      instance.afterPurchase({ creditiMessaggi: 20, creditiIcebreaker: 0, premiumLevel: 0 }),
    );
    const before = await account(member.clickid);
    // Sent without waiting: the room writes them behind in as few statements as the coalescing window makes.
    const ids = Array.from({ length: 8 }, (_, i) => `burst-msg-${i + 4}`);
    for (const [i, clientId] of ids.entries()) chat(socket, `raffica ${i}`, clientId);
    const acked = new Map<string, number>();
    for (const clientId of ids)
      acked.set(clientId, (await socket.next("chat", (e) => e.data.clientId === clientId, 5000)).data.id);
    for (const clientId of ids) {
      const rows = await eventually(
        () => stored(member.clickid, clientId),
        (r) => r.length === 1,
      );
      expect(rows[0]?.id).toBe(acked.get(clientId));
    }
    const ledger = await messageLedger(before?.id ?? 0);
    for (const id of acked.values()) {
      expect(ledger.filter((l) => l.reference === `message:${id}`)).toEqual([
        { delta: -1, reference: `message:${id}` },
      ]);
    }
    expect((await account(member.clickid))?.messageCredits).toBe((before?.messageCredits ?? 0) - ids.length);
    socket.close();
  });

  it("is written once when a flush runs again after Postgres committed it", async () => {
    const { member, socket } = await openConversation("twice");
    const before = await account(member.clickid);
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.databaseDown = true;
    });
    const acked = await send(socket, "Ancora io", "twice-msg-4");
    const entries = await runInDurableObject(roomOf(member.clickid), async (instance, state) => {
      instance.databaseDown = false;
      return Object.fromEntries(await state.storage.list({ prefix: "chat:out:" }));
    });
    await eventually(
      () => stored(member.clickid, "twice-msg-4"),
      (r) => r.length === 1,
    );
    // A crash between Postgres's commit and the outbox's delete: the entry is back, the memory gone.
    await runInDurableObject(roomOf(member.clickid), async (instance, state) => {
      await state.storage.put(entries);
      instance.forgetMemory();
    });
    // The next message's flush writes the old entry again with it.
    await send(socket, "E ancora", "twice-msg-5");
    await eventually(
      () => stored(member.clickid, "twice-msg-5"),
      (r) => r.length === 1,
    );
    expect(await stored(member.clickid, "twice-msg-4")).toEqual([{ id: acked.data.id, msg: "Ancora io" }]);
    expect((await account(member.clickid))?.messageCredits).toBe((before?.messageCredits ?? 0) - 2);
    const ledger = await messageLedger(before?.id ?? 0);
    expect(ledger.filter((l) => l.reference === `message:${acked.data.id}`)).toHaveLength(1);
    const left = await runInDurableObject(
      roomOf(member.clickid),
      async (_i, state) => (await state.storage.list({ prefix: "chat:out:" })).size,
    );
    expect(left).toBe(0);
    socket.close();
  });
});

describe("credits decided by the room", () => {
  it("spend exactly one each and refuse the message past the last credit", async () => {
    const { member, socket } = await openConversation("exact");
    const start = await account(member.clickid);
    // Two credits left: of a burst of four, two are acknowledged and two refused, none spent twice.
    await setBalances(member.clickid, { messageCredits: 2, icebreakerCredits: 0 });
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      // The room learns of the change as it would of a purchase: it reads Postgres before deciding again.
      return instance.afterPurchase({ creditiMessaggi: 2, creditiIcebreaker: 0, premiumLevel: 0 });
    });
    for (const n of [1, 2, 3, 4]) chat(socket, `raffica ${n}`, `exact-burst-${n}`);
    await socket.next("chat", (e) => e.data.clientId === "exact-burst-1");
    await socket.next("chat", (e) => e.data.clientId === "exact-burst-2");
    await socket.next("refused", (e) => e.data.clientId === "exact-burst-3");
    await socket.next("refused", (e) => e.data.clientId === "exact-burst-4");
    const after = await eventually(
      () => account(member.clickid),
      (a) => a?.messageCredits === 0,
    );
    expect(after?.messageCredits).toBe(0);
    const ledger = await messageLedger(start?.id ?? 0);
    const burst = await inDb((db) =>
      db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.accountId, start?.id ?? 0), sql`${messages.clientId} like 'exact-burst-%'`)),
    );
    expect(burst).toHaveLength(2);
    for (const { id } of burst) {
      expect(ledger.filter((l) => l.reference === `message:${id}`)).toEqual([
        { delta: -1, reference: `message:${id}` },
      ]);
    }
    // The last refused one is kept as the pending message, as the spec asks.
    expect(after?.pendingMessage).toMatchObject({ angelId: ANGEL, clientId: "exact-burst-4" });
    socket.close();
  });

  it("after a purchase while messages were unwritten, show Postgres's balance after them", async () => {
    const { member, socket } = await openConversation("bought");
    const start = await account(member.clickid);
    const credits = start?.messageCredits ?? 0;
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.databaseDown = true;
    });
    await send(socket, "Uno", "bought-msg-4");
    await send(socket, "Due", "bought-msg-5");
    // The settlement grants 30 credits in Postgres, which has not seen the two messages yet.
    await inDb((db) =>
      db
        .update(accounts)
        .set({ messageCredits: sql`${accounts.messageCredits} + 30` })
        .where(eq(accounts.clickid, member.clickid)),
    );
    const answer = await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.databaseDown = false;
      return instance.afterPurchase({ creditiMessaggi: credits + 30, creditiIcebreaker: 0, premiumLevel: 0 });
    });
    expect(answer.creditiMessaggi).toBe(credits + 30 - 2);
    await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === credits + 30 - 2);
    expect((await account(member.clickid))?.messageCredits).toBe(credits + 30 - 2);
    socket.close();
  });
});

/** A purchase's grant, as the settlement writes it; answers what the settlement tells the member's room. */
async function grant(clickid: string, credits: number, reference: string): Promise<PurchaseBalances> {
  const { id } = (await account(clickid)) ?? { id: 0 };
  const { rows } = await inDb((db) =>
    db.execute<GrantedRow>(purchaseGrant(id, { credits, premiumLevel: 0, reference })),
  );
  const row = rows[0];
  if (!row) throw new Error("nothing granted");
  return {
    creditiMessaggi: row.crediti_messaggi,
    creditiIcebreaker: row.crediti_icebreaker,
    premiumLevel: row.premium_level,
    written: { balanceSeq: Number(row.balance_seq), pending: row.messaggio_pending },
  };
}

describe("a purchase told to the room", () => {
  it("shows the grant's balances without reading Postgres when nothing of the room's was written after it", async () => {
    const { member, socket } = await openConversation("after-last");
    const granted = await grant(member.clickid, 30, "payment:after-last");
    const answer = await runInDurableObject(roomOf(member.clickid), (instance) => {
      // A read would fail: the balances can only come from the grant.
      instance.databaseDown = true;
      return instance.afterPurchase(granted);
    });
    expect(answer).toMatchObject({ creditiMessaggi: granted.creditiMessaggi, pendingSent: false });
    await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === granted.creditiMessaggi);
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.databaseDown = false;
    });
    // The next message is decided on Postgres's balance again, and spends from the grant.
    await send(socket, "Grazie", "after-last-msg-4");
    const after = await eventually(
      () => account(member.clickid),
      (a) => a?.messageCredits === granted.creditiMessaggi - 1,
    );
    expect(after?.messageCredits).toBe(granted.creditiMessaggi - 1);
    socket.close();
  });

  it("reads Postgres when a message the room wrote after the grant spent from it", async () => {
    const { member, socket } = await openConversation("written-after");
    const granted = await grant(member.clickid, 30, "payment:written-after");
    // The room decides a message and writes it behind: after the grant, which it has not been told of yet.
    await send(socket, "Ancora io", "written-after-msg-4");
    await eventually(
      () => account(member.clickid),
      (a) => a?.messageCredits === granted.creditiMessaggi - 1,
    );
    const answer = await runInDurableObject(roomOf(member.clickid), (instance) =>
      instance.afterPurchase(granted),
    );
    expect(answer.creditiMessaggi).toBe(granted.creditiMessaggi - 1);
    await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === granted.creditiMessaggi - 1);
    socket.close();
  });

  it("reads Postgres when a message refused after the grant was kept pending", async () => {
    const { member, socket } = await openConversation("pending-after");
    const granted = await grant(member.clickid, 30, "payment:pending-after");
    // The credits are gone again (an operator's correction), and a first message to another angel, decided
    // by Postgres, is refused and kept.
    await setBalances(member.clickid, { messageCredits: 0, icebreakerCredits: 0 });
    chat(socket, "Quando avrò i crediti", "pending-after-other", ANGEL + 1);
    await socket.next("refused", (e) => e.data.clientId === "pending-after-other");
    const answer = await runInDurableObject(roomOf(member.clickid), (instance) =>
      instance.afterPurchase(granted),
    );
    // Postgres's balances, and its pending message tried again (refused: still no credits).
    expect(answer).toMatchObject({ creditiMessaggi: 0, creditiIcebreaker: 0, pendingSent: false });
    expect((await account(member.clickid))?.pendingMessage).toMatchObject({
      clientId: "pending-after-other",
    });
    socket.close();
  });

  it("reads Postgres for a purchase it hears of after a later one", async () => {
    const { member, socket } = await openConversation("two-grants");
    const first = await grant(member.clickid, 30, "payment:two-grants-1");
    const second = await grant(member.clickid, 50, "payment:two-grants-2");
    const told = await runInDurableObject(roomOf(member.clickid), async (instance) => ({
      second: await instance.afterPurchase(second),
      first: await instance.afterPurchase(first),
    }));
    // The first grant's balances are older than the second's: the room shows Postgres's, both grants in.
    expect(told.second.creditiMessaggi).toBe(second.creditiMessaggi);
    expect(told.first.creditiMessaggi).toBe(second.creditiMessaggi);
    expect(first.creditiMessaggi).toBe(second.creditiMessaggi - 50);
    socket.close();
  });
});
