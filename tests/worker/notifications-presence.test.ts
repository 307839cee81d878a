// What the member sees decides the cascade: each tab tells the room whether its page is visible (on its hello
// and on every change). An angel's reply that reaches a visible tab is seen in-app and never pushed; one that
// reaches only a hidden tab is pushed after the push delay, unless the page becomes visible before it.
import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushOutbox } from "../../drizzle/schema/notifications";
import { type CascadeStep, runCascadeStep } from "../../worker/notifications/cascade";
import { channels } from "../../worker/notifications/channels";
import type { QueuedStep } from "../../worker/realtime/alarm-queue";
import type { RoomStep } from "../../worker/realtime/room";
import { ANGEL, account, chat } from "../fixtures/chat";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { pushMember, type TestMember } from "../fixtures/members";
import { connect, queuedSteps, roomOf, settled, type TestSocket } from "../fixtures/socket";

/** 11:00 in Rome: outside the quiet hours, whatever time the tests run at. */
const MORNING = Date.UTC(2026, 10, 18, 10, 0, 0);

/** A tab that said hello with its page visible or hidden. */
async function tab(member: TestMember, visible: boolean): Promise<TestSocket> {
  const socket = await connect(member);
  socket.send({ event: "clickid", data: { clickid: member.clickid, visible } });
  await settled(socket, member.clickid);
  return socket;
}

/** Writes to the angel and waits for her reply on the tab (the reply steps run on the room's alarm). */
async function replyTo(socket: TestSocket, member: TestMember, text: string) {
  const before = socket.events.filter((e) => e.event === "chat" && e.data.type === "angel").length;
  chat(socket, text);
  await socket.waitFor(
    () => socket.events.filter((e) => e.event === "chat" && e.data.type === "angel").length > before,
    "the angel's reply",
    8000,
  );
  await settled(socket, member.clickid);
}

/** The queued cascade steps of the conversation with the angel (visits of other angels may come meanwhile). */
const cascadeSteps = async (clickid: string) =>
  (await queuedSteps(clickid)).filter(
    (s) => s.step.kind === "cascade" && s.step.key === `angel-${ANGEL}`,
  ) as QueuedStep<RoomStep>[];

/** Runs the conversation's queued cascade steps as the alarm would (at MORNING); answers its pushes kept. */
async function runSteps(member: TestMember): Promise<number> {
  const steps = await cascadeSteps(member.clickid);
  await runInDurableObject(roomOf(member.clickid), (_room, state) =>
    inDb(async (db) => {
      for (const item of steps) {
        await runCascadeStep(
          {
            clickid: member.clickid,
            db,
            config: testConfig,
            storage: state.storage,
            schedule: async () => undefined,
            channels,
            now: () => MORNING,
          },
          item.step as CascadeStep,
        );
      }
    }),
  );
  const a = await account(member.clickid);
  const kept = await inDb((db) =>
    db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.accountId, a?.id ?? 0)),
  );
  return kept.filter((p) => p.payload.includes(`"url":"/chats/${ANGEL}?`)).length;
}

describe("the cascade and the member's tabs", () => {
  it("a reply reaching a visible tab is seen in-app: nothing waits to be pushed", async () => {
    const member = await pushMember();
    const socket = await tab(member, true);
    await replyTo(socket, member, "Ciao, ci sei?");
    expect(await cascadeSteps(member.clickid)).toEqual([]);
    expect(await runSteps(member)).toBe(0);
    socket.close();
  });

  it("a hidden tab is not the member looking: the reply is pushed after the delay", async () => {
    const member = await pushMember();
    const socket = await tab(member, false);
    await replyTo(socket, member, "Ciao, ci sei?");
    const [step, ...rest] = await cascadeSteps(member.clickid);
    expect(rest).toEqual([]);
    expect((step?.at ?? 0) - Date.now()).toBeGreaterThan(testConfig.notifications.delays.push - 30_000);
    expect(await runSteps(member)).toBe(1);
    socket.close();
  });

  it("the page becoming visible before the delay counts as seen; hidden again, the next reply is pushed", async () => {
    const member = await pushMember();
    const socket = await tab(member, false);
    await replyTo(socket, member, "Ciao, ci sei?");
    expect((await cascadeSteps(member.clickid)).map((s) => s.step)).toHaveLength(1);
    socket.send({ event: "visibility", data: { visible: true } });
    await settled(socket, member.clickid);
    expect(await runSteps(member)).toBe(0);
    const pending = await runInDurableObject(roomOf(member.clickid), (_room, state) =>
      state.storage.get(`cascade:angel-${ANGEL}`),
    );
    expect(pending).toBeUndefined();

    socket.send({ event: "visibility", data: { visible: false } });
    await settled(socket, member.clickid);
    await replyTo(socket, member, "Sei ancora lì?");
    expect(await runSteps(member)).toBe(1);
    socket.close();
  });

  it("a visible tab closed leaves the member away: the next reply to another tab, hidden, is pushed", async () => {
    const member = await pushMember();
    const visible = await tab(member, true);
    const hidden = await tab(member, false);
    visible.close();
    await replyTo(hidden, member, "Ciao!");
    expect(await cascadeSteps(member.clickid)).toHaveLength(1);
    hidden.close();
  });
});
