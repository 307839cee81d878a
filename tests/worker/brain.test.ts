// The brain (worker/engagement/brain.ts): the engagement schedule the client's brain event starts.
import { runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { likes, notifications, visits } from "../../drizzle/schema/engagement";
import { replyBank } from "../../worker/chat/reply-bank";
import { brainActions } from "../../worker/engagement/brain";
import { inDb } from "../fixtures/db";
import { call, createMember, type TestMember } from "../fixtures/members";
import { openSocket, queuedSteps, roomOf, settled, type TestSocket } from "../fixtures/socket";

async function connect(member: TestMember): Promise<TestSocket> {
  const response = await openSocket(member.clickid, { token: member.token });
  if (!response.socket) throw new Error(`socket refused: ${response.status}`);
  return response.socket;
}

const brain = (socket: TestSocket, member: TestMember) =>
  socket.send({
    event: "brain",
    data: {
      trackerId: member.clickid,
      tipologia: "web",
      country: "it",
      domain: "it.localhost",
      landedTime: String(Date.now()),
      fluxid: "7",
      premiumLevel: 0,
      region: "lombardia",
      provenienza_richiesta: "/find",
      use_ai: false,
      servizio: "it.localhost",
    },
  });

/** The brain's steps still waiting in the member's room: none once the schedule has stopped or ended. */
const brainSteps = async (clickid: string) =>
  (await queuedSteps(clickid)).filter((item) => item.step.kind === "brain");

async function stored(clickid: string) {
  return inDb(async (db) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.clickid, clickid));
    const id = account?.id ?? 0;
    return {
      notifications: await db.select().from(notifications).where(eq(notifications.accountId, id)),
      visits: await db
        .select()
        .from(visits)
        .where(and(eq(visits.accountId, id), eq(visits.fromAngel, true))),
      likes: await db
        .select()
        .from(likes)
        .where(and(eq(likes.accountId, id), eq(likes.fromAngel, true))),
      messages: await db
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, id), eq(messages.type, "angel"))),
    };
  });
}

describe("the brain's engagement schedule", () => {
  it("orders a flow's steps: a visit, a like, a message, and round again", () => {
    expect(brainActions({ likes: 2, visits: 2, messages: 1 })).toEqual([
      "visita",
      "like",
      "message",
      "visita",
      "like",
    ]);
    expect(brainActions({ likes: 0, visits: 1, messages: 0 })).toEqual(["visita"]);
    expect(brainActions({ likes: 0, visits: 0, messages: 0 })).toEqual([]);
  });

  it("brings the flow's likes, visits and a message from angels of the member's region, once", async () => {
    const member = await createMember();
    const socket = await connect(member);
    const otherTab = await connect(member);
    brain(socket, member);
    brain(socket, member);
    brain(otherTab, member);
    const paused = await socket.next("pausePressing", () => true, 15_000);
    expect(paused.data.reason).toBe("ended");
    await otherTab.next("pausePressing");

    // Flow 7: two visits, two likes and one message, each pushed live.
    const pushed = socket.events.flatMap((e) => (e.event === "notification" ? [e.data.type] : []));
    expect(pushed.sort()).toEqual(["like", "like", "visita", "visita"]);
    const chat = socket.events.filter((e) => e.event === "chat");
    expect(chat).toHaveLength(1);
    expect(chat[0]?.event === "chat" && chat[0].notifica).toEqual({
      type: "full",
      ritardo: false,
      offset: 0,
      pressing: true,
    });
    const rows = await stored(member.clickid);
    expect(rows.notifications).toHaveLength(4);
    expect(rows.visits).toHaveLength(2);
    expect(rows.likes).toHaveLength(2);
    expect(rows.messages).toHaveLength(1);
    // An opener that needs no name: sign-up asks none, so no line shows an empty one ("Ciao , …").
    expect(replyBank.it.openers).toContain(rows.messages[0]?.msg);
    const angelIds = [...rows.visits, ...rows.likes, ...rows.messages].map((r) => r.angelId);
    const regions = await inDb((db) => db.select({ id: angels.id, region: angels.region }).from(angels));
    for (const id of angelIds) expect(regions.find((a) => a.id === id)?.region).toBe("lombardia");

    // They show on the notifications page and in the chat list.
    const list = await call(`/get/notifications/${member.clickid}`, { token: member.token });
    expect(((await list.json()) as { messages: unknown[] }).messages).toHaveLength(4);
    const chats = await call(`/get/messages/${member.clickid}`, { token: member.token });
    expect(((await chats.json()) as { totalUnreadMessages: number }).totalUnreadMessages).toBe(1);

    // A later brain emit (a new page) starts nothing again.
    brain(socket, member);
    await settled(socket, member.clickid);
    expect(await brainSteps(member.clickid)).toEqual([]);
    expect((await stored(member.clickid)).notifications).toHaveLength(4);
    socket.close();
    otherTab.close();
  });

  it("pauses at once for a premium member, who gets no schedule", async () => {
    const member = await createMember();
    await inDb((db) =>
      db.update(accounts).set({ premiumLevel: 1 }).where(eq(accounts.clickid, member.clickid)),
    );
    const socket = await connect(member);
    brain(socket, member);
    expect((await socket.next("pausePressing")).data.reason).toBe("premium");
    await settled(socket, member.clickid);
    expect(await brainSteps(member.clickid)).toEqual([]);
    expect((await stored(member.clickid)).notifications).toHaveLength(0);
    socket.close();
  });

  it("stops at the next step once the member has become premium, whatever made them so", async () => {
    const member = await createMember();
    const socket = await connect(member);
    brain(socket, member);
    await socket.next("notification");
    // Not through a purchase (which tells the room at once): the room finds out at its next step.
    await inDb((db) =>
      db.update(accounts).set({ premiumLevel: 2 }).where(eq(accounts.clickid, member.clickid)),
    );
    expect((await socket.next("pausePressing")).data.reason).toBe("premium");
    await settled(socket, member.clickid);
    expect(await brainSteps(member.clickid)).toEqual([]);
    const rows = await stored(member.clickid);
    expect(rows.notifications).toHaveLength(1);
    expect(rows.messages).toHaveLength(0);
    socket.close();
  });

  it("steps that fail after storing are retried without a second row or a second delivery", async () => {
    const member = await createMember();
    const socket = await connect(member);
    // The first three steps (a visit, a like, the message) each fail once after their database work.
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.failStepDeliveries = 3;
    });
    brain(socket, member);
    await socket.next("pausePressing", () => true, 20_000);
    const rows = await stored(member.clickid);
    expect(rows.notifications).toHaveLength(4);
    expect(rows.visits).toHaveLength(2);
    expect(rows.likes).toHaveLength(2);
    expect(rows.messages).toHaveLength(1);
    const ids = socket.events.flatMap((e) =>
      e.event === "notification" || e.event === "chat" ? [`${e.event}:${e.data.id}`] : [],
    );
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    socket.close();
  });
});
