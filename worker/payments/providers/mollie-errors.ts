// Mollie's failures in the spec's error catalogue: its card failure reasons, its API's error answers, and the
// errors the adapter throws when Mollie answers what it cannot use or a call is not made through Mollie.
import type { PaymentErrorCode } from "../../contracts/payments";

/** What Mollie's card failure reasons (details.failureReason) mean in the spec's error catalogue. */
export const MOLLIE_FAILURE_REASONS = {
  authentication_abandoned: "warning",
  authentication_failed: "warning",
  authentication_required: "authentication_required",
  authentication_unavailable_acs: "processing_error",
  card_declined: "card_declined",
  card_expired: "expired_card",
  inactive_card: "lost_or_stolen",
  insufficient_funds: "insufficient_funds",
  invalid_cvv: "invalid_cvc",
  invalid_card_holder_name: "card_declined",
  invalid_card_number: "invalid_number",
  // A card of a type the profile does not accept: another method may work.
  invalid_card_type: "change_method",
  possible_fraud: "card_declined",
  refused_by_issuer: "card_declined",
  unknown_reason: "generico",
} as const satisfies Record<string, PaymentErrorCode>;

/**
 * What Mollie's error statuses mean in the catalogue when it refuses a call. 4xx: our request or our account
 * is wrong and retrying will not help (problemi_api). 409 (the same idempotency key still in flight), 429 and
 * 5xx pass (riprova): creating calls throw MollieApiError for them, so the caller retries with the same key.
 */
export const MOLLIE_API_ERRORS = {
  400: "problemi_api",
  401: "problemi_api",
  403: "problemi_api",
  404: "problemi_api",
  405: "problemi_api",
  409: "riprova",
  410: "problemi_api",
  415: "problemi_api",
  422: "problemi_api",
  429: "riprova",
  500: "riprova",
  502: "riprova",
  503: "riprova",
  504: "riprova",
} as const satisfies Record<number, PaymentErrorCode>;

/** A 422 on these fields of a recurring payment: the kept mandate cannot be charged, the member needs a new one. */
const MANDATE_FIELDS = ["mandateId", "customerId"];

/** The catalogue's code for an error answer of Mollie's (`field` as the hal+json body names it). */
export function mollieErrorCode(status: number, field?: string): PaymentErrorCode {
  if (status === 422 && field && MANDATE_FIELDS.includes(field)) return "already_declined_card";
  const known = MOLLIE_API_ERRORS[status as keyof typeof MOLLIE_API_ERRORS];
  return known ?? (status >= 500 ? "riprova" : "problemi_api");
}

export const transient = (status: number) => status === 409 || status === 429 || status >= 500;

/** Mollie answered a call with an error it may not give again (409, 429, 5xx) or that we cannot turn into a payment. */
export class MollieApiError extends Error {
  readonly errorCode: PaymentErrorCode;
  constructor(
    readonly status: number,
    readonly title: string,
    readonly field?: string,
  ) {
    // Mollie's title and status only: never the request (its headers hold the key).
    super(`mollie answered ${status} ${title}${field ? ` (${field})` : ""}`);
    this.name = "MollieApiError";
    this.errorCode = mollieErrorCode(status, field);
  }
}

/** A call this product does not make through Mollie. */
export class MollieUnsupported extends Error {
  constructor(call: string, why: string) {
    super(`mollie does not ${call} here: ${why}`);
    this.name = "MollieUnsupported";
  }
}
