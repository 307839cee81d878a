// The member's room while its code loads (web/lib/session/loading-room.ts): nothing a page does meanwhile
// is lost, and nothing reaches a room once the session has ended.
import { describe, expect, it } from "vitest";
import type { Room } from "../../web/lib/party";
import { loadingRoom } from "../../web/lib/session/loading-room";
import type { ServerEvent } from "../../worker/contracts/realtime";

/** A room that records what it is asked, and lets the test send it events. */
function fakeRoom() {
  const calls: string[] = [];
  const listeners = new Set<(event: ServerEvent) => void>();
  const room: Room = {
    send: (event) => calls.push(`send ${event.event}`),
    ack: (id) => calls.push(`ack ${id}`),
    startBrain: () => calls.push("brain"),
    ownRestart: (on) => calls.push(`ownRestart ${on}`),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => calls.push("close"),
  };
  const emit = (event: ServerEvent) => {
    for (const listener of listeners) listener(event);
  };
  return { room, calls, emit, listeners };
}

const like = { event: "like", data: { angelId: 7 } } as unknown as Parameters<Room["send"]>[0];
const credits = { event: "creditiResidui", data: { crediti: 3 } } as unknown as ServerEvent;

describe("the room while its code loads", () => {
  it("sends what the pages sent before, in order, once the room is there", () => {
    const { room, attach } = loadingRoom();
    room.send(like);
    room.ack(5, true);
    const real = fakeRoom();
    attach(real.room);
    room.send(like);
    expect(real.calls).toEqual(["send like", "ack 5", "send like"]);
  });

  it("moves the subscriptions over, but those already ended", () => {
    const { room, attach } = loadingRoom();
    const seen: string[] = [];
    room.subscribe((event) => seen.push(`kept ${event.event}`));
    const off = room.subscribe((event) => seen.push(`ended ${event.event}`));
    off();
    const real = fakeRoom();
    attach(real.room);
    real.emit(credits);
    expect(seen).toEqual(["kept creditiResidui"]);
    const later = room.subscribe((event) => seen.push(`later ${event.event}`));
    later();
    expect(real.listeners.size).toBe(1);
  });

  it("sends nothing once closed, and closes a room that arrives after", () => {
    const { room, attach } = loadingRoom();
    room.send(like);
    room.close();
    const real = fakeRoom();
    attach(real.room);
    expect(real.calls).toEqual(["close"]);
  });
});
