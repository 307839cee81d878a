// Starting a payment: the order (the plan as chosen), the payment row with our idempotency key, the
// provider's call, then its answer through the one settlement (so an immediate success is granted exactly
// like a later webhook).
import { eq } from "drizzle-orm";
import type { ratePlans } from "../../drizzle/schema/flows";
import { orders, payments } from "../../drizzle/schema/payments";
import type { OrderPlan, PlanList } from "../contracts/payments";
import type { Db } from "../core/db";
import type { CardDetails, PaymentProvider, ProviderPayment } from "./provider";
import { type Settlement, settlePayment } from "./settlement.service";

interface Checkout {
  accountId: number;
  brandId: string;
  fluxId: string;
  planList: PlanList;
  plan: OrderPlan;
  descriptor: string;
  returnUrl: string;
}

export interface CardCheckout extends Checkout {
  card: CardDetails;
  /** Keep the card for one-tap payments and renewals. */
  storeCard: boolean;
}

/** A one-tap payment with a card the provider keeps for the member. */
export interface StoredCardCheckout extends Checkout {
  cardToken: string;
}

/** A rate plan row as an order keeps it: what the member saw and what the payment grants. */
export const orderPlanOf = (row: typeof ratePlans.$inferSelect): OrderPlan => ({
  productId: row.productId,
  nomePiano: row.nomePiano,
  prezzoTotale: row.prezzoTotale,
  currency: row.currency,
  premiumLevel: row.premiumLevel,
  crediti: row.crediti,
  creditiPromo: row.creditiPromo,
  renewalDays: row.renewalDays,
});

export interface StartedPayment {
  paymentId: number;
  provider: ProviderPayment;
  settlement: Settlement;
}

/** Creates the order and its payment, charges the card and applies the provider's first answer. */
export function startCardPayment(db: Db, provider: PaymentProvider, checkout: CardCheckout) {
  return startPayment(db, provider, checkout, (charge) =>
    provider.chargeCard({ ...charge, card: checkout.card, storeCard: checkout.storeCard }),
  );
}

/** The same with the member's kept card, the member present (a one-tap payment). */
export function startStoredCardPayment(db: Db, provider: PaymentProvider, checkout: StoredCardCheckout) {
  return startPayment(db, provider, checkout, (charge) =>
    provider.chargeStoredCard({ ...charge, cardToken: checkout.cardToken, merchantInitiated: false }),
  );
}

type Charge = Parameters<PaymentProvider["chargeCard"]>[0];

async function startPayment(
  db: Db,
  provider: PaymentProvider,
  checkout: Checkout,
  charge: (common: Omit<Charge, "card" | "storeCard">) => Promise<ProviderPayment>,
): Promise<StartedPayment> {
  const { plan } = checkout;
  const [order] = await db
    .insert(orders)
    .values({
      accountId: checkout.accountId,
      brandId: checkout.brandId,
      fluxId: checkout.fluxId,
      kind: checkout.planList === "verifica" ? "verification" : "purchase",
      planList: checkout.planList,
      productId: plan.productId,
      plan,
      amountCents: plan.prezzoTotale,
      currency: plan.currency,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("the order was not stored");
  const idempotencyKey = `pay_${crypto.randomUUID()}`;
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      purpose: "initial",
      provider: provider.id,
      method: "card",
      idempotencyKey,
      status: "created",
      amountCents: plan.prezzoTotale,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error("the payment was not stored");
  const answer = await charge({
    idempotencyKey,
    amountCents: plan.prezzoTotale,
    currency: plan.currency,
    descriptor: checkout.descriptor,
    returnUrl: checkout.returnUrl,
  });
  await db.update(payments).set({ reference: answer.reference }).where(eq(payments.id, payment.id));
  return {
    paymentId: payment.id,
    provider: answer,
    settlement: await settlePayment(db, provider.id, answer),
  };
}
