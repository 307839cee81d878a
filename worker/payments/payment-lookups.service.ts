// What every payment route asks first: which plan of the member's flow (and the card check's order), and
// whose payment; the catalogue's word for where a payment stands; the member's kept card for one tap.
import { and, desc, eq } from "drizzle-orm";
import { ratePlans } from "../../drizzle/schema/flows";
import { orders, payments, savedCards } from "../../drizzle/schema/payments";
import {
  CARD_CHECK_PRODUCT_ID,
  type OrderPlan,
  type PaymentErrorCode,
  type PaymentStatus,
  PlanList,
  planListFor,
} from "../contracts/payments";
import type { Db } from "../core/db";
import type { ProviderId, ProviderPayment } from "./provider";
import { reportedPayment, type Settlement } from "./settlement.service";

/** orders/createToken's order: a zero-amount card check that keeps the card (and verifies the cardholder's age). */
export const CARD_CHECK_PLAN: OrderPlan = {
  productId: CARD_CHECK_PRODUCT_ID,
  nomePiano: "Card check",
  prezzoTotale: 0,
  currency: "EUR",
  premiumLevel: 0,
  crediti: 0,
  creditiPromo: 0,
  renewalDays: null,
};

/** A rate plan row as an order keeps it: what the member saw and what the payment grants. */
export const orderPlanOf = (row: typeof ratePlans.$inferSelect): OrderPlan => ({
  productId: row.productId,
  nomePiano: row.planName,
  prezzoTotale: row.totalPrice,
  currency: row.currency,
  premiumLevel: row.premiumLevel,
  crediti: row.credits,
  creditiPromo: row.promoCredits,
  renewalDays: row.renewalDays,
});

/**
 * The plan a member chose, among what the plans page offers them: their level's list of their flow, or the
 * age verification until they are verified. Null for any other product id.
 */
export async function findMemberPlan(
  db: Db,
  member: { fluxId: string; premiumLevel: number; verifiedUser: boolean },
  productId: string,
) {
  const [row] = await db
    .select()
    .from(ratePlans)
    .where(and(eq(ratePlans.fluxId, member.fluxId), eq(ratePlans.productId, productId)))
    .limit(1);
  const list = PlanList.safeParse(row?.list);
  if (!row || !list.success) return null;
  const offered =
    list.data === "verifica"
      ? !member.verifiedUser
      : list.data === planListFor(member.fluxId, member.premiumLevel);
  return offered ? { plan: orderPlanOf(row), list: list.data } : null;
}

/** The member's own payment that a provider's report is about (settlement.service's rule); null for anyone else's. */
export async function ownPayment(
  db: Db,
  provider: ProviderId,
  reported: Pick<ProviderPayment, "reference" | "merchantReference">,
  accountId: number,
) {
  const [own] = await db
    .select({ id: payments.id, method: payments.method, productId: orders.productId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(reportedPayment(provider, reported), eq(orders.accountId, accountId)));
  return own ?? null;
}

/** The catalogue's word for where a payment stands: success, open, pending or the error code (section 8). */
export function messageOf(status: PaymentStatus, errorCode: PaymentErrorCode | null): string {
  if (status === "succeeded") return "success";
  if (status === "pending" || status === "open") return status;
  return errorCode ?? "generico";
}

/** The same for a settlement; a payment the settlement did not find is the catalogue's generic failure. */
export function outcomeMessage(settlement: Settlement): string {
  return settlement.found ? messageOf(settlement.status, settlement.errorCode) : "generico";
}

/**
 * The member's most recent kept card at this provider, for one tap: a card only. A kept wallet (PayPal's vault,
 * an Apple Pay or Google Pay token) renews its plan, but one tap charges through the card form's provider and
 * shows no wallet's approval.
 */
export async function keptCardOf(db: Db, accountId: number, provider: string) {
  const [card] = await db
    .select({ token: savedCards.token })
    .from(savedCards)
    .where(
      and(
        eq(savedCards.accountId, accountId),
        eq(savedCards.provider, provider),
        eq(savedCards.kind, "card"),
      ),
    )
    .orderBy(desc(savedCards.id))
    .limit(1);
  return card ?? null;
}
