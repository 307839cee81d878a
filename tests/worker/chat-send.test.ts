import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger } from "../../drizzle/schema/credits";
import { events } from "../../drizzle/schema/tracking";
import { type SendMemory, sendMemberMessage } from "../../worker/chat/member-send.service";
import { ANGEL, account, chat, history, setBalances } from "../fixtures/chat";
import { inDb } from "../fixtures/db";
import { verifiedMember } from "../fixtures/members";
import { connect, openSocket, queuedSteps, settled } from "../fixtures/socket";

describe("the member's room socket", () => {
  it("is refused without a token, with a bad one and with another member's token", async () => {
    const alice = await verifiedMember();
    const bob = await verifiedMember();
    expect((await openSocket(alice.clickid, {})).status).toBe(401);
    expect((await openSocket(alice.clickid, { token: "forged" })).status).toBe(401);
    expect((await openSocket(alice.clickid, { token: bob.token })).status).toBe(401);
    expect((await openSocket(alice.clickid, { token: alice.token })).status).toBe(101);
  });

  it("answers a malformed frame with an error event and keeps the socket", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    socket.ws.send("{not json");
    await socket.next("error", (e) => e.data.code === "invalid_event");
    socket.send({ event: "chat", data: { msg: "   ", angelId: ANGEL, clientId: "empty-message-1" } });
    await socket.next("error", (e) => e.data.code === "invalid_event");
    expect(await history(member)).toEqual([]);
    socket.close();
  });
});

describe("sending a message", () => {
  it("sends the first message free, then spends credits with a ledger row each", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "Ciao, come stai?", "first-message-01");
    const first = await socket.next("chat", (e) => e.data.clientId === "first-message-01");
    expect(first.data).toMatchObject({ type: "personal", msg: "Ciao, come stai?", angelId: ANGEL });
    expect((await socket.next("creditiResidui")).data).toEqual({ creditiMessaggi: 5, creditiIcebreaker: 3 });

    chat(socket, "Sei di Milano?", "second-message-01");
    await socket.next("chat", (e) => e.data.clientId === "second-message-01");
    await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === 4);
    // A new conversation's first message is an icebreaker: it spends an icebreaker credit.
    chat(socket, "Ciao!", "icebreaker-01", 2);
    await socket.next(
      "creditiResidui",
      (e) => e.data.creditiIcebreaker === 2 && e.data.creditiMessaggi === 4,
    );

    const ledger = await inDb(async (db) => {
      const a = await account(member.clickid);
      return db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.accountId, a?.id ?? 0), eq(creditLedger.reason, "message")));
    });
    expect(ledger.map((l) => [l.balance, l.delta, l.balanceAfter]).sort()).toEqual([
      ["icebreaker", -1, 2],
      ["messaggi", -1, 4],
    ]);
    socket.close();
  });

  it("refuses at zero credits with ko_msg and the fine_crediti hook, keeping the message pending", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "primo", "zero-credits-01");
    await socket.next("chat", (e) => e.data.clientId === "zero-credits-01");
    await setBalances(member.clickid, { messageCredits: 0, icebreakerCredits: 0 });
    chat(socket, "senza crediti", "zero-credits-02");
    const refused = await socket.next("refused");
    expect(refused.data).toEqual({ clientId: "zero-credits-02", event: "ko_msg", hook: "fine_crediti" });
    const stored = await account(member.clickid);
    expect(stored?.pendingMessage).toEqual({
      msg: "senza crediti",
      angelId: ANGEL,
      clientId: "zero-credits-02",
    });
    expect(stored?.messageCredits).toBe(0);
    // The member's own lines (the angel's answer to the first may already be due).
    expect((await history(member)).filter((m) => m.type === "personal").map((m) => m.msg)).toEqual(["primo"]);
    // An icebreaker to another angel is refused with ko_icebreaker.
    chat(socket, "ciao", "zero-credits-03", 3);
    expect((await socket.next("refused", (e) => e.data.clientId === "zero-credits-03")).data.event).toBe(
      "ko_icebreaker",
    );
    // Each refusal is recorded as the spec's KPI event.
    const accountId = stored?.id ?? 0;
    const kpi = await inDb((db) =>
      db
        .select({ type: events.type, angelId: events.angelId })
        .from(events)
        .where(and(eq(events.accountId, accountId), inArray(events.type, ["ko_msg", "ko_icebreaker"])))
        .orderBy(events.id),
    );
    expect(kpi).toEqual([
      { type: "ko_msg", angelId: ANGEL },
      { type: "ko_icebreaker", angelId: 3 },
    ]);
    socket.close();
  });

  it("charges a paid member valoreMessaggio per message and refuses below it", async () => {
    const member = await verifiedMember();
    await setBalances(member.clickid, { premiumLevel: 1, messageCredits: 25, messagePrice: 10 });
    const socket = await connect(member);
    for (const [i, expected] of [15, 5].entries()) {
      chat(socket, `messaggio ${i}`, `paid-${i}-0000`);
      await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === expected);
    }
    chat(socket, "troppo", "paid-2-0000");
    expect((await socket.next("refused")).data.event).toBe("ko_msg");
    expect((await account(member.clickid))?.messageCredits).toBe(5);
    socket.close();
  });

  it("stores and charges a resent message once", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "uno", "resend-0000-a");
    await socket.next("chat", (e) => e.data.clientId === "resend-0000-a");
    chat(socket, "due", "resend-0000-b");
    chat(socket, "due", "resend-0000-b");
    await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === 4);
    // Both frames handled, and the write-behind flushed to the database.
    await settled(socket, member.clickid);
    await expect
      .poll(async () => (await queuedSteps(member.clickid)).some((item) => item.step.kind === "flush"))
      .toBe(false);
    await settled(socket, member.clickid);
    expect((await history(member)).filter((m) => m.clientId === "resend-0000-b")).toHaveLength(1);
    expect((await account(member.clickid))?.messageCredits).toBe(4);
    socket.close();
  });

  it("lets only one of two concurrent sends spend the last credit", async () => {
    const member = await verifiedMember();
    const first = await connect(member);
    chat(first, "primo", "race-0000-0");
    await first.next("chat", (e) => e.data.clientId === "race-0000-0");
    await setBalances(member.clickid, { messageCredits: 1 });
    const second = await connect(member);
    chat(first, "a", "race-0000-a");
    chat(second, "b", "race-0000-b");
    const outcomes = await Promise.all(
      ["race-0000-a", "race-0000-b"].map((clientId) =>
        Promise.race([
          first.next("chat", (e) => e.data.clientId === clientId).then(() => "sent"),
          Promise.any(
            [first, second].map((s) => s.next("refused", (e) => e.data.clientId === clientId)),
          ).then(() => "refused"),
        ]),
      ),
    );
    expect(outcomes.sort()).toEqual(["refused", "sent"]);
    expect((await account(member.clickid))?.messageCredits).toBe(0);
    first.close();
    second.close();
  });

  it("lets exactly as many of eight concurrent sends pass as there are credits, each with its ledger row", async () => {
    const member = await verifiedMember();
    await inDb((db) =>
      sendMemberMessage(db, {
        clickid: member.clickid,
        angelId: ANGEL,
        msg: "primo",
        clientId: "burst-first",
      }),
    );
    await setBalances(member.clickid, { messageCredits: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        inDb((db) =>
          sendMemberMessage(db, {
            clickid: member.clickid,
            angelId: ANGEL,
            msg: `burst ${i}`,
            clientId: `burst-${i}`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.reason === "refused")).toHaveLength(5);
    const a = await account(member.clickid);
    expect(a?.messageCredits).toBe(0);
    const ledger = await inDb((db) =>
      db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.accountId, a?.id ?? 0), eq(creditLedger.reason, "message"))),
    );
    expect(ledger.map((row) => row.balanceAfter).sort()).toEqual([0, 1, 2]);
    expect((await history(member)).filter((m) => m.msg.startsWith("burst "))).toHaveLength(3);
  });

  it("gives the free first message to one of four sent at once by a member without credits", async () => {
    const member = await verifiedMember();
    await setBalances(member.clickid, { messageCredits: 0, icebreakerCredits: 0 });
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        inDb((db) =>
          sendMemberMessage(db, {
            clickid: member.clickid,
            angelId: ANGEL + i,
            msg: `primo ${i}`,
            clientId: `free-${i}`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "refused")).toHaveLength(3);
    const a = await account(member.clickid);
    expect([a?.messageCredits, a?.icebreakerCredits]).toEqual([0, 0]);
  });

  it("skips the read in an open conversation, yet never spends on a balance that changed meanwhile", async () => {
    const member = await verifiedMember();
    const memory: SendMemory = { last: null };
    const send = (msg: string, clientId: string) =>
      inDb((db) => sendMemberMessage(db, { clickid: member.clickid, angelId: ANGEL, msg, clientId }, memory));
    expect((await send("primo", "memory-1")).ok).toBe(true);
    await setBalances(member.clickid, { messageCredits: 2 });
    // The room remembers a version the update above replaced: the send is decided again on 2 credits.
    const second = await send("secondo", "memory-2");
    expect(second.ok && second.balances.creditiMessaggi).toBe(1);
    expect(memory.last?.open).toEqual([ANGEL]);
    const third = await send("terzo", "memory-3");
    expect(third.ok && third.balances.creditiMessaggi).toBe(0);
    // Credits taken away elsewhere (another device, an operator) while the room remembers 0 is caught too.
    await setBalances(member.clickid, { messageCredits: 1 });
    expect((await send("quarto", "memory-4")).ok).toBe(true);
    const refused = await send("quinto", "memory-5");
    expect(!refused.ok && refused.reason).toBe("refused");
    // A resend of a stored message through the remembered state is still stored and charged once.
    const again = await send("quarto", "memory-4");
    expect(again.ok && again.duplicate).toBe(true);
    expect((await account(member.clickid))?.messageCredits).toBe(0);
    expect((await history(member)).filter((m) => m.type === "personal").map((m) => m.msg)).toEqual([
      "primo",
      "secondo",
      "terzo",
      "quarto",
    ]);
  });

  it("passes as many sends as there are credits when they share the room's memory", async () => {
    const member = await verifiedMember();
    const memory: SendMemory = { last: null };
    const send = (i: number) =>
      inDb((db) =>
        sendMemberMessage(
          db,
          { clickid: member.clickid, angelId: ANGEL, msg: `shared ${i}`, clientId: `shared-${i}` },
          memory,
        ),
      );
    await setBalances(member.clickid, { messageCredits: 3 });
    expect((await send(0)).ok).toBe(true); // free, and now remembered
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(send));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect((await account(member.clickid))?.messageCredits).toBe(0);
  });

  it("stores and charges once the same clientId sent three times at once", async () => {
    const member = await verifiedMember();
    await inDb((db) =>
      sendMemberMessage(db, {
        clickid: member.clickid,
        angelId: ANGEL,
        msg: "primo",
        clientId: "twice-first",
      }),
    );
    await setBalances(member.clickid, { messageCredits: 5 });
    const send = () =>
      inDb((db) =>
        sendMemberMessage(db, {
          clickid: member.clickid,
          angelId: ANGEL,
          msg: "una volta",
          clientId: "twice-0001",
        }),
      );
    const results = await Promise.all([send(), send(), send()]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    expect((await account(member.clickid))?.messageCredits).toBe(4);
    expect((await history(member)).filter((m) => m.msg === "una volta")).toHaveLength(1);
  });
});
