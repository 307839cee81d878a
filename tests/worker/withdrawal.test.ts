// The withdrawal function (EU Directive 2011/83 art. 11a): the purchase mail carries it, step one quotes the
// refund (the unused credits when the checkout recorded the request for immediate performance, else the whole
// price), step two records it once however often and concurrently it is confirmed, mails the acknowledgement
// at once and refunds once through the refund path; after 14 days it is refused; the console lists it with
// its refund deadline.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { operators } from "../../drizzle/schema/ops";
import { payments, refunds, sandboxTransactions } from "../../drizzle/schema/payments";
import { withdrawals } from "../../drizzle/schema/withdrawals";
import { demoOperators } from "../../drizzle/seed-data/operators";
import type { Withdrawable } from "../../worker/contracts/withdrawal";
import { inDb } from "../fixtures/db";
import { outbox } from "../fixtures/mail";
import { call, createMember, type TestMember } from "../fixtures/members";
import { payStarter, STARTER } from "../fixtures/rights";

const DAY = 86_400_000;

const list = async (member: TestMember) => {
  const response = await call("/api/withdrawals", { token: member.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { purchases: Withdrawable[] }).purchases;
};
const withdraw = (member: TestMember, paymentId: number) =>
  call("/api/withdrawals", { method: "POST", token: member.token, body: JSON.stringify({ paymentId }) });

/** The member has spent credits down to `left` (with the ledger row a spend writes). */
async function spendDownTo(member: TestMember, left: number) {
  await inDb(async (db) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.clickid, member.clickid));
    if (!account) throw new Error("no account");
    await db.insert(creditLedger).values({
      accountId: account.id,
      balance: "messaggi",
      delta: left - account.messageCredits,
      balanceAfter: left,
      reason: "message",
      reference: `message:test-${crypto.randomUUID()}`,
    });
    await db.update(accounts).set({ messageCredits: left }).where(eq(accounts.id, account.id));
  });
}

describe("withdrawing from a purchase", () => {
  it("is offered in the purchase mail, refunds the unused credits once under concurrent confirmations, and is acknowledged at once", {
    timeout: 90_000,
  }, async () => {
    const member = await createMember();
    const payment = await payStarter(member, true);
    const purchaseMail = (await outbox(member.email)).find((m) => m.template === "purchase");
    expect(purchaseMail?.text).toContain("recedi dal contratto qui");
    expect(purchaseMail?.html).toContain(`/profile?recesso=${payment.id}#withdraw`);

    await spendDownTo(member, 20);
    const [quote] = await list(member);
    const expected = Math.floor((STARTER.amountCents * 20) / STARTER.credits);
    expect(quote).toMatchObject({
      paymentId: payment.id,
      kind: "credits",
      used: 10,
      bought: STARTER.credits,
      refundCents: expected,
      performanceConsent: true,
      available: true,
    });

    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(member, payment.id)));
    for (const answer of answers) expect(answer.status).toBe(200);
    const again = await withdraw(member, payment.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ refundCents: expected, withdrawal: { status: "refunded" } });

    const made = await inDb((db) =>
      db.select().from(withdrawals).where(eq(withdrawals.paymentId, payment.id)),
    );
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      status: "refunded",
      refundCents: expected,
      used: 10,
      bought: STARTER.credits,
    });
    const refunded = await inDb((db) => db.select().from(refunds).where(eq(refunds.paymentId, payment.id)));
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.amountCents).toBe(expected);
    const [provider] = await inDb((db) =>
      db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.reference, payment.reference ?? "")),
    );
    expect(provider?.status).toBe("refunded");
    const [account] = await inDb((db) =>
      db.select().from(accounts).where(eq(accounts.clickid, member.clickid)),
    );
    expect(account?.messageCredits).toBe(0);
    const takenBack = await inDb((db) =>
      db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.accountId, account?.id ?? 0), eq(creditLedger.reason, "refund"))),
    );
    expect(takenBack.filter((l) => l.balance === "messaggi").map((l) => l.delta)).toEqual([-20]);
    const acknowledgements = (await outbox(member.email)).filter((m) => m.template === "withdrawal_received");
    expect(acknowledgements).toHaveLength(1);
    expect(acknowledgements[0]?.text).toMatch(new RegExp(`Contratto: n\\. \\d+, ${"Starter"}`));
    expect(acknowledgements[0]?.text).toMatch(/Recesso ricevuto il .+ \d{1,2}:\d{2} UTC/);
  });

  it("refunds the whole price without the checkout's request, and is refused after 14 days", {
    timeout: 60_000,
  }, async () => {
    const member = await createMember();
    const payment = await payStarter(member, false);
    await spendDownTo(member, 0);
    const [quote] = await list(member);
    expect(quote).toMatchObject({
      refundCents: STARTER.amountCents,
      performanceConsent: false,
      available: true,
    });

    const late = await createMember();
    const old = await payStarter(late, true);
    await inDb((db) =>
      db
        .update(payments)
        .set({ grantedAt: new Date(Date.now() - 15 * DAY), createdAt: new Date(Date.now() - 15 * DAY) })
        .where(eq(payments.id, old.id)),
    );
    const refused = await withdraw(late, old.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: { code: "withdrawal_unavailable", messageKey: "recesso_expired" },
    });
    expect(await inDb((db) => db.select().from(refunds).where(eq(refunds.paymentId, old.id)))).toHaveLength(
      0,
    );
    // Someone else's payment is no purchase of this member's.
    expect((await withdraw(late, payment.id)).status).toBe(404);
  });

  it("is listed in the console with its refund deadline, beside the pending deletions", {
    timeout: 60_000,
  }, async () => {
    const member = await createMember();
    const payment = await payStarter(member, true);
    expect((await withdraw(member, payment.id)).status).toBe(200);
    const giulia = demoOperators[0] ?? expect.unreachable("the seed has a demo operator");
    const email = `rights.${crypto.randomUUID().slice(0, 8)}@ops.example`;
    await inDb((db) =>
      db
        .insert(operators)
        .values({ email, passwordHash: giulia.passwordHash, displayName: "Rights", role: "supervisor" }),
    );
    const signedIn = await call("/ops/api/login", {
      method: "POST",
      body: JSON.stringify({ email, password: giulia.password }),
    });
    const { token } = (await signedIn.json()) as { token: string };
    const view = await call("/ops/api/rights", { token });
    expect(view.status).toBe(200);
    const body = (await view.json()) as {
      withdrawals: { paymentId: number; createdAt: string; refundDueAt: string; status: string }[];
    };
    const row = body.withdrawals.find((w) => w.paymentId === payment.id);
    expect(row?.status).toBe("refunded");
    expect(Date.parse(row?.refundDueAt ?? "") - Date.parse(row?.createdAt ?? "")).toBe(14 * DAY);
    const audit = await inDb((db) =>
      db.execute<{ action: string }>(
        sql`select action from ops_audit_log where details->>'paymentId' = ${String(payment.id)} order by id`,
      ),
    );
    expect(audit.rows.map((r) => r.action)).toEqual(["withdrawal", "withdrawal_refunded"]);
    // Operators see nothing of it.
    const operatorView = await call("/ops/api/rights", { token: "not-a-token" });
    expect(operatorView.status).toBe(401);
  });
});
