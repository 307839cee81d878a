// A renewing plan's life, inside the settlement's transaction: a paid first payment starts it (replacing a
// plan that runs), a paid renewal moves its period on, a failed renewal is retried RENEWAL_RETRY_DAYS after the
// due date and then ends the premium level, and the member's one-click unsubscribe stops the renewals while
// keeping what was paid for until the period ends. Every change of the premium level writes its ledger row.
// When something paid ends (a plan, or a payment refunded or charged back), the level drops to what the member
// still holds paid (paidLevel), never to 0 by default: another plan or pack may still pay for it.
import { and, desc, eq, exists, inArray, ne, type SQL, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, payments, savedCards, subscriptions } from "../../drizzle/schema/payments";
import { COMPLIANT_FLUX_ID } from "../contracts/flow";
import { OrderPlan } from "../contracts/payments";
import type { Db } from "../core/db";
import { changePremiumLevel, type Tx } from "../credits/credits.service";

/** Days after the missed due date on which a failed renewal is tried again; after the last, the plan ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

/** The level an unsubscribed member keeps until the period ends (the VIP subscription's level is 2). */
export const UNSUBSCRIBED_LEVEL = 1;

/** Subscriptions that still run: charged at their due date (`canceled` ones only end then). */
export const RUNNING = ["active", "past_due", "canceled"] as const;

/**
 * The premium level the member still holds paid, read from the rows as they stand in the caller's transaction:
 * a one-off plan (no renewal) whose payment succeeded and was not refunded keeps its level for good; a renewing
 * plan keeps its level while its subscription runs, and an unsubscribed one (canceled, running to the end of
 * its period) keeps UNSUBSCRIBED_LEVEL at most. 0 when nothing paid is left.
 */
export async function paidLevel(tx: Tx, accountId: number): Promise<number> {
  const paidOnce = await tx
    .select({ plan: orders.plan })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.kind, "purchase"),
        exists(
          tx
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.orderId, orders.id), eq(payments.status, "succeeded"))),
        ),
      ),
    );
  const running = await tx
    .select({ status: subscriptions.status, plan: orders.plan })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(and(eq(subscriptions.accountId, accountId), inArray(subscriptions.status, [...RUNNING])));
  const levels = [
    ...paidOnce.map(({ plan }) => {
      const parsed = OrderPlan.safeParse(plan);
      // A renewing plan's level lasts only while its subscription runs (counted below), not with its payment.
      return parsed.success && !parsed.data.renewalDays ? parsed.data.premiumLevel : 0;
    }),
    ...running.map(({ status, plan }) => {
      const level = OrderPlan.safeParse(plan).data?.premiumLevel ?? 0;
      return status === "canceled" ? Math.min(level, UNSUBSCRIBED_LEVEL) : level;
    }),
  ];
  return Math.max(0, ...levels);
}

/**
 * After something paid has ended (in the caller's transaction, on the locked account row): the level goes down
 * to what the member still holds paid, with its ledger row; never up (an ending gives nothing). Answers the
 * level after.
 */
export async function lowerToPaidLevel(
  tx: Tx,
  account: Account,
  change: { reason: string; reference: string },
): Promise<number> {
  const level = Math.min(account.premiumLevel, await paidLevel(tx, account.id));
  const changed = await changePremiumLevel(tx, account, { premiumLevel: level, ...change });
  return changed ? level : account.premiumLevel;
}

const DAY_MS = 86_400_000;
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** What happened to a member's plan, for the mail that tells them (worker/payments/subscription-mail.ts). */
export type SubscriptionEvent =
  | { kind: "renewed"; subscriptionId: number; accountId: number; amountCents: number; nextBillDate: Date }
  | { kind: "renewal_failed"; subscriptionId: number; accountId: number; amountCents: number; retryAt: Date }
  | { kind: "ended"; subscriptionId: number; accountId: number; reason: "renewal_failed" | "canceled" };

type Account = Pick<typeof accounts.$inferSelect, "id" | "premiumLevel">;
type Payment = typeof payments.$inferSelect;

/**
 * A paid first payment of a renewing plan: the subscription starts now with the card the payment kept, and
 * any plan that still ran for the member ends (replaced: its level is the new plan's).
 */
export async function startSubscription(
  tx: Tx,
  account: Account,
  payment: Payment,
  plan: OrderPlan,
  provider: string,
  cardToken: string | null,
): Promise<null> {
  for (const statement of subscriptionStart(account.id, payment.orderId, plan, provider, cardToken))
    await tx.execute(statement);
  return null;
}

/**
 * startSubscription's statements, none for a plan that does not renew: the running plan ends (first: one plan
 * runs at a time), then the new one starts with the kept card, and the member's next bill date is its end.
 */
export function subscriptionStart(
  accountId: number,
  orderId: number,
  plan: OrderPlan,
  provider: string,
  cardToken: string | null,
): SQL[] {
  if (!plan.renewalDays) return [];
  const periodEnd = sql`now() + make_interval(days => ${plan.renewalDays}::int)`;
  return [
    sql`update subscriptions set status = 'ended', next_attempt_at = null
      where account_id = ${accountId} and ${inArray(subscriptions.status, [...RUNNING])}`,
    sql`with started as (
      insert into subscriptions (account_id, order_id, saved_card_id, status, current_period_end, next_attempt_at)
      values (${accountId}, ${orderId},
        (select id from saved_cards where provider = ${provider} and token = ${cardToken}::text),
        'active', ${periodEnd}, ${periodEnd})
      returning current_period_end
    )
    update accounts set next_bill_date = started.current_period_end from started where accounts.id = ${accountId}`,
  ];
}

/** The subscription an order started, its row locked for the caller's transaction. */
async function lockedSubscriptionOf(tx: Tx, orderId: number) {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId))
    .orderBy(desc(subscriptions.id))
    .limit(1)
    .for("update");
  return subscription;
}

/** A renewal's payment was paid: the period it pays for is the subscription's, and no retry is pending. */
export async function renewalPaid(tx: Tx, payment: Payment): Promise<SubscriptionEvent | null> {
  const subscription = await lockedSubscriptionOf(tx, payment.orderId);
  if (!subscription || !payment.periodEnd || subscription.status === "ended") return null;
  const canceled = subscription.status === "canceled";
  await tx
    .update(subscriptions)
    .set({
      status: canceled ? "canceled" : "active",
      currentPeriodEnd: payment.periodEnd,
      renewalFailures: 0,
      nextAttemptAt: payment.periodEnd,
    })
    .where(eq(subscriptions.id, subscription.id));
  if (!canceled) {
    await tx
      .update(accounts)
      .set({ nextBillDate: payment.periodEnd })
      .where(eq(accounts.id, subscription.accountId));
  }
  return {
    kind: "renewed",
    subscriptionId: subscription.id,
    accountId: subscription.accountId,
    amountCents: payment.amountCents,
    nextBillDate: payment.periodEnd,
  };
}

/**
 * A renewal's payment failed: tried again RENEWAL_RETRY_DAYS after the due date while the member keeps the
 * level; after the last retry the plan ends and the level with it.
 */
export async function renewalFailed(tx: Tx, payment: Payment): Promise<SubscriptionEvent | null> {
  const subscription = await lockedSubscriptionOf(tx, payment.orderId);
  if (!subscription || subscription.status === "ended") return null;
  const failures = subscription.renewalFailures + 1;
  const retryDays = RENEWAL_RETRY_DAYS[failures - 1];
  if (retryDays === undefined || subscription.status === "canceled") {
    return endSubscription(tx, subscription.id, "renewal_failed");
  }
  const retryAt = addDays(subscription.currentPeriodEnd, retryDays);
  await tx
    .update(subscriptions)
    .set({ status: "past_due", renewalFailures: failures, nextAttemptAt: retryAt })
    .where(eq(subscriptions.id, subscription.id));
  return {
    kind: "renewal_failed",
    subscriptionId: subscription.id,
    accountId: subscription.accountId,
    amountCents: payment.amountCents,
    retryAt,
  };
}

/**
 * Ends a subscription: no more renewals, no next bill, and the premium level goes down to what the member still
 * holds paid (a pack bought beside the plan keeps its level; the member keeps the credits they have). Applies
 * once: an ended subscription stays as it is.
 */
export async function endSubscription(
  tx: Tx,
  subscriptionId: number,
  reason: "renewal_failed" | "canceled",
): Promise<SubscriptionEvent | null> {
  const [ended] = await tx
    .update(subscriptions)
    .set({ status: "ended", nextAttemptAt: null })
    .where(and(eq(subscriptions.id, subscriptionId), ne(subscriptions.status, "ended")))
    .returning({ accountId: subscriptions.accountId });
  if (!ended) return null;
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, ended.accountId)).for("update");
  if (account) {
    await lowerToPaidLevel(tx, account, {
      reason: `subscription_${reason}`,
      reference: `subscription:${subscriptionId}:ended`,
    });
    await tx.update(accounts).set({ nextBillDate: null }).where(eq(accounts.id, account.id));
  }
  return { kind: "ended", subscriptionId, accountId: ended.accountId, reason };
}

export type UnsubscribeResult = "unsubscribed" | "not_subscribed";

/**
 * The member's one-click unsubscribe (also part of disabling the profile): the running plan is not renewed,
 * the level goes from 2 to 1 at once (the spec's unsubscribe), and the paid period runs to its end, when the
 * renewal job ends it. On the locked account row, in the caller's transaction.
 */
export async function unsubscribe(tx: Tx, account: Account): Promise<UnsubscribeResult> {
  const canceled = await tx
    .update(subscriptions)
    .set({ status: "canceled", cancelAtPeriodEnd: true, nextAttemptAt: subscriptions.currentPeriodEnd })
    .where(
      and(eq(subscriptions.accountId, account.id), inArray(subscriptions.status, ["active", "past_due"])),
    )
    .returning({ id: subscriptions.id });
  if (canceled.length === 0 && account.premiumLevel <= UNSUBSCRIBED_LEVEL) return "not_subscribed";
  if (account.premiumLevel > UNSUBSCRIBED_LEVEL) {
    await changePremiumLevel(tx, account, {
      premiumLevel: UNSUBSCRIBED_LEVEL,
      reason: "unsubscribe",
      reference: `unsubscribe:${canceled[0]?.id ?? "none"}:${Date.now()}`,
    });
  }
  await tx.update(accounts).set({ nextBillDate: null }).where(eq(accounts.id, account.id));
  return "unsubscribed";
}

/** orders/unsubUser: the unsubscribe on the member's locked row; a compliant flow's member has no plan to end. */
export async function unsubscribeMember(db: Db, accountId: number) {
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
    if (!account || account.fluxId === COMPLIANT_FLUX_ID || account.premiumLevel <= UNSUBSCRIBED_LEVEL) {
      return { result: "not_subscribed" as const, account };
    }
    return { result: await unsubscribe(tx, account), account };
  });
}

/** The member keeps a card with any provider (one-tap payments are offered). */
export async function keepsCard(db: Db, accountId: number): Promise<boolean> {
  const [kept] = await db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(eq(savedCards.accountId, accountId))
    .limit(1);
  return kept !== undefined;
}
