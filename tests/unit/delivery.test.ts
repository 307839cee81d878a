import { describe, expect, it } from "vitest";
import { insertNewestFirst, receive, SEEN_IDS_LIMIT, startStream } from "../../web/lib/delivery";
import { encodeCursor, parseCursor } from "../../worker/contracts/cursor";

const at = (ms: number) => new Date(ms).toISOString();

describe("the client's stream of deliveries", () => {
  it("passes each message once, however often it is delivered", () => {
    let state = startStream(1000);
    const passed: number[] = [];
    for (const entry of [
      { id: 5, time: at(2000) },
      { id: 5, time: at(2000) },
      { id: 6, time: at(2000) },
      { id: 5, time: at(2000) },
    ]) {
      const r = receive(state, entry);
      state = r.state;
      if (r.fresh) passed.push(entry.id);
    }
    expect(passed).toEqual([5, 6]);
  });

  it("keeps the newest (time, id) as its cursor when deliveries come out of order", () => {
    let state = startStream(1000);
    for (const entry of [
      { id: 9, time: at(3000) },
      { id: 7, time: at(2000) },
      { id: 8, time: at(3000) },
    ])
      state = receive(state, entry).state;
    expect(state.cursor).toEqual({ time: 3000, id: 9 });
    // Two messages of the same millisecond: the cursor names the later id, so a reconnect gets neither again.
    expect(encodeCursor(state.cursor)).toBe("3000:9");
    expect(parseCursor("3000:9")).toEqual({ time: 3000, id: 9 });
  });

  it("remembers a bounded number of ids", () => {
    let state = startStream(0);
    for (let id = 1; id <= SEEN_IDS_LIMIT + 10; id++) state = receive(state, { id, time: at(id) }).state;
    expect(state.seen).toHaveLength(SEEN_IDS_LIMIT);
    expect(receive(state, { id: SEEN_IDS_LIMIT + 10, time: at(1) }).fresh).toBe(false);
  });

  it("refuses malformed cursors", () => {
    for (const raw of [null, "", "abc", "12", "12:", ":3", "0:3", "1:2:3", "-1:2"])
      expect(parseCursor(raw)).toBeNull();
  });
});

describe("a list kept newest first", () => {
  it("puts a late delivery in its place and replaces a repeated one", () => {
    const list = [
      { id: 3, time: at(3000) },
      { id: 1, time: at(1000) },
    ];
    const late = insertNewestFirst(list, { id: 2, time: at(2000) });
    expect(late.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(insertNewestFirst(late, { id: 2, time: at(2000) }).map((e) => e.id)).toEqual([3, 2, 1]);
    expect(insertNewestFirst(late, { id: 4, time: at(3000) }).map((e) => e.id)).toEqual([4, 3, 2, 1]);
    expect(insertNewestFirst([], { id: 1, time: at(1) }).map((e) => e.id)).toEqual([1]);
  });
});
