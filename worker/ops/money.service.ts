// The console's money view of a member: their orders, payments (with any refund), subscriptions and the credit
// ledger, read as they are stored. Supervisors find any member of their brands by e-mail or clickid; operators
// reach the members of the conversations they answer (of their brands too).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { operators } from "../../drizzle/schema/ops";
import { orders, payments, refunds, subscriptions } from "../../drizzle/schema/payments";
import { brandOf } from "../brands/registry";
import { OrderPlan } from "../contracts/payments";
import type { Db } from "../core/db";
import { operatorMember } from "./ops.service";

/** The newest ledger rows the view shows (a member's whole history is rarely needed at the desk). */
export const MONEY_LEDGER_ROWS = 200;
/** Members a search lists at most. */
export const MEMBER_SEARCH_LIMIT = 20;

type Account = typeof accounts.$inferSelect;

/**
 * The member a money view is about, of one of the given brands: any such member for a supervisor, an
 * operators-flow member for an operator.
 */
export async function moneyMember(
  db: Db,
  clickid: string,
  supervisor: boolean,
  brands: readonly string[],
): Promise<Account | null> {
  if (!supervisor) return operatorMember(db, clickid, brands);
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.clickid, clickid), inArray(accounts.brandId, [...brands])));
  return row ?? null;
}

/** Whose payment a refund attempt named, and its amount, for the attempt's audit row. */
export async function refundTarget(db: Db, paymentId: number) {
  const [target] = await db
    .select({
      accountId: orders.accountId,
      amountCents: payments.amountCents,
      currency: orders.currency,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId));
  return target ?? null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Members of the given brands by exact e-mail (any case) or clickid, newest first. */
export async function findMembers(db: Db, query: string, brands: readonly string[]) {
  const rows = await db
    .select()
    .from(accounts)
    .where(
      and(
        sql`(lower(${accounts.email}) = lower(${query}) or ${accounts.clickid} = ${query})`,
        inArray(accounts.brandId, [...brands]),
      ),
    )
    .orderBy(desc(accounts.id))
    .limit(MEMBER_SEARCH_LIMIT);
  return rows.map((a) => ({
    clickid: a.clickid,
    email: a.email,
    name: a.username,
    brandId: a.brandId,
    brandTitle: brandOf(a.brandId).public.title,
    premiumLevel: a.premiumLevel,
    creditiMessaggi: a.messageCredits,
    disabled: a.disabled,
    createdAt: a.createdAt.toISOString(),
  }));
}

/** Everything money of one member, newest first; the e-mail only for supervisors. */
export async function moneyView(db: Db, member: Account, supervisor: boolean) {
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.accountId, member.id))
    .orderBy(desc(orders.id));
  const orderIds = orderRows.map((o) => o.id);
  const [paymentRows, subscriptionRows, ledgerRows] = await Promise.all([
    orderIds.length
      ? db
          .select({ payment: payments, refund: refunds, refundedBy: operators.displayName })
          .from(payments)
          .leftJoin(refunds, eq(refunds.paymentId, payments.id))
          .leftJoin(operators, eq(operators.id, refunds.operatorId))
          .where(inArray(payments.orderId, orderIds))
          .orderBy(desc(payments.id))
      : Promise.resolve([]),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, member.id))
      .orderBy(desc(subscriptions.id)),
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.accountId, member.id))
      .orderBy(desc(creditLedger.id))
      .limit(MONEY_LEDGER_ROWS + 1),
  ]);
  const currencyOf = new Map(orderRows.map((o) => [o.id, o.currency]));
  const brand = brandOf(member.brandId);
  return {
    member: {
      clickid: member.clickid,
      name: member.username,
      email: supervisor ? member.email : null,
      brandId: member.brandId,
      brandTitle: brand.public.title,
      language: brand.public.language,
      premiumLevel: member.premiumLevel,
      creditiMessaggi: member.messageCredits,
      creditiIcebreaker: member.icebreakerCredits,
      nextBillDate: iso(member.nextBillDate),
      disabled: member.disabled,
    },
    orders: orderRows.map((o) => {
      const plan = OrderPlan.safeParse(o.plan);
      return {
        id: o.id,
        kind: o.kind,
        productId: o.productId,
        planName: plan.success ? plan.data.nomePiano : o.productId,
        premiumLevel: plan.success ? plan.data.premiumLevel : null,
        credits: plan.success ? plan.data.crediti + plan.data.creditiPromo : null,
        renewalDays: plan.success ? plan.data.renewalDays : null,
        amountCents: o.amountCents,
        currency: o.currency,
        createdAt: o.createdAt.toISOString(),
      };
    }),
    payments: paymentRows.map(({ payment: p, refund, refundedBy }) => ({
      id: p.id,
      orderId: p.orderId,
      purpose: p.purpose,
      provider: p.provider,
      method: p.method,
      status: p.status,
      errorCode: p.errorCode,
      amountCents: p.amountCents,
      currency: currencyOf.get(p.orderId) ?? "EUR",
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      reference: p.reference,
      periodEnd: iso(p.periodEnd),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      refund: refund
        ? {
            amountCents: refund.amountCents,
            reason: refund.reason,
            operatorName: refundedBy,
            createdAt: refund.createdAt.toISOString(),
          }
        : null,
    })),
    subscriptions: subscriptionRows.map((s) => ({
      id: s.id,
      orderId: s.orderId,
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      renewalFailures: s.renewalFailures,
      nextAttemptAt: iso(s.nextAttemptAt),
      createdAt: s.createdAt.toISOString(),
    })),
    ledger: ledgerRows.slice(0, MONEY_LEDGER_ROWS).map((l) => ({
      id: l.id,
      balance: l.balance,
      delta: l.delta,
      balanceAfter: l.balanceAfter,
      reason: l.reason,
      reference: l.reference,
      createdAt: l.createdAt.toISOString(),
    })),
    ledgerTruncated: ledgerRows.length > MONEY_LEDGER_ROWS,
  };
}
