// The cascade in the member's room: events from the chat and engagement steps, the member's return, and the
// queued cascade steps (worker/realtime/handlers.ts dispatches them).
import { logEvent } from "../core/log";
import type { Room } from "../realtime/room";
import {
  type CascadeEvent,
  type CascadeHost,
  type CascadeStep,
  cascadeEvent,
  memberCameBack,
  runCascadeStep,
} from "./cascade";
import { channels } from "./channels";

function cascadeHost(room: Room): CascadeHost {
  return {
    clickid: room.clickid,
    db: room.db,
    config: room.config,
    storage: room.storage,
    schedule: (at, step) => room.queue.enqueue([{ at, step }]),
    channels,
    now: Date.now,
  };
}

/**
 * An event the member may miss: the cascade takes it. It never stops the event's own delivery: a failure is
 * logged (by name) and the in-app notification stands.
 */
export async function notifyMember(room: Room, event: CascadeEvent): Promise<void> {
  try {
    await cascadeEvent(cascadeHost(room), event);
  } catch (error) {
    logEvent("error", "cascade.event_failed", {
      room: room.clickid,
      kind: event.kind,
      error: error instanceof Error ? error.name : typeof error,
    });
  }
}

/** A tab connected: the member is back, what he missed is on his screen. */
export const memberBack = (room: Room) => memberCameBack({ storage: room.storage, now: Date.now });

export const notificationSteps = {
  cascade: (room: Room, step: CascadeStep) => runCascadeStep(cascadeHost(room), step),
};
