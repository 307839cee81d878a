import { and, asc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { notifications, visits } from "../../drizzle/schema/engagement";
import { events } from "../../drizzle/schema/tracking";
import { logEventTypes } from "../../worker/contracts/log-event-types";
import { inDb } from "../fixtures/db";
import { account, like, likeAck, notificationList, setAccount } from "../fixtures/engagement";
import { call, type TestMember, verifiedMember } from "../fixtures/members";
import { connect } from "../fixtures/socket";

const post = (path: string, member: TestMember, body: unknown) =>
  call(path, { method: "POST", token: member.token, body: JSON.stringify(body) });

/** Moves the member's visits so far a second into the past: the next visit is the latest, whatever the clock. */
const ageVisits = async (member: TestMember) => {
  const a = await account(member.clickid);
  await inDb((db) =>
    db
      .update(visits)
      .set({ createdAt: sql`${visits.createdAt} - interval '1 second'` })
      .where(eq(visits.accountId, a.id)),
  );
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/collect/visited", () => {
  it("records each visit and answers the comma list of visited angels, most recent first", async () => {
    const member = await verifiedMember();
    for (const angelId of [60, 61, 60]) {
      const response = await post("/api/collect/visited", member, { angelId, trackerId: member.clickid });
      expect(response.status).toBe(200);
      await ageVisits(member);
    }
    const last = await post("/api/collect/visited", member, { angelId: "62", trackerId: member.clickid });
    expect(await last.json()).toEqual({ result: "OK", profiliVisitati: "62,60,61" });
    const a = await account(member.clickid);
    const rows = await inDb((db) =>
      db.select().from(visits).where(eq(visits.accountId, a.id)).orderBy(asc(visits.id)),
    );
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
          category: "risposta_a_like",
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
    expect(future?.read).toBe(false);
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
    }
    for (const angelId of [92, 93]) {
      await post("/api/collect/visited", member, { angelId, trackerId: member.clickid });
      await ageVisits(member);
    }
    await setAccount(member.clickid, { messageCredits: 7, icebreakerCredits: 2 });
    const a = await account(member.clickid);
    const at = (s: number) => new Date(Date.now() + s * 1000);
    await inDb((db) =>
      db.insert(messages).values([
        { accountId: a.id, angelId: 90, type: "angel", msg: "non letto", time: at(-60) },
        { accountId: a.id, angelId: 91, type: "angel", msg: "non letto", time: at(-30) },
        { accountId: a.id, angelId: 90, type: "angel", msg: "letto", time: at(-20), read: true },
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
