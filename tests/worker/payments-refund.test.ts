// A supervisor's refund from the console (POST /ops/api/payments/{paymentId}/refund): the provider refunds once
// however often asked; the credits the payment granted come back off the balance (never below zero) and the
// premium level with them, each with its ledger row; the member gets a mail and their tabs the new balances;
// the audit log has it; operators may only look; a provider's refusal changes nothing.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { opsAuditLog } from "../../drizzle/schema/ops";
import { sandboxTransactions, subscriptions } from "../../drizzle/schema/payments";
import { inDb } from "../fixtures/db";
import { outbox } from "../fixtures/mail";
import { call, createMember } from "../fixtures/members";
import { pdfText } from "../fixtures/pdf-text";
import {
  account,
  PLANS,
  pay,
  paymentRow,
  refund,
  refundLedger,
  refundRows,
  signedInOperator,
} from "../fixtures/refunds";
import { connect } from "../fixtures/socket";

const STARTER = PLANS.starter;
const REFILL = PLANS.refill;

describe("refunding a payment from the console", () => {
  it("takes back the credits and the level, tells the member, and is in the audit log", async () => {
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    const signedUp = await account(member.clickid);
    const payment = await pay(member, STARTER);
    const paid = await account(member.clickid);
    expect(paid.messageCredits).toBe(signedUp.messageCredits + STARTER.credits);
    expect(paid.premiumLevel).toBe(1);
    const socket = await connect(member);

    const response = await refund(supervisor.token, payment.id);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      refund: Record<string, unknown>;
      balances: { creditiMessaggi: number; premiumLevel: number };
      memberTold: { mail: string; room: boolean };
    };
    expect(body.refund).toMatchObject({
      paymentId: payment.id,
      amountCents: STARTER.amountCents,
      currency: "EUR",
      creditsRemoved: STARTER.credits,
      premiumLevelBefore: 1,
      premiumLevelAfter: 0,
    });
    expect(body.balances).toMatchObject({ creditiMessaggi: signedUp.messageCredits, premiumLevel: 0 });
    expect(body.memberTold).toEqual({ mail: "kept", room: true });

    // The member's balance and level are back to before the payment, each change with its ledger row.
    const after = await account(member.clickid);
    expect(after.messageCredits).toBe(signedUp.messageCredits);
    expect(after.premiumLevel).toBe(0);
    const ledger = await refundLedger(after.id);
    expect(ledger).toHaveLength(2);
    expect(ledger).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          balance: "messaggi",
          delta: -STARTER.credits,
          balanceAfter: signedUp.messageCredits,
          reference: `refund:payment:${payment.id}`,
        }),
        expect.objectContaining({ balance: "premium", delta: -1, balanceAfter: 0 }),
      ]),
    );
    expect((await paymentRow(payment.id))?.status).toBe("refunded");
    expect(await refundRows(payment.id)).toEqual([
      expect.objectContaining({
        amountCents: STARTER.amountCents,
        operatorId: supervisor.id,
        reason: "Member asked: charged twice by mistake",
      }),
    ]);
    // The provider refunded it.
    const [transaction] = await inDb((db) =>
      db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.reference, payment.reference ?? "")),
    );
    expect(transaction?.status).toBe("refunded");

    // The member's open tab got the new balance; their mail says what was refunded, in Italian.
    const balances = await socket.next(
      "creditiResidui",
      (e) => e.data.creditiMessaggi === signedUp.messageCredits,
    );
    expect(balances.data.creditiMessaggi).toBe(signedUp.messageCredits);
    socket.close();
    const [mail] = await outbox(member.email);
    expect(mail).toMatchObject({ template: "refund", language: "it" });
    expect(mail?.subject).toContain("rimborsato");
    expect(mail?.text).toMatch(/Abbiamo rimborsato 9,90\s€ per il piano Starter su Amore Italia/);
    expect(mail?.text).toContain("/profile");

    // The audit log: who, which payment, how much, why.
    const [entry] = await inDb((db) =>
      db
        .select()
        .from(opsAuditLog)
        .where(and(eq(opsAuditLog.operatorId, supervisor.id), eq(opsAuditLog.action, "refund"))),
    );
    expect(entry?.accountId).toBe(after.id);
    expect(entry?.details).toMatchObject({
      paymentId: payment.id,
      amountCents: STARTER.amountCents,
      currency: "EUR",
      reason: "Member asked: charged twice by mistake",
      creditsRemoved: STARTER.credits,
    });

    // The receipt now says refunded; the console's money view shows the refund and its reason.
    const receipt = await call(`/api/legal/get_receipt/${payment.id}`, { token: member.token });
    expect(receipt.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await receipt.arrayBuffer()))).join("\n");
    expect(text).toMatch(/Rimborsato il \d{1,2} \w+ \d{4}/);
    expect(text).not.toMatch(/^Pagato$/m);
    const view = await call(`/ops/api/members/${member.clickid}/money`, { token: supervisor.token });
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({
      member: { clickid: member.clickid, email: member.email, creditiMessaggi: signedUp.messageCredits },
      payments: [
        {
          id: payment.id,
          status: "refunded",
          cardBrand: "visa",
          cardLast4: "4242",
          reference: payment.reference,
          refund: { reason: "Member asked: charged twice by mistake", amountCents: STARTER.amountCents },
        },
      ],
      ledger: expect.arrayContaining([
        expect.objectContaining({ reason: "refund", delta: -STARTER.credits }),
      ]),
    });
  });

  it("never takes the balance below zero: what is left of the payment's credits goes", async () => {
    const supervisor = await signedInOperator("admin");
    const member = await createMember();
    const payment = await pay(member, STARTER);
    // Most of the credits were spent since.
    await inDb((db) =>
      db.update(accounts).set({ messageCredits: 12 }).where(eq(accounts.clickid, member.clickid)),
    );
    const response = await refund(supervisor.token, payment.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ refund: { creditsRemoved: 12 } });
    const after = await account(member.clickid);
    expect(after.messageCredits).toBe(0);
    expect(await refundLedger(after.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ balance: "messaggi", delta: -12, balanceAfter: 0 })]),
    );
  });

  it("keeps the level while another plan of the member runs, and ends the refunded order's plan", async () => {
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    const first = await pay(member, STARTER);
    const second = await pay(member, REFILL);
    const before = await account(member.clickid);
    // The first order's plan renews; the second one's was bought on top.
    await inDb((db) =>
      db.insert(subscriptions).values({
        accountId: before.id,
        orderId: first.orderId,
        status: "active",
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      }),
    );

    expect((await refund(supervisor.token, second.id)).status).toBe(200);
    const afterSecond = await account(member.clickid);
    expect(afterSecond.premiumLevel).toBe(1);
    expect(afterSecond.messageCredits).toBe(before.messageCredits - REFILL.credits);

    expect((await refund(supervisor.token, first.id)).status).toBe(200);
    const afterFirst = await account(member.clickid);
    expect(afterFirst.premiumLevel).toBe(0);
    expect(afterFirst.messageCredits).toBe(before.messageCredits - REFILL.credits - STARTER.credits);
    const [plan] = await inDb((db) =>
      db.select().from(subscriptions).where(eq(subscriptions.orderId, first.orderId)),
    );
    expect(plan?.status).toBe("ended");
  });

  it("refunds once however often it is asked, one after another or at the same time", async () => {
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    const before = await account(member.clickid);
    const payment = await pay(member, STARTER);
    expect((await refund(supervisor.token, payment.id)).status).toBe(200);
    const again = await refund(supervisor.token, payment.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: "already_refunded" } });

    const other = await createMember();
    const otherBefore = await account(other.clickid);
    const otherPayment = await pay(other, STARTER);
    const statuses = (
      await Promise.all([
        refund(supervisor.token, otherPayment.id),
        refund(supervisor.token, otherPayment.id),
      ])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);

    for (const [who, start, paid] of [
      [member, before, payment],
      [other, otherBefore, otherPayment],
    ] as const) {
      const after = await account(who.clickid);
      expect(after.messageCredits).toBe(start.messageCredits);
      expect((await refundLedger(after.id)).filter((r) => r.balance === "messaggi")).toHaveLength(1);
      expect(await refundRows(paid.id)).toHaveLength(1);
    }
  });

  it("lets operators look but not refund, and wants a reason", async () => {
    const operator = await signedInOperator("operator");
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    const payment = await pay(member, STARTER);
    const refused = await refund(operator.token, payment.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "forbidden" } });
    const noReason = await refund(supervisor.token, payment.id, " ");
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ error: { code: "invalid_input", field: "reason" } });
    expect((await paymentRow(payment.id))?.status).toBe("succeeded");
    expect(await refundRows(payment.id)).toHaveLength(0);
    // A member outside the operators' flows is not theirs to see; a supervisor sees anyone.
    expect((await call(`/ops/api/members/${member.clickid}/money`, { token: operator.token })).status).toBe(
      404,
    );
    const search = await call(`/ops/api/members?q=${encodeURIComponent(member.email.toUpperCase())}`, {
      token: supervisor.token,
    });
    expect(await search.json()).toMatchObject({ members: [{ clickid: member.clickid }] });
    expect((await call(`/ops/api/members?q=${member.clickid}`, { token: operator.token })).status).toBe(403);
    // Only payments that took money; no such payment at all.
    const unknown = await refund(supervisor.token, 9_000_000_000);
    expect(unknown.status).toBe(404);
  });

  it("changes nothing when the provider refuses, and shows the operator why", async () => {
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    const payment = await pay(member, STARTER);
    const before = await account(member.clickid);
    // The provider's own records no longer allow a refund (a dispute opened there, say).
    await inDb((db) =>
      db
        .update(sandboxTransactions)
        .set({ status: "failed" })
        .where(eq(sandboxTransactions.reference, payment.reference ?? "")),
    );
    const response = await refund(supervisor.token, payment.id);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      error: { code: "refund_refused", messageKey: "generico" },
    });
    const after = await account(member.clickid);
    expect(after.messageCredits).toBe(before.messageCredits);
    expect(after.premiumLevel).toBe(before.premiumLevel);
    expect((await paymentRow(payment.id))?.status).toBe("succeeded");
    expect(await refundRows(payment.id)).toHaveLength(0);
    expect(await refundLedger(after.id)).toHaveLength(0);
    expect((await outbox(member.email)).filter((m) => m.template === "refund")).toHaveLength(0);
    const [entry] = await inDb((db) =>
      db
        .select()
        .from(opsAuditLog)
        .where(and(eq(opsAuditLog.operatorId, supervisor.id), eq(opsAuditLog.action, "refund_refused"))),
    );
    expect(entry?.details).toMatchObject({ paymentId: payment.id, errorCode: "generico" });
  });
});
