// The operator console's API (/ops/api): its own login, the queue of conversations awaiting a reply on
// operator flows, leases in the OpsDesk Durable Object (atomic take, capacity, expiry by alarm), replies
// through the member's room, persona notes and the audit log.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../drizzle/schema/chat";
import { operators, opsAuditLog } from "../../drizzle/schema/ops";
import { OPERATORS_FLUX_ID } from "../../drizzle/seed";
import { demoOperators } from "../../drizzle/seed-data/operators";
import { limiterName } from "../../worker/ratelimit/rate-limit.service";
import { throttles } from "../../worker/ratelimit/rate-limit-rules";
import { inDb } from "../fixtures/db";
import { call, type TestMember, verifiedMember } from "../fixtures/members";
import { openSocket, type TestSocket } from "../fixtures/socket";

const giulia = demoOperators[0] ?? expect.unreachable("the seed has a demo operator");

/** The one desk of leases (worker/ops/ops-desk.ts). */
const desk = env.OPS_DESK.get(env.OPS_DESK.idFromName("desk"));

interface TestOperator {
  id: number;
  token: string;
}
interface QueueBody {
  items: {
    clickid: string;
    angelId: number;
    waitingSince: string;
    lastMessage: string;
    lease: { operatorId: number; operatorName: string } | null;
  }[];
  held: number;
  capacity: number;
}

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });
const ops = (path: string, token: string, init: RequestInit = {}) =>
  call(`/ops/api${path}`, { method: "POST", ...init, token });
const get = (path: string, token: string) => ops(path, token, { method: "GET" });

async function login(email: string, password: string) {
  return call("/ops/api/login", json({ email, password }));
}

let made = 0;
/** An operator of its own (the seed's password hash), of the Italian brand unless told, signed in through the API. */
async function createOperator(
  values: {
    role?: "operator" | "supervisor" | "admin";
    capacity?: number;
    name?: string;
    brands?: string[];
  } = {},
): Promise<TestOperator> {
  made++;
  const email = `op${made}.${crypto.randomUUID().slice(0, 8)}@ops.example`;
  const [row] = await inDb((db) =>
    db
      .insert(operators)
      .values({
        email,
        passwordHash: giulia.passwordHash,
        displayName: values.name ?? `Operator ${made}`,
        role: values.role ?? "operator",
        brandIds: values.brands ?? ["amoreitalia"],
        capacity: values.capacity ?? 3,
        language: "it",
      })
      .returning(),
  );
  const response = await login(email, giulia.password);
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { id: row?.id ?? 0, token };
}

async function connect(member: TestMember): Promise<TestSocket> {
  const response = await openSocket(member.clickid, { token: member.token });
  if (!response.socket) throw new Error(`socket refused: ${response.status}`);
  return response.socket;
}

/** A member on the operators flow who has written to an angel (and gets no automatic reply). */
async function waitingMember(angelId = 1, msg = "Ciao, ci sei?") {
  const member = await verifiedMember({ fluxId: OPERATORS_FLUX_ID });
  const socket = await connect(member);
  const clientId = crypto.randomUUID();
  socket.send({ event: "chat", data: { msg, angelId, clientId } });
  await socket.next("chat", (e) => e.data.clientId === clientId);
  return { member, socket };
}

async function queueOf(token: string): Promise<QueueBody> {
  const response = await get("/queue", token);
  expect(response.status).toBe(200);
  return (await response.json()) as QueueBody;
}

const conversationPath = (member: TestMember, angelId = 1) => `/conversations/${member.clickid}/${angelId}`;
const auditRows = (operatorId: number) =>
  inDb((db) => db.select().from(opsAuditLog).where(eq(opsAuditLog.operatorId, operatorId)));

describe("operator login", () => {
  it("signs in a seeded operator, refuses a wrong password clearly, and logout ends the token", async () => {
    const ok = await login(giulia.email.toUpperCase(), giulia.password);
    expect(ok.status).toBe(200);
    const { token, operator } = (await ok.json()) as {
      token: string;
      operator: { role: string; id: number };
    };
    expect(operator).toMatchObject({ role: "operator", displayName: "Giulia", language: "it" });
    expect((await get("/me", token)).status).toBe(200);

    const wrong = await login(giulia.email, "not-the-password");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { code: "wrong_credentials", message: "E-mail or password is wrong." },
    });
    expect((await login("nobody@ops.example", giulia.password)).status).toBe(401);

    expect((await get("/no-such-route", token)).status).toBe(404);
    expect((await ops("/logout", token)).status).toBe(200);
    expect((await get("/me", token)).status).toBe(401);
    expect((await auditRows(operator.id)).map((r) => r.action)).toEqual(
      expect.arrayContaining(["login", "logout"]),
    );
  });

  it("slows logins to an operator account after too many failures, before checking the password", async () => {
    const operator = await createOperator();
    const [row] = await inDb((db) => db.select().from(operators).where(eq(operators.id, operator.id)));
    // The account's throttle past its free attempts, as after a burst of wrong passwords just now.
    const rule = throttles.loginPerAccount;
    const counter = env.RATE_LIMITER.get(
      env.RATE_LIMITER.idFromName(limiterName("loginPerAccount", `operator:${operator.id}`)),
    );
    for (let i = 0; i < rule.free; i++) await counter.attempt({ ...rule, baseDelayMs: 0, maxDelayMs: 0 });
    const refused = await login(row?.email ?? "", giulia.password);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too_many_attempts");
  });

  it("never takes a member token for an operator, nor an operator token for a member", async () => {
    const member = await verifiedMember({ fluxId: OPERATORS_FLUX_ID });
    expect((await get("/me", member.token)).status).toBe(401);
    expect((await get("/queue", member.token)).status).toBe(401);
    const operator = await createOperator();
    expect((await call(`/get/messages/${member.clickid}`, { token: operator.token })).status).toBe(401);
    expect((await openSocket(member.clickid, { token: operator.token })).status).toBe(401);
  });
});

describe("the queue", () => {
  it("lists operator-flow conversations awaiting a reply, oldest first, and nothing else", async () => {
    const operator = await createOperator();
    const first = await waitingMember(1, "primo");
    const scripted = await verifiedMember(); // flow 7: replies come from the message bank
    const scriptedSocket = await connect(scripted);
    scriptedSocket.send({ event: "chat", data: { msg: "ciao", angelId: 1, clientId: crypto.randomUUID() } });
    await scriptedSocket.next("chat");
    const second = await waitingMember(2, "secondo");

    const { items } = await queueOf(operator.token);
    const mine = items.filter((i) =>
      [first.member.clickid, second.member.clickid, scripted.clickid].includes(i.clickid),
    );
    expect(mine.map((i) => [i.clickid, i.angelId, i.lastMessage])).toEqual([
      [first.member.clickid, 1, "primo"],
      [second.member.clickid, 2, "secondo"],
    ]);
    const times = items.map((i) => Date.parse(i.waitingSince));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const s of [first.socket, second.socket, scriptedSocket]) s.close();
  });
});

describe("leases", () => {
  it("gives a conversation taken by two operators at once to exactly one", async () => {
    const { member, socket } = await waitingMember();
    const [a, b] = await Promise.all([createOperator({ name: "Anna" }), createOperator({ name: "Bea" })]);
    const answers = await Promise.all([a, b].map((o) => ops(`${conversationPath(member)}/take`, o.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409);
    const body = (await loser?.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("already_taken");
    expect(body.error.message).toMatch(/^(Anna|Bea) is already answering this conversation\.$/);
    const winner = answers[0]?.status === 200 ? a : b;
    const item = (await queueOf(a.token)).items.find((i) => i.clickid === member.clickid);
    expect(item?.lease?.operatorId).toBe(winner.id);
    socket.close();
  });

  it("refuses an operator at capacity until one is released", async () => {
    const operator = await createOperator({ capacity: 1 });
    const one = await waitingMember();
    const two = await waitingMember();
    expect((await ops(`${conversationPath(one.member)}/take`, operator.token)).status).toBe(200);
    const refused = await ops(`${conversationPath(two.member)}/take`, operator.token);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("at_capacity");
    expect((await ops(`${conversationPath(one.member)}/release`, operator.token)).status).toBe(200);
    expect((await ops(`${conversationPath(two.member)}/take`, operator.token)).status).toBe(200);
    expect((await auditRows(operator.id)).map((r) => r.action).sort()).toEqual(
      ["login", "release", "take", "take"].sort(),
    );
    one.socket.close();
    two.socket.close();
  });

  it("ends a lease by the desk's alarm once its time is up, with a lease_expired audit row", async () => {
    const { member, socket } = await waitingMember();
    const holder = await createOperator();
    const other = await createOperator();
    expect((await ops(`${conversationPath(member)}/take`, holder.token)).status).toBe(200);
    expect((await ops(`${conversationPath(member)}/take`, other.token)).status).toBe(409);
    // As if OPS_LEASE_MS had passed: the lease's end is moved to the past, then the scheduled alarm runs.
    await runInDurableObject(desk, (_, state) => {
      state.storage.sql.exec(
        "UPDATE leases SET expires_at = ? WHERE clickid = ?",
        Date.now() - 1,
        member.clickid,
      );
    });
    expect(await runDurableObjectAlarm(desk)).toBe(true);
    const expired = (await auditRows(holder.id)).filter((r) => r.action === "lease_expired");
    expect(expired.map((r) => [r.angelId, (r.details as { clickid: string }).clickid])).toEqual([
      [1, member.clickid],
    ]);
    const item = (await queueOf(other.token)).items.find((i) => i.clickid === member.clickid);
    expect(item?.lease).toBeNull();
    expect((await ops(`${conversationPath(member)}/take`, other.token)).status).toBe(200);
    socket.close();
  });
});

describe("replying", () => {
  it("refuses a reply from an operator who does not hold the lease", async () => {
    const { member, socket } = await waitingMember();
    const holder = await createOperator();
    const other = await createOperator();
    const reply = (token: string) => ops(`${conversationPath(member)}/reply`, token, json({ msg: "Ciao!" }));
    expect((await reply(other.token)).status).toBe(409); // nobody holds it
    expect((await ops(`${conversationPath(member)}/take`, holder.token)).status).toBe(200);
    const refused = await reply(other.token);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("not_lease_holder");
    const stored = await inDb((db) =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.angelId, 1), eq(messages.type, "angel"), eq(messages.provider, "operators"))),
    );
    expect(stored.filter((m) => m.msg === "Ciao!")).toEqual([]);
    socket.close();
  });

  it("sends the holder's reply through the member's room: typing, then the message, stored once", async () => {
    const { member, socket } = await waitingMember(3, "Come va la serata?");
    const operator = await createOperator();
    const path = conversationPath(member, 3);
    expect((await ops(`${path}/take`, operator.token)).status).toBe(200);

    const view = (await (await get(path, operator.token)).json()) as {
      messages: { type: string; msg: string }[];
      member: { clickid: string; brandId: string; verified: boolean };
      angel: { id: number; photo: string; screenName: string };
      lease: { operatorId: number } | null;
    };
    expect(view.messages.map((m) => [m.type, m.msg])).toEqual([["personal", "Come va la serata?"]]);
    expect(view.member).toMatchObject({ clickid: member.clickid, brandId: "amoreitalia", verified: true });
    expect(view.angel.photo).toMatch(/\/3\.jpg$/);
    expect(view.lease?.operatorId).toBe(operator.id);

    const sent = await ops(`${path}/reply`, operator.token, json({ msg: "Benissimo, e tu?" }));
    expect(sent.status).toBe(200);
    const typing = await socket.next("typing", (e) => e.data.angelId === 3);
    const chat = await socket.next("chat", (e) => e.data.type === "angel" && e.data.angelId === 3);
    expect(chat.data.msg).toBe("Benissimo, e tu?");
    expect(socket.events.indexOf(typing)).toBeLessThan(socket.events.indexOf(chat));

    // The lease ended with the reply: a second one is refused; the conversation left the queue.
    expect((await ops(`${path}/reply`, operator.token, json({ msg: "Ancora" }))).status).toBe(409);
    expect((await queueOf(operator.token)).items.some((i) => i.clickid === member.clickid)).toBe(false);
    const stored = await inDb((db) =>
      db
        .select()
        .from(messages)
        .where(
          and(eq(messages.angelId, 3), eq(messages.type, "angel"), eq(messages.msg, "Benissimo, e tu?")),
        ),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.provider).toBe("operators");
    const actions = (await auditRows(operator.id)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["take", "reply"]));
    socket.close();
  });
});

describe("persona notes and the audit log", () => {
  it("lets supervisors edit notes and read the audit; operators only read the notes", async () => {
    const operator = await createOperator();
    const supervisor = await createOperator({ role: "supervisor", name: "Sara" });
    const note = (token: string, notes: string) =>
      ops("/angels/5/notes", token, { method: "PUT", body: JSON.stringify({ notes }) });
    expect((await note(operator.token, "no")).status).toBe(403);
    const saved = await note(supervisor.token, "Loves sailing; never talks about work.");
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      notes: "Loves sailing; never talks about work.",
      updatedBy: "Sara",
    });

    const { member, socket } = await waitingMember(5);
    const view = (await (await get(conversationPath(member, 5), operator.token)).json()) as {
      notes: { notes: string };
    };
    expect(view.notes.notes).toBe("Loves sailing; never talks about work.");

    expect((await get("/audit", operator.token)).status).toBe(403);
    const audit = await get(`/audit?operatorId=${supervisor.id}`, supervisor.token);
    expect(audit.status).toBe(200);
    const { entries } = (await audit.json()) as { entries: { action: string; angelId: number | null }[] };
    expect(entries.map((e) => e.action)).toEqual(["note_edit", "login"]);
    expect(entries[0]?.angelId).toBe(5);
    socket.close();
  });
});
