// Input Postgres could never store is refused in validation, naming the field: a NUL byte in any text (body,
// path, query, socket frame) and an integer past the `integer` column. Let through, each would fail in
// the query: 500 over HTTP, server_error on the socket, and the input in the error log.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANGEL, setBalances } from "../fixtures/chat";
import { call, createMember, verifiedMember } from "../fixtures/members";
import { connect } from "../fixtures/socket";

const json = (body: unknown, token?: string) => ({ method: "POST", body: JSON.stringify(body), token });

async function refused(response: Response) {
  const body = (await response.json()) as { error: { code: string; field?: string; message: string } };
  return { status: response.status, ...body.error };
}

afterEach(() => vi.restoreAllMocks());

describe("a NUL byte", () => {
  it("in a body, a path or a query is invalid input naming the field, and nothing is logged", async () => {
    const errors = vi.spyOn(console, "error");
    const member = await createMember();
    const cases: [Promise<Response>, string][] = [
      [call("/ops/api/login", json({ email: "giulia\u0000@ops.example", password: "x" })), "email"],
      [call(`/api/get/city/it/mil${encodeURIComponent("\u0000")}`), "text"],
      [call("/dev/outbox.json?to=a%00b"), "to"],
      [call("/api/log/client", json({ subject: "s", messaggio: "a\u0000" }, member.token)), "messaggio"],
      [
        call("/log/notification/readed", json({ clickid: member.clickid, type: "like\u0000" }, member.token)),
        "type",
      ],
    ];
    for (const [response, field] of cases) {
      expect(await refused(await response)).toMatchObject({ status: 400, code: "invalid_input", field });
    }
    // Sign-up's fields are named without their `utente` wrapper, as its other errors are.
    const signup = await call("/users/register", json({ utente: { email: "a@b.it", region: "lomb\u0000" } }));
    expect(await refused(signup)).toMatchObject({ status: 400, field: "region" });
    expect(errors).not.toHaveBeenCalled();
  });

  it("in a socket frame is an invalid event, and the socket goes on", async () => {
    const member = await verifiedMember();
    await setBalances(member.clickid, { messageCredits: 10 });
    const socket = await connect(member);
    socket.send({
      event: "chat",
      data: { msg: "ciao\u0000", angelId: ANGEL, clientId: crypto.randomUUID() },
    });
    socket.send({ event: "like", data: { angelId: ANGEL, screenName: "\u0000" } });
    const clientId = crypto.randomUUID();
    socket.send({ event: "chat", data: { msg: "ciao", angelId: ANGEL, clientId } });
    await socket.next("chat", (e) => e.data.clientId === clientId);
    const errors = socket.events.flatMap((e) => (e.event === "error" ? [e.data.code] : []));
    expect(errors).toEqual(["invalid_event", "invalid_event"]);
    socket.close();
  });
});

describe("an integer past Postgres integer", () => {
  it("is invalid input in a body and in a path", async () => {
    const member = await createMember();
    const visited = await call(
      "/api/collect/visited",
      json({ angelId: 2 ** 31, trackerId: member.clickid }, member.token),
    );
    expect(await refused(visited)).toMatchObject({ status: 400, code: "invalid_input", field: "angelId" });
    const conversation = await call(`/get/messages/${member.clickid}/2147483648`, { token: member.token });
    expect(await refused(conversation)).toMatchObject({ status: 400, field: "angelId" });
    const largest = await call(`/get/messages/${member.clickid}/2147483647`, { token: member.token });
    expect(largest.status).toBe(200);
  });

  it("is an invalid event on the socket", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    socket.send({ event: "like", data: { angelId: 2 ** 31 } });
    socket.send({ event: "match", data: { angelId: 2 ** 31, type: "dislike", trackerId: member.clickid } });
    await socket.next("error", (e) => e.data.code === "invalid_event");
    socket.send({ event: "like", data: { angelId: ANGEL } });
    await socket.next("like");
    const errors = socket.events.flatMap((e) => (e.event === "error" ? [e.data.code] : []));
    expect(errors).toEqual(["invalid_event", "invalid_event"]);
    socket.close();
  });
});

describe("a body that is not JSON", () => {
  it("is invalid input in the body field", async () => {
    const response = await call("/users/authenticate", { method: "POST", body: '{"email":' });
    expect(await refused(response)).toMatchObject({ status: 400, code: "invalid_input", field: "body" });
  });
});
