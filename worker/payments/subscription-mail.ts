// Tells a member what the renewal job did to their plan: an e-mail per event in the brand's language (the
// plan, the amount, the date), after a paid renewal their open tabs' new balances, and a renewal's outcome to
// the member's room, whose cascade tells a member who is away.
import { eq } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, subscriptions } from "../../drizzle/schema/payments";
import { brandOf } from "../brands/registry";
import { brandWithCompany } from "../brands/resolve";
import type { Config } from "../config";
import { formatMoney } from "../contracts/money";
import { OrderPlan } from "../contracts/payments";
import { formatDate } from "../core/dates";
import type { Db } from "../core/db";
import { errorName, logEvent } from "../core/log";
import type { Bindings } from "../env";
import { type OutgoingMail, sendMail } from "../mail/mail.service";
import { memberRoom } from "../realtime/member-room";
import type { SubscriptionEvent } from "./subscriptions.service";

const TEMPLATES: Record<SubscriptionEvent["kind"], OutgoingMail["template"]> = {
  renewed: "renewed",
  renewal_failed: "renewal_failed",
  ended: "subscription_ended",
};

export async function announceSubscriptionEvents(
  deps: { env: Bindings; config: Config; db: Db },
  events: readonly SubscriptionEvent[],
): Promise<void> {
  for (const event of events) {
    try {
      await announce(deps, event);
    } catch (error) {
      // The plan's change stands; a mail that could not go is in the logs, not a reason to undo it.
      logEvent("error", "payments.subscription_mail_failed", {
        subscriptionId: event.subscriptionId,
        kind: event.kind,
        error: errorName(error),
      });
    }
  }
}

async function announce(deps: { env: Bindings; config: Config; db: Db }, event: SubscriptionEvent) {
  const { db, config, env } = deps;
  const [row] = await db
    .select({ account: accounts, order: orders })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptions.id, event.subscriptionId));
  if (!row || row.account.disabled) return;
  const { account, order } = row;
  const brand = brandWithCompany(brandOf(account.brandId), config);
  const language = brand.public.language;
  const plan = OrderPlan.parse(order.plan);
  const money = (cents: number) => formatMoney(cents, plan.currency, language);
  const day = (date: Date) => formatDate(date, language, "day");
  const facts =
    event.kind === "renewed"
      ? { plan: plan.nomePiano, amount: money(event.amountCents), date: day(event.nextBillDate) }
      : event.kind === "renewal_failed"
        ? { plan: plan.nomePiano, amount: money(event.amountCents), date: day(event.retryAt) }
        : { plan: plan.nomePiano };
  await sendMail(
    { config, db, brand },
    {
      template: TEMPLATES[event.kind],
      to: account.email,
      language,
      link: `https://${brand.public.domain}${event.kind === "ended" ? "/vip_plan/cred" : "/profile"}`,
      facts,
      accountId: account.id,
    },
  );
  const room = await memberRoom(env, account.clickid);
  if (event.kind === "renewed" || event.kind === "ended") {
    const { messageCredits, icebreakerCredits, premiumLevel } = account;
    await room.afterPurchase({
      creditiMessaggi: messageCredits,
      creditiIcebreaker: icebreakerCredits,
      premiumLevel,
    });
  }
  // The renewal's outcome reaches a member away from the site by push and Telegram (this mail is its e-mail).
  if (event.kind === "renewed" || event.kind === "renewal_failed") {
    await room.renewalOutcome(event.kind === "renewed" ? "renewed" : "failed");
  }
}
