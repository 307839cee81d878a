// Taking back what a payment granted once its money has gone back to the member: a supervisor's refund from the
// console (refund.service.ts), or a refund or chargeback the provider reports (settlement.service.ts). In the
// caller's transaction, on the payment, order and account rows it has locked: the refund row (one per payment),
// the payment `refunded`, the credits the payment granted taken back (never below zero) with their ledger row,
// the order's subscription ended, and the premium level down to what the member still holds paid.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { type orders, payments, refunds, subscriptions } from "../../drizzle/schema/payments";
import type { Balances } from "../contracts/credits";
import type { Tx } from "../credits/credits.service";
import { ledgerPostback } from "../tracking/postbacks.service";
import { lowerToPaidLevel } from "./subscriptions.service";

/** Subscriptions with a next bill (a canceled one has none: it only runs to the end of its period). */
const BILLED_STATUSES = ["active", "past_due"] as const;

/** The ledger reference of a payment's refund (credits and premium rows): it applies once. */
export const refundReference = (paymentId: number) => `refund:payment:${paymentId}`;

/** The ledger reference under which the settlement granted a payment's credits (credits.service addPurchase). */
const grantReference = (paymentId: number) => `purchase:payment:${paymentId}`;

/** What a settlement and a reversal read of the member's locked row (not the whole row: fewer columns to map). */
export const lockedAccountColumns = {
  id: accounts.id,
  clickid: accounts.clickid,
  brandId: accounts.brandId,
  email: accounts.email,
  erasedAt: accounts.erasedAt,
  customerId: accounts.customerId,
  messageCredits: accounts.messageCredits,
  icebreakerCredits: accounts.icebreakerCredits,
  premiumLevel: accounts.premiumLevel,
};
export type LockedAccount = Pick<typeof accounts.$inferSelect, keyof typeof lockedAccountColumns>;

/** The rows a reversal works on, locked by the caller (payment, its order, the member's account). */
export interface LockedPayment {
  payment: typeof payments.$inferSelect;
  order: typeof orders.$inferSelect;
  account: LockedAccount;
}

export interface Reversal {
  /** The supervisor who refunds; null when the provider reported it. */
  operatorId: number | null;
  reason: string;
  /** The money that went back: part of the payment for a withdrawal's proportional refund; the whole by default. */
  amountCents?: number;
}

/** What a reversal changed. */
export interface Reversed {
  refundId: number;
  refundedAt: Date;
  /** The message credits taken back: what the payment granted, at most what the member still had. */
  creditsRemoved: number;
  premiumLevelBefore: number;
  premiumLevelAfter: number;
  /** The order's subscription was ended by the reversal. */
  subscriptionEnded: boolean;
  balances: Balances & { premiumLevel: number };
}

/**
 * Reverses a succeeded payment (the caller has checked its status on the locked row). Null when the payment
 * has a refund row already: a reversal applies once, whichever way it arrives first.
 */
export async function reversePayment(
  tx: Tx,
  { payment, order, account }: LockedPayment,
  reversal: Reversal,
): Promise<Reversed | null> {
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountCents: reversal.amountCents ?? payment.amountCents,
      operatorId: reversal.operatorId,
      reason: reversal.reason,
    })
    .onConflictDoNothing({ target: refunds.paymentId })
    .returning();
  if (!refund) return null;
  await ledgerPostback(tx, {
    kind: reversal.reason === "chargeback" ? "chargeback" : "refund",
    paymentId: payment.id,
    orderId: order.id,
    brandId: account.brandId,
    clickid: account.clickid,
    accountId: account.id,
    amountCents: refund.amountCents,
    currency: order.currency,
  });
  await tx
    .update(payments)
    .set({ status: "refunded", updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));

  // The credits the payment granted, as its ledger row says (a renewal's too), never more than are left.
  const [granted] = await tx
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.accountId, account.id),
        eq(creditLedger.balance, "messaggi"),
        eq(creditLedger.reference, grantReference(payment.id)),
      ),
    );
  const creditsRemoved = Math.max(0, Math.min(granted?.delta ?? 0, account.messageCredits));
  let messageCredits = account.messageCredits;
  if (creditsRemoved > 0) {
    const [ledger] = await tx
      .insert(creditLedger)
      .values({
        accountId: account.id,
        balance: "messaggi",
        delta: -creditsRemoved,
        balanceAfter: account.messageCredits - creditsRemoved,
        reason: "refund",
        reference: refundReference(payment.id),
      })
      .onConflictDoNothing()
      .returning({ balanceAfter: creditLedger.balanceAfter });
    if (ledger) {
      await tx
        .update(accounts)
        .set({ messageCredits: sql`${accounts.messageCredits} - ${creditsRemoved}` })
        .where(eq(accounts.id, account.id));
      messageCredits = ledger.balanceAfter;
    }
  }

  // The order's plan ends with its money; the level is then what the member still holds paid.
  const ended = await tx
    .update(subscriptions)
    .set({ status: "ended", nextAttemptAt: null })
    .where(and(eq(subscriptions.orderId, order.id), ne(subscriptions.status, "ended")))
    .returning({ id: subscriptions.id });
  const premiumLevel = await lowerToPaidLevel(tx, account, {
    reason: "refund",
    reference: refundReference(payment.id),
  });
  if (ended.length > 0) {
    const [billed] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.accountId, account.id), inArray(subscriptions.status, [...BILLED_STATUSES])),
      )
      .limit(1);
    if (!billed) await tx.update(accounts).set({ nextBillDate: null }).where(eq(accounts.id, account.id));
  }

  return {
    refundId: refund.id,
    refundedAt: refund.createdAt,
    creditsRemoved,
    premiumLevelBefore: account.premiumLevel,
    premiumLevelAfter: premiumLevel,
    subscriptionEnded: ended.length > 0,
    balances: { creditiMessaggi: messageCredits, creditiIcebreaker: account.icebreakerCredits, premiumLevel },
  };
}
