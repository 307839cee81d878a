import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../drizzle/schema/chat";
import { cursorOf, encodeCursor } from "../../worker/contracts/cursor";
import { ANGEL, account, chat, history, setBalances } from "../fixtures/chat";
import { inDb } from "../fixtures/db";
import { call, verifiedMember } from "../fixtures/members";
import { connect } from "../fixtures/socket";

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
    await setBalances(member.clickid, { premiumLevel: 1, messageCredits: 100 });
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
    await setBalances(member.clickid, { messageCredits: 0 });
    chat(socket, "in attesa", "pending-rule-2");
    await socket.next("refused", (e) => e.data.clientId === "pending-rule-2");
    expect((await account(member.clickid))?.pendingMessage).toEqual({
      msg: "in attesa",
      angelId: ANGEL,
      clientId: "pending-rule-2",
    });
    await setBalances(member.clickid, { messageCredits: 3 });
    chat(socket, "in attesa", "pending-rule-3");
    await socket.next("chat", (e) => e.data.clientId === "pending-rule-3");
    expect((await account(member.clickid))?.pendingMessage).toBeNull();
    socket.close();
  });
});
