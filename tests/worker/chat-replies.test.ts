import { runDurableObjectAlarm } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { cursorOf, encodeCursor } from "../../worker/contracts/cursor";
import { ANGEL, account, chat, history } from "../fixtures/chat";
import { inDb } from "../fixtures/db";
import { verifiedMember } from "../fixtures/members";
import { connect, roomOf, settled } from "../fixtures/socket";

/** Resolves once the angel's reply is stored with its time in the past (the tests' delays are 300-600 ms). */
async function replyDue(clickid: string) {
  const dueAt = () =>
    inDb(async (db) => {
      const a = await account(clickid);
      const [reply] = await db
        .select({ time: messages.time })
        .from(messages)
        .where(and(eq(messages.accountId, a?.id ?? 0), eq(messages.type, "angel")));
      return reply?.time.getTime() ?? Number.POSITIVE_INFINITY;
    });
  await expect.poll(async () => (await dueAt()) <= Date.now(), { timeout: 5000, interval: 50 }).toBe(true);
}

describe("the angel's reply", () => {
  it("is stored with a future time, hidden until then, and delivered by the alarm after typing", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    const other = await connect(member);
    chat(socket, "Ciao bella", "reply-0000-01");
    await socket.next("chat", (e) => e.data.clientId === "reply-0000-01");
    // The room stores the reply just after acknowledging the message (written behind, from its outbox):
    // with a time in the future, which the API does not show until then.
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
    const due = pending[0]?.time.getTime() ?? 0;
    expect(due).toBeGreaterThan(pending[0]?.createdAt.getTime() ?? Number.POSITIVE_INFINITY);
    // The test's delays are 300-600 ms: on a loaded machine the time may already have come.
    const read = await history(member);
    if (Date.now() < due) expect(read.map((m) => m.type)).toEqual(["personal"]);

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
    await replyDue(member.clickid);
    await runDurableObjectAlarm(roomOf(member.clickid));
    await socket.next("chat", (e) => e.data.type === "angel", 3000);
    // The queue is empty now: running the alarm again delivers nothing new.
    const count = socket.events.filter((e) => e.event === "chat" && e.data.type === "angel").length;
    await runDurableObjectAlarm(roomOf(member.clickid));
    await settled(socket, member.clickid);
    expect(socket.events.filter((e) => e.event === "chat" && e.data.type === "angel").length).toBe(count);
    socket.close();
  });

  it('answers what the member asked: "Di dove sei?" names the angel\'s city, once without a second greeting', async () => {
    const [angel] = await inDb((db) => db.select().from(angels).where(eq(angels.id, ANGEL)));
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "Ciao! Di dove sei?", "where-0000-01");
    const first = await socket.next("chat", (e) => e.data.type === "angel", 5000);
    expect(first.data.msg).toContain(angel?.city);
    // Asked again, she remembers: the city again, with no greeting and no line she already wrote.
    chat(socket, "Ciao, scusa, di dove sei?", "where-0000-02");
    const second = await socket.next(
      "chat",
      (e) => e.data.type === "angel" && e.data.id !== first.data.id,
      5000,
    );
    expect(second.data.msg).toContain(angel?.city);
    expect(second.data.msg).not.toMatch(/^Ciao/);
    expect(second.data.msg).not.toBe(first.data.msg);
    socket.close();
  });

  it("reaches a client that reconnects after missing it", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "Ci sei?", "reconnect-0000-1");
    const sent = await socket.next("chat", (e) => e.data.clientId === "reconnect-0000-1");
    socket.close();
    await replyDue(member.clickid);
    const back = await connect(member, { after: encodeCursor(cursorOf(sent.data)) });
    const missed = await back.next("chat", (e) => e.data.type === "angel", 3000);
    expect(missed.data.angelId).toBe(ANGEL);
    expect(back.events.some((e) => e.event === "chat" && e.data.clientId === "reconnect-0000-1")).toBe(false);
    back.close();
  });
});
