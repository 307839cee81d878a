import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import type { ChatMessage } from "../../worker/contracts/chat";
import { inDb } from "../fixtures/db";
import { call, createMember, type TestMember } from "../fixtures/members";
import { openSocket, type TestSocket } from "../fixtures/socket";

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

const room = (clickid: string) => env.UserRoom.get(env.UserRoom.idFromName(clickid));

async function history(member: TestMember, angelId = ANGEL): Promise<ChatMessage[]> {
  const response = await call(`/get/messages/${member.clickid}/${angelId}`, { token: member.token });
  expect(response.status).toBe(200);
  return (await response.json()) as ChatMessage[];
}

describe("the member's room socket", () => {
  it("is refused without a token, with a bad one and with another member's token", async () => {
    const alice = await createMember();
    const bob = await createMember();
    expect((await openSocket(alice.clickid, {})).status).toBe(401);
    expect((await openSocket(alice.clickid, { token: "forged" })).status).toBe(401);
    expect((await openSocket(alice.clickid, { token: bob.token })).status).toBe(401);
    expect((await openSocket(alice.clickid, { token: alice.token })).status).toBe(101);
  });

  it("answers a malformed frame with an error event and keeps the socket", async () => {
    const member = await createMember();
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
    const member = await createMember();
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
    const member = await createMember();
    const socket = await connect(member);
    chat(socket, "primo", "zero-credits-01");
    await socket.next("chat", (e) => e.data.clientId === "zero-credits-01");
    await setBalances(member.clickid, { creditiMessaggi: 0, creditiIcebreaker: 0 });
    chat(socket, "senza crediti", "zero-credits-02");
    const refused = await socket.next("refused");
    expect(refused.data).toEqual({ clientId: "zero-credits-02", event: "ko_msg", hook: "fine_crediti" });
    const stored = await account(member.clickid);
    expect(stored?.messaggioPending).toEqual({ msg: "senza crediti", angelId: ANGEL });
    expect(stored?.creditiMessaggi).toBe(0);
    expect((await history(member)).map((m) => m.msg)).toEqual(["primo"]);
    // An icebreaker to another angel is refused with ko_icebreaker.
    chat(socket, "ciao", "zero-credits-03", 3);
    expect((await socket.next("refused", (e) => e.data.clientId === "zero-credits-03")).data.event).toBe(
      "ko_icebreaker",
    );
    socket.close();
  });

  it("charges a paid member valoreMessaggio per message and refuses below it", async () => {
    const member = await createMember();
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
    const member = await createMember();
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
    const member = await createMember();
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
});

describe("the angel's reply", () => {
  it("is stored with a future time, hidden until then, and delivered by the alarm after typing", async () => {
    const member = await createMember();
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
    const member = await createMember();
    const socket = await connect(member);
    chat(socket, "Ciao", "alarm-0000-01");
    await socket.next("chat", (e) => e.data.clientId === "alarm-0000-01");
    await new Promise((r) => setTimeout(r, 700));
    await runDurableObjectAlarm(room(member.clickid));
    await socket.next("chat", (e) => e.data.type === "angel", 3000);
    // The queue is empty now: running the alarm again delivers nothing new.
    const count = socket.events.filter((e) => e.event === "chat" && e.data.type === "angel").length;
    await runDurableObjectAlarm(room(member.clickid));
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.events.filter((e) => e.event === "chat" && e.data.type === "angel").length).toBe(count);
    socket.close();
  });

  it("reaches a client that reconnects after missing it", async () => {
    const member = await createMember();
    const socket = await connect(member);
    chat(socket, "Ci sei?", "reconnect-0000-1");
    const sent = await socket.next("chat", (e) => e.data.clientId === "reconnect-0000-1");
    socket.close();
    await new Promise((r) => setTimeout(r, 1200));
    const back = await connect(member, { since: String(Date.parse(sent.data.time)) });
    const missed = await back.next("chat", (e) => e.data.type === "angel", 3000);
    expect(missed.data.angelId).toBe(ANGEL);
    expect(back.events.some((e) => e.event === "chat" && e.data.clientId === "reconnect-0000-1")).toBe(false);
    back.close();
  });
});

describe("GET /get/messages", () => {
  it("answers only the member's own conversations", async () => {
    const alice = await createMember();
    const bob = await createMember();
    expect((await call(`/get/messages/${alice.clickid}/${ANGEL}`, { token: bob.token })).status).toBe(403);
    expect((await call(`/get/messages/${alice.clickid}/${ANGEL}`)).status).toBe(401);
  });

  it("hides messages whose time is in the future", async () => {
    const member = await createMember();
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
});
