// What every input must fit before it reaches Postgres (worker/contracts/bounds.ts), the socket's frame parser
// that applies it, and log lines that keep their own name whatever the fields say.
import { afterEach, describe, expect, it, vi } from "vitest";
import { INT4_MAX, Int4Id, Int4IdParam, nulPath } from "../../worker/contracts/bounds";
import { ClientEvent, parseFrame } from "../../worker/contracts/realtime";
import { errorName, logEvent } from "../../worker/core/log";

describe("nulPath", () => {
  it("names the first text or key holding a NUL byte, anywhere in the value", () => {
    expect(nulPath({ a: "ok", b: [1, { c: "x\u0000y" }] })).toEqual(["b", 1, "c"]);
    expect(nulPath({ utente: { email: "a@b.it", region: "\u0000" } })).toEqual(["utente", "region"]);
    expect(nulPath({ "k\u0000": 1 })).toEqual(["k\u0000"]);
    expect(nulPath("\u0000")).toEqual([]);
  });

  it("finds nothing in clean input, unicode included", () => {
    expect(nulPath({ a: "💔🏳️‍🌈", b: ["\u202e", "\\u0000"], c: null, d: 2 ** 31 })).toBeNull();
  });
});

describe("integer ids", () => {
  it("fit a Postgres integer column, in the body and in the path", () => {
    expect(Int4Id.safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [INT4_MAX + 1, 0, -1, 1.5, 2 ** 53, "1"])
      expect(Int4Id.safeParse(bad).success).toBe(false);
    expect(Int4IdParam.safeParse("2147483647").data).toBe(INT4_MAX);
    for (const bad of ["2147483648", "abc", "", "1.5", "-1"]) {
      expect(Int4IdParam.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("parseFrame", () => {
  const chat = (data: Record<string, unknown>) =>
    JSON.stringify({ event: "chat", data: { msg: "ciao", angelId: 1, clientId: "abcdefgh-1", ...data } });

  it("refuses a frame with a NUL byte in any text, or an id past the integer column", () => {
    expect(parseFrame(ClientEvent, chat({}))).not.toBeNull();
    expect(parseFrame(ClientEvent, chat({ msg: "ciao\u0000" }))).toBeNull();
    expect(parseFrame(ClientEvent, chat({ servizio: "\u0000" }))).toBeNull();
    expect(parseFrame(ClientEvent, chat({ angelId: INT4_MAX + 1 }))).toBeNull();
    expect(parseFrame(ClientEvent, JSON.stringify({ event: "like", data: { angelId: 2 ** 31 } }))).toBeNull();
    expect(parseFrame(ClientEvent, JSON.stringify({ event: "ack", data: { id: 2 ** 53 } }))).toBeNull();
  });
});

describe("logEvent", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the line's own level and event name whatever the fields hold", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fields: Record<string, unknown> = { event: "chat", level: "info", code: "22021" };
    logEvent("error", "room.event_failed", fields);
    expect(JSON.parse(String(error.mock.calls[0]?.[0]))).toEqual({
      level: "error",
      event: "room.event_failed",
      code: "22021",
    });
  });

  it("names an error by its most specific cause, never by its message", () => {
    const driver = Object.assign(new Error('value "2147483648" is out of range'), { name: "NeonDbError" });
    const wrapped = new Error("Failed query: select 1\nparams: secret@example.com", { cause: driver });
    expect(errorName(wrapped)).toBe("NeonDbError");
    expect(errorName(new TypeError("x"))).toBe("TypeError");
    expect(errorName("text")).toBe("string");
  });
});
