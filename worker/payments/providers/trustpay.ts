// TrustPay behind the PaymentProvider interface: TrustPay's card gateway ("Cards API", https://tpgw.trustpay.eu,
// test https://test-tpgw.trustpay.eu), API v1: POST /api/v1/purchase (form-encoded card payment, X-Api-Key),
// GET /api/v1/instance/{instanceId} (the payment's state), POST /api/v1/Refund, and its JSON notifications
// (PaymentInformation + an HMAC-SHA256 Signature).
//
// Sources, as of 2026-11: TrustPay's public documentation (doc.trustpay.eu) describes its Merchant API (MAPI
// v02: hosted card popup, signed notifications) and its banking API (aapi), but no public page of the card
// gateway's field list, result codes or notification signature could be found. This adapter therefore models
// the card gateway as a public, widely used integration of it states it (Juspay Hyperswitch's TrustPay
// connector, read not copied): field names, `instanceId`, `redirectUrl` + `redirectParams` (the 3-D Secure
// form), the ACI-style `paymentStatus` result codes, and the notification signed with HMAC-SHA256 over its
// values joined with "/". Said plainly where we chose without a source:
// - the notification names the card transaction by `References.PaymentId`, read here as the instanceId;
// - the signed values are taken in the order the JSON carries them (depth first, the Signature left out);
// - card-on-file / recurring fields of the card gateway are not publicly documented: chargeStoredCard throws
//   TrustPayUnsupported (renewals of a TrustPay brand need another provider or TrustPay's written spec);
// - TrustPay documents no idempotency header: creating calls are sent once (providerFetch does not retry a POST
//   without a key), and our idempotency key travels as TrustPay's `reference` (MerchantReference), so a payment
//   whose answer was lost is found by its notification (which carries it) or by the return page, never by
//   charging again.
// - the interface's card charge carries no billing address, e-mail, IP or 3-D Secure 2 browser data, which that
//   integration sends (billing[...], customer[...], browser[...]): only the card, amount, reference and return URL
//   go; TrustPay may ask for more when the account is set up.
// 3-D Secure: the purchase answers `redirectUrl` and `redirectParams`; the member's browser posts that form (the
// spec's "hidden frame, then the redirect form", ThreeDsAction system "trustpay") and the ACS sends them back to
// our return page with `instanceId`, which checkPayment reads. Card data goes in the purchase body only: it is
// never in a URL, an error message or a log line; errors carry TrustPay's status and codes only.
import { z } from "zod";
import type { CardBrand, PaymentErrorCode, PaymentStatus } from "../../contracts/payments";
import type { CardCharge, PaymentProvider, ProviderPayment, WebhookEvent } from "../provider";
import { type ProviderCallOptions, providerFetch } from "./http";

export interface TrustPayOptions {
  /** https://tpgw.trustpay.eu live, https://test-tpgw.trustpay.eu with test credentials; the fake in tests. */
  apiBase: string;
  /** The project's API key (X-Api-Key): a Worker secret. */
  apiKey: string;
  /** The project's secret key, which signs TrustPay's notifications: a Worker secret. */
  secretKey: string;
  /** providerFetch's timeout, retries and backoff (shortened by the tests). */
  call?: Omit<ProviderCallOptions, "idempotency">;
}

/**
 * TrustPay's card result codes (`paymentStatus`, and a rejected notification's Reason.Code) mapped to the spec's
 * error catalogue (section 8). Success and pending codes are not errors: see statusOfCode.
 */
export const TRUSTPAY_RESULT_CODES = {
  "100.100.600": "invalid_cvc", // empty CVV for VISA, MASTER not allowed
  "100.350.100": "processing_error", // referenced session is rejected
  "100.380.401": "warning", // user authentication failed (3-D Secure)
  "100.380.501": "processing_error", // risk management transaction timeout
  "100.390.103": "warning", // PARes validation failed
  "100.390.111": "processing_error", // communication error to the card schemes' directory server
  "100.390.112": "processing_error", // technical error in 3D system
  "100.390.115": "warning", // authentication failed: invalid message format
  "100.390.118": "warning", // authentication failed: suspected fraud
  "100.400.304": "problemi_api", // invalid input data
  "100.550.312": "change_method", // amount outside the allowed ticket size
  "200.300.404": "problemi_api", // invalid or missing parameter
  "300.100.100": "authentication_required", // additional customer authentication required
  "400.001.301": "warning", // card not enrolled in 3DS
  "400.001.600": "warning", // authentication error
  "400.001.601": "warning", // declined (authentication declined)
  "400.001.602": "processing_error", // invalid transaction
  "400.001.603": "processing_error", // invalid transaction
  "700.400.200": "processing_error", // cannot refund (volume exceeded, reversed, invalid workflow)
  "700.500.001": "processing_error", // referenced session contains too many transactions
  "700.500.003": "problemi_api", // test accounts not allowed in production
  "800.100.151": "invalid_number", // invalid card
  "800.100.152": "card_declined", // declined by the authorization system
  "800.100.153": "invalid_cvc", // invalid CVV
  "800.100.155": "insufficient_funds", // amount exceeds credit
  "800.100.157": "expired_card", // wrong expiry date
  "800.100.158": "card_declined", // suspecting manipulation
  "800.100.160": "lost_or_stolen", // card blocked
  "800.100.162": "insufficient_funds", // limit exceeded
  "800.100.163": "change_method", // maximum transaction frequency exceeded
  "800.100.168": "lost_or_stolen", // restricted card
  "800.100.170": "change_method", // transaction not permitted
  "800.100.171": "lost_or_stolen", // pick up card
  "800.100.172": "lost_or_stolen", // account blocked
  "800.100.190": "problemi_api", // invalid configuration data (our account)
  "800.120.100": "riprova", // rejected by throttling
  "800.300.401": "address_blacklisted", // BIN blacklisted
  "800.700.100": "riprova", // the same session is being processed: try again later
} as const satisfies Record<string, PaymentErrorCode>;

/** The payment is still being decided (TrustPay's pending, and "timeout, uncertain result"): not a failure. */
const PENDING_CODES = ["000.200.000", "900.100.300"];

/** Successful result codes, as the ACI-style code families group them. */
const SUCCESS = /^(000\.000\.|000\.100\.1|000\.[36]|000\.400\.(0[^3]|100))/;

/** The interface's status and error code of a result code (absent: the member has not finished 3-D Secure). */
export function statusOfCode(code: string | null | undefined): {
  status: PaymentStatus;
  errorCode?: PaymentErrorCode;
} {
  if (!code) return { status: "action_required" };
  if (SUCCESS.test(code)) return { status: "succeeded" };
  if (PENDING_CODES.includes(code)) return { status: "pending" };
  const mapped = Object.hasOwn(TRUSTPAY_RESULT_CODES, code)
    ? TRUSTPAY_RESULT_CODES[code as keyof typeof TRUSTPAY_RESULT_CODES]
    : undefined;
  // A refusal with a code TrustPay adds later: the catalogue's default.
  return { status: "failed", errorCode: mapped ?? "card_declined" };
}

/** HTTP answers that are no payment outcome: our request or account (problemi_api) or TrustPay's load (riprova). */
export const TRUSTPAY_HTTP_ERRORS = {
  400: "problemi_api",
  401: "problemi_api",
  403: "problemi_api",
  404: "problemi_api",
  429: "riprova",
  500: "riprova",
  502: "riprova",
  503: "riprova",
  504: "riprova",
} as const satisfies Record<number, PaymentErrorCode>;

export function trustpayHttpErrorCode(status: number): PaymentErrorCode {
  const known = TRUSTPAY_HTTP_ERRORS[status as keyof typeof TRUSTPAY_HTTP_ERRORS];
  return known ?? (status >= 500 ? "riprova" : "problemi_api");
}

/** TrustPay answered with an error that says nothing of the payment (401, 429, 5xx, an unreadable body). */
export class TrustPayApiError extends Error {
  readonly errorCode: PaymentErrorCode;
  constructor(
    readonly status: number,
    readonly description: string,
  ) {
    super(`trustpay answered ${status} ${description}`);
    this.name = "TrustPayApiError";
    this.errorCode = trustpayHttpErrorCode(status);
  }
}

/** A PaymentProvider method TrustPay does not serve here. */
export class TrustPayUnsupported extends Error {
  constructor(call: string, why: string) {
    super(`trustpay does not ${call} here: ${why}`);
    this.name = "TrustPayUnsupported";
  }
}

/** The card gateway's answer to a purchase, a check and a refund (the fields this adapter reads). */
const CardAnswer = z.object({
  status: z.number(),
  description: z.string().nullish(),
  instanceId: z.string(),
  paymentStatus: z.string().nullish(),
  paymentDescription: z.string().nullish(),
  redirectUrl: z.string().nullish(),
  redirectParams: z.record(z.string(), z.string()).nullish(),
});
type CardAnswer = z.infer<typeof CardAnswer>;
const ErrorBody = z.object({ status: z.number(), description: z.string().nullish() });

/** TrustPay's notification of a card payment (CRDT) or its refund (DBIT). */
const Notification = z.object({
  PaymentInformation: z.object({
    CreditDebitIndicator: z.enum(["CRDT", "DBIT"]),
    References: z.object({ MerchantReference: z.string(), PaymentId: z.string() }),
    Status: z.string(),
    Amount: z.object({ Amount: z.number(), Currency: z.string() }),
    StatusReasonInformation: z
      .object({ Reason: z.object({ Code: z.string(), RejectReason: z.string().nullish() }) })
      .nullish(),
  }),
  Signature: z.string(),
});

/** The ids TrustPay gives: letters, digits and dashes. Anything else is never put into a URL. */
const INSTANCE_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Cents as TrustPay's amount: a decimal string with two places. */
export const trustpayAmount = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** The card's brand from its number's prefix (the receipt's icon); the number itself is not kept. */
export function cardBrandOf(number: string): CardBrand {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^3(0[0-5]|[68])/.test(number)) return "diners";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  if (/^35/.test(number)) return "jcb";
  return "unknown";
}

/** The values of a JSON document in document order (depth first), the signature left out: what TrustPay signs. */
function signedValues(value: unknown, out: string[] = []): string[] {
  if (value === null || value === undefined) return out;
  if (Array.isArray(value)) for (const item of value) signedValues(item, out);
  else if (typeof value === "object") {
    for (const [key, item] of Object.entries(value)) if (key !== "Signature") signedValues(item, out);
  } else out.push(String(value));
  return out;
}

/** The bytes TrustPay's notification signature covers. */
const signedMessage = (document: unknown) => new TextEncoder().encode(signedValues(document).join("/"));

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function hmacKey(secret: string) {
  return crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

/** The notification's signature as TrustPay computes it: HMAC-SHA256 of the values joined with "/", in hex. */
export async function trustpaySignature(secret: string, document: unknown): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), signedMessage(document));
  return hex(mac).toUpperCase();
}

export function trustpayProvider(options: TrustPayOptions): PaymentProvider {
  const base = options.apiBase.replace(/\/+$/, "");
  const headers = { "x-api-key": options.apiKey, accept: "application/json" };

  async function call(method: "GET" | "POST", path: string, form?: Record<string, string>) {
    const response = await providerFetch(
      "trustpay",
      `${base}${path}`,
      {
        method,
        headers: form ? { ...headers, "content-type": "application/x-www-form-urlencoded" } : headers,
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      },
      options.call,
    );
    const json: unknown = await response.json().catch(() => null);
    // TrustPay's own failure, a refused key or throttling says nothing of the payment: never mark it failed.
    if (
      response.status === 401 ||
      response.status === 403 ||
      response.status === 429 ||
      response.status >= 500
    ) {
      throw new TrustPayApiError(response.status, ErrorBody.safeParse(json).data?.description ?? "error");
    }
    return { status: response.status, json };
  }

  /** An answer of the card gateway as our payment (`card`: what the member paid with, when we know it). */
  function toPayment(answer: CardAnswer, card?: { brand: CardBrand; last4: string }): ProviderPayment {
    const { status, errorCode } = statusOfCode(answer.paymentStatus);
    const payment: ProviderPayment = {
      reference: answer.instanceId,
      status,
      ...(errorCode ? { errorCode } : {}),
    };
    // The purchase's answer carries the ACS form; a later check of an unfinished payment has none to give.
    if (status === "action_required" && answer.redirectUrl) {
      payment.threeDs = { system: "trustpay", url: answer.redirectUrl, fields: answer.redirectParams ?? {} };
    }
    if (card) payment.card = card;
    return payment;
  }

  async function checkPayment(instanceId: string): Promise<ProviderPayment> {
    if (!INSTANCE_ID.test(instanceId))
      return { reference: instanceId, status: "failed", errorCode: "generico" };
    const { status, json } = await call("GET", `/api/v1/instance/${instanceId}`);
    const answer = CardAnswer.safeParse(json);
    // A payment TrustPay does not know (or a body we cannot read): failed, as the other adapters answer.
    if (status !== 200 || !answer.success)
      return { reference: instanceId, status: "failed", errorCode: trustpayHttpErrorCode(status) };
    return toPayment(answer.data);
  }

  const unsupported = (call: string, why: string) => Promise.reject(new TrustPayUnsupported(call, why));

  return {
    id: "trustpay",

    async chargeCard(charge: CardCharge) {
      // `storeCard` is not honoured: keeping the card needs the gateway's recurring fields (not publicly
      // documented). The charge goes ahead without a kept card, so no renewal is ever charged through TrustPay.
      const { card } = charge;
      const number = card.number.replace(/\s+/g, "");
      const form = {
        amount: trustpayAmount(charge.amountCents),
        currency: charge.currency,
        pan: number,
        cvv: card.cvc,
        exp: `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`,
        cardholder: card.holderName,
        // Ours: TrustPay's MerchantReference, which its notification carries back.
        reference: charge.idempotencyKey,
        redirectUrl: charge.returnUrl,
        descriptor: charge.descriptor.slice(0, 25),
        "browser[paymentType]": "Plain",
      };
      const { status, json } = await call("POST", "/api/v1/purchase", form);
      const paidWith = { brand: cardBrandOf(number), last4: number.slice(-4) };
      const answer = CardAnswer.safeParse(json);
      if (status === 200 && answer.success) return toPayment(answer.data, paidWith);
      // A refused request (400): no instance exists; ours stands in, unique per payment.
      return {
        reference: `trustpay-refused-${charge.idempotencyKey}`,
        status: "failed",
        errorCode: "problemi_api",
      };
    },

    chargeStoredCard() {
      return unsupported(
        "charge a kept card",
        "the card gateway's card-on-file and recurring fields are not publicly documented",
      );
    },
    createRedirectPayment(payment) {
      return unsupported(`take ${payment.method} payments`, "TrustPay serves the card form only");
    },
    chargeWallet() {
      return unsupported("charge a wallet", "Apple Pay and Google Pay tokens go through Adyen");
    },
    startApplePaySession() {
      return unsupported("validate Apple Pay merchants", "Apple Pay goes through Adyen");
    },

    // A card payment is captured with its authorisation: the answer is its current state.
    capturePayment: checkPayment,
    checkPayment,

    async parseWebhook(request): Promise<WebhookEvent | null> {
      let document: unknown;
      try {
        document = JSON.parse(await request.text());
      } catch {
        return null;
      }
      const parsed = Notification.safeParse(document);
      if (!parsed.success || !/^[0-9A-Fa-f]{64}$/.test(parsed.data.Signature)) return null;
      const signature = new Uint8Array(
        parsed.data.Signature.match(/../g)?.map((b) => Number.parseInt(b, 16)) ?? [],
      );
      // crypto.subtle.verify compares in constant time.
      const genuine = await crypto.subtle.verify(
        "HMAC",
        await hmacKey(options.secretKey),
        signature,
        signedMessage(document),
      );
      if (!genuine) return null;
      const info = parsed.data.PaymentInformation;
      const reference = info.References.PaymentId;
      if (info.CreditDebitIndicator === "DBIT") {
        // A refund of ours that TrustPay paid out (ours are full refunds); chargebacks and refused refunds are
        // not a payment's state here.
        return info.Status === "Paid" || info.Status === "Refunded"
          ? { payment: { reference, status: "refunded" } }
          : null;
      }
      if (info.Status === "Paid") return { payment: { reference, status: "succeeded" } };
      if (info.Status === "Rejected") {
        const code = info.StatusReasonInformation?.Reason.Code;
        return { payment: { reference, ...statusOfCode(code ?? "rejected") } };
      }
      return null;
    },

    async refund({ reference, amountCents, idempotencyKey }) {
      if (!INSTANCE_ID.test(reference)) return { ok: false, errorCode: "generico" };
      // No idempotency header at TrustPay: sent once, with our key as the refund's reference.
      const { status, json } = await call("POST", "/api/v1/Refund", {
        instanceId: reference,
        amount: trustpayAmount(amountCents),
        // The interface's refund has no currency: the product sells in EUR only (spec section 9).
        currency: "EUR",
        reference: idempotencyKey,
      });
      const answer = CardAnswer.safeParse(json);
      if (status !== 200 || !answer.success) return { ok: false, errorCode: trustpayHttpErrorCode(status) };
      const outcome = statusOfCode(answer.data.paymentStatus);
      return outcome.status === "succeeded" || outcome.status === "pending"
        ? { ok: true }
        : { ok: false, errorCode: outcome.errorCode ?? "processing_error" };
    },
  };
}
