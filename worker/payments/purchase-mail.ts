// The purchase's confirmation (the contract on a durable medium, EU Directive 2011/83 art. 8(7)), mailed once
// when a purchase's first payment is granted: the contract's number, the plan, the price and the date, what the
// checkout recorded of immediate performance, and the withdrawal function ("withdraw from contract here").
import { and, eq } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, payments } from "../../drizzle/schema/payments";
import { brandOf } from "../brands/registry";
import { brandWithCompany } from "../brands/resolve";
import { configOf } from "../config";
import { formatMoney } from "../contracts/money";
import { OrderPlan } from "../contracts/payments";
import { WITHDRAWAL_DAYS } from "../contracts/withdrawal";
import { withDb } from "../core/db";
import { errorName, logEvent } from "../core/log";
import type { Bindings } from "../env";
import { sendMail } from "../mail/mail.service";
import { PERFORMANCE_TEXT } from "./withdrawal-copy";

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
      if (!row) return;
      // A purchase that took money, of a member not erased: the age check and a card change are no contract.
      if (row.order.kind !== "purchase" || row.payment.amountCents <= 0 || row.account.erasedAt) return;
      const { payment, order, account } = row;
      const brand = brandWithCompany(brandOf(account.brandId), config);
      const language = brand.public.language;
      const plan = OrderPlan.parse(order.plan);
      const paidAt = payment.grantedAt ?? payment.createdAt;
      const kind =
        order.performanceConsentAt === null ? "none" : plan.renewalDays === null ? "credits" : "subscription";
      const site = `https://${brand.public.domain}`;
      await sendMail(
        { config, db, brand },
        {
          template: "purchase",
          to: account.email,
          language,
          link: `${site}/profile`,
          facts: {
            contract: String(order.id),
            plan: plan.nomePiano,
            amount: formatMoney(payment.amountCents, order.currency, language),
            date: new Intl.DateTimeFormat(language, {
              dateStyle: "long",
              timeStyle: "short",
              timeZone: "UTC",
            }).format(paidAt),
            performance: PERFORMANCE_TEXT[language][kind],
            withdrawal: `${site}/profile?recesso=${payment.id}#withdraw`,
            withdrawalDays: String(WITHDRAWAL_DAYS),
          },
          accountId: account.id,
        },
      );
    });
  } catch (error) {
    // The purchase stands; the profile shows the same and the receipts.
    logEvent("error", "payments.purchase_mail_failed", { orderId, error: errorName(error) });
  }
}
