// The withdrawal function (EU Directive 2011/83 art. 11a, in force from 19 June 2026): for 14 days after a
// purchase the member may withdraw from it in two steps (the quote, then the confirmation), and is mailed an
// acknowledgement with the contract, the date and the time at once. The refund goes through the refund path
// (refund.service.ts), once however often or concurrently the confirmation arrives: one withdrawal per payment
// (a unique key) and the provider's idempotency key per payment.
// What is refunded (art. 14(3) and 16(m)): a subscription, the price of the days of its period not yet used; a
// credit pack, the price of its unused credits, when the checkout recorded the member's request for immediate
// performance and acknowledgement of losing the right for what is used. Without that record, the whole price.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Context } from "hono";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, payments } from "../../drizzle/schema/payments";
import { withdrawals } from "../../drizzle/schema/withdrawals";
import { formatMoney } from "../contracts/money";
import { WITHDRAWAL_DAYS, type Withdrawable } from "../contracts/withdrawal";
import { formatUtcTime } from "../core/dates";
import type { Db } from "../core/db";
import { AppError } from "../core/errors";
import { errorName, logEvent } from "../core/log";
import type { AppEnv } from "../env";
import { sendMail } from "../mail/mail.service";
import { auditRight } from "../privacy/audit.service";
import { providerById } from "./providers";
import { refundPayment, tellMemberOfRefund } from "./refund.service";
import { REFUND_REASONING } from "./withdrawal-copy";
import { quoteWithdrawal, type WithdrawalAccount, type WithdrawalRow } from "./withdrawal-quote";

const DAY_MS = 86_400_000;

export const withdrawalErrors = {
  notFound: () => new AppError(404, "not_found", "No such purchase of this member.", { field: "paymentId" }),
  unavailable: (reason: string) =>
    new AppError(409, "withdrawal_unavailable", "This purchase can no longer be withdrawn from.", {
      field: "paymentId",
      messageKey: `recesso_${reason}`,
    }),
};

const purchaseRows = (db: Db) =>
  db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId));

/**
 * The member's purchases a withdrawal concerns: each first payment of a purchase within the last 14 days, or
 * withdrawn from, newest first, with its quote and any withdrawal already made.
 */
export async function withdrawablePurchases(
  db: Db,
  account: WithdrawalAccount,
  now: Date,
): Promise<Withdrawable[]> {
  const since = new Date(now.getTime() - WITHDRAWAL_DAYS * DAY_MS);
  const rows = await purchaseRows(db)
    .where(
      and(
        eq(orders.accountId, account.id),
        eq(orders.kind, "purchase"),
        eq(payments.purpose, "initial"),
        inArray(payments.status, ["succeeded", "refunded"]),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(50);
  const made = await db.select().from(withdrawals).where(eq(withdrawals.accountId, account.id));
  return rows
    .map((row) => {
      const quote = quoteWithdrawal(row, account, now);
      const withdrawal = made.find((w) => w.paymentId === row.payment.id);
      return withdrawal
        ? {
            ...quote,
            available: false,
            reason: "withdrawn" as const,
            refundCents: withdrawal.refundCents,
            used: withdrawal.used,
            bought: withdrawal.bought,
            withdrawal: { status: withdrawal.status, at: withdrawal.createdAt.toISOString() },
          }
        : quote;
    })
    .filter((q) => q.withdrawal !== null || (q.amountCents > 0 && new Date(q.paidAt) >= since));
}

async function ownPurchase(db: Db, accountId: number, paymentId: number): Promise<WithdrawalRow | null> {
  const [row] = await purchaseRows(db).where(
    and(
      eq(payments.id, paymentId),
      eq(orders.accountId, accountId),
      eq(orders.kind, "purchase"),
      eq(payments.purpose, "initial"),
    ),
  );
  return row ?? null;
}

/** The acknowledgement: the contract, the date and the time of the withdrawal, the refund and how. */
async function acknowledge(
  c: Context<AppEnv>,
  email: string,
  quote: Withdrawable,
  at: Date,
  accountId: number,
) {
  const language = c.var.brand.public.language;
  await sendMail(
    { config: c.var.config, db: c.var.db, brand: c.var.brand },
    {
      template: "withdrawal_received",
      to: email,
      language,
      link: `${new URL(c.req.url).origin}/profile`,
      facts: {
        contract: quote.contract,
        plan: quote.planName,
        purchased: formatUtcTime(new Date(quote.paidAt), language),
        date: formatUtcTime(at, language),
        amount: formatMoney(quote.refundCents, quote.currency, language),
        refund: REFUND_REASONING[language]({ ...quote, consent: quote.performanceConsent }),
      },
      accountId,
    },
  );
}

/**
 * The member's confirmation (the second step): records the withdrawal once, mails the acknowledgement at
 * once, then refunds through the refund path. A retry or a concurrent confirmation finds the same withdrawal
 * and at most completes its refund. Answers the purchase as it now stands.
 */
export async function confirmWithdrawal(c: Context<AppEnv>, paymentId: number): Promise<Withdrawable> {
  const { db } = c.var;
  const accountId = c.var.session.accountId;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const row = account ? await ownPurchase(db, accountId, paymentId) : null;
  if (!account || !row) throw withdrawalErrors.notFound();
  const now = new Date();
  const quote = quoteWithdrawal(row, account, now);
  const [created] = quote.available
    ? await db
        .insert(withdrawals)
        .values({
          accountId,
          paymentId,
          kind: quote.kind,
          refundCents: quote.refundCents,
          used: quote.used,
          bought: quote.bought,
          status: "received",
        })
        .onConflictDoNothing({ target: withdrawals.paymentId })
        .returning()
    : [];
  const [withdrawal] = created
    ? [created]
    : await db.select().from(withdrawals).where(eq(withdrawals.paymentId, paymentId));
  if (!withdrawal) throw withdrawalErrors.unavailable(quote.reason ?? "expired");
  if (created) {
    await auditRight(db, "withdrawal", accountId, {
      paymentId,
      kind: quote.kind,
      refundCents: quote.refundCents,
      used: quote.used,
      bought: quote.bought,
      performanceConsent: quote.performanceConsent,
    });
    try {
      await acknowledge(c, account.email, quote, created.createdAt, accountId);
    } catch (error) {
      logEvent("error", "payments.withdrawal_ack_failed", { paymentId, error: errorName(error) });
    }
  }
  if (withdrawal.status !== "refunded") await refundWithdrawal(c, withdrawal);
  return (await withdrawablePurchases(db, account, now)).find((q) => q.paymentId === paymentId) ?? quote;
}

/** The withdrawal's refund through the refund path; a refusal leaves it `refund_failed` for the console. */
async function refundWithdrawal(c: Context<AppEnv>, withdrawal: typeof withdrawals.$inferSelect) {
  const { db, config } = c.var;
  const result = await refundPayment(
    db,
    (id, brandId) => providerById(config, db, id, brandId),
    {
      paymentId: withdrawal.paymentId,
      operatorId: null,
      reason: `withdrawal ${withdrawal.id}`,
      amountCents: withdrawal.refundCents,
      // The member withdraws from his own purchase: his brand's payment.
      brands: [c.var.brand.public.id],
    },
    {
      inTransaction: async (tx, refund) => {
        await tx
          .update(withdrawals)
          .set({ status: "refunded", refundId: refund.refundId, updatedAt: new Date() })
          .where(eq(withdrawals.id, withdrawal.id));
        await auditRight(tx, "withdrawal_refunded", withdrawal.accountId, {
          paymentId: withdrawal.paymentId,
          refundId: refund.refundId,
          amountCents: refund.amountCents,
        });
      },
    },
  );
  if (result.ok) {
    await tellMemberOfRefund(c, result.refund);
    return;
  }
  // Refunded by a concurrent confirmation: its transaction marked the withdrawal.
  if (result.reason === "already_refunded") return;
  await db
    .update(withdrawals)
    .set({ status: "refund_failed", updatedAt: new Date() })
    .where(and(eq(withdrawals.id, withdrawal.id), eq(withdrawals.status, "received")));
  await auditRight(db, "withdrawal_refund_failed", withdrawal.accountId, {
    paymentId: withdrawal.paymentId,
    reason: result.reason,
    errorCode: result.errorCode ?? null,
  });
  logEvent("warn", "payments.withdrawal_refund_failed", {
    paymentId: withdrawal.paymentId,
    reason: result.reason,
  });
}
