// Coda (Codapay) behind the PaymentProvider interface: the Hosted Payment Page API v2.0
// ({base}/airtime/api/restful/v2.0/Payment/…), as documented in Coda's public technical documentation
// (coda-payments.gitbook.io / docs.coda.co, read 2026-11): "Initiate a payment request" (init.json), "Display the
// hosted payment page" (/airtime/begin?txn_id=…), "Redirect URLs for Transaction Status", "Verify Transaction
// Status" (inquiryPaymentResult.json with needStatusFinal), "Get notified of a transaction status change" and
// "Ensuring Security" (Checksum = MD5 hex of TxnId + API key + OrderId + ResultCode), and the Codapay error code list.
//
// Coda serves the `coda` redirect method only: init answers a TxnId (a 19-digit number: it is read as text, never
// as a JS number, which would round it), the member pays on Coda's page and comes back to our return page with
// `TxnId` and `OrderId` in the query, and the payment is always read back with inquiryPaymentResult.
//
// What the public documentation does not give, and how it is modelled here:
// - Idempotency: Coda has no idempotency header. Our idempotency key is the init's `orderId` (Coda's "unique
//   transaction identifier", 4-64 characters), echoed by every inquiry and notification. Init moves no money (the
//   member pays on Coda's page for the one TxnId we send them to), and providerFetch sends a POST without a key
//   once, so a timed-out init is never repeated by the adapter; a second init by the caller at most leaves an
//   unpaid transaction that Coda expires.
// - Error bodies: calls answer HTTP 200 with a numeric `resultCode` (0 = success). Init's refusal is documented
//   with txnId 0; an inquiry answer whose txnId is not ours is read the same way, as about the call (bad key,
//   malformed request; 413 an unknown transaction) rather than about the payment.
// - The return: the documented profile `return_url` takes {transactionId} and {orderId} placeholders (Coda's sample
//   puts them in the path); they are put in the query here, as the portal's "Complete landing page URL" receives
//   them (?TxnId=…&OrderId=…), so the return page reads TxnId either way.
// - Notifications: GET with query parameters is documented; the portal's POST option is read as the same fields
//   form-encoded (its body format is not in the public pages).
// - Refunds: the Refund API is listed in the documentation's index (create a refund, refund status, production only,
//   no sandbox) but its request format is not public: refund() throws CodaUnsupported, a ProviderUnsupported (refunds go
//   through Coda's portal until Coda gives the API to the merchant; the console says so).
// - Renewals: Coda's recurring payments are "coming soon" and its tokenization API is archived: nothing to charge.
// The API key is sent in the request body (as Coda documents); it is never in a URL, an error message or a log line.
import type { PaymentStatus } from "../../contracts/payments";
import type { PaymentProvider, ProviderPayment, RedirectPayment, WebhookEvent } from "../provider";
import {
  CODA_PENDING_CODES,
  CodaApiError,
  CodaUnsupported,
  codaErrorCode,
  UNKNOWN_TRANSACTION,
} from "./coda-results";
import { type ProviderCallOptions, providerFetch } from "./http";

export interface CodaOptions {
  /** https://airtime.codapayments.com in production, https://sandbox.codapayments.com in tests with Coda; the fake's origin here. */
  apiBase: string;
  /** The merchant's global API key (v2.0): a Worker secret. It also keys the notifications' checksum. */
  apiKey: string;
  /** The title's project id, mandatory on every v2.0 call. */
  projectId: string;
  /** ISO 3166 numeric country of the brand's Codapay configuration (380 Italy, 724 Spain, 826 United Kingdom). */
  country: number;
  /**
   * Coda's payType: 0 shows Coda's own channel selection page (it must be enabled for the title, else result 233),
   * a channel id sends the member straight to that channel (e.g. PayPal for the picker's `coda_paypal`).
   */
  payType: number;
  /** providerFetch's timeout and backoff (shortened by the tests); a POST without a key is sent once. */
  call?: Omit<ProviderCallOptions, "idempotency">;
}

/** ISO 4217 numeric codes, as Coda's init takes the currency. */
const CURRENCY_NUMBERS: Record<string, number> = { EUR: 978, USD: 840, GBP: 826 };

/** Coda's TxnId: a number of up to 19 digits. Anything else is never sent to Coda. */
const TXN_ID = /^[1-9]\d{0,18}$/;

/**
 * Coda writes txnId (and orderId, when it was numeric) as bare JSON numbers of up to 19 digits: quoted before
 * parsing so they are read exactly (JSON.parse would round them to the nearest double).
 */
function parseCodaJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/("(?:txnId|orderId)"\s*:\s*)(-?\d+)/g, '$1"$2"'));
  } catch {
    return null;
  }
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

/** Coda's profile map ({entry: [{key, value}]}) as a plain object. */
function profileOf(value: unknown): Record<string, string> {
  const entries = record(value)?.entry;
  const out: Record<string, string> = {};
  if (Array.isArray(entries)) for (const e of entries) out[text(record(e)?.key)] = text(record(e)?.value);
  return out;
}

/** A refusal of init (no TxnId exists): our reference, unique per payment, so the row still records it once. */
const refusedReference = (idempotencyKey: string) => `refused_${idempotencyKey}`;

async function md5Hex(input: string) {
  // Workers' crypto.subtle digests MD5 (non-standard, kept for checksums like Coda's).
  const digest = await crypto.subtle.digest("MD5", new TextEncoder().encode(input));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two hex strings without stopping at the first difference. */
function sameHex(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The payment a transaction's result code describes. */
function paymentOf(reference: string, resultCode: number, final: boolean): ProviderPayment {
  if (resultCode === 0) return { reference, status: final ? "succeeded" : "pending" };
  if (CODA_PENDING_CODES.includes(resultCode)) return { reference, status: "pending" };
  const errorCode = codaErrorCode(resultCode);
  const status: PaymentStatus = errorCode === "payment_canceled" ? "canceled" : "failed";
  return { reference, status, errorCode };
}

export function codaProvider(options: CodaOptions): PaymentProvider {
  const origin = options.apiBase.replace(/\/+$/, "");
  const api = `${origin}/airtime/api/restful/v2.0/Payment`;

  /** One call to Coda: JSON in, JSON out (the envelope named `answer`); HTTP errors and unreadable bodies throw. */
  async function call(
    path: string,
    body: unknown,
    answer: "initResult" | "paymentResult",
  ): Promise<Record<string, unknown> & { resultCode: number }> {
    const response = await providerFetch(
      "coda",
      `${api}/${path}`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      options.call,
    );
    const parsed = record(record(parseCodaJson(await response.text()))?.[answer]);
    const resultCode = Number(parsed?.resultCode);
    if (response.status !== 200 || !parsed || !Number.isInteger(resultCode)) {
      throw new CodaApiError(response.status);
    }
    return { ...parsed, resultCode };
  }

  /** inquiryPaymentResult with needStatusFinal: the transaction as Coda holds it. */
  async function inquire(reference: string): Promise<{ payment: ProviderPayment; orderId: string }> {
    // A refused init, or anything that is not a TxnId: failed, as the sandbox answers an unknown reference.
    if (!TXN_ID.test(reference)) {
      return { payment: { reference, status: "failed", errorCode: "problemi_api" }, orderId: "" };
    }
    const result = await call(
      "inquiryPaymentResult.json",
      {
        inquiryPaymentRequest: {
          apiKey: options.apiKey,
          projectId: options.projectId,
          txnId: reference,
          needStatusFinal: "true",
        },
      },
      "paymentResult",
    );
    // An answer about the call rather than the transaction carries txnId 0 (our key or request is wrong, Coda is
    // busy): the payment's state is unknown, so it throws; an unknown transaction is a failed payment.
    if (text(result.txnId) !== reference) {
      if (result.resultCode === UNKNOWN_TRANSACTION) {
        return { payment: { reference, status: "failed", errorCode: "problemi_api" }, orderId: "" };
      }
      throw new CodaApiError(200, result.resultCode, text(result.resultDesc));
    }
    const profile = profileOf(result.profile);
    // Without isStatusFinal (an older answer) a success is taken as final, as Coda's notification is.
    const payment = paymentOf(reference, result.resultCode, profile.isStatusFinal !== "false");
    return { payment, orderId: text(result.orderId) };
  }

  const checkPayment = async (reference: string) => (await inquire(reference)).payment;

  const unsupported = (call: string, why: string) => Promise.reject(new CodaUnsupported(call, why));

  return {
    id: "coda",

    chargeCard: () => unsupported("charge a card", "the card form's provider does"),
    chargeWallet: () => unsupported("charge a wallet", "Apple Pay and Google Pay tokens go through Adyen"),
    startApplePaySession: () => unsupported("validate Apple Pay merchants", "Apple Pay goes through Adyen"),
    chargeStoredCard: () =>
      unsupported(
        "renew a plan",
        "Coda's recurring payments are not released and its tokenization API is archived: nothing is kept to charge",
      ),
    refund: () =>
      unsupported("refund", "Coda's Refund API request format is not public (refund in Coda's portal)"),

    async createRedirectPayment(payment: RedirectPayment) {
      if (payment.method !== "coda") {
        throw new CodaUnsupported(`take ${payment.method} payments`, "each method has its own adapter");
      }
      const currency = CURRENCY_NUMBERS[payment.currency];
      if (!currency) throw new CodaUnsupported(`take ${payment.currency}`, "no Codapay configuration for it");
      // Coda fills the placeholders with the TxnId and our order id (left unencoded: Coda matches them as text).
      const joiner = payment.returnUrl.includes("?") ? "&" : "?";
      const returnUrl = `${payment.returnUrl}${joiner}TxnId={transactionId}&OrderId={orderId}`;
      const result = await call(
        "init.json",
        {
          initRequest: {
            apiKey: options.apiKey,
            projectId: options.projectId,
            orderId: payment.idempotencyKey,
            country: options.country,
            currency,
            payType: options.payType,
            // One item: the plan, named as the statement shows it (Coda wants latin letters), price in major units.
            items: [
              {
                code: "plan",
                name: payment.descriptor.replace(/[^\x20-\x7e]/g, "").trim() || "Plan",
                price: payment.amountCents / 100,
              },
            ],
            // user_id is mandatory: our member reference, nothing personal.
            profile: {
              entry: [
                { key: "user_id", value: payment.shopperReference },
                { key: "return_url", value: returnUrl },
              ],
            },
          },
        },
        "initResult",
      );
      const txnId = text(result.txnId);
      if (result.resultCode !== 0 || !TXN_ID.test(txnId)) {
        return {
          reference: refusedReference(payment.idempotencyKey),
          status: "failed" as const,
          errorCode: codaErrorCode(result.resultCode),
        };
      }
      const checkout = new URL(`${origin}/airtime/begin`);
      checkout.searchParams.set("txn_id", txnId);
      return { reference: txnId, status: "action_required" as const, redirectUrl: checkout.toString() };
    },

    // Coda's approval is the payment: nothing to capture.
    capturePayment: checkPayment,
    checkPayment,

    async parseWebhook(request): Promise<WebhookEvent | null> {
      // Coda calls the notification URL with GET and query parameters (or POSTs them form-encoded when the
      // merchant turned POST notifications on).
      const params = new URL(request.url).searchParams;
      if (request.method === "POST") {
        const form = await request.formData().catch(() => null);
        form?.forEach((value, key) => {
          if (typeof value === "string") params.set(key, value);
        });
      }
      const txnId = params.get("TxnId") ?? "";
      const orderId = params.get("OrderId") ?? "";
      const resultCode = params.get("ResultCode") ?? "";
      const checksum = (params.get("Checksum") ?? "").toLowerCase();
      if (!TXN_ID.test(txnId) || !/^\d+$/.test(resultCode) || !/^[0-9a-f]{32}$/.test(checksum)) return null;
      const expected = await md5Hex(`${txnId}${options.apiKey}${orderId}${resultCode}`);
      if (!sameHex(expected, checksum)) return null;
      // The checksum leaves the price out; Coda asks merchants to reconcile with the inquiry before granting.
      const held = await inquire(txnId);
      return held.orderId === orderId ? { payment: held.payment } : null;
    },
  };
}
