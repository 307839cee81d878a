// The room's delivery guarantees and its socket events (party/user-room.ts): cursors, acks, tabs,
// at-least-once alarms, softwareVersion, restart and oldSocketRemoved.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { messages } from "../../drizzle/schema/chat";
import { cursorOf, encodeCursor } from "../../worker/contracts/cursor";
import { inDb } from "../fixtures/db";
import { call, type TestMember, verifiedMember } from "../fixtures/members";
import { openSocket, roomOf, settled, type TestSocket } from "../fixtures/socket";

const ANGEL = 1;

async function connect(member: TestMember, query: Record<string, string> = {}): Promise<TestSocket> {
  const response = await openSocket(member.clickid, { token: member.token, ...query });
  if (!response.socket) throw new Error(`socket refused: ${response.status}`);
  return response.socket;
}

const accountId = async (clickid: string) =>
  inDb(async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, clickid)))[0]?.id ?? 0);

async function unreadTotal(member: TestMember): Promise<number> {
  const response = await call(`/get/messages/${member.clickid}`, { token: member.token });
  return ((await response.json()) as { totalUnreadMessages: number }).totalUnreadMessages;
}

const chatIds = (socket: TestSocket) => socket.events.flatMap((e) => (e.event === "chat" ? [e.data.id] : []));

describe("delivery after a reconnection", () => {
  it("replays exactly the messages after the cursor, even within one millisecond", async () => {
    const member = await verifiedMember();
    const id = await accountId(member.clickid);
    const time = new Date(Date.now() - 5000);
    const stored = await inDb((db) =>
      db
        .insert(messages)
        .values(
          ["uno", "due", "tre"].map((msg) => ({
            accountId: id,
            angelId: ANGEL,
            type: "angel" as const,
            msg,
            time,
          })),
        )
        .returning(),
    );
    const first = stored.find((m) => m.msg === "uno") as (typeof stored)[number];
    const back = await connect(member, {
      after: encodeCursor(cursorOf({ id: first.id, time: first.time.toISOString() })),
    });
    await back.next("chat", (e) => e.data.msg === "tre", 3000);
    await settled(back, member.clickid);
    const replayed = back.events.filter((e) => e.event === "chat");
    expect(replayed.map((e) => e.event === "chat" && e.data.msg)).toEqual(["due", "tre"]);
    // A replayed message waits before its popup (the display rule's delay).
    expect(replayed[0]?.event === "chat" && replayed[0].notifica).toEqual({
      type: "wait_socket",
      ritardo: true,
      offset: 2000,
    });
    back.close();
  });
});

describe("acknowledgements", () => {
  it("an ack of an angel message shown in the open chat reads it; a plain ack does not", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember();
    const id = await accountId(member.clickid);
    const rows = await inDb((db) =>
      db
        .insert(messages)
        .values(
          ["a", "b"].map((msg) => ({
            accountId: id,
            angelId: ANGEL,
            type: "angel" as const,
            msg,
            time: new Date(Date.now() - 1000),
          })),
        )
        .returning(),
    );
    const [a, b] = rows as [(typeof rows)[number], (typeof rows)[number]];
    expect(await unreadTotal(member)).toBe(2);
    const socket = await connect(member);
    socket.send({ event: "ack", data: { id: a.id, read: false } });
    socket.send({ event: "ack", data: { id: b.id, read: true } });
    // Another member cannot read this member's message through an ack.
    const stranger = await connect(other);
    stranger.send({ event: "ack", data: { id: a.id, read: true } });
    await expect.poll(() => unreadTotal(member), { timeout: 3000 }).toBe(1);
    // Every ack handled, the stranger's too (in the stranger's own room): still one unread.
    await settled(socket, member.clickid);
    await settled(stranger, other.clickid);
    expect(await unreadTotal(member)).toBe(1);
    const left = await inDb((db) =>
      db
        .select({ msg: messages.msg })
        .from(messages)
        .where(and(eq(messages.accountId, id), eq(messages.read, false))),
    );
    expect(left).toEqual([{ msg: "a" }]);
    socket.close();
    stranger.close();
  });
});

describe("tabs", () => {
  it("every tab of the member receives every event", async () => {
    const member = await verifiedMember();
    const tabA = await connect(member, { tab: "tab-aaaaaaaa" });
    const tabB = await connect(member, { tab: "tab-bbbbbbbb" });
    tabA.send({ event: "chat", data: { msg: "ciao", angelId: ANGEL, clientId: "two-tabs-0001" } });
    for (const tab of [tabA, tabB]) {
      const own = await tab.next("chat", (e) => e.data.clientId === "two-tabs-0001");
      expect(own.notifica?.type).toBe("wait_ai");
      await tab.next("creditiResidui");
      const reply = await tab.next("chat", (e) => e.data.type === "angel", 5000);
      expect(reply.notifica).toEqual({ type: "Default", ritardo: false, offset: 0 });
      await tab.next("typing");
    }
    tabA.close();
    tabB.close();
  });

  it("a page's reconnection replaces its stale socket, which is told oldSocketRemoved and closed", async () => {
    const member = await verifiedMember();
    const stale = await connect(member, { tab: "tab-same-0001" });
    const otherTab = await connect(member, { tab: "tab-other-001" });
    const closed = new Promise<number>((resolve) =>
      stale.ws.addEventListener("close", (e) => resolve(e.code)),
    );
    const fresh = await connect(member, { tab: "tab-same-0001" });
    await stale.next("oldSocketRemoved");
    expect(await closed).toBe(4000);
    expect(otherTab.events.some((e) => e.event === "oldSocketRemoved")).toBe(false);
    // The fresh socket and the other tab still get the member's events.
    await roomOf(member.clickid).endSessions("logout");
    await fresh.next("restart");
    await otherTab.next("restart", (e) => e.data.reason === "logout");
    fresh.close();
    otherTab.close();
  });

  it("restarts every tab when the account turns out disabled", async () => {
    const member = await verifiedMember();
    const tabA = await connect(member);
    const tabB = await connect(member);
    await inDb((db) =>
      db.update(accounts).set({ disabled: true }).where(eq(accounts.clickid, member.clickid)),
    );
    tabA.send({ event: "chat", data: { msg: "ciao", angelId: ANGEL, clientId: "disabled-0001" } });
    await tabA.next("error", (e) => e.data.code === "unknown_account");
    for (const tab of [tabA, tabB]) await tab.next("restart", (e) => e.data.reason === "account_unavailable");
    tabA.close();
    tabB.close();
  });

  it("restarts every tab when the member disables the profile", async () => {
    const member = await verifiedMember();
    const tabs = [await connect(member), await connect(member)];
    const response = await call("/users/disableProfile", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({ clickid: member.clickid }),
    });
    expect(response.status).toBe(200);
    for (const tab of tabs) {
      await tab.next("restart", (e) => e.data.reason === "account_disabled");
      tab.close();
    }
  });
});

describe("softwareVersion", () => {
  it("tells a client on another version to reload, and one without a version just the version", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    const hello = (softwareVersion?: string) =>
      socket.send({ event: "clickid", data: { clickid: member.clickid, softwareVersion } });
    hello();
    expect((await socket.next("softwareVersion")).data).toEqual({ version: "test-2", reload: false });
    socket.events.length = 0;
    hello("test-1");
    expect((await socket.next("softwareVersion")).data).toEqual({ version: "test-2", reload: true });
    socket.events.length = 0;
    hello("test-2");
    expect((await socket.next("softwareVersion")).data).toEqual({ version: "test-2", reload: false });
    socket.close();
  });
});

describe("a frame whose socket closed meanwhile", () => {
  it("a logout's closed socket: its hello is handled without a failure in the log", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    const lines = await runInDurableObject(roomOf(member.clickid), async (instance, state) => {
      const [tab] = [...instance.getConnections()];
      if (!tab) throw new Error("the room holds no socket");
      // The member logged out (endSessions closed the socket) while the tab's hello was on its way.
      await instance.endSessions("logout");
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const hello = { event: "clickid", data: { clickid: member.clickid, softwareVersion: "test-1" } };
        await instance.onMessage(tab, JSON.stringify(hello));
        return error.mock.calls.map((call) => String(call[0]));
      } finally {
        error.mockRestore();
        // The member was active all the same: an angel's visit is scheduled.
        expect(await state.storage.get("visitScheduledAt")).toEqual(expect.any(Number));
      }
    });
    expect(lines.filter((line) => line.includes("room.event_failed"))).toEqual([]);
    socket.close();
  });
});

describe("at-least-once alarms", () => {
  it("an alarm that throws and is retried delivers without a duplicate message", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    // The first queue step fails after its database work (the reply is read), before its delivery.
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.failStepDeliveries = 1;
    });
    socket.send({ event: "chat", data: { msg: "ciao", angelId: ANGEL, clientId: "retry-alarm-01" } });
    await socket.next("typing", () => true, 5000);
    // The delivery fails once (the room's alarm runs it when due) and is put back 1 s later; running the
    // alarm now delivers nothing new.
    await expect
      .poll(() => runInDurableObject(roomOf(member.clickid), (instance) => instance.failStepDeliveries), {
        timeout: 5000,
        interval: 50,
      })
      .toBe(0);
    await settled(socket, member.clickid);
    await runDurableObjectAlarm(roomOf(member.clickid));
    await settled(socket, member.clickid);
    expect(socket.events.some((e) => e.event === "chat" && e.data.type === "angel")).toBe(false);
    const reply = await socket.next("chat", (e) => e.data.type === "angel", 5000);
    await settled(socket, member.clickid);
    await runDurableObjectAlarm(roomOf(member.clickid));
    await settled(socket, member.clickid);
    expect(chatIds(socket).filter((id) => id === reply.data.id)).toHaveLength(1);
    const id = await accountId(member.clickid);
    const stored = await inDb((db) =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, id), eq(messages.type, "angel"))),
    );
    expect(stored).toHaveLength(1);
    socket.close();
  });
});

describe("a failing event", () => {
  it("tells the sender that its message was not sent; the resend with the same id goes through once", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    // The next frame finds no database, as in an outage.
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.failDatabase = 1;
    });
    const data = { msg: "ci sei?", angelId: ANGEL, clientId: "failing-send-01" };
    socket.send({ event: "chat", data });
    const failed = await socket.next("error", (e) => e.data.clientId === data.clientId, 3000);
    expect(failed.data.code).toBe("server_error");
    const id = await accountId(member.clickid);
    const stored = () =>
      inDb((db) =>
        db
          .select()
          .from(messages)
          .where(and(eq(messages.accountId, id), eq(messages.clientId, data.clientId))),
      );
    expect(await stored()).toHaveLength(0);

    socket.send({ event: "chat", data });
    await socket.next("chat", (e) => e.data.clientId === data.clientId, 3000);
    expect(await stored()).toHaveLength(1);
    socket.close();
  });
});
