// A plan's purchase granted in the charge's first answer is settled in one request to the database
// (settleOpenedGrant): it writes what the interactive settlement writes, grants once whatever else arrives at the
// same moment, and writes nothing when the payment was settled first or the member was erased meanwhile (the
// interactive settlement then answers).
import { and, eq, isNotNull, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { postbacks } from "../../drizzle/schema/attribution";
import { creditLedger } from "../../drizzle/schema/credits";
import { ratePlans } from "../../drizzle/schema/flows";
import { mailSent } from "../../drizzle/schema/mail";
import { payments, savedCards, subscriptions } from "../../drizzle/schema/payments";
import type { OrderPlan } from "../../worker/contracts/payments";
import { openDb } from "../../worker/core/db";
import { openPayment } from "../../worker/payments/orders.service";
import { orderPlanOf } from "../../worker/payments/payment-lookups.service";
import type { ProviderPayment } from "../../worker/payments/provider";
import {
  type OpenedPlanPayment,
  type Settlement,
  settleOpenedGrant,
  settlePayment,
} from "../../worker/payments/settlement.service";
import { testConfig } from "../fixtures/config";
import { createMember } from "../fixtures/members";

const { db, end } = openDb(testConfig.database);
afterAll(() => end());

/** A renewing plan: the grant, the kept card and the subscription's start all go with it. */
async function renewingPlan(): Promise<OrderPlan> {
  const [row] = await db.select().from(ratePlans).where(isNotNull(ratePlans.renewalDays)).limit(1);
  if (!row) throw new Error("the seed has no renewing plan");
  return orderPlanOf(row);
}

/** A new member's order of `plan` and its payment, as tryCharge's opening writes them. */
async function openedPayment(plan: OrderPlan): Promise<OpenedPlanPayment & { startCredits: number }> {
  const member = await createMember();
  const [account] = await db
    .select({
      id: accounts.id,
      clickid: accounts.clickid,
      brandId: accounts.brandId,
      email: accounts.email,
      credits: accounts.messageCredits,
    })
    .from(accounts)
    .where(eq(accounts.clickid, member.clickid));
  if (!account) throw new Error("no member");
  const { orderId, paymentId } = await openPayment(
    db,
    { accountId: account.id, brandId: account.brandId, fluxId: "7", planList: "free", plan },
    {
      provider: "sandbox",
      method: "card",
      idempotencyKey: `pay_${crypto.randomUUID()}`,
      performanceConsent: true,
    },
  );
  const { credits, ...identity } = account;
  return { paymentId, orderId, plan, performanceConsent: true, account: identity, startCredits: credits };
}

/** The provider's first answer: paid with a card it keeps for the renewals. */
const paidAnswer = (): ProviderPayment => ({
  reference: `ref_${crypto.randomUUID()}`,
  status: "succeeded",
  card: { brand: "visa", last4: "4242" },
  storedCard: {
    kind: "card",
    token: `tok_${crypto.randomUUID()}`,
    brand: "visa",
    last4: "4242",
    expMonth: 12,
    expYear: 2030,
  },
});

const fast = (opened: OpenedPlanPayment, answer: ProviderPayment) =>
  settleOpenedGrant(testConfig, "sandbox", answer, opened);
const interactive = (opened: OpenedPlanPayment, answer: ProviderPayment) =>
  settlePayment(db, "sandbox", answer, { paymentId: opened.paymentId, purchaseMail: testConfig });

/** What a grant leaves in the database for a member and a payment, ids aside. */
async function written(opened: OpenedPlanPayment) {
  const accountId = opened.account.id;
  const [payment] = await db.select().from(payments).where(eq(payments.id, opened.paymentId));
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const ledger = await db.select().from(creditLedger).where(eq(creditLedger.accountId, accountId));
  const cards = await db.select().from(savedCards).where(eq(savedCards.accountId, accountId));
  const plans = await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  const mails = await db.select().from(mailSent).where(eq(mailSent.accountId, accountId));
  const sales = await db
    .select()
    .from(postbacks)
    .where(and(eq(postbacks.accountId, accountId), like(postbacks.eventKey, "sale:%")));
  return {
    payment: payment && {
      status: payment.status,
      errorCode: payment.errorCode,
      card: `${payment.cardBrand} ${payment.cardLast4}`,
      referenced: payment.reference !== null,
      granted: payment.grantedAt !== null,
    },
    account: account && {
      credits: account.messageCredits,
      premiumLevel: account.premiumLevel,
      customer: account.customerId !== null,
      nextBill: account.nextBillDate !== null,
    },
    ledger: ledger
      .filter((row) => row.reason === "purchase")
      .map((row) => ({ balance: row.balance, delta: row.delta, after: row.balanceAfter, ref: row.reference }))
      .map((row) => ({ ...row, ref: row.ref?.replace(String(opened.paymentId), "N") })),
    cards: cards.map((card) => `${card.kind} ${card.brand} ${card.last4}`),
    subscriptions: plans.map((s) => ({
      status: s.status,
      card: s.savedCardId !== null,
      ends: s.currentPeriodEnd !== null,
    })),
    mails: mails.map((mail) => mail.template).sort(),
    sales: sales.length,
  };
}

const granted = (s: Settlement | null) => (s?.found && s.granted ? 1 : 0);

describe("a plan's purchase granted in the charge's first answer", () => {
  it("is settled in one request with the rows the interactive settlement writes", async () => {
    const plan = await renewingPlan();
    const [one, other] = [await openedPayment(plan), await openedPayment(plan)];
    const answered = await fast(one, paidAnswer());
    const reference = await interactive(other, paidAnswer());

    expect(answered).toMatchObject({ found: true, status: "succeeded", previous: "created", granted: true });
    const credits = plan.crediti + plan.creditiPromo;
    expect(answered?.found && answered.balances).toEqual({
      creditiMessaggi: one.startCredits + credits,
      creditiIcebreaker: reference.found ? reference.balances?.creditiIcebreaker : undefined,
      premiumLevel: plan.premiumLevel,
      // Where the grant left the balances' changes, for the member's room.
      written: { balanceSeq: expect.any(Number), pending: null },
    });
    const fastRows = await written(one);
    expect(fastRows.payment).toEqual({
      status: "succeeded",
      errorCode: null,
      card: "visa 4242",
      referenced: true,
      granted: true,
    });
    expect(fastRows.ledger.length).toBeGreaterThan(0);
    expect(fastRows.mails).toContain("purchase");
    expect(fastRows.subscriptions).toEqual([{ status: "active", card: true, ends: true }]);
    expect(fastRows).toEqual(await written(other));
    const { orderId: _o, clickid: _c, customerId: _k, ...rest } = answered?.found ? answered : ({} as never);
    const {
      orderId: _o2,
      clickid: _c2,
      customerId: _k2,
      ...same
    } = reference.found ? reference : ({} as never);
    expect(rest).toEqual(same);
  });

  it("writes nothing when another arrival settled the payment first, and the interactive settlement answers", async () => {
    const opened = await openedPayment(await renewingPlan());
    const answer = paidAnswer();
    expect(granted(await interactive(opened, answer))).toBe(1);
    const before = await written(opened);
    expect(await fast(opened, answer)).toBeNull();
    expect(await written(opened)).toEqual(before);
    expect(await interactive(opened, answer)).toMatchObject({
      found: true,
      status: "succeeded",
      granted: false,
    });
  });

  it("grants nothing to a member erased after the order", async () => {
    const opened = await openedPayment(await renewingPlan());
    await db.update(accounts).set({ erasedAt: new Date() }).where(eq(accounts.id, opened.account.id));
    expect(await fast(opened, paidAnswer())).toBeNull();
    const rows = await written(opened);
    expect(rows.payment?.status).toBe("created");
    expect(rows.ledger).toEqual([]);
    expect(rows.mails).not.toContain("purchase");
  });

  it("is granted once when the provider's notification is settled at the same moment", async () => {
    const plan = await renewingPlan();
    for (let i = 0; i < 6; i++) {
      const opened = await openedPayment(plan);
      const answer = paidAnswer();
      // The checkout's path (falling back as chargeOpened does) against a notification's, started together.
      const [first, second] =
        i % 2 === 0
          ? await Promise.all([
              fast(opened, answer).then((s) => s ?? interactive(opened, answer)),
              interactive(opened, answer),
            ])
          : await Promise.all([
              interactive(opened, answer),
              fast(opened, answer).then((s) => s ?? interactive(opened, answer)),
            ]);
      expect(granted(first) + granted(second)).toBe(1);
      const rows = await written(opened);
      expect(rows.account?.credits).toBe(opened.startCredits + plan.crediti + plan.creditiPromo);
      expect(rows.mails.filter((m) => m === "purchase")).toHaveLength(1);
    }
  });
});
