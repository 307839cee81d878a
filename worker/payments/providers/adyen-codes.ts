// Adyen's codes in the spec's terms (section 8): its refusal reasons (refusalReasonCode / refusalReason of a
// /payments answer, `reason` of a notification) and the errorCode of its error bodies, from
// https://docs.adyen.com/development-resources/refusal-reasons and .../error-codes. Shared by the adapter
// (./adyen.ts) and its webhook reading (./adyen-webhook.ts).
import type { CardBrand, PaymentErrorCode } from "../../contracts/payments";
import type { KeptCard } from "../provider";

/** What the spec's catalogue says for each of Adyen's refusal reasons (refusalReasonCode, refusalReason). */
export const ADYEN_REFUSALS: Record<string, { reason: string; errorCode: PaymentErrorCode }> = {
  "2": { reason: "Refused", errorCode: "card_declined" },
  "3": { reason: "Referral", errorCode: "card_declined" },
  "4": { reason: "Acquirer Error", errorCode: "processing_error" },
  "5": { reason: "Blocked Card", errorCode: "lost_or_stolen" },
  "6": { reason: "Expired Card", errorCode: "expired_card" },
  "7": { reason: "Invalid Amount", errorCode: "generico" },
  "8": { reason: "Invalid Card Number", errorCode: "invalid_number" },
  "9": { reason: "Issuer Unavailable", errorCode: "riprova" },
  "10": { reason: "Not supported", errorCode: "change_method" },
  "11": { reason: "3D Not Authenticated", errorCode: "warning" },
  "12": { reason: "Not enough balance", errorCode: "insufficient_funds" },
  "14": { reason: "Acquirer Fraud", errorCode: "card_declined" },
  "15": { reason: "Cancelled", errorCode: "payment_canceled" },
  "16": { reason: "Shopper Cancelled", errorCode: "payment_canceled" },
  "20": { reason: "FRAUD", errorCode: "card_declined" },
  "22": { reason: "FRAUD-CANCELLED", errorCode: "card_declined" },
  "23": { reason: "Transaction Not Permitted", errorCode: "change_method" },
  "24": { reason: "CVC Declined", errorCode: "invalid_cvc" },
  "25": { reason: "Restricted Card", errorCode: "lost_or_stolen" },
  // The member revoked the recurring permission at the bank: the kept card is no use, a new card is.
  "26": { reason: "Revocation Of Auth", errorCode: "already_declined_card" },
  "27": { reason: "Declined Non Generic", errorCode: "card_declined" },
  "28": { reason: "Withdrawal amount exceeded", errorCode: "insufficient_funds" },
  "29": { reason: "Withdrawal count exceeded", errorCode: "insufficient_funds" },
  "31": { reason: "Issuer Suspected Fraud", errorCode: "card_declined" },
  "32": { reason: "AVS Declined", errorCode: "address_blacklisted" },
  "38": { reason: "Authentication required", errorCode: "authentication_required" },
  "42": { reason: "3DS Authentication Error", errorCode: "warning" },
  // Adyen stops retries of a card that keeps failing: the catalogue's "use another method".
  "46": {
    reason: "Transaction blocked by Adyen to prevent excessive retry fees",
    errorCode: "change_method",
  },
};

/** What the catalogue says for the errorCode of an Adyen error body (HTTP 4xx/5xx, ServiceError). */
export const ADYEN_API_ERRORS: Record<string, PaymentErrorCode> = {
  // Our configuration (key, merchant account): the member can do nothing about it.
  "000": "problemi_api",
  "901": "problemi_api",
  "101": "invalid_number",
  "103": "invalid_cvc",
  "129": "expired_card",
  // The kept card's token is unknown to Adyen (deleted, or of another shopper): a new card is needed.
  "803": "already_declined_card",
  // The method is not enabled on the merchant account.
  "905": "change_method",
};

const ADYEN_BRANDS: Record<string, CardBrand> = {
  visa: "visa",
  mc: "mastercard",
  amex: "amex",
  diners: "diners",
  discover: "discover",
  jcb: "jcb",
};
export const brandOf = (variant: string | undefined): CardBrand =>
  ADYEN_BRANDS[(variant ?? "").replace(/_.*$/, "").toLowerCase()] ?? "unknown";

export interface AdyenServiceError {
  status?: number;
  errorCode?: string;
  message?: string;
  pspReference?: string;
}

/** The catalogue's code of a refusal, by its code or (webhooks carry only the text) its reason. */
export function refusalErrorCode(code: string | undefined, reason: string | undefined): PaymentErrorCode {
  const byCode = code ? ADYEN_REFUSALS[code] : undefined;
  if (byCode) return byCode.errorCode;
  const text = reason?.trim().toLowerCase();
  const byReason = Object.values(ADYEN_REFUSALS).find((row) => row.reason.toLowerCase() === text);
  return byReason?.errorCode ?? "card_declined";
}

/** The catalogue's code of an Adyen error body: the table's, else by the HTTP status. */
export function apiErrorCode(status: number, body: AdyenServiceError): PaymentErrorCode {
  const mapped = body.errorCode ? ADYEN_API_ERRORS[body.errorCode] : undefined;
  if (mapped) return mapped;
  return status === 422 ? "generico" : "problemi_api";
}

/** The card as the member typed it: what Adyen's additionalData lacks unless Card summary is switched on. */
export interface TypedCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The kept card Adyen reports in additionalData (its tokenization fields; Card summary and Expiry date when
 * switched on in the Customer Area), completed by the typed card.
 */
export function storedCardOf(
  data: Record<string, string> | undefined,
  brand: CardBrand,
  typed?: TypedCard,
): KeptCard | undefined {
  const token = data?.["tokenization.storedPaymentMethodId"] ?? data?.["recurring.recurringDetailReference"];
  const last4 = data?.cardSummary ?? typed?.last4;
  const [month, year] = (data?.expiryDate ?? "").split("/").map(Number);
  const expMonth = month || typed?.expMonth;
  const expYear = year || typed?.expYear;
  if (!token || !last4 || !expMonth || !expYear) return undefined;
  return {
    kind: "card",
    token,
    brand: brand === "unknown" && typed ? typed.brand : brand,
    last4,
    expMonth,
    expYear,
  };
}
