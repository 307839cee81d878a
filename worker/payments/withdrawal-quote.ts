// What withdrawing from a purchase refunds (EU Directive 2011/83 art. 14(3) and 16(m)), as a pure function of
// the payment, its order, the member's balance and the time (tests/unit/withdrawal-quote.test.ts):
// - a subscription: the price of the days of its period not begun yet;
// - a credit pack: the price of its credits still unused, counting the pack's credits as the last used;
// - either, when the checkout did not record the request for immediate performance: the whole price.
// Nothing after the 14 days, nothing for a pack whose credits are all used.
import type { accounts } from "../../drizzle/schema/accounts";
import type { orders, payments } from "../../drizzle/schema/payments";
import { OrderPlan } from "../contracts/payments";
import { WITHDRAWAL_DAYS, type Withdrawable } from "../contracts/withdrawal";

const DAY_MS = 86_400_000;

export type WithdrawalRow = { payment: typeof payments.$inferSelect; order: typeof orders.$inferSelect };
export type WithdrawalAccount = Pick<typeof accounts.$inferSelect, "id" | "messageCredits">;

/** What withdrawing from one purchase would do now: the refund and how it is reckoned, or why it cannot. */
export function quoteWithdrawal(row: WithdrawalRow, account: WithdrawalAccount, now: Date): Withdrawable {
  const { payment, order } = row;
  const plan = OrderPlan.parse(order.plan);
  const paidAt = payment.grantedAt ?? payment.createdAt;
  const deadline = new Date(paidAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);
  const consent = order.performanceConsentAt !== null;
  const amount = payment.amountCents;
  let kind: Withdrawable["kind"];
  let used: number;
  let bought: number;
  if (plan.renewalDays !== null) {
    kind = "subscription";
    bought = plan.renewalDays;
    // Days begun since the payment; without the request to start at once, none is owed.
    used = consent
      ? Math.min(bought, Math.max(1, Math.ceil((now.getTime() - paidAt.getTime()) / DAY_MS)))
      : 0;
  } else {
    kind = "credits";
    bought = plan.crediti + plan.creditiPromo;
    // The pack's credits count as the last used: those the member still holds, up to the pack, are unused.
    used = consent ? bought - Math.min(bought, Math.max(0, account.messageCredits)) : 0;
  }
  const refundCents = bought === 0 ? amount : Math.floor((amount * (bought - used)) / bought);
  const reason =
    payment.status === "refunded"
      ? "refunded"
      : payment.status !== "succeeded"
        ? "not_paid"
        : now.getTime() > deadline.getTime()
          ? "expired"
          : refundCents <= 0
            ? "all_used"
            : null;
  return {
    paymentId: payment.id,
    contract: String(order.id),
    planName: plan.nomePiano,
    kind,
    amountCents: amount,
    currency: order.currency,
    refundCents: Math.max(0, refundCents),
    used,
    bought,
    performanceConsent: consent,
    paidAt: paidAt.toISOString(),
    deadline: deadline.toISOString(),
    available: reason === null,
    reason,
    withdrawal: null,
  };
}
