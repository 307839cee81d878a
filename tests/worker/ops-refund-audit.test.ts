// Every refund attempt from the console leaves exactly one audit row, whatever its outcome: who asked, which
// payment (and whose), the outcome and the reason given. A refund writes `refund`, a provider's no
// `refund_refused`, and every attempt the console refuses before asking the provider `refund_failed`; the
// console's audit log lists them all like its other entries.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { opsAuditLog } from "../../drizzle/schema/ops";
import { payments } from "../../drizzle/schema/payments";
import { inDb } from "../fixtures/db";
import { call, createMember } from "../fixtures/members";
import { account, auditRowsOf, PLANS, pay, refund, refundRows, signedInOperator } from "../fixtures/refunds";

const REASON = "Member asked: charged twice by mistake";

/** Every refund-related audit row an operator has, oldest first. */
const refundAudit = (operatorId: number) =>
  inDb((db) =>
    db
      .select()
      .from(opsAuditLog)
      .where(
        and(
          eq(opsAuditLog.operatorId, operatorId),
          inArray(opsAuditLog.action, ["refund", "refund_refused", "refund_failed"]),
        ),
      )
      .orderBy(opsAuditLog.id),
  );

describe("the audit of refund attempts", () => {
  it("records a refund the role may not make (403): who, which payment, whose, why", async () => {
    const operator = await signedInOperator("operator");
    const member = await createMember();
    const paid = await pay(member, PLANS.starter);
    const refused = await refund(operator.token, paid.id, `  ${REASON}  `);
    expect(refused.status).toBe(403);
    expect(await refundAudit(operator.id)).toEqual([
      expect.objectContaining({
        action: "refund_failed",
        accountId: (await account(member.clickid)).id,
        details: {
          paymentId: paid.id,
          amountCents: PLANS.starter.amountCents,
          currency: "EUR",
          reason: REASON,
          outcome: "forbidden",
          status: 403,
        },
      }),
    ]);
    expect(await refundRows(paid.id)).toEqual([]);
  });

  it("records a repeated refund (409), one after another and two at the same time", async () => {
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    const paid = await pay(member, PLANS.starter);
    expect((await refund(supervisor.token, paid.id)).status).toBe(200);
    expect((await refund(supervisor.token, paid.id, "Asked again by the member")).status).toBe(409);
    expect((await refundAudit(supervisor.id)).map((r) => [r.action, r.details])).toEqual([
      ["refund", expect.objectContaining({ paymentId: paid.id, reason: REASON, outcome: "refunded" })],
      [
        "refund_failed",
        expect.objectContaining({
          paymentId: paid.id,
          reason: "Asked again by the member",
          outcome: "already_refunded",
          status: 409,
        }),
      ],
    ]);

    const other = await signedInOperator("supervisor");
    const racing = await pay(await createMember(), PLANS.starter);
    const statuses = await Promise.all([refund(other.token, racing.id), refund(other.token, racing.id)]);
    expect(statuses.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await refundAudit(other.id);
    expect(rows.map((r) => r.action).sort()).toEqual(["refund", "refund_failed"]);
    expect(rows.find((r) => r.action === "refund_failed")?.details).toMatchObject({
      paymentId: racing.id,
      outcome: "already_refunded",
    });
  });

  it("records an unknown payment, one not refundable, and an attempt without a reason", async () => {
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    const pending = await pay(member, PLANS.starter);
    await inDb((db) => db.update(payments).set({ status: "pending" }).where(eq(payments.id, pending.id)));
    expect((await refund(supervisor.token, 9_000_000_000)).status).toBe(404);
    expect((await refund(supervisor.token, pending.id)).status).toBe(409);
    expect((await refund(supervisor.token, pending.id, " ")).status).toBe(400);
    expect((await refund(supervisor.token, pending.id, 42)).status).toBe(400);
    // What the database cannot keep in a JSON column (NUL, a lone half of a surrogate pair) is left out.
    expect((await refund(supervisor.token, pending.id, "Mem\u0000ber \ud800asked")).status).toBe(400);
    expect((await refund(supervisor.token, "not-an-id")).status).toBe(400);
    const rows = await refundAudit(supervisor.id);
    expect(rows.map((r) => [r.action, r.accountId, r.details])).toEqual([
      ["refund_failed", null, expect.objectContaining({ paymentId: 9_000_000_000, outcome: "no_payment" })],
      [
        "refund_failed",
        (await account(member.clickid)).id,
        expect.objectContaining({ paymentId: pending.id, outcome: "not_refundable", reason: REASON }),
      ],
      [
        "refund_failed",
        (await account(member.clickid)).id,
        expect.objectContaining({ paymentId: pending.id, outcome: "invalid_input", status: 400, reason: "" }),
      ],
      [
        "refund_failed",
        (await account(member.clickid)).id,
        expect.objectContaining({ paymentId: pending.id, outcome: "invalid_input", reason: null }),
      ],
      [
        "refund_failed",
        (await account(member.clickid)).id,
        expect.objectContaining({ outcome: "invalid_input", reason: "Member \ufffdasked" }),
      ],
      [
        "refund_failed",
        null,
        expect.objectContaining({ paymentId: "not-an-id", outcome: "invalid_input", reason: REASON }),
      ],
    ]);
  });

  it("lists every attempt in the console's audit log, newest first", async () => {
    const supervisor = await signedInOperator("supervisor");
    const operator = await signedInOperator("operator");
    const member = await createMember();
    const paid = await pay(member, PLANS.starter);
    await refund(operator.token, paid.id);
    await refund(supervisor.token, paid.id);
    await refund(supervisor.token, paid.id);
    const response = await call(`/ops/api/audit?limit=200`, { token: supervisor.token });
    const { entries } = (await response.json()) as {
      entries: { action: string; operatorId: number; details: Record<string, unknown> }[];
    };
    const attempts = entries
      .filter((e) => [supervisor.id, operator.id].includes(e.operatorId) && e.action.startsWith("refund"))
      .map((e) => [e.operatorId, e.action, e.details.outcome]);
    expect(attempts).toEqual([
      [supervisor.id, "refund_failed", "already_refunded"],
      [supervisor.id, "refund", "refunded"],
      [operator.id, "refund_failed", "forbidden"],
    ]);
    expect(await auditRowsOf(operator.id, "refund_failed")).toHaveLength(1);
  });
});
