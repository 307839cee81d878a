import { runDurableObjectAlarm } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { angels } from "../../drizzle/schema/angels";
import { notifications, visits } from "../../drizzle/schema/engagement";
import {
  answersLike,
  delayedTime,
  LIKE_BACK_RATE,
  PRESSING_MAX_MS,
  PRESSING_MIN_MS,
} from "../../worker/engagement/pressing.config";
import { inDb } from "../fixtures/db";
import { account, like, likeAck, likeRows, notificationList } from "../fixtures/engagement";
import { verifiedMember } from "../fixtures/members";
import { connect, roomOf, settled } from "../fixtures/socket";

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

/** Resolves once the member's pending like back has its time in the past (the delay is the tests' 800-1000 ms). */
async function likeBackDue(clickid: string) {
  const a = await account(clickid);
  const dueAt = async () => {
    const [row] = await inDb((db) =>
      db.select().from(notifications).where(eq(notifications.accountId, a.id)),
    );
    return row?.time.getTime() ?? Number.POSITIVE_INFINITY;
  };
  await expect.poll(async () => (await dueAt()) <= Date.now(), { timeout: 5000, interval: 50 }).toBe(true);
}

afterEach(() => {
  vi.restoreAllMocks();
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
      category: "risposta_a_like",
      angelId: 70,
      read: false,
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
    await likeBackDue(member.clickid);
    await runDurableObjectAlarm(roomOf(member.clickid));
    await socket.next("notification", (e) => e.data.angelId === 71, 3000);
    await runDurableObjectAlarm(roomOf(member.clickid));
    await settled(socket, member.clickid);
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
    await settled(socket, member.clickid);
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
    await settled(socket, member.clickid);
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
    // The like back comes while no tab is open.
    await likeBackDue(member.clickid);
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
