// Codapay's result codes in the spec's error catalogue (init, inquiry and notification share them), the ones
// that mean a payment under way, the notification's acknowledgement, and the errors the adapter throws.
import type { PaymentErrorCode } from "../../contracts/payments";
import { ProviderUnsupported } from "../provider";

/**
 * What Codapay's result codes for a transaction mean in the spec's error catalogue. Codes not listed are generico.
 * Cancelled or expired transactions (nothing was paid) are read as canceled; the others as failed.
 */
export const CODA_RESULT_CODES = {
  // The member left, went back, or let the transaction expire.
  210: "payment_canceled",
  211: "payment_canceled",
  213: "payment_canceled",
  221: "payment_canceled",
  232: "payment_canceled",
  254: "payment_canceled",
  438: "payment_canceled",
  456: "payment_canceled",
  457: "payment_canceled",
  702: "payment_canceled",
  // Balance and limits of the member's account or card.
  414: "insufficient_funds",
  415: "insufficient_funds",
  416: "insufficient_funds",
  443: "insufficient_funds",
  502: "insufficient_funds",
  503: "insufficient_funds",
  706: "insufficient_funds",
  722: "insufficient_funds",
  // Card details.
  705: "expired_card",
  712: "invalid_cvc",
  717: "invalid_expiry_month",
  719: "invalid_expiry_month",
  708: "invalid_number",
  731: "invalid_number",
  742: "invalid_number",
  741: "lost_or_stolen",
  746: "lost_or_stolen",
  1004: "lost_or_stolen",
  // 3-D Secure: left on the secure page, or not completed.
  462: "warning",
  724: "authentication_required",
  // Declined by the issuer, the channel or a risk check.
  463: "card_declined",
  700: "card_declined",
  703: "card_declined",
  704: "card_declined",
  707: "card_declined",
  710: "card_declined",
  711: "card_declined",
  723: "card_declined",
  733: "card_declined",
  312: "card_declined",
  319: "card_declined",
  459: "card_declined",
  // Blacklisted parameters of the transaction (the member's details, device or address).
  309: "address_blacklisted",
  310: "address_blacklisted",
  311: "address_blacklisted",
  314: "address_blacklisted",
  315: "address_blacklisted",
  316: "address_blacklisted",
  // Too many attempts, or a channel that cannot take the payment: another method may work.
  452: "change_method",
  501: "change_method",
  725: "change_method",
  726: "change_method",
  1301: "change_method",
  // The channel failed to process it.
  253: "processing_error",
  404: "processing_error",
  407: "processing_error",
  412: "processing_error",
  715: "processing_error",
  // Passing trouble at Coda or its channel: the member may try again.
  101: "riprova",
  102: "riprova",
  229: "riprova",
  423: "riprova",
  426: "riprova",
  447: "riprova",
  492: "riprova",
  745: "riprova",
  // Our request or our Coda configuration is wrong: retrying will not help.
  202: "problemi_api",
  204: "problemi_api",
  214: "problemi_api",
  220: "problemi_api",
  225: "problemi_api",
  233: "problemi_api",
  236: "problemi_api",
  237: "problemi_api",
  251: "problemi_api",
  252: "problemi_api",
  413: "problemi_api",
} as const satisfies Record<number, PaymentErrorCode>;

/** "The order is being paid, check later" (inquiry's documented 216 and 431, and the other in-progress codes). */
export const CODA_PENDING_CODES: readonly number[] = [209, 216, 431, 435, 478, 481, 701, 747];

/** The inquiry's "no such transaction" (an unknown TxnId, or one Coda dropped). */
export const UNKNOWN_TRANSACTION = 413;

/** The catalogue's code for a Codapay result code (0, success, has none). */
export function codaErrorCode(resultCode: number): PaymentErrorCode {
  return Object.hasOwn(CODA_RESULT_CODES, resultCode)
    ? CODA_RESULT_CODES[resultCode as keyof typeof CODA_RESULT_CODES]
    : "generico";
}

/** What the notification route answers Coda once a notification is read (else Coda sends it again, 3 times). */
export const CODA_NOTIFICATION_ACK = "ResultCode=0";

/** Coda answered a call we cannot turn into a payment (an HTTP error, an unreadable body, a call error). */
export class CodaApiError extends Error {
  readonly errorCode: PaymentErrorCode;
  constructor(
    readonly status: number,
    readonly resultCode?: number,
    resultDesc?: string,
  ) {
    // Coda's status and result only: never the request (its body holds the key).
    super(
      `coda answered ${status}${resultCode === undefined ? "" : ` result ${resultCode} ${resultDesc ?? ""}`}`,
    );
    this.name = "CodaApiError";
    this.errorCode = resultCode === undefined ? "riprova" : codaErrorCode(resultCode);
  }
}

/** A call this product does not make through Coda (a refund: the console tells the operator to use Coda's portal). */
export class CodaUnsupported extends ProviderUnsupported {
  constructor(call: string, why: string) {
    super("coda", call, why);
    this.name = "CodaUnsupported";
  }
}
