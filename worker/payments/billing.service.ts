// The member's billing summary: the plan's status, the next billing date, the kept card and the paylog. The
// own profile's billing section (GET /api/billing) and the own profile (GET /users/profile/{clickid}) read it.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { accounts } from "../../drizzle/schema/accounts";
import { orders, payments, savedCards, subscriptions } from "../../drizzle/schema/payments";
import { COMPLIANT_FLUX_ID } from "../contracts/flow";
import { SITE_CURRENCY } from "../contracts/money";
import { OrderPlan } from "../contracts/payments";
import type { Db } from "../core/db";
import { UNSUBSCRIBED_LEVEL } from "./subscriptions.service";

type Account = typeof accounts.$inferSelect;

export async function billingSummary(db: Db, account: Account) {
  const [running] = await db
    .select({ subscription: subscriptions, order: orders })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(
      and(
        eq(subscriptions.accountId, account.id),
        inArray(subscriptions.status, ["active", "past_due", "canceled"]),
      ),
    )
    .orderBy(desc(subscriptions.id))
    .limit(1);
  const paid = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.accountId, account.id), inArray(payments.status, ["succeeded", "refunded"])))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(100);
  const [kept] = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.accountId, account.id))
    .orderBy(desc(savedCards.id))
    .limit(1);
  const plan = running ? OrderPlan.parse(running.order.plan) : null;
  const canceled = running?.subscription.status === "canceled";
  const status: "free" | "paid" | "subscribed" | "canceled" = running
    ? canceled
      ? "canceled"
      : "subscribed"
    : account.premiumLevel > 0
      ? "paid"
      : "free";
  // The compliant flow's disabled button (the spec) is shown where another flow's member would find one: to a
  // member at a plan's level above 1, whose plan there is a single payment that does not renew.
  const compliant = account.fluxId === COMPLIANT_FLUX_ID;
  const unsubscribeDisabled = compliant && account.premiumLevel > UNSUBSCRIBED_LEVEL;
  return {
    premiumLevel: account.premiumLevel,
    status,
    nextBillDate: account.nextBillDate?.toISOString() ?? null,
    periodEnd: running?.subscription.currentPeriodEnd.toISOString() ?? null,
    planName: plan?.nomePiano ?? null,
    renewalAmount: running && !canceled ? (plan?.prezzoTotale ?? null) : null,
    currency: plan?.currency ?? SITE_CURRENCY,
    canUnsubscribe: account.premiumLevel > UNSUBSCRIBED_LEVEL && !compliant,
    unsubscribeDisabled,
    card: kept ? shownCard(kept) : null,
    paylog: paid
      .filter(({ order }) => order.kind === "purchase")
      .map(({ payment, order }) => ({
        chargeId: payment.id,
        prezzo: payment.amountCents,
        currency: order.currency,
        dataTransazione: payment.createdAt.toISOString(),
        nomePiano: OrderPlan.parse(order.plan).nomePiano,
        refunded: payment.status === "refunded",
      })),
  };
}

/** What the member sees of a kept card or wallet (a card row always has its digits; the check keeps types honest). */
function shownCard(kept: typeof savedCards.$inferSelect) {
  if (kept.kind !== "card") return { kind: kept.kind, label: kept.label };
  const { brand, last4, expMonth, expYear } = kept;
  return brand && last4 && expMonth && expYear
    ? { kind: "card" as const, brand, last4, expMonth, expYear }
    : null;
}
