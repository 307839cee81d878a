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
    // A visible tab shows it at once (the chat, the popup, the purchKo alert): the member saw it. A renewal's
    // only sign on the site is the refreshed billing of the profile, so it goes on whatever tab is open.
    if (event.kind !== "renewal" && room.tabVisible()) {
      await memberBack(room);
      return;
    }
    await cascadeEvent(cascadeHost(room), event);
  } catch (error) {
    logEvent("error", "cascade.event_failed", {
      room: room.clickid,
      kind: event.kind,
      error: error instanceof Error ? error.name : typeof error,
    });
  }
}

/** A visible tab connected or became visible: the member is back, what he missed is on his screen. */
export function memberBack(room: Room) {
  return memberCameBack({ storage: room.storage, now: Date.now });
}

export const notificationSteps = {
  cascade: (room: Room, step: CascadeStep) => runCascadeStep(cascadeHost(room), step),
};
