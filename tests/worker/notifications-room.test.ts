// The cascade as the member's room runs it: an angel's reply, delivered while the member is away, leaves one
// pending notification in the room's storage and one queued step at the push delay; that step, when it runs,
// pushes (here into the local outbox: the tests' default config has no VAPID keys).
import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushOutbox } from "../../drizzle/schema/notifications";
import { type CascadeStep, runCascadeStep } from "../../worker/notifications/cascade";
import { inQuietHours, quietEnd } from "../../worker/notifications/cascade-rules";
import { channels } from "../../worker/notifications/channels";
import { MARKET_TIME_ZONES } from "../../worker/notifications/notifications.config";
import type { QueuedStep } from "../../worker/realtime/alarm-queue";
import type { RoomStep } from "../../worker/realtime/room";
import { ANGEL, account, chat } from "../fixtures/chat";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { pushMember } from "../fixtures/members";
import { connect, roomOf } from "../fixtures/socket";

describe("the member's room", () => {
  it("queues the push of an angel's reply and pushes it when the step runs", async () => {
    const member = await pushMember();
    const socket = await connect(member);
    chat(socket, "Ciao, ci sei?");
    const reply = await socket.next("chat", (e) => e.data.type === "angel", 5000);
    socket.close();

    const queued = await runInDurableObject(roomOf(member.clickid), async (_room, state) => {
      const steps = [...(await state.storage.list<QueuedStep<RoomStep>>({ prefix: "q:" })).values()];
      return {
        pending: await state.storage.get<{ messageIds: number[]; count: number }>(`cascade:angel-${ANGEL}`),
        steps: steps.filter((s) => s.step.kind === "cascade"),
      };
    });
    expect(queued.pending?.messageIds).toEqual([reply.data.id]);
    expect(queued.steps).toHaveLength(1);
    const step = queued.steps[0] as QueuedStep<RoomStep>;
    // At the push delay after the delivery (the tests keep the default 2 minutes).
    expect(step.at - Date.now()).toBeGreaterThan(testConfig.notifications.delays.push - 30_000);

    // The step runs when it is due, or, due in the market's quiet hours, when they end (whatever the time of
    // day the test runs at).
    const { quietHours } = testConfig.notifications;
    const rome = MARKET_TIME_ZONES.it;
    const runAt = inQuietHours(step.at, rome, quietHours) ? quietEnd(step.at, rome, quietHours) : step.at;
    await runInDurableObject(roomOf(member.clickid), (_room, state) =>
      inDb((db) =>
        runCascadeStep(
          {
            clickid: member.clickid,
            db,
            config: testConfig,
            storage: state.storage,
            schedule: async () => undefined,
            channels,
            now: () => runAt,
          },
          step.step as CascadeStep,
        ),
      ),
    );
    const a = await account(member.clickid);
    const kept = await inDb((db) =>
      db
        .select()
        .from(pushOutbox)
        .where(eq(pushOutbox.accountId, a?.id ?? 0)),
    );
    expect(kept).toHaveLength(1);
    const payload = JSON.parse(kept[0]?.payload ?? "{}") as { title: string; url: string };
    expect(payload.title).toMatch(/^Nuovo messaggio da /);
    expect(payload.url).toMatch(new RegExp(`^/chats/${ANGEL}\\?n=`));
  });
});
