// The premium level after something paid ends comes from what the member still holds paid: a refund from the
// console, a refund or chargeback the provider reports, and a renewing plan that ends each leave the level of a
// pack or a plan still paid for, not 0. The credits taken back are exactly what the payment granted, and the
// ledger adds up to the balances after every step.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sandboxTransactions, subscriptions } from "../../drizzle/schema/payments";
import { openDb } from "../../worker/core/db";
import { providerById } from "../../worker/payments/providers";
import type { SandboxProvider } from "../../worker/payments/providers/sandbox";
import { SANDBOX_CARDS } from "../../worker/payments/providers/sandbox-cards";
import { settlePayment } from "../../worker/payments/settlement.service";
import { RENEWAL_RETRY_DAYS } from "../../worker/payments/subscriptions.service";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { outbox } from "../fixtures/mail";
import { call, createMember, hosts, type TestMember } from "../fixtures/members";
import {
  account,
  expectLedgerBalances,
  PLANS,
  pay,
  paymentRow,
  refund,
  refundLedger,
  refundRows,
  signedInOperator,
} from "../fixtures/refunds";
import { connect } from "../fixtures/socket";

const DAY = 86_400_000;
/** A sandbox card that pays now and declines every renewal. */
const ALWAYS_DECLINED =
  [...SANDBOX_CARDS].find(([, o]) => o.kind === "succeeded" && o.renewals === "declined")?.[0] ??
  expect.unreachable("the sandbox has a card whose renewals are declined");

/** The member's subscription (one plan at a time). */
const subscriptionOf = async (clickid: string) => {
  const { id } = await account(clickid);
  const [row] = await inDb((db) => db.select().from(subscriptions).where(eq(subscriptions.accountId, id)));
  return row;
};

/** Runs the renewal job at `now` for the member's plans only. */
async function renewAt(now: Date, member: TestMember) {
  const response = await call("/dev/renewals/run", {
    method: "POST",
    body: JSON.stringify({ now: now.toISOString(), clickid: member.clickid }),
  });
  expect(response.status).toBe(200);
}

/**
 * The provider's own records say the payment's money went back (a refund in its portal, the member's bank),
 * and its signed notification arrives, twice (providers deliver at least once).
 */
async function providerReportsRefunded(reference: string) {
  const { db, end } = openDb(testConfig.database);
  try {
    await db
      .update(sandboxTransactions)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(eq(sandboxTransactions.reference, reference));
    const sandbox = providerById(testConfig, db, "sandbox", "amoreitalia") as SandboxProvider;
    for (let i = 0; i < 2; i++) {
      const hook = await sandbox.webhook(reference, `http://${hosts.it}/hooks/sandbox`);
      const delivered = await call("/hooks/sandbox", {
        method: "POST",
        headers: Object.fromEntries(hook.headers),
        body: await hook.text(),
      });
      expect(delivered.status).toBe(200);
    }
  } finally {
    await end();
  }
}

describe("the premium level after something paid ends", () => {
  it("stays 1 when one of two level-1 packs is refunded, and is 0 once both are", async () => {
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    const signedUp = await account(member.clickid);
    const first = await pay(member, PLANS.starter);
    const second = await pay(member, PLANS.refill);
    expect((await expectLedgerBalances(member.clickid)).premiumLevel).toBe(1);

    const refunded = await refund(supervisor.token, first.id);
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({
      refund: { creditsRemoved: PLANS.starter.credits, premiumLevelBefore: 1, premiumLevelAfter: 1 },
      balances: { premiumLevel: 1, creditiMessaggi: signedUp.messageCredits + PLANS.refill.credits },
    });
    const afterFirst = await expectLedgerBalances(member.clickid);
    expect(afterFirst.premiumLevel).toBe(1);
    expect(afterFirst.messageCredits).toBe(signedUp.messageCredits + PLANS.refill.credits);
    // The later pack still pays for level 1: no change of level, so no premium row.
    expect((await refundLedger(afterFirst.id)).map((r) => r.balance)).toEqual(["messaggi"]);

    expect((await refund(supervisor.token, second.id)).status).toBe(200);
    const afterBoth = await expectLedgerBalances(member.clickid);
    expect(afterBoth.premiumLevel).toBe(0);
    expect(afterBoth.messageCredits).toBe(signedUp.messageCredits);
  });

  it("falls to the pack's level when the renewing plan's payment is refunded", async () => {
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    await pay(member, PLANS.starter);
    const plan = await pay(member, PLANS.vip);
    expect((await account(member.clickid)).premiumLevel).toBe(2);
    expect((await subscriptionOf(member.clickid))?.status).toBe("active");

    const refunded = await refund(supervisor.token, plan.id);
    expect(await refunded.json()).toMatchObject({
      refund: { premiumLevelBefore: 2, premiumLevelAfter: 1, subscriptionEnded: true },
    });
    const after = await expectLedgerBalances(member.clickid);
    expect(after.premiumLevel).toBe(1);
    expect(after.nextBillDate).toBeNull();
    expect((await subscriptionOf(member.clickid))?.status).toBe("ended");
  });

  it("falls to the pack's level when the renewing plan ends after its last failed renewal", async () => {
    const member = await createMember();
    await pay(member, PLANS.starter);
    await pay(member, PLANS.vip, { cardNumber: ALWAYS_DECLINED });
    const due = (await subscriptionOf(member.clickid))?.currentPeriodEnd ?? expect.unreachable("a plan");
    for (const days of [0, ...RENEWAL_RETRY_DAYS])
      await renewAt(new Date(due.getTime() + days * DAY + 1000), member);
    expect((await subscriptionOf(member.clickid))?.status).toBe("ended");
    const after = await expectLedgerBalances(member.clickid);
    expect(after.premiumLevel).toBe(1);
    expect(after.nextBillDate).toBeNull();
  });

  it("keeps the unsubscribed level a pack pays for when the canceled plan's period ends", async () => {
    const member = await createMember();
    await pay(member, PLANS.starter);
    await pay(member, PLANS.vip);
    const unsubscribed = await call("/orders/unsubUser", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({ clickid: member.clickid }),
    });
    expect(await unsubscribed.json()).toMatchObject({ status: "ok" });
    expect((await account(member.clickid)).premiumLevel).toBe(1);
    const end = (await subscriptionOf(member.clickid))?.currentPeriodEnd ?? expect.unreachable("a plan");
    await renewAt(new Date(end.getTime() + 1000), member);
    expect((await subscriptionOf(member.clickid))?.status).toBe("ended");
    expect((await expectLedgerBalances(member.clickid)).premiumLevel).toBe(1);
  });

  it("takes back a payment the provider reports refunded (its portal, a chargeback) once, to what is still paid", async () => {
    const supervisor = await signedInOperator("supervisor");
    const member = await createMember();
    const signedUp = await account(member.clickid);
    await pay(member, PLANS.starter);
    const later = await pay(member, PLANS.refill);
    const socket = await connect(member);

    await providerReportsRefunded(later.reference ?? "");
    const after = await expectLedgerBalances(member.clickid);
    expect(after.messageCredits).toBe(signedUp.messageCredits + PLANS.starter.credits);
    expect(after.premiumLevel).toBe(1);
    expect((await paymentRow(later.id))?.status).toBe("refunded");
    expect(await refundRows(later.id)).toEqual([
      expect.objectContaining({
        operatorId: null,
        reason: "provider_refund",
        amountCents: PLANS.refill.amountCents,
      }),
    ]);
    // Once, though notified twice: one ledger row taken back.
    expect(await refundLedger(after.id)).toEqual([
      expect.objectContaining({ balance: "messaggi", delta: -PLANS.refill.credits }),
    ]);
    // The member's open tab gets the lower balance; no refund mail (they asked the provider or their bank).
    const balances = await socket.next(
      "creditiResidui",
      (e) => e.data.creditiMessaggi === after.messageCredits,
    );
    expect(balances.data).toMatchObject({ creditiMessaggi: after.messageCredits, premiumLevel: 1 });
    socket.close();
    expect((await outbox(member.email)).filter((m) => m.template === "refund")).toEqual([]);

    // The console sees it refunded, by no operator, and cannot refund it again.
    const again = await refund(supervisor.token, later.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: "already_refunded" } });
    const view = await call(`/ops/api/members/${member.clickid}/money`, { token: supervisor.token });
    const { payments: listed } = (await view.json()) as {
      payments: {
        id: number;
        status: string;
        refund: { reason: string; operatorName: string | null } | null;
      }[];
    };
    expect(listed.find((p) => p.id === later.id)).toMatchObject({
      status: "refunded",
      refund: { reason: "provider_refund", operatorName: null },
    });
  });

  it("reads a chargeback as a refund by the member's bank: taken back once, level from what is still paid", async () => {
    const member = await createMember();
    const signedUp = await account(member.clickid);
    const disputed = await pay(member, PLANS.starter);
    await pay(member, PLANS.refill);
    const chargeback = {
      reference: disputed.reference ?? "",
      status: "refunded",
      reversal: "chargeback",
    } as const;
    const settled = await inDb((db) => settlePayment(db, "sandbox", chargeback));
    expect(settled).toMatchObject({
      found: true,
      status: "refunded",
      reversed: true,
      balances: { premiumLevel: 1 },
    });
    // A second notification of the same dispute changes nothing.
    const replay = await inDb((db) => settlePayment(db, "sandbox", chargeback));
    expect(replay).toMatchObject({ found: true, status: "refunded" });
    expect(replay.found && replay.reversed).toBeFalsy();
    expect(await refundRows(disputed.id)).toEqual([
      expect.objectContaining({ operatorId: null, reason: "chargeback" }),
    ]);
    const after = await expectLedgerBalances(member.clickid);
    expect(after).toMatchObject({
      premiumLevel: 1,
      messageCredits: signedUp.messageCredits + PLANS.refill.credits,
    });
  });
});
