// A payment's outcome ends the same whichever way it arrives (a provider's notification, the return page's
// check, a PayPal capture, the reconciliation job, a charge's first answer): the one settlement applies it
// once, then the member hears of it: a grant's confirmation mail, and the new balances, or the purchKo alert,
// on every open tab. settleAndTell does both; a charge's start settles inside the checkout service (by the
// payment's id) and its caller tells with tellRoom.
import type { Db } from "../core/db";
import { errorName, logEvent } from "../core/log";
import type { Bindings } from "../env";
import { memberRoom } from "../realtime/member-room";
import type { ProviderId, ProviderPayment } from "./provider";
import { deliverPurchaseMail, mailPurchaseConfirmation } from "./purchase-mail";
import { type Settlement, type SettleOptions, settlePayment } from "./settlement.service";

/** What settling and telling reach: the request's (or job's) database and the Worker's bindings. */
export interface PaymentDeps {
  db: Db;
  env: Bindings;
}

/**
 * Applies what the provider says of one of its payments, then tells the member. `renewalsByMail`: a renewal's
 * member is told by its own mail (and that mail's room update) instead, as the renewal job does.
 */
export async function settleAndTell(
  deps: PaymentDeps,
  provider: ProviderId,
  reported: ProviderPayment,
  options: SettleOptions & { renewalsByMail?: boolean } = {},
): Promise<Settlement> {
  const { renewalsByMail, ...settle } = options;
  const settlement = await settlePayment(deps.db, provider, reported, settle);
  if (!(renewalsByMail && settlement.found && settlement.subscription)) await tellRoom(deps.env, settlement);
  return settlement;
}

/**
 * Tells the member what a settlement changed. After a grant: every tab gets the new balances, pressing stops
 * for a paid member, the pending message goes.
 * After a reversal (refund or chargeback reported by the provider): every tab gets the lower balances.
 * After a refusal of a payment left pending or open: every tab shows the purchKo alert.
 */
export async function tellRoom(env: Bindings, settlement: Settlement) {
  if (!settlement.found) return;
  // A payment the member was told would be credited once approved, refused later: the purchKo alert.
  const refusedLater =
    (settlement.status === "failed" || settlement.status === "canceled") &&
    (settlement.previous === "pending" || settlement.previous === "open");
  const balancesChanged = (settlement.granted || settlement.reversed) && settlement.balances;
  // A purchase just granted: its confirmation, with the withdrawal function, goes at once (recorded with the
  // grant when the settlement was asked to, else here).
  if (settlement.granted && settlement.purchaseMail !== undefined) {
    if (settlement.purchaseMail) await deliverPurchaseMail(env, settlement.orderId, settlement.purchaseMail);
  } else if (settlement.granted) await mailPurchaseConfirmation(env, settlement.orderId);
  if (!refusedLater && !balancesChanged) return;
  try {
    const room = await memberRoom(env, settlement.clickid);
    if (refusedLater) await room.purchaseFailed(settlement.errorCode ?? "generico");
    else if (settlement.balances) await room.afterPurchase(settlement.balances);
  } catch (error) {
    // The grant (or reversal) stands; the tabs catch up on their next load.
    logEvent("error", "payments.room_not_told", { orderId: settlement.orderId, error: errorName(error) });
  }
}
