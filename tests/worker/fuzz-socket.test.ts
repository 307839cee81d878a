// Every client event of the member's room socket, fed malformed frames with fast-check (wrong types, missing
// and extra fields, numbers out of range, NUL bytes, long and odd unicode texts), and garbage frames (not
// JSON, not an object, unknown events, binary, oversized). The room answers each invalid frame with
// `invalid_event`, a frame that passes validation with its feature's answer or its own error code, never
// `server_error`; and the socket stays usable: a valid chat message after each event's frames is stored.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ClientEvent, parseFrame, type ServerEvent } from "../../worker/contracts/realtime";
import { ANGEL, setBalances } from "../fixtures/chat";
import {
  badJsonText,
  brokenValue,
  edgeCases,
  type Hints,
  type JsonSchema,
  validValue,
} from "../fixtures/fuzz";
import { verifiedMember } from "../fixtures/members";
import { connect, type TestSocket } from "../fixtures/socket";

const SEED = 20261127;
/** Frames per client event; with the garbage frames about 250 frames in all, in well under 20 s. */
const RUNS = 30;
/** How long a frame that passed validation may stay unanswered before the next one is sent. */
const QUIET_MS = 100;

const events = ClientEvent.options.map((option) => ({
  event: option.shape.event.value,
  schema: z.toJSONSchema(option.shape.data, { io: "input", unrepresentable: "any" }) as JsonSchema,
}));

/** Frames that are not a client event at all. */
const garbage: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  badJsonText,
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc
    .tuple(
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(null, 1, "chat\u0000", "CHAT")),
      fc.jsonValue(),
    )
    .map(([event, data]) => JSON.stringify({ event, data })),
  fc.constantFrom(...events.map((e) => JSON.stringify({ event: e.event }))),
  fc.uint8Array({ maxLength: 64 }),
  fc.constant(JSON.stringify({ event: "chat", data: { msg: "x".repeat(200_000), angelId: ANGEL } })),
);

const errorsOf = (socket: TestSocket, code?: string) =>
  socket.events.filter((e) => e.event === "error" && (code === undefined || e.data.code === code));

describe("fuzzing every socket event", () => {
  it("answers invalid frames with invalid_event, never server_error, and stays usable", async () => {
    const member = await verifiedMember();
    await setBalances(member.clickid, {
      messageCredits: 100_000,
      icebreakerCredits: 0,
      likeCredits: 100_000,
    });
    const socket = await connect(member);
    const hints: Hints = {
      clickid: () => member.clickid,
      trackerId: () => member.clickid,
      angelId: () => ANGEL,
      clientId: () => crypto.randomUUID(),
      msg: () => "ciao",
      id: () => 1,
    };

    let sent = 0;
    let invalid = 0;
    let usable = 0;
    const send = async (frame: string | Uint8Array) => {
      sent++;
      if (parseFrame(ClientEvent, frame) === null) {
        // Refused before any handler: the answer comes at once, in order.
        invalid++;
        socket.ws.send(frame);
        await socket.waitFor(
          () => errorsOf(socket, "invalid_event").length >= invalid,
          `invalid_event #${invalid}`,
        );
      } else {
        socket.ws.send(frame);
        await socket.quiet(QUIET_MS);
      }
    };
    /** A valid message after the frames: stored and echoed with its clientId, so the socket still works. */
    const stillUsable = async () => {
      const clientId = crypto.randomUUID();
      socket.send({ event: "chat", data: { msg: "ancora qui?", angelId: ANGEL, clientId } });
      await socket.next("chat", (e) => e.data.clientId === clientId);
      usable++;
    };

    for (const [i, { event, schema }] of events.entries()) {
      const base = validValue(schema, hints);
      // The frames break one thing each in a valid frame, so that every check past the first is reached.
      expect(parseFrame(ClientEvent, JSON.stringify({ event, data: base })), event).not.toBeNull();
      const frames = [
        ...edgeCases(schema, base),
        ...fc.sample(brokenValue(schema, base), { seed: SEED + i, numRuns: RUNS }),
      ];
      for (const { value } of frames) await send(JSON.stringify({ event, data: value }));
      await stillUsable();
    }
    for (const frame of fc.sample(garbage, { seed: SEED + events.length, numRuns: RUNS })) await send(frame);
    await stillUsable();
    await socket.quiet(QUIET_MS);

    const codes = new Map<string, number>();
    for (const e of errorsOf(socket)) {
      const code = (e as Extract<ServerEvent, { event: "error" }>).data.code;
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    console.log(
      `fuzz-socket: ${events.length} client events, ${sent} frames (${invalid} refused by validation), ` +
        `error answers ${JSON.stringify(Object.fromEntries(codes))}, ${usable} valid chats after them`,
    );
    expect(events.map((e) => e.event).sort()).toEqual(
      ["ack", "brain", "chat", "clickid", "invite", "like", "match", "visibility"].sort(),
    );
    expect(codes.get("server_error") ?? 0).toBe(0);
    expect(codes.get("invalid_event")).toBe(invalid);
    expect(usable).toBe(events.length + 1);
    socket.close();
  }, 60_000);
});
