// What a withdrawal refunds (worker/payments/withdrawal-quote.ts): days of a subscription, unused credits of a
// pack, the whole price without the checkout's recorded request, nothing after the 14 days.
import { describe, expect, it } from "vitest";
import { quoteWithdrawal, type WithdrawalRow } from "../../worker/payments/withdrawal-quote";

const DAY = 86_400_000;
const paidAt = new Date("2026-12-01T10:00:00Z");

function row(plan: { crediti: number; renewalDays: number | null }, consent: boolean): WithdrawalRow {
  return {
    payment: {
      id: 7,
      orderId: 3,
      purpose: "initial",
      provider: "sandbox",
      method: "card",
      idempotencyKey: "k",
      reference: "r",
      status: "succeeded",
      errorCode: null,
      amountCents: 3000,
      cardBrand: null,
      cardLast4: null,
      periodEnd: null,
      grantedAt: paidAt,
      checkedAt: null,
      createdAt: paidAt,
      updatedAt: paidAt,
    },
    order: {
      id: 3,
      accountId: 1,
      brandId: "amoreitalia",
      fluxId: "7",
      kind: "purchase",
      planList: "free",
      productId: "p",
      plan: {
        productId: "p",
        nomePiano: "Plan",
        prezzoTotale: 3000,
        currency: "EUR",
        premiumLevel: plan.renewalDays ? 2 : 1,
        crediti: plan.crediti,
        creditiPromo: 0,
        renewalDays: plan.renewalDays,
      },
      amountCents: 3000,
      currency: "EUR",
      createdAt: paidAt,
      performanceConsentAt: consent ? paidAt : null,
      performanceConsentVersion: consent ? "v" : null,
    },
  };
}

const at = (days: number) => new Date(paidAt.getTime() + days * DAY);

describe("a withdrawal's refund", () => {
  it("is the price of the subscription's days not begun, counting a begun day as used", () => {
    const quote = quoteWithdrawal(
      row({ crediti: 0, renewalDays: 30 }, true),
      { id: 1, messageCredits: 0 },
      at(2.5),
    );
    expect(quote).toMatchObject({
      kind: "subscription",
      used: 3,
      bought: 30,
      refundCents: 2700,
      available: true,
    });
  });

  it("is the price of the pack's unused credits, the pack's credits counting as the last used", () => {
    const pack = row({ crediti: 30, renewalDays: null }, true);
    expect(quoteWithdrawal(pack, { id: 1, messageCredits: 20 }, at(1))).toMatchObject({
      used: 10,
      refundCents: 2000,
    });
    // More credits than the pack (free ones): the pack is unused.
    expect(quoteWithdrawal(pack, { id: 1, messageCredits: 45 }, at(1))).toMatchObject({
      used: 0,
      refundCents: 3000,
    });
    expect(quoteWithdrawal(pack, { id: 1, messageCredits: 0 }, at(1))).toMatchObject({
      refundCents: 0,
      available: false,
      reason: "all_used",
    });
  });

  it("is the whole price when the checkout did not record the request for immediate performance", () => {
    const quote = quoteWithdrawal(
      row({ crediti: 30, renewalDays: null }, false),
      { id: 1, messageCredits: 0 },
      at(5),
    );
    expect(quote).toMatchObject({ refundCents: 3000, used: 0, available: true, performanceConsent: false });
    const plan = quoteWithdrawal(
      row({ crediti: 0, renewalDays: 30 }, false),
      { id: 1, messageCredits: 0 },
      at(5),
    );
    expect(plan).toMatchObject({ refundCents: 3000, available: true });
  });

  it("is available for 14 days from the payment, not after", () => {
    const pack = row({ crediti: 30, renewalDays: null }, false);
    expect(quoteWithdrawal(pack, { id: 1, messageCredits: 30 }, at(13.9)).available).toBe(true);
    expect(quoteWithdrawal(pack, { id: 1, messageCredits: 30 }, at(14.1))).toMatchObject({
      available: false,
      reason: "expired",
    });
    expect(quoteWithdrawal(pack, { id: 1, messageCredits: 30 }, at(1)).deadline).toBe(at(14).toISOString());
  });
});
