import { runDurableObjectAlarm } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import { dislikes, invites, likes, notifications, visits } from "../../drizzle/schema/engagement";
import { flows } from "../../drizzle/schema/flows";
import { events } from "../../drizzle/schema/tracking";
import type { ChatMessage } from "../../worker/contracts/chat";
import { logEventTypes, type Notification } from "../../worker/contracts/engagement";
import type { ServerEvent } from "../../worker/contracts/realtime";
import {
  answersLike,
  delayedTime,
  LIKE_BACK_RATE,
  PRESSING_MAX_MS,
  PRESSING_MIN_MS,
} from "../../worker/engagement/pressing.config";
import { inDb } from "../fixtures/db";
import { call, type TestMember, verifiedMember } from "../fixtures/members";
import { openSocket, roomOf, type TestSocket } from "../fixtures/socket";

type LikeEvent = Extract<ServerEvent, { event: "like" }>;

async function connect(member: TestMember, query: Record<string, string> = {}): Promise<TestSocket> {
  const response = await openSocket(member.clickid, { token: member.token, ...query });
  if (!response.socket) throw new Error(`socket refused: ${response.status}`);
  return response.socket;
}

const account = (clickid: string) =>
  inDb(async (db) => {
    const [row] = await db.select().from(accounts).where(eq(accounts.clickid, clickid));
    if (!row) throw new Error(`no account ${clickid}`);
    return row;
  });

const setAccount = (clickid: string, values: Partial<typeof accounts.$inferInsert>) =>
  inDb((db) => db.update(accounts).set(values).where(eq(accounts.clickid, clickid)));

/** The spec's like event fields. */
const like = (socket: TestSocket, member: TestMember, angelId: number) =>
  socket.send({
    event: "like",
    data: { trackerId: member.clickid, angelId, servizio: "it.localhost", country: "it", screenName: "x" },
  });

const likeAck = (socket: TestSocket, angelId: number, match: (e: LikeEvent) => boolean = () => true) =>
  socket.next("like", (e) => e.data.angelId === angelId && match(e));

const likeRows = (accountId: number, fromAngel = false) =>
  inDb((db) =>
    db
      .select()
      .from(likes)
      .where(and(eq(likes.accountId, accountId), eq(likes.fromAngel, fromAngel))),
  );

const likeLedger = (accountId: number) =>
  inDb((db) =>
    db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, accountId), eq(creditLedger.balance, "like"))),
  );

async function notificationList(member: TestMember) {
  const response = await call(`/get/notifications/${member.clickid}`, { token: member.token });
  expect(response.status).toBe(200);
  return (await response.json()) as { messages: Notification[]; unread: number };
}

const post = (path: string, member: TestMember, body: unknown) =>
  call(path, { method: "POST", token: member.token, body: JSON.stringify(body) });

/** Italian angels of a region (the test members sign up in lombardia). */
const angelsOf = (region: string) =>
  inDb(async (db) =>
    (
      await db
        .select({ id: angels.id })
        .from(angels)
        .where(and(eq(angels.country, "it"), eq(angels.region, region), eq(angels.gender, "donna")))
    ).map((a) => a.id),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a like over the room socket", () => {
  it("is stored once, spends one like credit with its ledger row, and answers mi_piace_inviato", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    const before = await account(member.clickid);
    expect(before.creditiLike).toBe(10); // flow 7 grants 10 at sign-up
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
    expect(after.creditiLike).toBe(9);
    expect((await likeRows(after.id)).map((l) => [l.angelId, l.source])).toEqual([[11, "like"]]);
    const ledger = await likeLedger(after.id);
    expect(ledger.filter((l) => l.reason === "like").map((l) => [l.delta, l.balanceAfter])).toEqual([
      [-1, 9],
    ]);
    // The ledger explains the balance exactly: the sign-up grant minus the spend.
    expect(ledger.reduce((sum, l) => sum + l.delta, 0)).toBe(after.creditiLike);
    socket.close();
  });

  it("refuses a free member at 0 like credits with the file_like hook, storing nothing", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    // The balance can never go below 0 (a check constraint), so 0 is the only "0 or less" there is.
    for (const credits of [0]) {
      await setAccount(member.clickid, { creditiLike: credits });
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
      expect(stored.creditiLike).toBe(credits);
      expect(await likeRows(stored.id)).toEqual([]);
      expect((await likeLedger(stored.id)).filter((l) => l.reason === "like")).toEqual([]);
    }
    socket.close();
  });

  it("lets only one of two concurrent likes spend the last like credit, never going below zero", async () => {
    const member = await verifiedMember();
    await setAccount(member.clickid, { creditiLike: 1 });
    const first = await connect(member);
    const second = await connect(member);
    like(first, member, 13);
    like(second, member, 14);
    const outcome = async (socket: TestSocket, angelId: number) =>
      (await likeAck(socket, angelId)).data.status;
    expect([await outcome(first, 13), await outcome(second, 14)].sort()).toEqual(["refused", "sent"]);
    const stored = await account(member.clickid);
    expect(stored.creditiLike).toBe(0);
    expect(await likeRows(stored.id)).toHaveLength(1);
    const spends = (await likeLedger(stored.id)).filter((l) => l.reason === "like");
    expect(spends.map((l) => [l.delta, l.balanceAfter])).toEqual([[-1, 0]]);
    first.close();
    second.close();
  });

  it("is unlimited for paid members and spends nothing", async () => {
    const member = await verifiedMember();
    await setAccount(member.clickid, { premiumLevel: 1, creditiLike: 0 });
    const socket = await connect(member);
    const ids = Array.from({ length: 12 }, (_, i) => 20 + i);
    for (const id of ids) like(socket, member, id);
    for (const id of ids)
      expect((await likeAck(socket, id)).data).toMatchObject({ status: "sent", creditiLike: 0 });
    const stored = await account(member.clickid);
    expect(stored.creditiLike).toBe(0);
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
    expect(after.creditiLike).toBe(before.creditiLike - 1);
    // The invite spends no message credit: the chat stays locked until the angel accepts.
    expect([after.creditiMessaggi, after.creditiIcebreaker]).toEqual([
      before.creditiMessaggi,
      before.creditiIcebreaker,
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
    await setAccount(member.clickid, { creditiLike: 0 });
    const socket = await connect(member);
    invite(socket, 51, "Ciao", "invite-0000-02");
    expect((await socket.next("invite", (e) => e.data.clientId === "invite-0000-02")).data).toMatchObject({
      status: "refused",
      hook: "file_like",
    });
    await setAccount(member.clickid, { creditiLike: 5, fluxId: "7" });
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

describe("POST /api/collect/visited", () => {
  it("records each visit and answers the comma list of visited angels, most recent first", async () => {
    const member = await verifiedMember();
    for (const angelId of [60, 61, 60]) {
      const response = await post("/api/collect/visited", member, { angelId, trackerId: member.clickid });
      expect(response.status).toBe(200);
      await new Promise((r) => setTimeout(r, 5));
    }
    const last = await post("/api/collect/visited", member, { angelId: "62", trackerId: member.clickid });
    expect(await last.json()).toEqual({ result: "OK", profiliVisitati: "62,60,61" });
    const a = await account(member.clickid);
    const rows = await inDb((db) => db.select().from(visits).where(eq(visits.accountId, a.id)));
    expect(rows.map((v) => [v.angelId, v.fromAngel])).toEqual([
      [60, false],
      [61, false],
      [60, false],
      [62, false],
    ]);
  });

  it("answers 404 for an unknown angel, 403 for another member and 401 without a token", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember();
    expect(
      (await post("/api/collect/visited", member, { angelId: 999_999, trackerId: member.clickid })).status,
    ).toBe(404);
    expect(
      (await post("/api/collect/visited", member, { angelId: 60, trackerId: other.clickid })).status,
    ).toBe(403);
    const anonymous = await call("/api/collect/visited", {
      method: "POST",
      body: JSON.stringify({ angelId: 60, trackerId: member.clickid }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("the angels' side (pressing)", () => {
  it("likes back through the alarm: stored with its future time, hidden until then, pushed to the sockets", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    const other = await connect(member);
    like(socket, member, 70);
    await likeAck(socket, 70);
    const a = await account(member.clickid);
    const pending = () =>
      inDb((db) => db.select().from(notifications).where(eq(notifications.accountId, a.id)));
    await expect.poll(async () => (await pending()).length, { timeout: 2000 }).toBe(1);
    const hidden = await notificationList(member);
    const listedAt = Date.now();
    const [row] = await pending();
    expect(row).toMatchObject({
      type: "like",
      categoriaNotifica: "risposta_a_like",
      angelId: 70,
      letto: false,
    });
    // Listed while its time was still in the future: not shown.
    expect(row?.time.getTime()).toBeGreaterThan(listedAt);
    expect(hidden.messages).toEqual([]);
    // The angel's like is a real row with the same time.
    const [angelLike] = await likeRows(a.id, true);
    expect(angelLike?.createdAt.getTime()).toBe(row?.time.getTime());

    const pushed = await socket.next("notification", (e) => e.data.angelId === 70, 5000);
    expect(Date.parse(pushed.data.time)).toBeLessThanOrEqual(Date.now());
    expect(pushed.data).toMatchObject({ type: "like", categoriaNotifica: "risposta_a_like", letto: false });
    await other.next("notification", (e) => e.data.id === pushed.data.id);
    expect((await notificationList(member)).messages).toEqual([pushed.data]);
    socket.close();
    other.close();
  });

  it("delivers when the room's alarm runs, and only once", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    like(socket, member, 71);
    await likeAck(socket, 71);
    await new Promise((r) => setTimeout(r, 1100));
    await runDurableObjectAlarm(roomOf(member.clickid));
    await socket.next("notification", (e) => e.data.angelId === 71, 3000);
    await runDurableObjectAlarm(roomOf(member.clickid));
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.events.filter((e) => e.event === "notification")).toHaveLength(1);
    socket.close();
  });

  it("answers a like once: liking again schedules no second like back", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    like(socket, member, 72);
    await socket.next("notification", (e) => e.data.angelId === 72, 5000);
    like(socket, member, 72);
    await likeAck(socket, 72, (e) => e.data.alreadyLiked);
    await new Promise((r) => setTimeout(r, 800));
    const a = await account(member.clickid);
    expect(
      await inDb((db) => db.select().from(notifications).where(eq(notifications.accountId, a.id))),
    ).toHaveLength(1);
    socket.close();
  });

  it("sends a visit from an angel of the member's region after the member's activity, once per cooldown", async () => {
    const member = await verifiedMember({ region: "lombardia" });
    const socket = await connect(member);
    socket.send({ event: "clickid", data: { clickid: member.clickid, softwareVersion: "1" } });
    const a = await account(member.clickid);
    const angelVisits = () =>
      inDb((db) =>
        db
          .select()
          .from(visits)
          .where(and(eq(visits.accountId, a.id), eq(visits.fromAngel, true))),
      );
    await expect.poll(async () => (await angelVisits()).length, { timeout: 2000 }).toBe(1);
    const hidden = await notificationList(member);
    const listedAt = Date.now();
    const [visit] = await angelVisits();
    expect(visit?.createdAt.getTime()).toBeGreaterThan(listedAt);
    expect(hidden.messages).toEqual([]);
    expect(await angelsOf("lombardia")).toContain(visit?.angelId);

    const pushed = await socket.next("notification", (e) => e.data.type === "visita", 5000);
    expect(pushed.data).toMatchObject({
      type: "visita",
      angelId: visit?.angelId,
      time: visit?.createdAt.toISOString(),
      categoriaNotifica: null,
      msg: "visita_ricevuta",
    });
    expect((await notificationList(member)).messages.map((n) => n.id)).toEqual([pushed.data.id]);
    // Activity again within the cooldown brings no second visit.
    socket.send({ event: "clickid", data: { clickid: member.clickid } });
    await new Promise((r) => setTimeout(r, 900));
    expect(await angelVisits()).toHaveLength(1);
    socket.close();
  });

  it("replays notifications to a client that reconnects after missing them", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    like(socket, member, 73);
    const ack = await likeAck(socket, 73);
    const since = Date.now();
    socket.close();
    expect(ack.data.status).toBe("sent");
    await new Promise((r) => setTimeout(r, 1200));
    const back = await connect(member, { nafter: `${since}:0` });
    const missed = await back.next("notification", (e) => e.data.angelId === 73, 3000);
    expect(missed.data.categoriaNotifica).toBe("risposta_a_like");
    back.close();
  });

  it("answers a share of likes, with delays in the spec's 20000-40000 ms window", () => {
    const likeBack = { rate: LIKE_BACK_RATE, minMs: PRESSING_MIN_MS, maxMs: PRESSING_MAX_MS };
    expect(answersLike(0.3, 0.29)).toBe(true);
    expect(answersLike(0.3, 0.3)).toBe(false);
    expect(answersLike(0, 0)).toBe(false);
    const draws = Array.from({ length: 1000 }, () => answersLike(LIKE_BACK_RATE));
    const share = draws.filter(Boolean).length / draws.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.4);
    const now = 1_000_000;
    expect(delayedTime(likeBack, now, 0).getTime()).toBe(now + 20_000);
    expect(delayedTime(likeBack, now, 0.999_999).getTime()).toBeLessThan(now + 40_000);
  });
});

describe("GET /get/notifications and POST /log/notification/readed", () => {
  async function seeded() {
    const member = await verifiedMember();
    const a = await account(member.clickid);
    const ago = (s: number) => new Date(Date.now() - s * 1000);
    await inDb((db) =>
      db.insert(notifications).values([
        { accountId: a.id, angelId: 80, type: "visita", msg: "visita_ricevuta", time: ago(300) },
        { accountId: a.id, angelId: 81, type: "like", msg: "like_ricevuto", time: ago(200) },
        {
          accountId: a.id,
          angelId: 80,
          type: "like",
          categoriaNotifica: "risposta_a_like",
          msg: "risposta_a_like",
          time: ago(100),
        },
        { accountId: a.id, angelId: 82, type: "visita", msg: "visita_ricevuta", time: ago(50) },
        // Not listed: a future one, and another type.
        {
          accountId: a.id,
          angelId: 83,
          type: "like",
          msg: "like_ricevuto",
          time: new Date(Date.now() + 60_000),
        },
        { accountId: a.id, angelId: 84, type: "messaggio", msg: "ciao", time: ago(10) },
      ]),
    );
    return member;
  }

  it("lists likes and visits newest first with the spec's fields, never future ones", async () => {
    const member = await seeded();
    const list = await notificationList(member);
    expect(list.unread).toBe(4);
    expect(list.messages.map((n) => [n.type, n.angelId])).toEqual([
      ["visita", 82],
      ["like", 80],
      ["like", 81],
      ["visita", 80],
    ]);
    const [angel80] = await inDb((db) => db.select().from(angels).where(eq(angels.id, 80)));
    expect(list.messages[1]).toEqual({
      id: expect.any(Number),
      type: "like",
      categoriaNotifica: "risposta_a_like",
      letto: false,
      angelId: 80,
      screenName: angel80?.screenName,
      time: expect.any(String),
      msg: "risposta_a_like",
      blurred: false,
      default_photo: "/photos/default-it/80.jpg",
    });
  });

  it("marks one angel's notifications read, or one type's when its tab is opened", async () => {
    const member = await seeded();
    const read = (body: Record<string, unknown>) =>
      post("/log/notification/readed", member, { clickid: member.clickid, ...body });
    const byAngel = await read({ angelId: 80 });
    expect(await byAngel.json()).toEqual({ result: "OK", updated: 2 });
    let list = await notificationList(member);
    expect(list.messages.filter((n) => n.letto).map((n) => n.angelId)).toEqual([80, 80]);
    expect(await (await read({ type: "visita" })).json()).toEqual({ result: "OK", updated: 1 });
    expect(await (await read({ type: "like" })).json()).toEqual({ result: "OK", updated: 1 });
    list = await notificationList(member);
    expect(list.unread).toBe(0);
    // The future one stays unread until it is shown.
    const a = await account(member.clickid);
    const [future] = await inDb((db) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, a.id), eq(notifications.angelId, 83))),
    );
    expect(future?.letto).toBe(false);
    expect((await read({})).status).toBe(400);
    expect((await read({ type: "purchKo" })).status).toBe(400);
  });

  it("answers 403 for another member's trackerId or clickid and 401 without a token", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember();
    expect((await call(`/get/notifications/${other.clickid}`, { token: member.token })).status).toBe(403);
    expect((await call(`/get/notifications/${member.clickid}`)).status).toBe(401);
    expect(
      (await post("/log/notification/readed", member, { clickid: other.clickid, angelId: 1 })).status,
    ).toBe(403);
    const anonymous = await call("/log/notification/readed", {
      method: "POST",
      body: JSON.stringify({ clickid: member.clickid, angelId: 1 }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("GET /api/get/all", () => {
  it("answers the navigation counters, the unread messages and the liked and visited angels", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    for (const id of [90, 91]) {
      like(socket, member, id);
      await likeAck(socket, id);
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const angelId of [92, 93]) {
      await post("/api/collect/visited", member, { angelId, trackerId: member.clickid });
      await new Promise((r) => setTimeout(r, 5));
    }
    await setAccount(member.clickid, { creditiMessaggi: 7, creditiIcebreaker: 2 });
    const a = await account(member.clickid);
    const at = (s: number) => new Date(Date.now() + s * 1000);
    await inDb((db) =>
      db.insert(messages).values([
        { accountId: a.id, angelId: 90, type: "angel", msg: "non letto", time: at(-60) },
        { accountId: a.id, angelId: 91, type: "angel", msg: "non letto", time: at(-30) },
        { accountId: a.id, angelId: 90, type: "angel", msg: "letto", time: at(-20), letto: true },
        { accountId: a.id, angelId: 90, type: "angel", msg: "futuro", time: at(600) },
      ]),
    );
    // Wait for the two like backs (test config answers every like) to become visible.
    await socket.next("notification", (e) => e.data.angelId === 90, 5000);
    await socket.next("notification", (e) => e.data.angelId === 91, 5000);
    const response = await call(`/api/get/all/${member.clickid}`, { token: member.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      navigation: {
        profiliVisitati: "93,92",
        creditiMessaggi: 7,
        creditiMessaggiAbbonamento: 0,
        creditiIcebreaker: 2,
        creditiLike: 8,
        premiumLevel: 0,
      },
      undreadedMessages: 2,
      profiliLike: [91, 90],
      notificheNonLette: 2,
    });
    socket.close();
  });

  it("answers 403 for another member's trackerId and 401 without a token", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember();
    expect((await call(`/api/get/all/${other.clickid}`, { token: member.token })).status).toBe(403);
    expect((await call(`/api/get/all/${member.clickid}`)).status).toBe(401);
  });
});

describe("POST /api/log/event", () => {
  it("stores each of the spec's event types and refuses any other with 400", async () => {
    const member = await verifiedMember();
    for (const type of logEventTypes) {
      const response = await post("/api/log/event", member, { clickid: member.clickid, angelId: 95, type });
      expect(response.status).toBe(200);
    }
    expect((await post("/api/log/event", member, { clickid: member.clickid, type: "engage" })).status).toBe(
      200,
    );
    const bad = await post("/api/log/event", member, { clickid: member.clickid, angelId: 95, type: "hack" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe("type");
    const a = await account(member.clickid);
    const rows = await inDb((db) => db.select().from(events).where(eq(events.accountId, a.id)));
    expect(rows.map((r) => r.type).sort()).toEqual([...logEventTypes, "engage"].sort());
    expect(rows.filter((r) => r.angelId === 95)).toHaveLength(logEventTypes.length);
  });

  it("answers 403 for another member's clickid and 401 without a token", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember();
    expect((await post("/api/log/event", member, { clickid: other.clickid, type: "like" })).status).toBe(403);
    const anonymous = await call("/api/log/event", {
      method: "POST",
      body: JSON.stringify({ clickid: member.clickid, type: "like" }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("the API description", () => {
  it("documents the engagement routes", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const path of [
      "/get/notifications/{trackerId}",
      "/log/notification/readed",
      "/api/get/all/{trackerId}",
      "/api/collect/visited",
      "/api/log/event",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
