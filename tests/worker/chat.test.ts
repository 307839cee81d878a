import { runDurableObjectAlarm } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import { events } from "../../drizzle/schema/tracking";
import { type SendMemory, sendMemberMessage } from "../../worker/chat/chat.service";
import type { ChatMessage } from "../../worker/contracts/chat";
import { cursorOf, encodeCursor } from "../../worker/contracts/realtime";
import { inDb } from "../fixtures/db";
import { call, type TestMember, verifiedMember } from "../fixtures/members";
import { openSocket, roomOf, type TestSocket } from "../fixtures/socket";

const ANGEL = 1; // the seed's first Italian angel

async function connect(member: TestMember, query: Record<string, string> = {}): Promise<TestSocket> {
  const response = await openSocket(member.clickid, { token: member.token, ...query });
  if (!response.socket) throw new Error(`socket refused: ${response.status}`);
  return response.socket;
}

const chat = (socket: TestSocket, msg: string, clientId: string = crypto.randomUUID(), angelId = ANGEL) =>
  socket.send({ event: "chat", data: { msg, angelId, clientId } });

const setBalances = (clickid: string, values: Partial<typeof accounts.$inferInsert>) =>
  inDb((db) => db.update(accounts).set(values).where(eq(accounts.clickid, clickid)));

const account = (clickid: string) =>
  inDb(async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, clickid)))[0]);

async function history(member: TestMember, angelId = ANGEL): Promise<ChatMessage[]> {
  const response = await call(`/get/messages/${member.clickid}/${angelId}`, { token: member.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: ChatMessage[] }).messages;
}

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
    await setBalances(member.clickid, { creditiMessaggi: 0, creditiIcebreaker: 0 });
    chat(socket, "senza crediti", "zero-credits-02");
    const refused = await socket.next("refused");
    expect(refused.data).toEqual({ clientId: "zero-credits-02", event: "ko_msg", hook: "fine_crediti" });
    const stored = await account(member.clickid);
    expect(stored?.messaggioPending).toEqual({
      msg: "senza crediti",
      angelId: ANGEL,
      clientId: "zero-credits-02",
    });
    expect(stored?.creditiMessaggi).toBe(0);
    expect((await history(member)).map((m) => m.msg)).toEqual(["primo"]);
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
    await setBalances(member.clickid, { premiumLevel: 1, creditiMessaggi: 25, valoreMessaggio: 10 });
    const socket = await connect(member);
    for (const [i, expected] of [15, 5].entries()) {
      chat(socket, `messaggio ${i}`, `paid-${i}-0000`);
      await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === expected);
    }
    chat(socket, "troppo", "paid-2-0000");
    expect((await socket.next("refused")).data.event).toBe("ko_msg");
    expect((await account(member.clickid))?.creditiMessaggi).toBe(5);
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
    await new Promise((r) => setTimeout(r, 300));
    expect((await history(member)).filter((m) => m.clientId === "resend-0000-b")).toHaveLength(1);
    expect((await account(member.clickid))?.creditiMessaggi).toBe(4);
    socket.close();
  });

  it("lets only one of two concurrent sends spend the last credit", async () => {
    const member = await verifiedMember();
    const first = await connect(member);
    chat(first, "primo", "race-0000-0");
    await first.next("chat", (e) => e.data.clientId === "race-0000-0");
    await setBalances(member.clickid, { creditiMessaggi: 1 });
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
    expect((await account(member.clickid))?.creditiMessaggi).toBe(0);
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
    await setBalances(member.clickid, { creditiMessaggi: 3 });
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
    expect(a?.creditiMessaggi).toBe(0);
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
    await setBalances(member.clickid, { creditiMessaggi: 0, creditiIcebreaker: 0 });
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
    expect([a?.creditiMessaggi, a?.creditiIcebreaker]).toEqual([0, 0]);
  });

  it("skips the read in an open conversation, yet never spends on a balance that changed meanwhile", async () => {
    const member = await verifiedMember();
    const memory: SendMemory = { last: null };
    const send = (msg: string, clientId: string) =>
      inDb((db) => sendMemberMessage(db, { clickid: member.clickid, angelId: ANGEL, msg, clientId }, memory));
    expect((await send("primo", "memory-1")).ok).toBe(true);
    await setBalances(member.clickid, { creditiMessaggi: 2 });
    // The room remembers a version the update above replaced: the send is decided again on 2 credits.
    const second = await send("secondo", "memory-2");
    expect(second.ok && second.balances.creditiMessaggi).toBe(1);
    expect(memory.last?.open).toEqual([ANGEL]);
    const third = await send("terzo", "memory-3");
    expect(third.ok && third.balances.creditiMessaggi).toBe(0);
    // Credits taken away elsewhere (another device, an operator) while the room remembers 0 is caught too.
    await setBalances(member.clickid, { creditiMessaggi: 1 });
    expect((await send("quarto", "memory-4")).ok).toBe(true);
    const refused = await send("quinto", "memory-5");
    expect(!refused.ok && refused.reason).toBe("refused");
    // A resend of a stored message through the remembered state is still stored and charged once.
    const again = await send("quarto", "memory-4");
    expect(again.ok && again.duplicate).toBe(true);
    expect((await account(member.clickid))?.creditiMessaggi).toBe(0);
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
    await setBalances(member.clickid, { creditiMessaggi: 3 });
    expect((await send(0)).ok).toBe(true); // free, and now remembered
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(send));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect((await account(member.clickid))?.creditiMessaggi).toBe(0);
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
    await setBalances(member.clickid, { creditiMessaggi: 5 });
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
    expect((await account(member.clickid))?.creditiMessaggi).toBe(4);
    expect((await history(member)).filter((m) => m.msg === "una volta")).toHaveLength(1);
  });
});

describe("the angel's reply", () => {
  it("is stored with a future time, hidden until then, and delivered by the alarm after typing", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    const other = await connect(member);
    chat(socket, "Ciao bella", "reply-0000-01");
    await socket.next("chat", (e) => e.data.clientId === "reply-0000-01");
    // The room stores the reply just after acknowledging the message: with a time in the future, which
    // the API does not show yet.
    const pendingReplies = () =>
      inDb(async (db) => {
        const a = await account(member.clickid);
        return db
          .select()
          .from(messages)
          .where(and(eq(messages.accountId, a?.id ?? 0), eq(messages.type, "angel")));
      });
    await expect.poll(async () => (await pendingReplies()).length, { timeout: 2000 }).toBe(1);
    const pending = await pendingReplies();
    expect(pending[0]?.time.getTime()).toBeGreaterThan(Date.now());
    expect((await history(member)).map((m) => m.type)).toEqual(["personal"]);

    const typing = await socket.next("typing", () => true, 5000);
    expect(typing.data.angelId).toBe(ANGEL);
    const reply = await socket.next("chat", (e) => e.data.type === "angel", 5000);
    expect(reply.data.msg.length).toBeGreaterThan(0);
    expect(Date.parse(reply.data.time)).toBeLessThanOrEqual(Date.now());
    // Every tab of the member gets it.
    await other.next("chat", (e) => e.data.id === reply.data.id);
    expect((await history(member)).map((m) => m.type)).toEqual(["personal", "angel"]);
    socket.close();
    other.close();
  });

  it("is delivered when the room's alarm runs, with nothing due left afterwards", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "Ciao", "alarm-0000-01");
    await socket.next("chat", (e) => e.data.clientId === "alarm-0000-01");
    await new Promise((r) => setTimeout(r, 700));
    await runDurableObjectAlarm(roomOf(member.clickid));
    await socket.next("chat", (e) => e.data.type === "angel", 3000);
    // The queue is empty now: running the alarm again delivers nothing new.
    const count = socket.events.filter((e) => e.event === "chat" && e.data.type === "angel").length;
    await runDurableObjectAlarm(roomOf(member.clickid));
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.events.filter((e) => e.event === "chat" && e.data.type === "angel").length).toBe(count);
    socket.close();
  });

  it("reaches a client that reconnects after missing it", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "Ci sei?", "reconnect-0000-1");
    const sent = await socket.next("chat", (e) => e.data.clientId === "reconnect-0000-1");
    socket.close();
    await new Promise((r) => setTimeout(r, 1200));
    const back = await connect(member, { after: encodeCursor(cursorOf(sent.data)) });
    const missed = await back.next("chat", (e) => e.data.type === "angel", 3000);
    expect(missed.data.angelId).toBe(ANGEL);
    expect(back.events.some((e) => e.event === "chat" && e.data.clientId === "reconnect-0000-1")).toBe(false);
    back.close();
  });
});

describe("GET /get/messages", () => {
  it("answers only the member's own conversations", async () => {
    const alice = await verifiedMember();
    const bob = await verifiedMember();
    expect((await call(`/get/messages/${alice.clickid}/${ANGEL}`, { token: bob.token })).status).toBe(403);
    expect((await call(`/get/messages/${alice.clickid}/${ANGEL}`)).status).toBe(401);
  });

  it("hides messages whose time is in the future", async () => {
    const member = await verifiedMember();
    const a = await account(member.clickid);
    await inDb((db) =>
      db.insert(messages).values([
        {
          accountId: a?.id ?? 0,
          angelId: ANGEL,
          type: "angel",
          msg: "passato",
          time: new Date(Date.now() - 60_000),
        },
        {
          accountId: a?.id ?? 0,
          angelId: ANGEL,
          type: "angel",
          msg: "futuro",
          time: new Date(Date.now() + 60_000),
        },
      ]),
    );
    expect((await history(member)).map((m) => m.msg)).toEqual(["passato"]);
  });

  it("lists conversations with unread counts and photos; opening one reads only what is due", async () => {
    const member = await verifiedMember();
    const a = await account(member.clickid);
    const line = (angelId: number, msg: string, offsetMs: number) => ({
      accountId: a?.id ?? 0,
      angelId,
      type: "angel" as const,
      msg,
      time: new Date(Date.now() + offsetMs),
    });
    await inDb((db) =>
      db
        .insert(messages)
        .values([
          line(ANGEL, "uno", -120_000),
          line(ANGEL, "due", -60_000),
          line(ANGEL, "dopo", 60_000),
          line(2, "altra", -30_000),
        ]),
    );
    const list = async () => {
      const response = await call(`/get/messages/${member.clickid}`, { token: member.token });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        messages: { angelId: number; msg: string; unread: number; default_photo: string }[];
        totalUnreadMessages: number;
      };
    };
    const before = await list();
    expect(before.totalUnreadMessages).toBe(3);
    expect(before.messages.map((c) => [c.angelId, c.msg, c.unread])).toEqual([
      [2, "altra", 1],
      [ANGEL, "due", 2],
    ]);
    expect(before.messages[1]?.default_photo).toBe(`/photos/default-it/${ANGEL}.jpg`);

    await history(member);
    const after = await list();
    expect(after.messages.map((c) => [c.angelId, c.unread])).toEqual([
      [2, 1],
      [ANGEL, 0],
    ]);
    // The message not yet due stays unread for when it shows.
    const future = await inDb((db) =>
      db
        .select({ letto: messages.letto })
        .from(messages)
        .where(and(eq(messages.accountId, a?.id ?? 0), eq(messages.msg, "dopo"))),
    );
    expect(future).toEqual([{ letto: false }]);
  });
});

describe("the chat rules", () => {
  const insertLine = async (clickid: string, line: Partial<typeof messages.$inferInsert>) => {
    const a = await account(clickid);
    await inDb((db) =>
      db.insert(messages).values({
        accountId: a?.id ?? 0,
        angelId: ANGEL,
        type: "angel",
        msg: "",
        time: new Date(Date.now() - 60_000),
        ...line,
      }),
    );
  };

  it("treats a first message after only likes as an icebreaker, whatever the client claims", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "primo in assoluto", "ice-rule-0001");
    await socket.next("chat", (e) => e.data.clientId === "ice-rule-0001");
    // Angel 2 has only liked the member: the conversation holds likes, and the first message is an icebreaker.
    await insertLine(member.clickid, { angelId: 2, type: "like", msg: "like" });
    socket.send({
      event: "chat",
      data: { msg: "ciao", angelId: 2, clientId: "ice-rule-0002", icebreaker: false },
    });
    await socket.next(
      "creditiResidui",
      (e) => e.data.creditiIcebreaker === 2 && e.data.creditiMessaggi === 5,
    );
    // A later message claimed as an icebreaker still spends a message credit.
    socket.send({
      event: "chat",
      data: { msg: "ancora", angelId: 2, clientId: "ice-rule-0003", icebreaker: true },
    });
    await socket.next(
      "creditiResidui",
      (e) => e.data.creditiIcebreaker === 2 && e.data.creditiMessaggi === 4,
    );
    socket.close();
  });

  it("shows 'typing' for the configured time before the angel's reply arrives", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "Ciao", "typing-rule-01");
    await socket.next("chat", (e) => e.data.clientId === "typing-rule-01");
    const typing = await socket.next("typing", () => true, 5000);
    const typingAt = Date.now();
    // The test bindings shorten the spec's 5000 ms to 200 ms.
    expect(typing.data).toEqual({ angelId: ANGEL, ms: 200 });
    await socket.next("chat", (e) => e.data.type === "angel", 5000);
    expect(Date.now() - typingAt).toBeGreaterThanOrEqual(150);
    socket.close();
  });

  it("blurs every angel reply to a free member after the first, and never sends its text to them", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "uno", "blur-rule-01");
    const first = await socket.next("chat", (e) => e.data.type === "angel", 5000);
    expect(first.data.blurredMessage).toBe(false);
    expect(first.data.msg.length).toBeGreaterThan(0);
    chat(socket, "due", "blur-rule-02");
    await socket.next("chat", (e) => e.data.clientId === "blur-rule-02");
    // Blurred replies show only to members who are neither premium nor verified by phone (a member the
    // test verified to send, then unverified; a member never verified cannot send at all).
    await setBalances(member.clickid, { verifiedUser: false });
    const second = await socket.next(
      "chat",
      (e) => e.data.type === "angel" && e.data.id !== first.data.id,
      5000,
    );
    expect(second.data).toMatchObject({ blurredMessage: true, msg: "" });
    // The stored text is real; neither the history, nor the list preview, nor a reconnect carries it.
    const stored = await inDb((db) => db.select().from(messages).where(eq(messages.id, second.data.id)));
    expect(stored[0]?.blurred).toBe(true);
    expect(stored[0]?.msg.length).toBeGreaterThan(0);
    const lines = await history(member);
    expect(lines.map((m) => [m.type, m.blurredMessage, m.msg === ""])).toEqual([
      ["personal", false, false],
      ["angel", false, false],
      ["personal", false, false],
      ["angel", true, true],
    ]);
    const list = (await (await call(`/get/messages/${member.clickid}`, { token: member.token })).json()) as {
      messages: { msg: string; blurredMessage: boolean }[];
    };
    expect(list.messages[0]).toMatchObject({ msg: "", blurredMessage: true });
    const back = await connect(member, { after: encodeCursor(cursorOf(first.data)) });
    const replayed = await back.next("chat", (e) => e.data.id === second.data.id, 3000);
    expect(replayed.data).toMatchObject({ blurredMessage: true, msg: "" });
    socket.close();
    back.close();

    // A phone-verified member reads it, and so does a premium one.
    await setBalances(member.clickid, { verifiedUser: true });
    expect((await history(member)).at(-1)).toMatchObject({ blurredMessage: false, msg: stored[0]?.msg });
    await setBalances(member.clickid, { verifiedUser: false, premiumLevel: 1 });
    expect((await history(member)).at(-1)).toMatchObject({ blurredMessage: false, msg: stored[0]?.msg });
  });

  it("never blurs a premium member's replies", async () => {
    const member = await verifiedMember();
    await setBalances(member.clickid, { premiumLevel: 1, creditiMessaggi: 100 });
    const socket = await connect(member);
    for (const id of ["premium-blur-1", "premium-blur-2"]) {
      chat(socket, "ciao", id);
      await socket.next("chat", (e) => e.data.clientId === id);
      await expect
        .poll(async () => (await history(member)).filter((m) => m.type === "angel").length, { timeout: 5000 })
        .toBe(id.endsWith("1") ? 1 : 2);
    }
    const stored = await inDb(async (db) => {
      const a = await account(member.clickid);
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, a?.id ?? 0), eq(messages.type, "angel")));
    });
    expect(stored.map((m) => m.blurred)).toEqual([false, false]);
    socket.close();
  });

  it("clears the pending message once a message to its angel is sent", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "primo", "pending-rule-1");
    await socket.next("chat", (e) => e.data.clientId === "pending-rule-1");
    await setBalances(member.clickid, { creditiMessaggi: 0 });
    chat(socket, "in attesa", "pending-rule-2");
    await socket.next("refused", (e) => e.data.clientId === "pending-rule-2");
    expect((await account(member.clickid))?.messaggioPending).toEqual({
      msg: "in attesa",
      angelId: ANGEL,
      clientId: "pending-rule-2",
    });
    await setBalances(member.clickid, { creditiMessaggi: 3 });
    chat(socket, "in attesa", "pending-rule-3");
    await socket.next("chat", (e) => e.data.clientId === "pending-rule-3");
    expect((await account(member.clickid))?.messaggioPending).toBeNull();
    socket.close();
  });
});
