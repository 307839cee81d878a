// A durable queue of timed steps on a Durable Object's storage and alarm: each step is kept under its own
// key until it has run, so it survives eviction and hibernation; one alarm at a time, set to the earliest.
import { logEvent } from "../core/log";

/** The part of a Durable Object's storage the queue uses. */
export type QueueStorage = Pick<
  DurableObjectStorage,
  "get" | "put" | "delete" | "list" | "getAlarm" | "setAlarm" | "deleteAlarm"
>;

/** A queued step: kept in storage under `q:{at}:{order}`, so keys sort by time, then by enqueue order. */
export interface QueuedStep<S> {
  id: string;
  /** When the step runs (a retry moves it on). */
  at: number;
  /** When the step was first due: a retry keeps it, so a step's rows are the same on every run. */
  due: number;
  attempts: number;
  step: S;
}

/** A failed step is retried after 1 s, 2 s, 4 s, 8 s; after the fifth failure it is dropped (and logged). */
export const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 1000;
/** Steps due within this many ms of the alarm run with it (an alarm may fire a little early). */
const DUE_SLACK_MS = 5;

const PREFIX = "q:";
const pad = (n: number) => String(n).padStart(15, "0");

/** Orders steps enqueued in the same millisecond (workerd's clock stands still between I/O). */
let sequence = 0;

export class AlarmQueue<S> {
  constructor(
    private readonly storage: QueueStorage,
    /** What log lines say of a step: its owner (a room's member) and its kind, never its content. */
    private readonly describe: (step: S) => Record<string, unknown>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Enqueue order, for steps of the same time. */
  private order() {
    return `${pad(this.now())}.${pad(sequence++)}`;
  }

  private key(item: QueuedStep<S>, order: string) {
    return `${PREFIX}${pad(item.at)}:${order}:${item.id}`;
  }

  /**
   * Puts steps in the queue, each under its own key, and moves the alarm to the earliest step.
   * `alongside`: other keys of the caller's, written in the same put, so they and the steps are stored together or not at all.
   */
  async enqueue(
    steps: readonly { at: number; step: S }[],
    alongside: Record<string, unknown> = {},
  ): Promise<void> {
    const entries: Record<string, unknown> = { ...alongside };
    for (const s of steps) {
      const item: QueuedStep<S> = { id: crypto.randomUUID(), at: s.at, due: s.at, attempts: 0, step: s.step };
      entries[this.key(item, this.order())] = item;
    }
    await this.storage.put(entries);
    // The alarm is at the earliest step: one due no later than the new ones stays (a chat reply's steps
    // come after the room's queued ones), which saves a list and a write per enqueue.
    const alarm = await this.storage.getAlarm();
    if (alarm !== null && steps.every((s) => alarm <= s.at)) return;
    await this.scheduleAlarm();
  }

  /** Every queued step, in the order they will run. */
  async list(): Promise<QueuedStep<S>[]> {
    return [...(await this.storage.list<QueuedStep<S>>({ prefix: PREFIX })).values()];
  }

  /** Drops the queued steps that match and moves the alarm. */
  async drop(match: (step: S) => boolean): Promise<void> {
    const queue = await this.storage.list<QueuedStep<S>>({ prefix: PREFIX });
    const keys = [...queue].filter(([, item]) => match(item.step)).map(([key]) => key);
    if (keys.length > 0) await this.storage.delete(keys);
    await this.scheduleAlarm();
  }

  private async scheduleAlarm() {
    const [first] = (await this.storage.list<QueuedStep<S>>({ prefix: PREFIX, limit: 1 })).values();
    if (first) await this.storage.setAlarm(first.at);
    else await this.storage.deleteAlarm();
  }

  /**
   * Runs every due step in order. Alarms are at-least-once, so a step is deleted only after it succeeded;
   * a step that throws is put back with a backoff (and dropped after MAX_ATTEMPTS). Every step may
   * therefore run twice: the runner must make a second run store nothing twice (`due` and `id` stay the
   * same across runs, for its idempotency keys).
   */
  async runDue(run: (item: QueuedStep<S>) => Promise<void>): Promise<void> {
    const due = await this.storage.list<QueuedStep<S>>({
      prefix: PREFIX,
      end: `${PREFIX}${pad(this.now() + DUE_SLACK_MS + 1)}`,
    });
    for (const [key, item] of due) {
      try {
        await run(item);
        await this.storage.delete(key);
      } catch (error) {
        const attempts = item.attempts + 1;
        const reason = error instanceof Error ? error.name : "unknown";
        const detail = { ...this.describe(item.step), attempts, error: reason };
        if (attempts >= MAX_ATTEMPTS) {
          logEvent("error", "queue.step.dropped", detail);
          await this.storage.delete(key);
          continue;
        }
        logEvent("warn", "queue.step.retry", detail);
        const retry = { ...item, attempts, at: this.now() + RETRY_BASE_MS * 2 ** (attempts - 1) };
        // Both writes without an await between them: the storage commits them together.
        const moved = [this.storage.put(this.key(retry, this.order()), retry), this.storage.delete(key)];
        await Promise.all(moved);
      }
    }
    await this.scheduleAlarm();
  }
}
