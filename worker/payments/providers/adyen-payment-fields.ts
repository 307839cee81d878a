// Adyen's Checkout API fields as the adapter writes and reads them: the idempotency key, the shopper statement
// and the 3-D Secure 2 data it sends, and an answer of /payments or /payments/details as the interface's payment.
import type { PaymentStatus } from "../../contracts/payments";
import type { BrowserContext, CardCharge, ProviderPayment } from "../provider";
import { brandOf, refusalErrorCode, storedCardOf, type TypedCard } from "./adyen-codes";

/** pspReference: Adyen's 16 characters; anything else given to checkPayment is a redirectResult. */
export const PSP_REFERENCE = /^[A-Z0-9]{16}$/;

/** An Adyen answer to /payments or /payments/details, as far as this adapter reads it. */
export interface AdyenPaymentResponse {
  pspReference?: string;
  merchantReference?: string;
  resultCode?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  action?: { type?: string; url?: string; method?: string; data?: Record<string, string> };
  additionalData?: Record<string, string>;
  paymentMethod?: { brand?: string; type?: string };
}

/** Adyen's Idempotency-Key holds 64 characters: a longer key of ours is hashed to 64 hex characters. */
export async function idempotencyKeyOf(ours: string): Promise<string> {
  if (ours.length <= 64) return ours;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(ours));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Adyen's shopperStatement: 22 characters of a-z, A-Z, 0-9, space and a few signs (longer ones are cut). */
export const statementOf = (descriptor: string) =>
  descriptor
    .replace(/[^a-zA-Z0-9 .,'_\-?+*/]/g, "")
    .slice(0, 22)
    .trim();

export const base64 = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
};

/**
 * Adyen's answer as the interface's payment. `fallbackReference` names it when Adyen gave no pspReference;
 * `wallet`: the payment was an Apple Pay or Google Pay token, whose stored card is kept as that wallet.
 */
export function toPayment(
  response: AdyenPaymentResponse,
  fallbackReference: string,
  typed?: TypedCard,
  wallet?: "applepay" | "googlepay",
): ProviderPayment {
  const reference = response.pspReference ?? fallbackReference;
  const reported = brandOf(response.paymentMethod?.brand ?? response.additionalData?.paymentMethod);
  const brand = reported === "unknown" && typed ? typed.brand : reported;
  const last4 = response.additionalData?.cardSummary ?? typed?.last4;
  const payment: ProviderPayment = { reference, status: statusOf(response.resultCode) };
  if (response.merchantReference) payment.merchantReference = response.merchantReference;
  if (last4) payment.card = { brand, last4 };
  switch (payment.status) {
    case "succeeded": {
      const walletToken = response.additionalData?.["tokenization.storedPaymentMethodId"];
      const stored = wallet
        ? walletToken && { kind: wallet, token: walletToken }
        : storedCardOf(response.additionalData, brand, typed);
      if (stored) payment.storedCard = stored;
      break;
    }
    case "failed":
      payment.errorCode = refusalErrorCode(response.refusalReasonCode, response.refusalReason);
      break;
    case "canceled":
      payment.errorCode = "payment_canceled";
      break;
    case "action_required": {
      const action = response.action;
      if (action?.type !== "redirect" || !action.url) {
        // Only the redirect flow is asked for; a native 3-D Secure action cannot run on our pages.
        return { reference, status: "failed", errorCode: "processing_error" };
      }
      if (action.method === "POST") {
        payment.threeDs = { system: "adyen", url: action.url, fields: action.data ?? {} };
      } else {
        // A GET redirect: the wallets' (chargeCard always asks for POST). The wallet pages go to redirectUrl.
        payment.redirectUrl = action.url;
        payment.threeDs = { system: "adyen", url: action.url, fields: {} };
      }
      break;
    }
  }
  return payment;
}

/** Adyen's resultCode as the interface's status (https://docs.adyen.com/online-payments/payment-result-codes). */
function statusOf(resultCode: string | undefined): PaymentStatus {
  switch (resultCode) {
    case "Authorised":
      return "succeeded";
    case "Refused":
    case "Error":
    case "PartiallyAuthorised":
      return "failed";
    case "Cancelled":
      return "canceled";
    case "RedirectShopper":
    case "IdentifyShopper":
    case "ChallengeShopper":
      return "action_required";
    default:
      // Pending, Received, PresentToShopper: Adyen tells the outcome later (webhook).
      return "pending";
  }
}

/** 3-D Secure 2's data of the member's browser and page, as /payments names them (those the charge has). */
export function threeDs2Fields(charge: BrowserContext & { customer?: CardCharge["customer"] }) {
  return {
    ...(charge.browser ? { browserInfo: charge.browser } : {}),
    ...(charge.origin ? { origin: charge.origin } : {}),
    ...(charge.customer?.ip ? { shopperIP: charge.customer.ip } : {}),
  };
}
