import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import { dislikes, invites } from "../../drizzle/schema/engagement";
import { flows } from "../../drizzle/schema/flows";
import type { ChatMessage } from "../../worker/contracts/chat";
import { inDb } from "../fixtures/db";
import { account, like, likeAck, likeRows, setAccount } from "../fixtures/engagement";
import { call, type TestMember, verifiedMember } from "../fixtures/members";
import { connect, type TestSocket } from "../fixtures/socket";

const likeLedger = (accountId: number) =>
  inDb((db) =>
    db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, accountId), eq(creditLedger.balance, "like"))),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a like over the room socket", () => {
  it("is stored once, spends one like credit with its ledger row, and answers mi_piace_inviato", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    const before = await account(member.clickid);
    expect(before.likeCredits).toBe(10); // flow 7 grants 10 at sign-up
    like(socket, member, 11);
    const ack = await likeAck(socket, 11);
    expect(ack.data).toEqual({
      angelId: 11,
      status: "sent",
      messageKey: "mi_piace_inviato",
      hook: null,
      creditiLike: 9,
      premiumLevel: 0,
      alreadyLiked: false,
      via: "like",
    });
    // Liking twice is harmless: nothing stored or spent again.
    like(socket, member, 11);
    const again = await likeAck(socket, 11, (e) => e.data.alreadyLiked);
    expect(again.data).toMatchObject({ status: "sent", creditiLike: 9 });

    const after = await account(member.clickid);
    expect(after.likeCredits).toBe(9);
    expect((await likeRows(after.id)).map((l) => [l.angelId, l.source])).toEqual([[11, "like"]]);
    const ledger = await likeLedger(after.id);
    expect(ledger.filter((l) => l.reason === "like").map((l) => [l.delta, l.balanceAfter])).toEqual([
      [-1, 9],
    ]);
    // The ledger explains the balance exactly: the sign-up grant minus the spend.
    expect(ledger.reduce((sum, l) => sum + l.delta, 0)).toBe(after.likeCredits);
    socket.close();
  });

  it("refuses a free member at 0 like credits with the file_like hook, storing nothing", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    // The balance can never go below 0 (a check constraint), so 0 is the only "0 or less" there is.
    for (const credits of [0]) {
      await setAccount(member.clickid, { likeCredits: credits });
      like(socket, member, 12);
      const refused = await likeAck(socket, 12, (e) => e.data.creditiLike === credits);
      expect(refused.data).toMatchObject({
        status: "refused",
        hook: "file_like",
        messageKey: null,
        premiumLevel: 0,
        alreadyLiked: false,
      });
      const stored = await account(member.clickid);
      expect(stored.likeCredits).toBe(credits);
      expect(await likeRows(stored.id)).toEqual([]);
      expect((await likeLedger(stored.id)).filter((l) => l.reason === "like")).toEqual([]);
    }
    socket.close();
  });

  it("lets only one of two concurrent likes spend the last like credit, never going below zero", async () => {
    const member = await verifiedMember();
    await setAccount(member.clickid, { likeCredits: 1 });
    const first = await connect(member);
    const second = await connect(member);
    like(first, member, 13);
    like(second, member, 14);
    const outcome = async (socket: TestSocket, angelId: number) =>
      (await likeAck(socket, angelId)).data.status;
    expect([await outcome(first, 13), await outcome(second, 14)].sort()).toEqual(["refused", "sent"]);
    const stored = await account(member.clickid);
    expect(stored.likeCredits).toBe(0);
    expect(await likeRows(stored.id)).toHaveLength(1);
    const spends = (await likeLedger(stored.id)).filter((l) => l.reason === "like");
    expect(spends.map((l) => [l.delta, l.balanceAfter])).toEqual([[-1, 0]]);
    first.close();
    second.close();
  });

  it("is unlimited for paid members and spends nothing", async () => {
    const member = await verifiedMember();
    await setAccount(member.clickid, { premiumLevel: 1, likeCredits: 0 });
    const socket = await connect(member);
    const ids = Array.from({ length: 12 }, (_, i) => 20 + i);
    for (const id of ids) like(socket, member, id);
    for (const id of ids)
      expect((await likeAck(socket, id)).data).toMatchObject({ status: "sent", creditiLike: 0 });
    const stored = await account(member.clickid);
    expect(stored.likeCredits).toBe(0);
    expect((await likeRows(stored.id)).map((l) => l.angelId).sort((a, b) => a - b)).toEqual(ids);
    expect((await likeLedger(stored.id)).filter((l) => l.reason === "like")).toEqual([]);
    socket.close();
  });

  it("is refused for another member's trackerId and for an unknown angel", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember();
    const socket = await connect(member);
    socket.send({ event: "like", data: { trackerId: other.clickid, angelId: 15 } });
    await socket.next("error", (e) => e.data.code === "forbidden");
    socket.send({ event: "like", data: { angelId: 999_999 } });
    await socket.next("error", (e) => e.data.code === "unknown_angel");
    expect(await likeRows((await account(member.clickid)).id)).toEqual([]);
    socket.close();
  });
});

describe("match events", () => {
  it("store a right swipe as a like and a left swipe as a dislike the match stack can exclude", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    socket.send({
      event: "match",
      data: { trackerId: member.clickid, angelId: 40, type: "like", mongoId: "000000000000000000000028" },
    });
    expect((await likeAck(socket, 40)).data).toMatchObject({ status: "sent", via: "match", creditiLike: 9 });
    // Twice: remembered once.
    for (let i = 0; i < 2; i++) {
      socket.send({
        event: "match",
        data: {
          trackerId: member.clickid,
          angelId: 41,
          type: "dislike",
          mongoId: "000000000000000000000029",
        },
      });
    }
    await expect.poll(() => socket.events.filter((e) => e.event === "match").length).toBe(2);
    expect(socket.events.find((e) => e.event === "match")?.data).toEqual({ angelId: 41, type: "dislike" });
    const a = await account(member.clickid);
    expect((await likeRows(a.id)).map((l) => [l.angelId, l.source])).toEqual([[40, "match"]]);
    const stored = await inDb((db) => db.select().from(dislikes).where(eq(dislikes.accountId, a.id)));
    expect(stored.map((d) => [d.angelId, d.mongoId])).toEqual([[41, "000000000000000000000029"]]);
    socket.close();
  });

  it("without a trackerId is logged 'manca trackerId in match' and stores nothing", async () => {
    const warn = vi.spyOn(console, "warn");
    const member = await verifiedMember();
    const socket = await connect(member);
    socket.send({ event: "match", data: { angelId: 42, type: "dislike" } });
    await socket.next("error", (e) => e.data.code === "missing_trackerId");
    expect(warn.mock.calls.flat().join("\n")).toContain("manca trackerId in match");
    const a = await account(member.clickid);
    expect(await inDb((db) => db.select().from(dislikes).where(eq(dislikes.accountId, a.id)))).toEqual([]);
    socket.close();
  });
});

describe("an invite", () => {
  const INVITE_FLOW = "invite-test";
  async function inviteMember(): Promise<TestMember> {
    await inDb(async (db) => {
      const [base] = await db.select().from(flows).where(eq(flows.fluxId, "7"));
      await db
        .insert(flows)
        .values({ fluxId: INVITE_FLOW, config: { ...(base?.config as object), messaggi_inviti: true } })
        .onConflictDoNothing();
    });
    const member = await verifiedMember();
    await setAccount(member.clickid, { fluxId: INVITE_FLOW });
    return member;
  }
  const invite = (socket: TestSocket, angelId: number, msg: string, clientId: string) =>
    socket.send({ event: "invite", data: { angelId, msg, clientId } });

  it("is stored as the first message to the angel and counted as a like, once", async () => {
    const member = await inviteMember();
    const socket = await connect(member);
    const before = await account(member.clickid);
    invite(socket, 50, "Ciao, ti va di conoscerci?", "invite-0000-01");
    const ack = await socket.next("invite", (e) => e.data.clientId === "invite-0000-01");
    expect(ack.data).toEqual({
      clientId: "invite-0000-01",
      angelId: 50,
      status: "sent",
      hook: null,
      duplicate: false,
    });
    const sent = await socket.next("chat", (e) => e.data.clientId === "invite-0000-01");
    expect(sent.data).toMatchObject({ type: "personal", angelId: 50, msg: "Ciao, ti va di conoscerci?" });
    expect((await likeAck(socket, 50)).data).toMatchObject({ status: "sent", via: "invite", creditiLike: 9 });
    // Resent: nothing new.
    invite(socket, 50, "Ciao, ti va di conoscerci?", "invite-0000-01");
    await socket.next("invite", (e) => e.data.duplicate);

    const after = await account(member.clickid);
    expect(after.likeCredits).toBe(before.likeCredits - 1);
    // The invite spends no message credit: the chat stays locked until the angel accepts.
    expect([after.messageCredits, after.icebreakerCredits]).toEqual([
      before.messageCredits,
      before.icebreakerCredits,
    ]);
    expect((await likeRows(after.id)).map((l) => [l.angelId, l.source])).toEqual([[50, "invite"]]);
    const conversation = await call(`/get/messages/${member.clickid}/50`, { token: member.token });
    const answer = (await conversation.json()) as { messages: ChatMessage[]; lock: string | null };
    const lines = answer.messages;
    // The invite is the first message: the chat is locked until the angel accepts.
    expect(answer.lock).toBe("invite");
    expect(lines.map((m) => [m.type, m.msg])).toEqual([["personal", "Ciao, ti va di conoscerci?"]]);
    const [stored] = await inDb((db) => db.select().from(invites).where(eq(invites.accountId, after.id)));
    expect(stored?.messageId).toBe(lines[0]?.id);
    // The angel accepts by liking back (a match): the acceptance time is the like back's time.
    const back = await socket.next(
      "notification",
      (e) => e.data.angelId === 50 && e.data.categoriaNotifica === "risposta_a_like",
      5000,
    );
    const [accepted] = await inDb((db) => db.select().from(invites).where(eq(invites.accountId, after.id)));
    expect(accepted?.acceptedAt?.toISOString()).toBe(back.data.time);
    socket.close();
  });

  it("follows the like rules (file_like at 0 like credits) and needs a flow with messaggi_inviti", async () => {
    const member = await inviteMember();
    await setAccount(member.clickid, { likeCredits: 0 });
    const socket = await connect(member);
    invite(socket, 51, "Ciao", "invite-0000-02");
    expect((await socket.next("invite", (e) => e.data.clientId === "invite-0000-02")).data).toMatchObject({
      status: "refused",
      hook: "file_like",
    });
    await setAccount(member.clickid, { likeCredits: 5, fluxId: "7" });
    invite(socket, 51, "Ciao", "invite-0000-03");
    await socket.next(
      "error",
      (e) => e.data.code === "invites_disabled" && e.data.clientId === "invite-0000-03",
    );
    const a = await account(member.clickid);
    const stored = await inDb((db) => db.select().from(messages).where(eq(messages.accountId, a.id)));
    expect(stored).toEqual([]);
    expect(await likeRows(a.id)).toEqual([]);
    socket.close();
  });
});
