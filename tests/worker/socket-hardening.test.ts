// The room socket under bursts and bad input: a member's sends go one at a time, a reused
// clientId with other content is a conflict, and neither a crafted cursor nor a failing replay gives the
// client anything but a plain error event.
import { runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../drizzle/schema/chat";
import { encodeCursor } from "../../worker/contracts/cursor";
import { ANGEL, account, chat, setBalances } from "../fixtures/chat";
import { inDb } from "../fixtures/db";
import { verifiedMember } from "../fixtures/members";
import { connect, openSocket, roomOf } from "../fixtures/socket";

const stored = (accountId: number, clientId: string) =>
  inDb((db) =>
    db
      .select({ msg: messages.msg })
      .from(messages)
      .where(and(eq(messages.accountId, accountId), eq(messages.clientId, clientId))),
  );

describe("a burst of sends", () => {
  it("stores every message that the credits pay for, in order, and refuses none for the race", async () => {
    const member = await verifiedMember();
    // A paid member: each message costs valoreMessaggio (10); 104 credits pay for 10 of them.
    await setBalances(member.clickid, { premiumLevel: 1, messageCredits: 104, messagePrice: 10 });
    const socket = await connect(member);
    const ids = Array.from({ length: 10 }, (_, i) => `burst-${i}-${crypto.randomUUID().slice(0, 8)}`);
    ids.forEach((id, i) => {
      chat(socket, `messaggio ${i}`, id);
    });
    for (const id of ids) await socket.next("chat", (e) => e.data.clientId === id);
    expect(socket.events.filter((e) => e.event === "error")).toEqual([]);
    const echoes = socket.events.flatMap((e) =>
      e.event === "chat" && e.data.type === "personal" ? [e.data.clientId] : [],
    );
    expect(echoes).toEqual(ids);
    // The balance every tab was told, and Postgres's once the room's write behind the acknowledgements ran.
    await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === 4);
    await expect.poll(async () => (await account(member.clickid))?.messageCredits).toBe(4);
    // The 11th is the one the credits do not pay for.
    chat(socket, "uno di troppo", "burst-eleventh-0001");
    await socket.next("refused", (e) => e.data.clientId === "burst-eleventh-0001");
    socket.close();
  });
});

describe("a reused clientId", () => {
  it("with other content is refused as a conflict and stores nothing new", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    chat(socket, "prima versione", "same-id-00000001");
    await socket.next("chat", (e) => e.data.clientId === "same-id-00000001");
    chat(socket, "seconda versione", "same-id-00000001");
    const conflict = await socket.next("error", (e) => e.data.clientId === "same-id-00000001");
    expect(conflict.data.code).toBe("client_id_conflict");
    // The same content again is the resend it looks like: answered with the stored message.
    chat(socket, "prima versione", "same-id-00000001");
    await expect
      .poll(() => socket.events.filter((e) => e.event === "chat" && e.data.clientId === "same-id-00000001"))
      .toHaveLength(2);
    const id = (await account(member.clickid))?.id ?? 0;
    expect(await stored(id, "same-id-00000001")).toEqual([{ msg: "prima versione" }]);
    socket.close();
  });
});

describe("a reconnection's cursors", () => {
  it("beyond any time the database holds are no cursor: the socket opens and replays nothing", async () => {
    const member = await verifiedMember();
    const response = await openSocket(member.clickid, {
      token: member.token,
      after: "999999999999999:1",
      nafter: "999999999999999:1",
    });
    expect(response.status).toBe(101);
    const socket = response.socket;
    if (!socket) throw new Error("no socket");
    socket.send({ event: "clickid", data: { clickid: member.clickid } });
    await socket.next("softwareVersion");
    expect(socket.events.map((e) => e.event)).toEqual(["softwareVersion"]);
    socket.close();
  });

  it("whose replay fails get a plain error event, never a stack, a query or its parameters", async () => {
    const member = await verifiedMember();
    // The room's next frame finds no database (tests/worker/test-worker.ts), as in an outage.
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.failDatabase = 1;
    });
    const frames: string[] = [];
    const response = await openSocket(member.clickid, {
      token: member.token,
      after: encodeCursor({ time: Date.now() - 60_000, id: 1 }),
    });
    const socket = response.socket;
    if (!socket) throw new Error(`socket refused: ${response.status}`);
    socket.ws.addEventListener("message", (e) => frames.push(String(e.data)));
    const error = await socket.next("error");
    expect(error.data).toEqual({ code: "server_error" });
    expect(frames.join("\n")).not.toMatch(/stack|select|\bat \w|\.ts:/i);
    // The socket goes on: a message sent now is stored and echoed.
    chat(socket, "ci sono ancora", "after-failed-replay1", ANGEL);
    await socket.next("chat", (e) => e.data.clientId === "after-failed-replay1");
    socket.close();
  });
});
