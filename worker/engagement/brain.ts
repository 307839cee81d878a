// The brain's pressing schedule (DESIGN.md section 5): the client's brain event, once per session, starts the
// member's engagement schedule of the flow (likes, visits and messages from angels of the member's region,
// the spec's random delay between steps) in the room's queue, so it survives eviction. A paid member gets
// none, and one who becomes paid gets no more.

import { pressingMessage, replyContext } from "../chat/chat.service";
import type { ClientEvent } from "../contracts/realtime";
import { notificationFor } from "../contracts/realtime";
import { loadFlow } from "../core/flows";
import { logEvent } from "../core/log";
import type { BrainAction, Room, RoomQueueItem, RoomStep } from "../realtime/room";
import { notificationById } from "./notifications.service";
import { DEFAULT_BRAIN_PLAN, delayedTime } from "./pressing.config";
import { brainAudience, brainEngagement } from "./pressing.service";

/** The member's schedule: started once, never restarted by a second brain emit. */
interface BrainState {
  state: "running" | "paused" | "ended";
  startedAt: number;
}
const BRAIN_KEY = "brain";

type BrainStep = Extract<RoomStep, { kind: "brain" }>;

/** The order of a schedule's steps: a visit, a like, a message, and round again while counts last. */
export function brainActions(plan: { likes: number; visits: number; messages: number }): BrainAction[] {
  const left = { visita: plan.visits, like: plan.likes, message: plan.messages };
  const actions: BrainAction[] = [];
  while (left.visita + left.like + left.message > 0) {
    for (const action of ["visita", "like", "message"] as const) {
      if (left[action] > 0) {
        actions.push(action);
        left[action]--;
      }
    }
  }
  return actions;
}

async function pause(room: Room, reason: "premium" | "ended") {
  const state = (await room.storage.get<BrainState>(BRAIN_KEY)) ?? { startedAt: Date.now() };
  await room.storage.put(BRAIN_KEY, { ...state, state: reason === "premium" ? "paused" : "ended" });
  room.broadcast({ event: "pausePressing", data: { reason } });
}

/** A member who became premium gets no more pressing: the schedule's steps left are dropped. */
export async function stopBrain(room: Room) {
  const state = await room.storage.get<BrainState>(BRAIN_KEY);
  if (state?.state !== "running") return;
  await room.queue.drop((step) => step.kind === "brain");
  await pause(room, "premium");
}

/**
 * The client's brain event (once per session, after clickid). A second emit, from this tab or another,
 * never restarts the schedule; a premium member's tabs are told pausePressing at once.
 */
export async function startBrain(room: Room, data: Extract<ClientEvent, { event: "brain" }>["data"]) {
  if (data.trackerId && data.trackerId !== room.clickid) return;
  if (await room.storage.get<BrainState>(BRAIN_KEY)) return;
  // Claimed before any await that lets another event in, so two emits cannot both start one.
  await room.storage.put(BRAIN_KEY, { state: "running", startedAt: Date.now() } satisfies BrainState);
  const context = await replyContext(room.db, room.clickid);
  if (!context) return pause(room, "ended");
  if (context.premiumLevel > 0) return pause(room, "premium");
  const plan = (await loadFlow(room.db, context.fluxId)).pressing ?? DEFAULT_BRAIN_PLAN;
  const actions = brainActions(plan);
  const audience = await brainAudience(room.db, { clickid: room.clickid, count: actions.length });
  if (!audience || actions.length === 0 || audience.angelIds.length === 0) return pause(room, "ended");
  // What the client says of the visit, as codes only: its free texts (domain, region, where the visit came
  // from) are the member's input and stay out of the log.
  const { tipologia, fluxid, country, premiumLevel, use_ai } = data;
  logEvent("info", "room.brain.start", {
    room: room.clickid,
    steps: actions.length,
    brain: { tipologia, fluxid, country, premiumLevel, use_ai },
  });
  let at = Date.now();
  await room.queue.enqueue(
    actions.map((action, i) => {
      at = delayedTime(room.config.pressing.brain, at).getTime();
      const angelId = audience.angelIds[i % audience.angelIds.length] as number;
      return { at, step: { kind: "brain", action, angelId } };
    }),
  );
}

/** One step of the schedule; a second run of it stores and sends the same rows (keyed by its id and time). */
export async function runBrainStep(room: Room, step: BrainStep, item: RoomQueueItem) {
  const context = await replyContext(room.db, room.clickid);
  // A member who became premium since the schedule started gets no more pressing.
  if (context && context.premiumLevel > 0) return stopBrain(room);
  if (step.action === "message") {
    const message = context
      ? await pressingMessage(room.db, {
          clickid: room.clickid,
          angelId: step.angelId,
          brandId: context.brandId,
          userName: context.username,
          // The same step picks the same line and is stored once.
          stepId: item.id,
          time: new Date(Math.min(item.due, Date.now())),
        })
      : null;
    if (message) room.broadcast({ event: "chat", data: message, notifica: notificationFor("pressing") });
  } else {
    const done = await brainEngagement(room.db, {
      clickid: room.clickid,
      angelId: step.angelId,
      kind: step.action,
      time: new Date(item.due),
    });
    const notification = done ? await notificationById(room.db, done.notificationId) : null;
    if (notification) room.broadcast({ event: "notification", data: notification });
  }
  // The schedule ends when no other step of it waits (a retried step may come after the last one).
  const queue = await room.queue.list();
  if (!queue.some((q) => q.step.kind === "brain" && q.id !== item.id)) await pause(room, "ended");
}
