// The purchase's confirmation (the contract on a durable medium, EU Directive 2011/83 art. 8(7)), mailed once
// when a purchase's first payment is granted: the contract's number, the plan, the price and the date, what the
// checkout recorded of immediate performance, and the withdrawal function ("withdraw from contract here").
import { and, eq, type SQL } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, payments } from "../../drizzle/schema/payments";
import { brandOf } from "../brands/registry";
import { brandWithCompany } from "../brands/resolve";
import { type Config, configOf } from "../config";
import { formatMoney } from "../contracts/money";
import { OrderPlan } from "../contracts/payments";
import { WITHDRAWAL_DAYS } from "../contracts/withdrawal";
import { formatDate } from "../core/dates";
import { type Db, withDb } from "../core/db";
import { errorName, logEvent } from "../core/log";
import type { Bindings } from "../env";
import {
  deliverMail,
  type MailDelivery,
  type MailRecordRow,
  mailRecord,
  recordMail,
  sendMail,
} from "../mail/mail.service";
import { PERFORMANCE_TEXT } from "./withdrawal-copy";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows a purchase's confirmation is written from. */
export interface PurchaseRows {
  payment: Pick<typeof payments.$inferSelect, "id" | "purpose" | "amountCents">;
  order: Pick<typeof orders.$inferSelect, "id" | "kind" | "plan" | "currency" | "performanceConsentAt">;
  account: Pick<typeof accounts.$inferSelect, "id" | "brandId" | "email" | "erasedAt">;
}

/**
 * The confirmation of a granted first payment, for the brand of the member; null when there is none to send:
 * a purchase that took money, of a member not erased (the age check and a card change are no contract).
 */
function purchaseMail(config: Config, rows: PurchaseRows, paidAt: Date) {
  const { payment, order, account } = rows;
  if (order.kind !== "purchase" || payment.purpose !== "initial" || payment.amountCents <= 0) return null;
  if (account.erasedAt) return null;
  const brand = brandWithCompany(brandOf(account.brandId), config);
  const language = brand.public.language;
  const plan = OrderPlan.parse(order.plan);
  const kind =
    order.performanceConsentAt === null ? "none" : plan.renewalDays === null ? "credits" : "subscription";
  const site = `https://${brand.public.domain}`;
  return {
    brand,
    mail: {
      template: "purchase" as const,
      to: account.email,
      language,
      link: `${site}/profile`,
      facts: {
        contract: String(order.id),
        plan: plan.nomePiano,
        amount: formatMoney(payment.amountCents, order.currency, language),
        date: formatDate(paidAt, language, "time"),
        performance: PERFORMANCE_TEXT[language][kind],
        withdrawal: `${site}/profile?recesso=${payment.id}#withdraw`,
        withdrawalDays: String(WITHDRAWAL_DAYS),
      },
      accountId: account.id,
    },
  };
}

/** Mails the confirmation of the order's granted first payment, if it is a purchase that took money. */
export async function mailPurchaseConfirmation(env: Bindings, orderId: number): Promise<void> {
  const config = configOf(env);
  try {
    await withDb(config.database, async (db) => {
      const [row] = await db
        .select({ payment: payments, order: orders, account: accounts })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .innerJoin(accounts, eq(accounts.id, orders.accountId))
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.purpose, "initial"),
            eq(payments.status, "succeeded"),
          ),
        );
      const confirmation = row && purchaseMail(config, row, row.payment.grantedAt ?? row.payment.createdAt);
      if (!confirmation) return;
      await sendMail({ config, db, brand: confirmation.brand }, confirmation.mail);
    });
  } catch (error) {
    // The purchase stands; the profile shows the same and the receipts.
    logEvent("error", "payments.purchase_mail_failed", { orderId, error: errorName(error) });
  }
}

/** What the settlement recorded of a purchase's confirmation: the Mailgun send left for after its commit. */
export interface RecordedPurchaseMail {
  delivery: MailDelivery | null;
}

/**
 * Inside the settlement's transaction, as it grants the first payment (`rows` locked, paid now): records the
 * confirmation with the grant, so it is written exactly once, with no read of its own. Null when the payment
 * gets none. Under a savepoint: a failure of the mail's own writes is logged and leaves the grant standing.
 */
export async function recordPurchaseMail(
  tx: Tx,
  config: Config,
  rows: PurchaseRows,
): Promise<RecordedPurchaseMail | null> {
  const confirmation = purchaseMail(config, rows, new Date());
  if (!confirmation) return null;
  try {
    const delivery = await tx.transaction((savepoint) =>
      recordMail(savepoint, { config, brand: confirmation.brand }, confirmation.mail),
    );
    return { delivery };
  } catch (error) {
    logEvent("error", "payments.purchase_mail_failed", { orderId: rows.order.id, error: errorName(error) });
    return { delivery: null };
  }
}

/**
 * The same record as one statement, for a settlement that sends its statements together in one transaction
 * (no savepoint there: should it fail, nothing of that transaction is written); null when none is due.
 */
export function purchaseMailRecord(
  config: Config,
  rows: PurchaseRows,
): { statement: SQL; outcome: (rows: MailRecordRow[]) => RecordedPurchaseMail } | null {
  const confirmation = purchaseMail(config, rows, new Date());
  if (!confirmation) return null;
  const record = mailRecord({ config, brand: confirmation.brand }, confirmation.mail);
  return { statement: record.statement, outcome: (answer) => ({ delivery: record.outcome(answer) }) };
}

/** Sends a recorded confirmation through Mailgun, where that is how mail goes; a failure is logged only. */
export async function deliverPurchaseMail(env: Bindings, orderId: number, recorded: RecordedPurchaseMail) {
  if (!recorded.delivery) return;
  try {
    await deliverMail(configOf(env), recorded.delivery);
  } catch (error) {
    // The purchase stands; the profile shows the same and the receipts.
    logEvent("error", "payments.purchase_mail_failed", { orderId, error: errorName(error) });
  }
}
