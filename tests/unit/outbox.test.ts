import { describe, expect, it } from "vitest";
import {
  dueEntries,
  OUTBOX_MAX_AGE_MS,
  type OutboxEntry,
  parseOutbox,
  withoutClientId,
} from "../../web/lib/outbox";

const chat = (clientId: string, at: number, clickid = "member-a"): OutboxEntry => ({
  clickid,
  at,
  event: { event: "chat", data: { msg: `hello ${clientId}`, angelId: 7, clientId, icebreaker: false } },
});

describe("the unsent-message outbox", () => {
  it("reads what it wrote and ignores damaged storage", () => {
    const entries = [chat("client-0001", 1)];
    expect(parseOutbox(JSON.stringify(entries))).toEqual(entries);
    expect(parseOutbox("{not json")).toEqual([]);
    expect(parseOutbox('{"a":1}')).toEqual([]);
    expect(parseOutbox(null)).toEqual([]);
  });

  it("drops entries that are not an unsent chat or invite, keeping the good ones", () => {
    const good = chat("client-0001", 1);
    const stored = [
      good,
      { clickid: "member-a", at: 2, event: { event: "like", data: { angelId: 7 } } },
      { clickid: "member-a", at: "yesterday", event: good.event },
      { clickid: "member-a", at: 3, event: { event: "chat", data: { msg: "", angelId: 7, clientId: "x" } } },
      "hello",
    ];
    expect(parseOutbox(JSON.stringify(stored))).toEqual([good]);
  });

  it("resends only the member's own entries younger than a day, oldest first", () => {
    const now = 10 * OUTBOX_MAX_AGE_MS;
    const entries = [
      chat("client-old1", now - OUTBOX_MAX_AGE_MS),
      chat("client-0002", now - 5000),
      chat("client-othr", now - 1000, "member-b"),
      chat("client-0003", now - 10),
    ];
    expect(dueEntries(entries, "member-a", now).map((e) => e.event.data.clientId)).toEqual([
      "client-0002",
      "client-0003",
    ]);
  });

  it("forgets a message once the room answered its clientId", () => {
    const entries = [chat("client-0001", 1), chat("client-0002", 2)];
    expect(withoutClientId(entries, "client-0001").map((e) => e.event.data.clientId)).toEqual([
      "client-0002",
    ]);
    expect(withoutClientId(entries, "client-none")).toHaveLength(2);
  });
});
