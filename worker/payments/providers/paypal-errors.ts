// PayPal's errors in the spec's error catalogue (its issues and names), and the errors the adapter throws when
// PayPal answers no payment outcome or a call is not offered through PayPal.
import type { PaymentErrorCode } from "../../contracts/payments";
import type { ErrorBody } from "./paypal-schemas";

/**
 * PayPal's error names and details[].issue codes, mapped to the spec's error catalogue (section 8). An
 * issue is looked up before the name (the name is generic: UNPROCESSABLE_ENTITY); anything else is generico.
 */
export const PAYPAL_ERROR_CODES: Readonly<Record<string, PaymentErrorCode>> = {
  // The payer's funding source was refused by PayPal, the bank or the issuer.
  INSTRUMENT_DECLINED: "card_declined",
  TRANSACTION_REFUSED: "card_declined",
  CARD_EXPIRED: "expired_card",
  // The payer must take another way to pay.
  PAYER_CANNOT_PAY: "change_method",
  REDIRECT_PAYER_FOR_ALTERNATE_FUNDING: "change_method",
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: "change_method",
  // A vault id the payer has revoked: renewals need the member to pay again.
  AGREEMENT_ALREADY_CANCELLED: "change_method",
  PAYER_ACCOUNT_LOCKED_OR_CLOSED: "lost_or_stolen",
  PAYER_ACCOUNT_RESTRICTED: "lost_or_stolen",
  COMPLIANCE_VIOLATION: "address_blacklisted",
  // The payer must act first (3-D Secure of a card in the wallet).
  PAYER_ACTION_REQUIRED: "authentication_required",
  // Back from PayPal without approving: the member canceled.
  ORDER_NOT_APPROVED: "payment_canceled",
  // The member may simply try again with a new order.
  ORDER_EXPIRED: "riprova",
  // An invoice id (our idempotency key) paid before: never a second payment, and nothing the member can fix.
  DUPLICATE_INVOICE_ID: "processing_error",
  // Refunds PayPal refuses.
  CAPTURE_FULLY_REFUNDED: "processing_error",
  REFUND_AMOUNT_EXCEEDED: "processing_error",
  REFUND_TIME_LIMIT_EXCEEDED: "processing_error",
  // Our PayPal balance cannot fund the refund (the merchant's funds, not the member's).
  REFUND_FAILED_INSUFFICIENT_FUNDS: "processing_error",
  // Our merchant account is restricted: nothing the member can do.
  PAYEE_ACCOUNT_RESTRICTED: "problemi_api",
  // PayPal's own failures (5xx) are no answer about the payment: they throw PayPalApiError (problemi_api).
};

/** PayPal answered with an error that is no payment outcome (its 5xx, a refused credential): the caller's 503. */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | undefined,
    readonly debugId: string | undefined,
  ) {
    super(
      `PayPal answered ${status} ${errorName}${issue ? `/${issue}` : ""} (debug_id ${debugId ?? "none"})`,
    );
    this.name = "PayPalApiError";
  }
}

/** A PaymentProvider method PayPal does not offer here. */
export class PayPalUnsupported extends Error {
  constructor(method: string, why: string) {
    super(`PayPal: ${method} is not supported: ${why}`);
    this.name = "PayPalUnsupported";
  }
}

/** The error's catalogue code: its first mapped issue, else its name, else generico. */
export function paypalErrorCode(body: ErrorBody | null): PaymentErrorCode {
  for (const { issue } of body?.details ?? []) {
    const code = issue ? PAYPAL_ERROR_CODES[issue] : undefined;
    if (code) return code;
  }
  return (body?.name && PAYPAL_ERROR_CODES[body.name]) || "generico";
}
