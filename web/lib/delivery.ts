// The client's side of the room's delivery guarantees: the room may send an event twice (its alarms are
// at-least-once, a reconnection replays) and out of order; the client passes each message once and
// remembers how far it has seen, to ask for exactly what follows when it reconnects.
import { type Cursor, compareCursor, cursorOf } from "../../worker/contracts/cursor";

/** How many delivered ids a stream remembers for dropping duplicates (older ones are before the cursor). */
export const SEEN_IDS_LIMIT = 1000;

export interface StreamState {
  /** The newest (time, id) seen. */
  readonly cursor: Cursor;
  /** Ids already passed on, oldest first. */
  readonly seen: readonly number[];
}

export const startStream = (time: number): StreamState => ({ cursor: { time, id: 0 }, seen: [] });

/**
 * Takes one delivered entry (a chat message or a notification): `fresh` false for an id already passed on
 * (drop it); the cursor moves to the newest entry seen, whatever order they came in.
 */
export function receive(
  state: StreamState,
  entry: { id: number; time: string },
): { state: StreamState; fresh: boolean } {
  if (state.seen.includes(entry.id)) return { state, fresh: false };
  const at = cursorOf(entry);
  const cursor = Number.isFinite(at.time) && compareCursor(at, state.cursor) > 0 ? at : state.cursor;
  const seen = [...state.seen, entry.id].slice(-SEEN_IDS_LIMIT);
  return { state: { cursor, seen }, fresh: true };
}

/**
 * Inserts an entry into a list kept newest first by (time, id), replacing one with the same id: a late
 * or repeated delivery lands in its place, not on top.
 */
export function insertNewestFirst<T extends { id: number; time: string }>(list: readonly T[], entry: T): T[] {
  const rest = list.filter((e) => e.id !== entry.id);
  const at = cursorOf(entry);
  const i = rest.findIndex((e) => compareCursor(cursorOf(e), at) < 0);
  return i < 0 ? [...rest, entry] : [...rest.slice(0, i), entry, ...rest.slice(i)];
}
