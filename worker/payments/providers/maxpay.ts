// Maxpay behind the PaymentProvider interface: Maxpay's host-to-host card API, api_version 1 (one JSON POST to
// https://gateway.maxpay.com/api/cc, sandbox https://gateway-sandbox.maxpay.com/api/cc), as maxpay.com/docs
// ("Host to host integration") and Maxpay's own client libraries state it (github.com/maxpay/payment-sdk-ios
// and payment-sdk-android, October 2021: the request and answer fields, transaction types SALE, SALE3D,
// REFUND, CHECK, TOKENIZE…, cof_type CIT-initial / CIT-subsequent / MIT, the SALE3D answer's `acs_url` that
// the browser is sent to; github.com/maxpay/php-hpp-client, December 2021: the callback's X-Signature, the
// SHA-256 of the raw body followed by the private key). The merchant account and password travel in the
// body, as the API takes them; they and the card data are never in a URL, an error message or a log line.
//
// What the public documentation available here does not show, and how it is modelled (say so to whoever
// wires this, and check it against the merchant documentation Maxpay gives with the account):
// - The numeric response codes: the mapping is by Maxpay's `message` texts (MAXPAY_MESSAGES, the texts
//   Maxpay answers in declines as public merchant integrations read them), then by `status`.
// - The status lookup: modelled as transaction_type CHECK by `reference` or by our transaction_unique_id,
//   answering the transaction as its creation did; an unknown one is answered "Invalid transaction".
// - The query of the return to redirect_url after the ACS: modelled as `reference` (the spec's
//   /maxpay/paymentCheck?reference=), Maxpay's reference of the transaction.
// - The callback of the host-to-host API: modelled on the documented Callback 2.0 (JSON, X-Signature).
// - Idempotency: Maxpay has no idempotency header. Our key is the transaction_unique_id (unique per merchant
//   at Maxpay), the POST is tried once, and every call that moves money first looks the key up: a retry of a
//   call whose answer was lost (a timeout) answers the transaction Maxpay already made instead of a second.

import { z } from "zod";
import { cardBrandOf } from "../../contracts/card";
import type { PaymentErrorCode, PaymentStatus } from "../../contracts/payments";
import type {
  CardCharge,
  KeptCard,
  PaymentProvider,
  ProviderPayment,
  StoredCardCharge,
  WebhookEvent,
} from "../provider";
import { type ProviderCallOptions, providerFetch } from "./http";

/** What the member may see of the card of a transaction; `kept`: the member agreed to keep it for later. */
export type MaxpayShownCard = Omit<KeptCard, "token" | "kind"> & { kept: boolean };

/**
 * The card shown per Maxpay reference, kept on our side: Maxpay's answers (a check after 3-D Secure, a
 * callback) carry the card's token but not its brand, last digits or expiry. Nothing secret in it.
 */
export interface MaxpayCardStore {
  keep(reference: string, card: MaxpayShownCard): Promise<void>;
  find(reference: string): Promise<MaxpayShownCard | null>;
}

export interface MaxpayOptions {
  /** https://gateway.maxpay.com live, https://gateway-sandbox.maxpay.com for the sandbox; the fake's origin in tests. */
  apiBase: string;
  merchantAccount: string;
  merchantPassword: string;
  /** The account's private key: Maxpay signs its callbacks with it. */
  privateKey: string;
  /** Where Maxpay posts the final result of a transaction (this Worker's Maxpay callback route). */
  callbackUrl: string;
  cards: MaxpayCardStore;
  /** providerFetch's timeout and backoff (tests shorten them); every call is a POST tried once. */
  call?: Pick<ProviderCallOptions, "timeoutMs" | "sleep">;
}

/** Maxpay's decline and error messages, mapped to the spec's error catalogue (section 8). */
export const MAXPAY_MESSAGES = {
  "Insufficient funds": "insufficient_funds",
  "Withdrawal frequency limit exceeded": "insufficient_funds",
  "Invalid CVV": "invalid_cvc",
  "Invalid card number": "invalid_number",
  "Card expired or expiration date invalid": "expired_card",
  "Lost or stolen card": "lost_or_stolen",
  "Referal or restricted card": "lost_or_stolen",
  "Invalid or closed account": "lost_or_stolen",
  "3D secure failed": "warning",
  "Verification required by issuer": "authentication_required",
  // The card cannot pass 3-D Secure or is not taken here: another card or method may work.
  "Card 3D secure is not enabled.": "change_method",
  "Card type not supported": "change_method",
  // The member left the ACS page unanswered.
  "Transaction is expired": "payment_canceled",
  "Declined by anti-fraud system.": "card_declined",
  "Fraud bank decline": "card_declined",
  "Risk Bank Decline": "card_declined",
  "Authorization declined": "card_declined",
  "General bank decline": "card_declined",
  "Unauthorized transaction": "card_declined",
  "Transaction not permitted": "card_declined",
  "Bank negative list": "card_declined",
  // The cardholder revoked the kept card's authorisation, or the token is gone: renewals need a new card.
  "Revocation of authorization order": "already_declined_card",
  "Invalid bill token": "already_declined_card",
  // The bank or Maxpay failed: the payment did not happen, the member may try again.
  "Communication error with bank": "processing_error",
  "Malformed bank response": "processing_error",
  "Timeout between PSP and bank": "processing_error",
  "Acquirer internal error.": "processing_error",
  "Unexpected acquirer behavior": "processing_error",
  "Internal system error": "processing_error",
  // Our account or request is wrong: nothing the member can fix.
  "Access denied": "problemi_api",
  "Bank MID access credentials are incorrect": "problemi_api",
  "Transaction type not supported. Please, check routing.": "problemi_api",
  "Volume limit exceeded": "problemi_api",
  "Invalid amount": "problemi_api",
  "Invalid currency": "problemi_api",
} as const satisfies Record<string, PaymentErrorCode>;

/** The catalogue's code of a refusal: its message's, else card_declined for a decline and problemi_api for an error. */
export function maxpayErrorCode(status: string, message: string): PaymentErrorCode {
  if (Object.hasOwn(MAXPAY_MESSAGES, message))
    return MAXPAY_MESSAGES[message as keyof typeof MAXPAY_MESSAGES];
  // Validation errors ("Validation error in field(s) …", "Mandatory field(s) missing …") are our request's.
  return status === "decline" ? "card_declined" : "problemi_api";
}

/**
 * Maxpay gave no answer about the payment: an unreadable answer, or a status lookup it refused (our account
 * or request). Never read as a failed payment: the caller answers 503 and asks again later.
 */
export class MaxpayApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly maxpayMessage?: string,
  ) {
    super(
      `maxpay answered HTTP ${httpStatus}${maxpayMessage ? `: ${maxpayMessage}` : " without a readable transaction"}`,
    );
    this.name = "MaxpayApiError";
  }
}

/** A PaymentProvider method Maxpay's card API does not offer here. */
export class MaxpayUnsupported extends Error {
  constructor(method: string, why: string) {
    super(`maxpay: ${method} is not supported: ${why}`);
    this.name = "MaxpayUnsupported";
  }
}

/** A transaction as Maxpay answers it (creation and CHECK alike); the fields this adapter reads. */
const Transaction = z.object({
  status: z.string(),
  message: z.string().default(""),
  reference: z.string().nullish(),
  token: z.string().nullish(),
  acs_url: z.string().nullish(),
  currency: z.string().nullish(),
});
type Transaction = z.infer<typeof Transaction>;

/** Cents as Maxpay's decimal amount, without floating point. */
export const maxpayAmount = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** The reference of a charge Maxpay refused without making a transaction: ours, unique per payment. */
const refusedReference = (idempotencyKey: string) => `maxpay-refused-${idempotencyKey}`;

/** Maxpay's SHA-256 signature of a callback: hex of the body followed by the private key. */
export async function maxpaySignature(body: string, privateKey: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${body}${privateKey}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two hex signatures in time independent of where they differ. */
function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** First and last name from the holder's name, as Maxpay wants both (last_name at most 32 characters). */
function namesOf(holderName: string) {
  const parts = holderName.trim().split(/\s+/);
  const last = parts.length > 1 ? (parts.pop() ?? "") : "";
  return { first_name: parts.join(" ").slice(0, 32), last_name: (last || parts[0] || "").slice(0, 32) };
}

export function maxpayProvider(options: MaxpayOptions): PaymentProvider {
  const url = `${options.apiBase.replace(/\/+$/, "")}/api/cc`;
  const credentials = {
    api_version: 1,
    merchant_account: options.merchantAccount,
    merchant_password: options.merchantPassword,
  };

  /** One transaction request; Maxpay answers 200 with the transaction (a refusal included). */
  async function send(fields: Record<string, unknown>): Promise<Transaction> {
    const response = await providerFetch(
      "maxpay",
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...credentials, ...fields }),
      },
      options.call,
    );
    const parsed = Transaction.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new MaxpayApiError(response.status);
    return parsed.data;
  }

  /** The transaction by Maxpay's reference or our transaction_unique_id; null when Maxpay knows none. */
  async function lookup(by: { reference: string } | { transaction_unique_id: string }) {
    const found = await send({ transaction_type: "CHECK", ...by });
    // The transaction (whatever its status) names its reference; a refusal of the lookup itself does not.
    if (found.reference) return found;
    if (found.message === "Invalid transaction") return null;
    throw new MaxpayApiError(200, found.message);
  }

  /** Maxpay's transaction as our payment; `card`: what the member may see of the card charged. */
  async function toPayment(
    tx: Transaction,
    fallbackReference: string,
    card?: MaxpayShownCard,
  ): Promise<ProviderPayment> {
    const reference = tx.reference || fallbackReference;
    let status: PaymentStatus;
    if (tx.status === "success") status = tx.acs_url ? "action_required" : "succeeded";
    else if (tx.status === "decline" || tx.status === "error") status = "failed";
    // Any other status is Maxpay's still working on it: the callback tells the end.
    else status = "pending";
    const payment: ProviderPayment = { reference, status };
    if (status === "failed") {
      const errorCode = maxpayErrorCode(tx.status, tx.message);
      payment.errorCode = errorCode;
      if (errorCode === "payment_canceled") payment.status = "canceled";
    }
    // The member goes to the issuer's ACS page; Maxpay sends them back to redirect_url with the reference.
    if (status === "action_required" && tx.acs_url)
      payment.threeDs = { system: "maxpay", url: tx.acs_url, fields: {} };
    const shown = card ?? (tx.reference ? await options.cards.find(tx.reference) : null);
    if (shown) payment.card = { brand: shown.brand, last4: shown.last4 };
    if (status === "succeeded" && tx.token && shown?.kept) {
      const { kept: _, ...display } = shown;
      payment.storedCard = { kind: "card", token: tx.token, ...display };
    }
    return payment;
  }

  async function checkPayment(reference: string): Promise<ProviderPayment> {
    const tx = reference.startsWith("maxpay-refused-") ? null : await lookup({ reference });
    // A charge Maxpay refused to make, or one it does not know: failed, as the other adapters answer.
    if (!tx) return { reference, status: "failed", errorCode: "problemi_api" };
    return toPayment(tx, reference);
  }

  return {
    id: "maxpay",

    async chargeCard(charge: CardCharge) {
      const number = charge.card.number.replace(/\s+/g, "");
      const expYear = charge.card.expYear < 100 ? 2000 + charge.card.expYear : charge.card.expYear;
      const shown: MaxpayShownCard = {
        brand: cardBrandOf(number),
        last4: number.slice(-4),
        expMonth: charge.card.expMonth,
        expYear,
        kept: charge.storeCard,
      };
      const earlier = await lookup({ transaction_unique_id: charge.idempotencyKey });
      if (earlier) return toPayment(earlier, refusedReference(charge.idempotencyKey), shown);
      const tx = await send({
        transaction_unique_id: charge.idempotencyKey,
        // SALE3D: Maxpay runs 3-D Secure when the issuer asks (PSD2), else pays at once.
        transaction_type: "SALE3D",
        amount: maxpayAmount(charge.amountCents),
        currency: charge.currency,
        card_number: number,
        card_exp_month: String(charge.card.expMonth).padStart(2, "0"),
        card_exp_year: String(expYear),
        cvv: charge.card.cvc,
        card_holder: charge.card.holderName,
        ...namesOf(charge.card.holderName),
        // Maxpay requires all three; one missing is refused with its validation message, which maps to problemi_api.
        user_email: charge.customer?.email,
        user_ip: charge.customer?.ip,
        country: charge.customer?.country,
        merchant_user_id: charge.shopperReference,
        descriptor_merchant: charge.descriptor,
        cof_type: charge.storeCard ? "CIT-initial" : undefined,
        redirect_url: charge.returnUrl,
        callback_url: options.callbackUrl,
      });
      // Later answers about this transaction (after 3-D Secure, a callback) show the card from our side.
      if (tx.status === "success" && tx.reference) await options.cards.keep(tx.reference, shown);
      return toPayment(tx, refusedReference(charge.idempotencyKey), shown);
    },

    async chargeStoredCard(charge: StoredCardCharge) {
      const earlier = await lookup({ transaction_unique_id: charge.idempotencyKey });
      if (earlier) return toPayment(earlier, refusedReference(charge.idempotencyKey));
      // The card's token stands for its number, expiry and holder; a renewal is merchant initiated (MIT).
      const tx = await send({
        transaction_unique_id: charge.idempotencyKey,
        transaction_type: "SALE",
        amount: maxpayAmount(charge.amountCents),
        currency: charge.currency,
        token: charge.cardToken,
        merchant_user_id: charge.shopperReference,
        descriptor_merchant: charge.descriptor,
        cof_type: charge.merchantInitiated ? "MIT" : "CIT-subsequent",
        callback_url: options.callbackUrl,
      });
      return toPayment(tx, refusedReference(charge.idempotencyKey));
    },

    createRedirectPayment(payment) {
      return Promise.reject(
        new MaxpayUnsupported(`createRedirectPayment (${payment.method})`, "Maxpay takes the card form only"),
      );
    },

    chargeWallet() {
      return Promise.reject(
        new MaxpayUnsupported("chargeWallet", "Apple Pay and Google Pay tokens go through Adyen"),
      );
    },

    startApplePaySession() {
      return Promise.reject(new MaxpayUnsupported("startApplePaySession", "Apple Pay goes through Adyen"));
    },

    // A card payment is captured with its sale (SALE, SALE3D): nothing is left to capture.
    capturePayment: checkPayment,
    checkPayment,

    async parseWebhook(request): Promise<WebhookEvent | null> {
      const signature = request.headers.get("x-signature") ?? "";
      const body = await request.text();
      if (!sameSignature(signature.toLowerCase(), await maxpaySignature(body, options.privateKey)))
        return null;
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return null;
      }
      const reference = z.object({ reference: z.string().min(1) }).safeParse(json);
      if (!reference.success) return null;
      // Signed by Maxpay; its state is still read back, so a late or repeated callback says what Maxpay says now.
      return { payment: await checkPayment(reference.data.reference) };
    },

    async refund({ reference, amountCents, idempotencyKey }) {
      const uniqueId = `refund-${idempotencyKey}`;
      const earlier = await lookup({ transaction_unique_id: uniqueId });
      if (earlier?.status === "success") return { ok: true };
      const sale = await lookup({ reference });
      if (sale?.status !== "success") return { ok: false, errorCode: "generico" };
      const tx = await send({
        transaction_unique_id: uniqueId,
        transaction_type: "REFUND",
        reference,
        amount: maxpayAmount(amountCents),
        currency: sale.currency ?? "EUR",
      });
      return tx.status === "success"
        ? { ok: true }
        : { ok: false, errorCode: maxpayErrorCode(tx.status, tx.message) };
    },
  };
}
