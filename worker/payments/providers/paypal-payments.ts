// PayPal's orders as the interface's payments: amounts as PayPal writes them, an order's state as a payment's,
// and a refusal as a canceled or failed payment.
import type { ProviderPayment } from "../provider";
import { paypalErrorCode } from "./paypal-errors";
import type { ErrorBody, Order } from "./paypal-schemas";

/** Cents as PayPal's decimal string (2 decimals for EUR), without floating point. */
export const paypalAmount = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** PayPal's order as our payment. Until it is captured it waits for the member (or for our capture). */
export function toPayment(order: Order): ProviderPayment {
  const reference = order.id;
  if (order.status === "VOIDED") return { reference, status: "canceled", errorCode: "payment_canceled" };
  if (order.status !== "COMPLETED") {
    const approve = order.links.find((l) => l.rel === "payer-action" || l.rel === "approve");
    return { reference, status: "action_required", ...(approve ? { redirectUrl: approve.href } : {}) };
  }
  const capture = order.purchase_units[0]?.payments?.captures?.[0];
  switch (capture?.status) {
    case "COMPLETED":
    case "PARTIALLY_REFUNDED": {
      const wallet = order.payment_source?.paypal;
      const vault = wallet?.attributes?.vault;
      return {
        reference,
        status: "succeeded",
        ...(vault?.status === "VAULTED" && vault.id
          ? {
              storedCard: {
                kind: "paypal",
                token: vault.id,
                ...(wallet?.email_address ? { label: wallet.email_address } : {}),
              },
            }
          : {}),
      };
    }
    case "REFUNDED":
      return { reference, status: "refunded" };
    case "DECLINED":
    case "FAILED":
      return { reference, status: "failed", errorCode: "card_declined" };
    default:
      // PENDING (a review, an eCheck): PAYMENT.CAPTURE.COMPLETED or DENIED tells the end.
      return { reference, status: "pending" };
  }
}

/** A refusal as a payment: canceled when the member did not approve, failed otherwise. */
export function refused(reference: string, body: ErrorBody | null): ProviderPayment {
  const errorCode = paypalErrorCode(body);
  return { reference, status: errorCode === "payment_canceled" ? "canceled" : "failed", errorCode };
}
