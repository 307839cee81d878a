// The reconciliation job (a Workers Cron Trigger beside the renewals; locally POST /dev/payments/reconcile):
// asks each provider about the recent payments whose outcome we still do not know, and applies a final
// answer through the one settlement, so a grant whose webhook was lost (and whose member never came back to
// the return page) is made, once, and the member's tabs are told as the webhook would have told them.
// Payments are claimed in one statement with a lease (`checked_at`), so two runs at once never ask about the
// same payment; the settlement's row lock would keep the grant single anyway.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { orders, payments } from "../../drizzle/schema/payments";
import { FINAL_STATUSES } from "../contracts/payments";
import type { Db } from "../core/db";
import { errorName, logEvent } from "../core/log";
import type { Bindings } from "../env";
import { type PaymentProvider, PROVIDER_IDS, type ProviderId, ProviderUnsupported } from "./provider";
import { settleAndTell } from "./settle-and-tell.service";
import type { SubscriptionEvent } from "./subscriptions.service";

/** The statuses that may still become a grant (or a refusal) at the provider. */
export const UNSETTLED_STATUSES = ["created", "action_required", "pending", "open"] as const;
/** How far back the job looks: older payments are left to the provider's own expiry and to support. */
export const RECONCILE_WINDOW_MS = 48 * 60 * 60 * 1000;
/** A payment younger than this is still on its way (3-D Secure, a checkout page, the webhook): left alone. */
export const RECONCILE_MIN_AGE_MS = 5 * 60 * 1000;
/** A claimed payment is not asked about again for this long (shorter than the 15-minute cron interval). */
export const RECONCILE_LEASE_MS = 10 * 60 * 1000;
/** Payments asked about per run; the next run takes the rest. */
export const RECONCILE_PER_RUN = 200;

export interface ReconciliationRun {
  /** Payments asked about. */
  checked: number;
  /** Grants this run made: a success the provider knew of and we did not. */
  repaired: number;
  /** Other final outcomes applied (refused, canceled, or granted meanwhile by the webhook or the return page). */
  closed: number;
  /** Still not final at the provider: asked again after the lease. */
  open: number;
  /** The provider cannot look the payment up (ProviderUnsupported): its webhook is the only way. */
  skipped: number;
  /** The provider did not answer (or answered an error): asked again after the lease. */
  failed: number;
  /** Renewals settled by this run, for the mails that tell the member. */
  events: SubscriptionEvent[];
}

/** Claims the payments due for a check at `now`: one statement, skipping rows another run holds. */
async function claim(db: Db, now: Date, only?: { accountId: number }) {
  const candidates = db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        inArray(payments.status, [...UNSETTLED_STATUSES]),
        inArray(payments.provider, [...PROVIDER_IDS]),
        // A payment whose provider call never answered has no reference to look up.
        isNotNull(payments.reference),
        gt(payments.createdAt, new Date(now.getTime() - RECONCILE_WINDOW_MS)),
        lte(payments.createdAt, new Date(now.getTime() - RECONCILE_MIN_AGE_MS)),
        or(isNull(payments.checkedAt), lte(payments.checkedAt, new Date(now.getTime() - RECONCILE_LEASE_MS))),
        only ? eq(orders.accountId, only.accountId) : undefined,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(RECONCILE_PER_RUN)
    .for("update", { of: payments, skipLocked: true });
  return db
    .update(payments)
    .set({ checkedAt: now })
    .from(orders)
    .where(and(inArray(payments.id, candidates), eq(orders.id, payments.orderId)))
    .returning({
      id: payments.id,
      provider: payments.provider,
      reference: payments.reference,
      brandId: orders.brandId,
    });
}

/**
 * Reconciles the recent unsettled payments at `now`; `providerOf` gives the provider a payment was made with,
 * with the credentials of its order's brand.
 * `accountId` limits the run to one member's payments (the local trigger, so tests side by side do not
 * reconcile each other's).
 */
export async function reconcilePayments(
  deps: { db: Db; env: Bindings },
  providerOf: (id: ProviderId, brandId: string) => PaymentProvider,
  now: Date,
  only?: { accountId: number },
): Promise<ReconciliationRun> {
  const { db, env } = deps;
  const run: ReconciliationRun = {
    checked: 0,
    repaired: 0,
    closed: 0,
    open: 0,
    skipped: 0,
    failed: 0,
    events: [],
  };
  for (const payment of await claim(db, now, only)) {
    run.checked++;
    // The claim's filter keeps both true; the types do not know it.
    const providerId = payment.provider as ProviderId;
    const reference = payment.reference ?? "";
    try {
      const reported = await providerOf(providerId, payment.brandId).checkPayment(reference);
      if (!FINAL_STATUSES.includes(reported.status)) {
        // Not known yet: nothing is written, so the return page and the webhook keep the payment as it is.
        run.open++;
        continue;
      }
      // A renewal's member is told by its mail (and the mail's room update), as the renewal job does.
      const settlement = await settleAndTell({ db, env }, providerId, reported, { renewalsByMail: true });
      if (settlement.found && settlement.granted) {
        run.repaired++;
        // A lost webhook: worth a look at the provider's webhook settings if it happens often.
        logEvent("warn", "payments.reconciliation_repaired", { paymentId: payment.id, provider: providerId });
      } else run.closed++;
      if (settlement.found && settlement.subscription) run.events.push(settlement.subscription);
    } catch (error) {
      if (error instanceof ProviderUnsupported) {
        run.skipped++;
        continue;
      }
      // The error's name only: a provider's message may quote the request. The lease brings it back later.
      run.failed++;
      logEvent("error", "payments.reconciliation_check_failed", {
        paymentId: payment.id,
        provider: providerId,
        error: errorName(error),
      });
    }
  }
  const { events, ...counts } = run;
  logEvent("info", "payments.reconciliation_run", counts);
  return run;
}
