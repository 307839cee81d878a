// Operators are scoped to brands unless their role covers every brand (docs/decisions/2026-11-29-operators-
// scoped-to-brands.md). A scoped operator or supervisor never sees nor touches another brand's member on any
// console route (queue, conversations, member search, money view, refunds, audit log); an admin sees all.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { opsAuditLog } from "../../drizzle/schema/ops";
import { OPERATORS_FLUX_ID } from "../../drizzle/seed";
import { demoOperators } from "../../drizzle/seed-data/operators";
import { inDb } from "../fixtures/db";
import { call, hosts, type TestMember, verifiedMember } from "../fixtures/members";
import {
  account,
  auditRowsOf,
  PLANS,
  pay,
  paymentRow,
  type Role,
  refund,
  refundRows,
  signedInOperator,
} from "../fixtures/refunds";
import { openSocket } from "../fixtures/socket";

/** The seed's first Italian and first Spanish angel, and a region of each market to sign up in. */
const ANGEL = { it: 1, es: 301 } as const;
const REGION = { it: {}, es: { region: "andalucia" } } as const;

const ops = (path: string, token: string, method = "GET") => call(`/ops/api${path}`, { method, token });

/** A member of the operators flow on a brand who has written to one of its angels (no automatic reply). */
async function waitingMember(market: "it" | "es"): Promise<TestMember> {
  const member = await verifiedMember({ fluxId: OPERATORS_FLUX_ID, ...REGION[market] }, hosts[market]);
  const response = await openSocket(member.clickid, { token: member.token }, hosts[market]);
  const socket = response.socket ?? expect.unreachable(`socket refused: ${response.status}`);
  const clientId = crypto.randomUUID();
  socket.send({ event: "chat", data: { msg: `ciao da ${market}`, angelId: ANGEL[market], clientId } });
  await socket.next("chat", (e) => e.data.clientId === clientId);
  socket.close();
  return member;
}

/** The clickids in an operator's queue. */
async function queued(token: string): Promise<string[]> {
  const response = await ops("/queue", token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { clickid: string }[] }).items.map((i) => i.clickid);
}

const conversation = (member: TestMember, market: "it" | "es") =>
  `/conversations/${member.clickid}/${ANGEL[market]}`;

async function searchFinds(token: string, member: TestMember): Promise<boolean> {
  const response = await ops(`/members?q=${encodeURIComponent(member.email)}`, token);
  expect(response.status).toBe(200);
  const { members } = (await response.json()) as { members: { clickid: string }[] };
  return members.some((m) => m.clickid === member.clickid);
}

/** The account ids an operator's audit log shows (its newest 200 entries). */
async function auditedAccounts(token: string): Promise<(number | null)[]> {
  const response = await ops("/audit?limit=200", token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: { accountId: number | null }[] }).entries.map(
    (e) => e.accountId,
  );
}

const signedIn = (role: Role, brands: string[]) => signedInOperator(role, brands);

describe("operators scoped to brands", () => {
  it("says at sign-in which brands an operator covers: the seed's desks, and every brand for an admin", async () => {
    const byEmail = async (email: string) => {
      const demo = demoOperators.find((o) => o.email === email) ?? expect.unreachable(email);
      const response = await call("/ops/api/login", {
        method: "POST",
        body: JSON.stringify({ email, password: demo.password }),
      });
      return ((await response.json()) as { operator: unknown }).operator;
    };
    expect(await byEmail("giulia@ops.example")).toMatchObject({
      allBrands: false,
      brands: [{ id: "amoreitalia", title: "Amore Italia" }],
    });
    expect(await byEmail("lucia@ops.example")).toMatchObject({
      allBrands: false,
      brands: [
        { id: "amoreitalia", title: "Amore Italia" },
        { id: "amorespana", title: "Amor España" },
      ],
    });
    expect(await byEmail("admin@ops.example")).toMatchObject({
      allBrands: true,
      brands: [
        { id: "amoreitalia", title: "Amore Italia" },
        { id: "amorespana", title: "Amor España" },
        { id: "lovechat", title: "LoveChat" },
      ],
    });
  });

  it("keeps the queue and the conversations of another brand from a scoped operator; an admin has both", async () => {
    const [italian, spanish] = await Promise.all([waitingMember("it"), waitingMember("es")]);
    const operator = await signedIn("operator", ["amoreitalia"]);
    const admin = await signedIn("admin", []);
    const nobody = await signedIn("operator", []);

    const mine = await queued(operator.token);
    expect(mine).toContain(italian.clickid);
    expect(mine).not.toContain(spanish.clickid);
    expect(await queued(admin.token)).toEqual(expect.arrayContaining([italian.clickid, spanish.clickid]));
    expect(await queued(nobody.token)).toEqual([]);

    // Another brand's conversation does not exist for the scoped operator: not to read, take or answer.
    for (const [path, method] of [
      [conversation(spanish, "es"), "GET"],
      [`${conversation(spanish, "es")}/take`, "POST"],
    ] as const) {
      const refused = await ops(path, operator.token, method);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ error: { code: "no_conversation" } });
    }
    const reply = await call(`/ops/api${conversation(spanish, "es")}/reply`, {
      method: "POST",
      token: operator.token,
      body: JSON.stringify({ msg: "Hola" }),
    });
    expect(reply.status).toBe(404);
    expect((await ops(conversation(italian, "it"), operator.token)).status).toBe(200);
    // The admin reads and takes the Spanish one; then the scoped operator cannot release it either.
    expect((await ops(conversation(spanish, "es"), admin.token)).status).toBe(200);
    expect((await ops(`${conversation(spanish, "es")}/take`, admin.token, "POST")).status).toBe(200);
    expect((await ops(`${conversation(spanish, "es")}/release`, operator.token, "POST")).status).toBe(409);
    expect((await ops(`${conversation(spanish, "es")}/release`, admin.token, "POST")).status).toBe(200);
  });

  it("keeps another brand's members out of a scoped supervisor's search, money view and refunds; an admin does all", async () => {
    const italian = await verifiedMember();
    const spanish = await verifiedMember(REGION.es, hosts.es);
    const paid = await pay(spanish, PLANS.starter, { host: hosts.es });
    const supervisor = await signedIn("supervisor", ["amoreitalia"]);
    const admin = await signedIn("admin", []);

    expect(await searchFinds(supervisor.token, italian)).toBe(true);
    expect(await searchFinds(supervisor.token, spanish)).toBe(false);
    expect(await searchFinds(admin.token, spanish)).toBe(true);

    const view = await ops(`/members/${spanish.clickid}/money`, supervisor.token);
    expect(view.status).toBe(404);
    expect(await view.json()).toMatchObject({ error: { code: "no_member" } });
    expect((await ops(`/members/${italian.clickid}/money`, supervisor.token)).status).toBe(200);
    expect((await ops(`/members/${spanish.clickid}/money`, admin.token)).status).toBe(200);

    // Another brand's payment is no payment of the scoped supervisor's: nothing is refunded, nothing told.
    const refused = await refund(supervisor.token, paid.id);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { code: "no_payment" } });
    expect((await paymentRow(paid.id))?.status).toBe("succeeded");
    expect(await refundRows(paid.id)).toEqual([]);
    expect((await refund(admin.token, paid.id)).status).toBe(200);
    expect((await paymentRow(paid.id))?.status).toBe("refunded");
  });

  it("shows a scoped supervisor only the audit entries of their brands' members; an admin sees all", async () => {
    const [italian, spanish] = await Promise.all([waitingMember("it"), waitingMember("es")]);
    const admin = await signedIn("admin", []);
    const itOperator = await signedIn("operator", ["amoreitalia"]);
    const esOperator = await signedIn("operator", ["amorespana"]);
    expect((await ops(`${conversation(italian, "it")}/take`, itOperator.token, "POST")).status).toBe(200);
    expect((await ops(`${conversation(spanish, "es")}/take`, esOperator.token, "POST")).status).toBe(200);
    const [itAccount, esAccount] = await Promise.all([account(italian.clickid), account(spanish.clickid)]);
    const supervisor = await signedIn("supervisor", ["amoreitalia"]);

    const seen = await auditedAccounts(supervisor.token);
    expect(seen).toContain(itAccount.id);
    expect(seen).not.toContain(esAccount.id);
    // Entries about no member: the Italian desk's sign-ins show, the Spanish desk's do not.
    const [itLogin] = await auditRowsOf(itOperator.id, "login");
    const [esLogin] = await auditRowsOf(esOperator.id, "login");
    const ids = (await (await ops("/audit?limit=200", supervisor.token)).json()) as {
      entries: { id: number }[];
    };
    expect(ids.entries.map((e) => e.id)).toContain(itLogin?.id);
    expect(ids.entries.map((e) => e.id)).not.toContain(esLogin?.id);

    expect(await auditedAccounts(admin.token)).toEqual(expect.arrayContaining([itAccount.id, esAccount.id]));
    const [take] = await inDb((db) =>
      db.select().from(opsAuditLog).where(eq(opsAuditLog.accountId, esAccount.id)),
    );
    expect(take?.action).toBe("take");
  });
});

describe("the operators' own flows", () => {
  it("still limits a scoped operator's money view to the operators flow's members of their brands", async () => {
    const operator = await signedIn("operator", ["amoreitalia", "amorespana"]);
    const [italian, spanish] = await Promise.all([waitingMember("it"), waitingMember("es")]);
    const scripted = await verifiedMember();
    expect((await ops(`/members/${italian.clickid}/money`, operator.token)).status).toBe(200);
    expect((await ops(`/members/${spanish.clickid}/money`, operator.token)).status).toBe(200);
    expect((await ops(`/members/${scripted.clickid}/money`, operator.token)).status).toBe(404);
  });
});
