import type { Server } from "partyserver";
import { logEvent } from "../core/log";
import type { Bindings } from "../env";
import type { MemberRoomCalls, SessionEndReason } from "./room";

/**
 * The member's room, for calls over Durable Object RPC (a logout's restart, a purchase's pending message, an
 * operator's reply). worker/ never imports party/, so the stub is typed by the calls the room implements
 * (party/user-room.ts declares `implements MemberRoomCalls`).
 */
export async function memberRoom(env: Bindings, clickid: string): Promise<MemberRoomCalls> {
  return roomStub(env, clickid) as unknown as MemberRoomCalls;
}

/**
 * The room of `name` as partyserver's Server. Not partyserver's getServerByName: it calls the room once more
 * (setName) before every call, only to await an onStart, which the room has none of; the room's name is its
 * id's (idFromName).
 */
export function roomStub(env: Bindings, name: string): DurableObjectStub<Server> {
  const rooms = env.UserRoom as unknown as DurableObjectNamespace<Server>;
  return rooms.get(rooms.idFromName(name));
}

/**
 * Ends the member's open sockets after their sessions ended (the room tells every tab to reload, then closes
 * them). A room that cannot be reached does not undo what ended the sessions: its sockets' frames are refused
 * by the account checks, and their reconnections by the token check.
 */
export async function endMemberSessions(env: Bindings, clickid: string, reason: SessionEndReason) {
  try {
    await (await memberRoom(env, clickid)).endSessions(reason);
  } catch (error) {
    logEvent("error", "realtime.end_sessions_failed", {
      reason,
      error: error instanceof Error ? error.name : "unknown",
    });
  }
}
