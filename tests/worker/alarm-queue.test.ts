// The rooms' durable alarm queue (worker/realtime/alarm-queue.ts) on a real Durable Object's storage.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AlarmQueue, MAX_ATTEMPTS, type QueuedStep } from "../../worker/realtime/alarm-queue";

type Step = { name: string };

const probe = () => {
  const namespace = (env as unknown as { QUEUE_PROBE: DurableObjectNamespace }).QUEUE_PROBE;
  return namespace.get(namespace.newUniqueId());
};

/** A clock the test moves by hand, an hour ahead of the real one so that no real alarm fires meanwhile. */
const clock = (start: number) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe("the alarm queue", () => {
  it("runs due steps in time order, steps of the same time in enqueue order, and keeps the rest", async () => {
    await runInDurableObject(probe(), async (_instance, state) => {
      const time = clock(Date.now() + 3_600_000);
      const queue = new AlarmQueue<Step>(state.storage, () => ({}), time.now);
      const at = time.now();
      await queue.enqueue([
        { at: at + 30, step: { name: "third" } },
        { at: at + 10, step: { name: "first" } },
        { at: at + 500, step: { name: "later" } },
      ]);
      await queue.enqueue([{ at: at + 20, step: { name: "second (a)" } }]);
      await queue.enqueue([{ at: at + 20, step: { name: "second (b)" } }]);
      expect(await state.storage.getAlarm()).toBe(at + 10);

      time.advance(100);
      const ran: string[] = [];
      await queue.runDue(async (item) => {
        ran.push(item.step.name);
      });
      expect(ran).toEqual(["first", "second (a)", "second (b)", "third"]);
      expect((await queue.list()).map((item) => item.step.name)).toEqual(["later"]);
      expect(await state.storage.getAlarm()).toBe(at + 500);

      await queue.drop((step) => step.name === "later");
      expect(await queue.list()).toEqual([]);
      expect(await state.storage.getAlarm()).toBeNull();
    });
  });

  it("retries a failing step after 1, 2, 4 and 8 s with the same id and due time, then drops it", async () => {
    await runInDurableObject(probe(), async (_instance, state) => {
      const time = clock(Date.now() + 3_600_000);
      const queue = new AlarmQueue<Step>(state.storage, () => ({}), time.now);
      const due = time.now();
      await queue.enqueue([{ at: due, step: { name: "flaky" } }]);
      const [first] = await queue.list();
      const runs: QueuedStep<Step>[] = [];
      const failing = async (item: QueuedStep<Step>) => {
        runs.push(item);
        throw new Error("down");
      };

      const waits: number[] = [];
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        await queue.runDue(failing);
        const [retry] = await queue.list();
        if (!retry) throw new Error("the step was not put back");
        expect(retry).toMatchObject({ id: first?.id, due, attempts: attempt });
        waits.push(retry.at - time.now());
        expect(await state.storage.getAlarm()).toBe(retry.at);
        // Not due yet just before its time.
        time.advance(retry.at - time.now() - 10);
        await queue.runDue(failing);
        expect(runs).toHaveLength(attempt);
        time.advance(10);
      }
      expect(waits).toEqual([1000, 2000, 4000, 8000]);
      await queue.runDue(failing);
      expect(runs).toHaveLength(MAX_ATTEMPTS);
      expect(await queue.list()).toEqual([]);
      expect(await state.storage.getAlarm()).toBeNull();
    });
  });

  it("gives a step that runs again after storing its work the same key, so nothing is stored twice", async () => {
    await runInDurableObject(probe(), async (_instance, state) => {
      const time = clock(Date.now() + 3_600_000);
      const queue = new AlarmQueue<Step>(state.storage, () => ({}), time.now);
      await queue.enqueue([{ at: time.now(), step: { name: "store" } }]);
      // The step's work keyed by the step (as the rooms' steps key their rows by id and due time); the
      // first run fails after storing, before it could finish.
      const stored = new Map<string, string>();
      let runs = 0;
      const run = async (item: QueuedStep<Step>) => {
        runs++;
        stored.set(`${item.id}@${item.due}`, item.step.name);
        if (runs === 1) throw new Error("crashed after the work");
      };
      await queue.runDue(run);
      time.advance(1000);
      await queue.runDue(run);
      expect(runs).toBe(2);
      expect([...stored.values()]).toEqual(["store"]);
      expect(await queue.list()).toEqual([]);
    });
  });
});
