import { getServerByName, type Server } from "partyserver";
import type { Bindings } from "../env";
import type { MemberRoomCalls } from "./room";

/**
 * The member's room, for calls over Durable Object RPC (a logout's restart, a purchase's pending message, an
 * operator's reply). worker/ never imports party/, so the stub is typed by the calls the room implements
 * (party/user-room.ts declares `implements MemberRoomCalls`).
 */
export async function memberRoom(env: Bindings, clickid: string): Promise<MemberRoomCalls> {
  return (await getServerByName(
    env.UserRoom as unknown as DurableObjectNamespace<Server>,
    clickid,
  )) as unknown as MemberRoomCalls;
}
