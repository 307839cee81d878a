// Renewing plans on a controlled clock: the renewal job (POST /dev/renewals/run, the Cron Trigger's code) is
// run at chosen times. A month of renewals, a failure and its recovery, a card that keeps failing until the
// plan ends, the one-click unsubscribe that keeps the paid period, and the age verification that is no plan.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { orders, payments, subscriptions } from "../../drizzle/schema/payments";
import { SANDBOX_CARDS } from "../../worker/payments/providers/sandbox-cards";
import { RENEWAL_RETRY_DAYS } from "../../worker/payments/subscriptions.service";
import { buyWithCard } from "../fixtures/card-purchase";
import { inDb } from "../fixtures/db";
import { outbox } from "../fixtures/mail";
import { call, createMember, type TestMember } from "../fixtures/members";

/** The seed's VIP Gold plan of flow 7: 49.90 EUR, 300 credits, level 2, renews every 30 days. */
const VIP = { productId: "gold-300", credits: 300, cents: 4990, days: 30 };
const DAY = 86_400_000;

const cardOf = (outcome: { kind: string; renewals?: string }) =>
  [...SANDBOX_CARDS].find(([, o]) => JSON.stringify(o) === JSON.stringify(outcome))?.[0] ?? "";
const DECLINED_ONCE = cardOf({ kind: "succeeded", renewals: "declined_once" });
const ALWAYS_DECLINED = cardOf({ kind: "succeeded", renewals: "declined" });

const post = (member: TestMember, path: string, body: unknown) =>
  call(path, { method: "POST", token: member.token, body: JSON.stringify(body) });

const buy = (member: TestMember, number = "4242424242424242", rateplan = VIP.productId) =>
  buyWithCard(member, rateplan, number);

/** Runs the renewal job at `now` for the member's plans only (other files' members are left alone). */
async function runAt(now: Date, member: TestMember) {
  const response = await call("/dev/renewals/run", {
    method: "POST",
    body: JSON.stringify({ now: now.toISOString(), clickid: member.clickid }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { events: { kind: string; subscriptionId: number }[]; unsettled: number };
}

async function state(member: TestMember) {
  return inDb(async (db) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.clickid, member.clickid));
    if (!account) throw new Error("no account");
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, account.id));
    const charges = await db
      .select({ purpose: payments.purpose, status: payments.status, amountCents: payments.amountCents })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.accountId, account.id))
      .orderBy(payments.id);
    const levels = await db
      .select({ delta: creditLedger.delta, after: creditLedger.balanceAfter, reason: creditLedger.reason })
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.balance, "premium")))
      .orderBy(creditLedger.id);
    return { account, subscription, charges, levels };
  });
}

const billing = async (member: TestMember) =>
  (await (await call("/api/billing", { token: member.token })).json()) as {
    status: string;
    nextBillDate: string | null;
    periodEnd: string | null;
    canUnsubscribe: boolean;
    unsubscribeDisabled: boolean;
    paylog: { chargeId: number; prezzo: number; nomePiano: string }[];
  };

const mailsTo = async (member: TestMember) => (await outbox(member.email)).map((m) => m.template);

describe("a renewing plan", () => {
  it("renews every period with the kept card: charged, credited, next billing date moved, mailed", async () => {
    const member = await createMember();
    await buy(member);
    const first = await state(member);
    expect(first.account.premiumLevel).toBe(2);
    expect(first.subscription).toMatchObject({ status: "active", renewalFailures: 0 });
    const periodEnd = first.subscription?.currentPeriodEnd ?? new Date(0);
    expect(Math.round((periodEnd.getTime() - Date.now()) / DAY)).toBe(VIP.days);
    expect(first.account.nextBillDate?.toISOString()).toBe(periodEnd.toISOString());

    // Nothing is due a minute before the period ends.
    expect((await runAt(new Date(periodEnd.getTime() - 60_000), member)).events).toEqual([]);

    // Two periods: each run at a due date charges once, however often the job runs.
    for (const period of [1, 2]) {
      const due = new Date(periodEnd.getTime() + (period - 1) * VIP.days * DAY + 1000);
      const run = await runAt(due, member);
      expect(run.events.filter((e) => e.subscriptionId === first.subscription?.id)).toEqual([
        { kind: "renewed", subscriptionId: first.subscription?.id },
      ]);
      expect(
        (await runAt(due, member)).events.filter((e) => e.subscriptionId === first.subscription?.id),
      ).toEqual([]);
    }
    const after = await state(member);
    expect(after.charges).toEqual([
      { purpose: "initial", status: "succeeded", amountCents: VIP.cents },
      { purpose: "renewal", status: "succeeded", amountCents: VIP.cents },
      { purpose: "renewal", status: "succeeded", amountCents: VIP.cents },
    ]);
    expect(after.account.messageCredits).toBe(first.account.messageCredits + 2 * VIP.credits);
    const nextEnd = new Date(periodEnd.getTime() + 2 * VIP.days * DAY);
    expect(after.subscription?.currentPeriodEnd.toISOString()).toBe(nextEnd.toISOString());
    expect(after.account.nextBillDate?.toISOString()).toBe(nextEnd.toISOString());
    expect(after.account.premiumLevel).toBe(2);
    expect(await mailsTo(member)).toEqual(expect.arrayContaining(["renewed", "renewed"]));
    const mail = (await outbox(member.email)).find((m) => m.template === "renewed");
    expect(mail?.text).toContain("49,90");
    expect(mail?.text).toContain("VIP Gold");

    const summary = await billing(member);
    expect(summary).toMatchObject({
      status: "subscribed",
      canUnsubscribe: true,
      nextBillDate: nextEnd.toISOString(),
    });
    expect(summary.paylog.map((p) => p.prezzo)).toEqual([VIP.cents, VIP.cents, VIP.cents]);
  });

  it("retries a failed renewal a day after the due date and recovers, keeping the level meanwhile", async () => {
    const member = await createMember();
    await buy(member, DECLINED_ONCE);
    const { subscription } = await state(member);
    const due = subscription?.currentPeriodEnd ?? new Date(0);

    const failed = await runAt(new Date(due.getTime() + 1000), member);
    expect(failed.events).toContainEqual({ kind: "renewal_failed", subscriptionId: subscription?.id });
    const pastDue = await state(member);
    expect(pastDue.subscription).toMatchObject({ status: "past_due", renewalFailures: 1 });
    expect(pastDue.subscription?.nextAttemptAt?.toISOString()).toBe(
      new Date(due.getTime() + (RENEWAL_RETRY_DAYS[0] ?? 0) * DAY).toISOString(),
    );
    expect(pastDue.account.premiumLevel).toBe(2);
    // Not retried before its day.
    expect((await runAt(new Date(due.getTime() + 12 * 3600_000), member)).events).not.toContainEqual(
      expect.objectContaining({ subscriptionId: subscription?.id }),
    );

    const recovered = await runAt(new Date(due.getTime() + DAY + 1000), member);
    expect(recovered.events).toContainEqual({ kind: "renewed", subscriptionId: subscription?.id });
    const after = await state(member);
    expect(after.subscription).toMatchObject({ status: "active", renewalFailures: 0 });
    // The new period runs from the original due date, not from the day it was paid.
    expect(after.subscription?.currentPeriodEnd.toISOString()).toBe(
      new Date(due.getTime() + VIP.days * DAY).toISOString(),
    );
    expect(after.charges.map((c) => c.status)).toEqual(["succeeded", "failed", "succeeded"]);
    expect(await mailsTo(member)).toEqual(expect.arrayContaining(["renewal_failed", "renewed"]));
  });

  it("ends the plan and the level after the last retry fails, and charges nothing more", async () => {
    const member = await createMember();
    await buy(member, ALWAYS_DECLINED);
    const { subscription, account } = await state(member);
    const due = subscription?.currentPeriodEnd ?? new Date(0);
    for (const days of [0, ...RENEWAL_RETRY_DAYS])
      await runAt(new Date(due.getTime() + days * DAY + 1000), member);
    const after = await state(member);
    expect(after.subscription).toMatchObject({ status: "ended", nextAttemptAt: null });
    expect(after.account.premiumLevel).toBe(0);
    expect(after.account.nextBillDate).toBeNull();
    // The credits bought stay the member's.
    expect(after.account.messageCredits).toBe(account.messageCredits);
    expect(after.charges.map((c) => c.status)).toEqual(["succeeded", "failed", "failed", "failed", "failed"]);
    expect(after.levels.at(-1)).toEqual({ delta: -2, after: 0, reason: "subscription_renewal_failed" });
    expect(await mailsTo(member)).toEqual(expect.arrayContaining(["renewal_failed", "subscription_ended"]));
    // A month later the job does nothing for it.
    await runAt(new Date(due.getTime() + 40 * DAY), member);
    expect((await state(member)).charges).toHaveLength(5);
  });
});

describe("orders/createToken", () => {
  const newCard = (member: TestMember, cardNumber: string) =>
    post(member, "/orders/createToken", {
      cardNumber,
      cardMonth: "11",
      cardYear: "31",
      cardSecurityCode: "321",
      firstName: "Mario",
      lastName: "Rossi",
      clickid: member.clickid,
    });

  it("keeps a new card after a refused renewal: the retry charges it and the plan recovers", async () => {
    const member = await createMember();
    await buy(member, ALWAYS_DECLINED);
    const { subscription } = await state(member);
    const due = subscription?.currentPeriodEnd ?? new Date(0);
    await runAt(new Date(due.getTime() + 1000), member);
    expect((await state(member)).subscription).toMatchObject({ status: "past_due", renewalFailures: 1 });

    // A card the bank refuses is not kept; a card number that is not one is refused before any provider call.
    expect(await (await newCard(member, "4000000000001091")).json()).toMatchObject({
      status: "ko",
      message: "card_declined",
      token: null,
    });
    expect((await newCard(member, "4242424242424241")).status).toBe(400);
    const kept = (await (await newCard(member, "5555555555554444")).json()) as {
      status: string;
      token: string;
    };
    expect(kept).toMatchObject({ status: "ok", message: "success", threeDS: null });
    expect(kept.token).toMatch(/^sbx_card_/);
    const before = await state(member);
    // Nothing is charged for keeping a card: the check's amount is 0.
    expect(before.charges.at(-1)).toEqual({ purpose: "initial", status: "succeeded", amountCents: 0 });

    const run = await runAt(new Date(due.getTime() + DAY + 1000), member);
    expect(run.events).toContainEqual({ kind: "renewed", subscriptionId: subscription?.id });
    const after = await state(member);
    expect(after.subscription).toMatchObject({ status: "active", renewalFailures: 0 });
    expect(after.account.messageCredits).toBe(before.account.messageCredits + VIP.credits);
    expect(after.charges.at(-1)).toEqual({ purpose: "renewal", status: "succeeded", amountCents: VIP.cents });
    const [renewal] = await inDb((db) =>
      db
        .select({ last4: payments.cardLast4, brand: payments.cardBrand })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(orders.accountId, after.account.id), eq(payments.purpose, "renewal")))
        .orderBy(desc(payments.id))
        .limit(1),
    );
    expect(renewal).toEqual({ last4: "4444", brand: "mastercard" });
  });
});

describe("orders/unsubUser", () => {
  it("stops the renewals in one click: level 1 at once, the paid period kept, then the plan ends", async () => {
    const member = await createMember();
    await buy(member);
    const { subscription } = await state(member);
    const due = subscription?.currentPeriodEnd ?? new Date(0);

    const response = await post(member, "/orders/unsubUser", { clickid: member.clickid });
    expect(await response.json()).toEqual({ status: "ok", message: "disiscrizione_ok", premiumLevel: 1 });
    const canceled = await state(member);
    expect(canceled.account.premiumLevel).toBe(1);
    expect(canceled.account.nextBillDate).toBeNull();
    expect(canceled.subscription).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true });
    expect(canceled.levels.at(-1)).toEqual({ delta: -1, after: 1, reason: "unsubscribe" });
    expect(await billing(member)).toMatchObject({
      status: "canceled",
      canUnsubscribe: false,
      nextBillDate: null,
      periodEnd: due.toISOString(),
    });

    // A second click has nothing left to stop.
    const again = await post(member, "/orders/unsubUser", { clickid: member.clickid });
    expect(await again.json()).toMatchObject({ status: "ko", message: "disiscrizione_ko" });

    // At the period's end: no charge, the plan ends, the level goes.
    const run = await runAt(new Date(due.getTime() + 1000), member);
    expect(run.events).toContainEqual({ kind: "ended", subscriptionId: subscription?.id });
    const ended = await state(member);
    expect(ended.charges).toHaveLength(1);
    expect(ended.account.premiumLevel).toBe(0);
    expect(ended.subscription?.status).toBe("ended");
    expect(await mailsTo(member)).toContain("subscription_ended");
  });

  it("says disiscrizione_ko to a member with nothing to stop, and refuses another member's clickid", async () => {
    const member = await createMember();
    expect(await (await post(member, "/orders/unsubUser", { clickid: member.clickid })).json()).toEqual({
      status: "ko",
      message: "disiscrizione_ko",
      premiumLevel: 0,
    });
    const other = await createMember();
    expect((await post(member, "/orders/unsubUser", { clickid: other.clickid })).status).toBe(403);
    expect((await post(member, "/orders/unsubUser", {})).status).toBe(400);
  });

  it("is disabled in the compliant flow (0000), whose plans do not renew", async () => {
    const member = await createMember({ fluxId: "0000" });
    // A free member has nothing to unsubscribe from: no button at all, disabled or not.
    expect(await billing(member)).toMatchObject({
      status: "free",
      canUnsubscribe: false,
      unsubscribeDisabled: false,
    });
    await buy(member, "4242424242424242", "compliant-150");
    const { account, subscription } = await state(member);
    expect(account.premiumLevel).toBe(2);
    expect(subscription).toBeUndefined();
    // Premium (level 2) on a plan paid once: the spec's disabled button, with why it is disabled.
    expect(await billing(member)).toMatchObject({
      status: "paid",
      canUnsubscribe: false,
      unsubscribeDisabled: true,
    });
    expect(await (await post(member, "/orders/unsubUser", { clickid: member.clickid })).json()).toMatchObject(
      {
        status: "ko",
      },
    );
  });

  it("is part of disabling the profile: no renewal is charged afterwards", async () => {
    const member = await createMember();
    await buy(member);
    const disabled = await post(member, "/users/disableProfile", { clickid: member.clickid });
    expect(disabled.status).toBe(200);
    const { subscription, account } = await state(member);
    expect(subscription?.status).toBe("canceled");
    expect(account.premiumLevel).toBe(1);
    await runAt(new Date((subscription?.currentPeriodEnd ?? new Date(0)).getTime() + 1000), member);
    expect((await state(member)).charges).toHaveLength(1);
  });
});

describe("age verification by card", () => {
  it("verifies the member with a zero-amount charge: blurred replies readable, no plan, no credits", async () => {
    const member = await createMember({ fluxId: "6" });
    const plans = (await (await call("/api/plans", { token: member.token })).json()) as {
      verificaEta: boolean;
      verified: boolean;
      rateplan: { verifica: { product_id: string; prezzo_totale: number }[] }[];
    };
    expect(plans).toMatchObject({ verificaEta: true, verified: false });
    const verify = plans.rateplan[0]?.verifica[0];
    expect(verify?.prezzo_totale).toBe(0);
    const before = await state(member);
    await buy(member, "4242424242424242", verify?.product_id);
    const after = await state(member);
    expect(after.account.verifiedUser).toBe(true);
    expect(after.account.messageCredits).toBe(before.account.messageCredits);
    expect(after.account.premiumLevel).toBe(0);
    expect(after.subscription).toBeUndefined();
    expect(after.charges).toEqual([{ purpose: "initial", status: "succeeded", amountCents: 0 }]);
    // Verified once: the verification is no longer offered, and it is not in the paylog.
    expect((await call("/api/plans", { token: member.token }).then((r) => r.json())) as object).toMatchObject(
      {
        verified: true,
      },
    );
    const twice = await post(member, "/orders/tryCharge", {
      cardNumber: "4242424242424242",
      cardMonth: "12",
      cardYear: "30",
      cardSecurityCode: "123",
      firstName: "Mario",
      lastName: "Rossi",
      rateplan: verify?.product_id,
      clickid: member.clickid,
      newCard: false,
    });
    expect(twice.status).toBe(404);
    expect((await billing(member)).paylog).toEqual([]);
  });
});

describe("pay_rules/get_pay_rules", () => {
  it("tells the payment page the flow's methods, the provider, the descriptor and the kept card", async () => {
    const member = await createMember();
    const rules = async () =>
      (await post(member, "/pay_rules/get_pay_rules", { clickid: member.clickid })).json() as Promise<object>;
    expect(await rules()).toEqual({
      sistemi_pagamento: ["credit_card", "paypal", "applepay", "googlepay"],
      payment_company: "demo_it",
      payment_system: "adyen",
      descriptor: "AMOREITALIA",
      currency: "EUR",
      verificaEta: false,
      verified: false,
      actonfile: false,
      premiumLevel: 0,
    });
    await buy(member);
    expect(await rules()).toMatchObject({ actonfile: true, premiumLevel: 2 });
  });
});
