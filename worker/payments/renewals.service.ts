// The renewal job (a Workers Cron Trigger; locally POST /dev/renewals/run): charges every subscription due at
// `now` with its kept card as a merchant-initiated payment, and ends the canceled ones whose paid period is
// over. A subscription is claimed under a row lock with a lease, and its charge carries an idempotency key of
// the period and the attempt, so two runs at once, or a run after a crash, charge one period once.
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { orders, payments, savedCards, subscriptions } from "../../drizzle/schema/payments";
import { brandOf } from "../brands/registry";
import { OrderPlan } from "../contracts/payments";
import type { Db } from "../core/db";
import { errorName, logEvent } from "../core/log";
import { type PaymentProvider, PROVIDER_IDS, type ProviderId, shopperReferenceOf } from "./provider";
import { settlePayment } from "./settlement.service";
import {
  addDays,
  endSubscription,
  RUNNING,
  renewalFailed,
  type SubscriptionEvent,
} from "./subscriptions.service";

/** A claimed subscription is not claimed again for this long, unless its charge ended before. */
export const RENEWAL_LEASE_MS = 60 * 60 * 1000;
/** Subscriptions handled per run; the next run (every 15 minutes) takes the rest. */
export const RENEWALS_PER_RUN = 200;

export interface RenewalRun {
  /** What happened to each subscription handled, in order (the mails go from these). */
  events: SubscriptionEvent[];
  /** Charges whose outcome is not known yet (a provider error, a pending payment): tried again later. */
  unsettled: number;
}

type Claim =
  | { kind: "ended"; event: SubscriptionEvent | null }
  | {
      kind: "charge";
      payment: typeof payments.$inferSelect;
      card: typeof savedCards.$inferSelect | null;
      brandId: string;
    };

const isProviderId = (id: string): id is ProviderId => (PROVIDER_IDS as readonly string[]).includes(id);

/** Locks one due subscription (skipping one another run holds) and prepares its renewal's payment row. */
function claim(db: Db, subscriptionId: number, now: Date): Promise<Claim | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ subscription: subscriptions, order: orders, card: savedCards })
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .leftJoin(savedCards, eq(savedCards.id, subscriptions.savedCardId))
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          inArray(subscriptions.status, [...RUNNING]),
          lte(subscriptions.nextAttemptAt, now),
        ),
      )
      .for("update", { of: subscriptions, skipLocked: true });
    if (!due) return null;
    const { subscription, order, card } = due;
    const plan = OrderPlan.parse(order.plan);
    if (subscription.status === "canceled" || !plan.renewalDays) {
      return { kind: "ended", event: await endSubscription(tx, subscription.id, "canceled") };
    }
    const periodEnd = addDays(subscription.currentPeriodEnd, plan.renewalDays);
    const idempotencyKey = `renew_${subscription.id}_${periodEnd.getTime()}_${subscription.renewalFailures}`;
    await tx
      .insert(payments)
      .values({
        orderId: order.id,
        purpose: "renewal",
        provider: card?.provider ?? "none",
        // A kept wallet renews as a payment of its method (receipts and the console name it: PayPal, Apple Pay…).
        method: card?.kind ?? "card",
        idempotencyKey,
        status: "created",
        amountCents: plan.prezzoTotale,
        periodEnd,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey });
    const [payment] = await tx.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
    if (!payment) throw new Error("the renewal's payment row was not stored");
    await tx
      .update(subscriptions)
      .set({ nextAttemptAt: new Date(now.getTime() + RENEWAL_LEASE_MS) })
      .where(eq(subscriptions.id, subscription.id));
    return { kind: "charge", payment, card, brandId: order.brandId };
  });
}

/** A renewal that cannot reach a provider (no kept card): failed at once, retried on the schedule. */
function failWithoutCard(db: Db, paymentId: number) {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payments)
      .set({ status: "failed", errorCode: "card_declined", updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "created")))
      .returning();
    return failed ? renewalFailed(tx, failed) : null;
  });
}

/**
 * Runs the renewals due at `now`; `providerOf` gives the provider a kept card belongs to, with the credentials
 * of the order's brand. `accountId` limits
 * the run to one member's plans (the local trigger, so tests side by side do not renew each other's).
 */
export async function runRenewals(
  db: Db,
  providerOf: (id: ProviderId, brandId: string) => PaymentProvider,
  now: Date,
  only?: { accountId: number },
): Promise<RenewalRun> {
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [...RUNNING]),
        lte(subscriptions.nextAttemptAt, now),
        only ? eq(subscriptions.accountId, only.accountId) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.nextAttemptAt))
    .limit(RENEWALS_PER_RUN);
  const run: RenewalRun = { events: [], unsettled: 0 };
  for (const { id } of due) {
    const claimed = await claim(db, id, now);
    if (!claimed) continue;
    if (claimed.kind === "ended") {
      if (claimed.event) run.events.push(claimed.event);
      continue;
    }
    const { payment, card, brandId } = claimed;
    if (!card || !isProviderId(card.provider)) {
      const event = await failWithoutCard(db, payment.id);
      if (event) run.events.push(event);
      continue;
    }
    try {
      const provider = providerOf(card.provider, brandId);
      const brand = brandOf(brandId);
      const answer = await provider.chargeStoredCard({
        idempotencyKey: payment.idempotencyKey,
        amountCents: payment.amountCents,
        currency: "EUR",
        descriptor: brand.public.descriptor,
        returnUrl: `https://${brand.public.domain}/chats`,
        cardToken: card.token,
        kind: card.kind,
        merchantInitiated: true,
        shopperReference: shopperReferenceOf(card.accountId),
      });
      await db.update(payments).set({ reference: answer.reference }).where(eq(payments.id, payment.id));
      const settlement = await settlePayment(db, provider.id, answer);
      if (settlement.found && settlement.subscription) run.events.push(settlement.subscription);
      else run.unsettled++;
    } catch (error) {
      // The lease runs out and a later run charges again with the same key: the provider moves money once.
      run.unsettled++;
      logEvent("error", "payments.renewal_failed_to_run", { paymentId: payment.id, error: errorName(error) });
    }
  }
  return run;
}
