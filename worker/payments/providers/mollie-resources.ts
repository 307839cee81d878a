// Mollie's resources as the adapter reads them (payments, mandates, customers, error bodies) and what they
// mean behind the PaymentProvider interface: ids, amounts, a mandate as a kept card, a payment's status.
import { z } from "zod";
import type { CardBrand, PaymentErrorCode, PaymentStatus } from "../../contracts/payments";
import type { StoredCard } from "../provider";
import { MOLLIE_FAILURE_REASONS } from "./mollie-errors";

const Link = z.object({ href: z.string() });
/** The payment resource's fields this adapter reads (Get payment's response). */
export const MolliePayment = z.object({
  id: z.string(),
  status: z.enum(["open", "pending", "authorized", "paid", "failed", "canceled", "expired"]),
  amount: z.object({ value: z.string(), currency: z.string() }),
  amountRefunded: z.object({ value: z.string() }).optional(),
  sequenceType: z.enum(["oneoff", "first", "recurring"]).optional(),
  customerId: z.string().nullish(),
  mandateId: z.string().nullish(),
  details: z
    .object({
      cardNumber: z.string().nullish(),
      cardLabel: z.string().nullish(),
      failureReason: z.string().nullish(),
    })
    .nullish(),
  _links: z.object({ checkout: Link.optional() }),
});
export type MolliePayment = z.infer<typeof MolliePayment>;

export const MollieMandate = z.object({
  id: z.string(),
  status: z.enum(["valid", "pending", "invalid"]),
  method: z.string(),
  details: z
    .object({
      cardNumber: z.string().nullish(),
      cardLabel: z.string().nullish(),
      cardExpiryDate: z.string().nullish(),
    })
    .nullish(),
});
export type MollieMandate = z.infer<typeof MollieMandate>;
export const MandateList = z.object({ _embedded: z.object({ mandates: z.array(MollieMandate) }) });
export const MollieCustomer = z.object({ id: z.string() });
/** Mollie's hal+json error body. */
export const ErrorBody = z.object({ status: z.number(), title: z.string(), field: z.string().optional() });

/** Mollie's ids: a prefix and letters and digits. Anything else is never put into a URL. */
export const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;
export const CUSTOMER_ID = /^cst_[A-Za-z0-9]+$/;
export const MANDATE_ID = /^mdt_[A-Za-z0-9]+$/;

/**
 * The reference of a payment Mollie refused to create (no `tr_` id exists): ours, unique per payment, so the
 * payment row still records the refusal once.
 */
export const refusedReference = (idempotencyKey: string) => `refused_${idempotencyKey}`;

/** Cents as Mollie's amount value: a string with exactly two decimals. */
export function mollieAmount(amountCents: number, currency: string) {
  const whole = Math.trunc(amountCents / 100);
  const cents = String(amountCents % 100).padStart(2, "0");
  return { currency, value: `${whole}.${cents}` };
}

const centsOf = (value: string) => Math.round(Number(value) * 100);

const CARD_LABELS: Record<string, CardBrand> = {
  Visa: "visa",
  Mastercard: "mastercard",
  Maestro: "mastercard",
  "American Express": "amex",
  "Diners Club": "diners",
  Discover: "discover",
  JCB: "jcb",
};
export const brandOf = (label?: string | null): CardBrand =>
  (label && Object.hasOwn(CARD_LABELS, label) && CARD_LABELS[label]) || "unknown";

/**
 * The kept "card" of a renewing plan: the customer and the mandate Mollie made on the first payment
 * (`cst_…:mdt_…`). Renewals charge that mandate while Mollie lists it valid.
 */
const tokenOf = (customerId: string, mandateId: string) => `${customerId}:${mandateId}`;
export function parseToken(token: string) {
  const [customerId = "", mandateId = ""] = token.split(":");
  return CUSTOMER_ID.test(customerId) && MANDATE_ID.test(mandateId) ? { customerId, mandateId } : null;
}

/** A credit card mandate as the interface keeps a card; other mandates (SEPA, PayPal) have no card to show. */
export function storedCardOf(customerId: string, mandate: MollieMandate): StoredCard | undefined {
  const expiry = /^(\d{4})-(\d{2})/.exec(mandate.details?.cardExpiryDate ?? "");
  const last4 = mandate.details?.cardNumber;
  if (mandate.method !== "creditcard" || mandate.status !== "valid" || !expiry || !last4) return undefined;
  return {
    kind: "card",
    token: tokenOf(customerId, mandate.id),
    brand: brandOf(mandate.details?.cardLabel),
    last4,
    expMonth: Number(expiry[2]),
    expYear: Number(expiry[1]),
  };
}

/** Mollie's payment status as the interface's. */
export function statusOf(payment: MolliePayment): PaymentStatus {
  switch (payment.status) {
    // Still to be paid on the checkout: the member has to go there (or come back to it).
    case "open":
      return payment._links.checkout ? "action_required" : "open";
    // authorized: the money is held and captured by Mollie (automatic capture); paid comes next.
    case "pending":
    case "authorized":
      return "pending";
    case "paid": {
      const refunded = payment.amountRefunded ? centsOf(payment.amountRefunded.value) : 0;
      return refunded > 0 && refunded >= centsOf(payment.amount.value) ? "refunded" : "succeeded";
    }
    case "failed":
      return "failed";
    // The member left the checkout (canceled) or never finished it (expired): nothing was paid.
    case "canceled":
    case "expired":
      return "canceled";
  }
}

export function errorCodeOf(payment: MolliePayment, status: PaymentStatus): PaymentErrorCode | undefined {
  if (status === "canceled") return "payment_canceled";
  if (status !== "failed") return undefined;
  const reason = payment.details?.failureReason ?? "";
  // A failure without a reason (a bank method's) or with one Mollie adds later: the generic failure.
  return Object.hasOwn(MOLLIE_FAILURE_REASONS, reason)
    ? MOLLIE_FAILURE_REASONS[reason as keyof typeof MOLLIE_FAILURE_REASONS]
    : "generico";
}
