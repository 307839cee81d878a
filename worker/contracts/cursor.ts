// Stream positions, apart from the realtime events' schemas: the web client's delivery rules need only
// these, and importing them from realtime.ts would put that module's schemas and zod on every member page's
// start.

/**
 * A position in a member's stream of messages (or notifications): their order is (time, id). A client
 * that reconnects sends the cursor of the last one it saw and gets exactly those after it, so two messages
 * of the same millisecond are neither lost nor repeated.
 */
export interface Cursor {
  time: number;
  id: number;
}

export const encodeCursor = (c: Cursor) => `${c.time}:${c.id}`;

export function parseCursor(raw: string | null | undefined): Cursor | null {
  const match = /^(\d{1,15}):(\d{1,15})$/.exec(raw ?? "");
  if (!match) return null;
  const time = Number(match[1]);
  const id = Number(match[2]);
  // A cursor says what the client saw: never later than a day from now (clocks differ), never a time the
  // database cannot hold. Anything else is no cursor.
  return time > 0 && time <= Date.now() + CURSOR_SLACK_MS ? { time, id } : null;
}

const CURSOR_SLACK_MS = 24 * 60 * 60 * 1000;

/** Orders two stream entries by (time, id). */
export const compareCursor = (a: Cursor, b: Cursor) => a.time - b.time || a.id - b.id;

/** The cursor of a message or notification as sent on the wire (ISO time). */
export const cursorOf = (entry: { time: string; id: number }): Cursor => ({
  time: Date.parse(entry.time),
  id: entry.id,
});
