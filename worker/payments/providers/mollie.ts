// Mollie behind the PaymentProvider interface: Mollie API v2 (https://api.mollie.com/v2, as documented at
// docs.mollie.com: Payments, Customers, Mandates and Refunds APIs, API idempotency, webhooks, error bodies).
// Mollie serves the `mollie` redirect method only: the member pays on Mollie's hosted checkout
// (`_links.checkout.href`) and comes back to the return page, which keeps the payment's id itself (Mollie adds
// none to the redirectUrl). A renewing plan's first payment is made for a Mollie customer with sequenceType
// `first`; its mandate is then the kept "card" that renewals charge (sequenceType `recurring`). Mollie's
// webhook carries only `id=tr_…` and no signature: it is confirmed by fetching the payment with our key, so a
// forged call can at most make us read a payment as Mollie tells it. The API key goes in the Authorization
// header only: it is never in a URL, an error message or a log line.
import type {
  PaymentProvider,
  ProviderPayment,
  RedirectPayment,
  StoredCardCharge,
  WebhookEvent,
} from "../provider";
import { type ProviderCallOptions, providerFetch } from "./http";
import { MollieApiError, MollieUnsupported, transient } from "./mollie-errors";
import {
  brandOf,
  CUSTOMER_ID,
  ErrorBody,
  errorCodeOf,
  MANDATE_ID,
  MandateList,
  MollieCustomer,
  MollieMandate,
  MolliePayment,
  mollieAmount,
  PAYMENT_ID,
  parseToken,
  refusedReference,
  statusOf,
  storedCardOf,
} from "./mollie-resources";

/**
 * The members' customers at Mollie, kept on our side: Mollie's Customers API cannot find a customer by our
 * reference (its list has no filter), so the adapter asks here first and creates one only when none is kept.
 */
export interface MollieCustomerStore {
  find(shopperReference: string): Promise<string | null>;
  keep(shopperReference: string, customerId: string): Promise<void>;
}

export interface MollieOptions {
  /** https://api.mollie.com in production; the fake's origin in tests. */
  apiBase: string;
  /** The profile's `live_…` (or `test_…`) API key: a Worker secret. */
  apiKey: string;
  /** Where Mollie posts `id=tr_…` on every status change (this Worker's Mollie webhook route). */
  webhookUrl: string;
  customers: MollieCustomerStore;
  /** providerFetch's timeout, retries and backoff (shortened by the tests). */
  call?: Omit<ProviderCallOptions, "idempotency">;
}

export function mollieProvider(options: MollieOptions): PaymentProvider {
  const base = `${options.apiBase.replace(/\/+$/, "")}/v2`;
  const headers = {
    authorization: `Bearer ${options.apiKey}`,
    accept: "application/hal+json",
    "content-type": "application/json",
  };

  /**
   * One call to Mollie. `key`: our idempotency key for a creating POST, namespaced per endpoint (Mollie
   * answers 400 to one key on two endpoints) and replayed by Mollie for an hour, so a retry creates nothing new.
   */
  async function call(method: "GET" | "POST", path: string, body?: unknown, key?: string) {
    const response = await providerFetch(
      "mollie",
      `${base}${path}`,
      { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
      { ...options.call, ...(key ? { idempotency: { header: "Idempotency-Key", key } } : {}) },
    );
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, json };
  }

  function apiError(status: number, json: unknown) {
    const body = ErrorBody.safeParse(json);
    return new MollieApiError(status, body.success ? body.data.title : "unreadable answer", body.data?.field);
  }

  /** The mandate a paid first payment created, when Mollie still lists it. */
  async function mandateOf(customerId: string, mandateId: string) {
    if (!CUSTOMER_ID.test(customerId) || !MANDATE_ID.test(mandateId)) return null;
    const { status, json } = await call("GET", `/customers/${customerId}/mandates/${mandateId}`);
    if (status === 404) return null;
    if (status !== 200) throw apiError(status, json);
    return MollieMandate.parse(json);
  }

  async function toPayment(payment: MolliePayment): Promise<ProviderPayment> {
    const status = statusOf(payment);
    const answer: ProviderPayment = { reference: payment.id, status };
    const errorCode = errorCodeOf(payment, status);
    if (errorCode) answer.errorCode = errorCode;
    if (status === "action_required" && payment._links.checkout)
      answer.redirectUrl = payment._links.checkout.href;
    const last4 = payment.details?.cardNumber;
    if (last4 && /^\d{4}$/.test(last4)) answer.card = { brand: brandOf(payment.details?.cardLabel), last4 };
    // A paid first payment made the mandate the renewals charge: it is kept as the member's card.
    if (
      status === "succeeded" &&
      payment.sequenceType === "first" &&
      payment.customerId &&
      payment.mandateId
    ) {
      const mandate = await mandateOf(payment.customerId, payment.mandateId);
      const storedCard = mandate ? storedCardOf(payment.customerId, mandate) : undefined;
      if (storedCard) answer.storedCard = storedCard;
    }
    return answer;
  }

  /** Creates a payment; Mollie's definite refusal (4xx) is a failed payment, a passing one (409, 429, 5xx) throws. */
  async function createPayment(body: Record<string, unknown>, idempotencyKey: string) {
    const { status, json } = await call("POST", "/payments", body, `payment-${idempotencyKey}`);
    if (status === 201) return toPayment(MolliePayment.parse(json));
    const error = apiError(status, json);
    if (transient(status)) throw error;
    return {
      reference: refusedReference(idempotencyKey),
      status: "failed" as const,
      errorCode: error.errorCode,
    };
  }

  /** The member's customer at Mollie: the kept one, else a new one (named by our reference: nothing personal). */
  async function customerOf(shopperReference: string) {
    const kept = await options.customers.find(shopperReference);
    if (kept) return kept;
    const { status, json } = await call(
      "POST",
      "/customers",
      { name: shopperReference, metadata: { shopperReference } },
      `customer-${shopperReference}`,
    );
    if (status !== 201) throw apiError(status, json);
    const { id } = MollieCustomer.parse(json);
    await options.customers.keep(shopperReference, id);
    return id;
  }

  /** Get payment; null when Mollie knows no such payment. */
  async function fetchPayment(id: string) {
    if (!PAYMENT_ID.test(id)) return null;
    const { status, json } = await call("GET", `/payments/${id}`);
    if (status === 404 || status === 410) return null;
    if (status !== 200) throw apiError(status, json);
    return MolliePayment.parse(json);
  }

  async function checkPayment(reference: string): Promise<ProviderPayment> {
    const payment = await fetchPayment(reference);
    // A payment Mollie refused to create, or one it does not know: failed, as the sandbox answers.
    if (!payment) return { reference, status: "failed", errorCode: "problemi_api" };
    return toPayment(payment);
  }

  return {
    id: "mollie",
    // A renewing plan's first payment makes a card mandate, kept as the member's card (storedCardOf).
    renewsWith: ["mollie"],

    chargeCard() {
      // Mollie takes card data only on its hosted checkout or through Mollie Components' cardToken; the card
      // form's payments go to the brand's card provider (Adyen, TrustPay, Maxpay).
      return Promise.reject(new MollieUnsupported("charge a card", "the card form's provider does"));
    },

    chargeWallet() {
      return Promise.reject(
        new MollieUnsupported("charge a wallet", "Apple Pay and Google Pay tokens go through Adyen"),
      );
    },

    startApplePaySession() {
      return Promise.reject(
        new MollieUnsupported("validate Apple Pay merchants", "Apple Pay goes through Adyen"),
      );
    },

    async createRedirectPayment(payment: RedirectPayment) {
      if (payment.method !== "mollie") {
        throw new MollieUnsupported(`take ${payment.method} payments`, "each method has its own adapter");
      }
      // A card, so that the first payment's mandate is one storedCardOf keeps (a bank's would not be).
      const first = payment.storeCard
        ? {
            customerId: await customerOf(payment.shopperReference),
            sequenceType: "first",
            method: "creditcard",
          }
        : {};
      return createPayment(
        {
          amount: mollieAmount(payment.amountCents, payment.currency),
          description: payment.descriptor,
          redirectUrl: payment.returnUrl,
          webhookUrl: options.webhookUrl,
          metadata: { reference: payment.idempotencyKey, shopperReference: payment.shopperReference },
          ...first,
        },
        payment.idempotencyKey,
      );
    },

    async chargeStoredCard(charge: StoredCardCharge) {
      const kept = parseToken(charge.cardToken);
      const refused = {
        reference: refusedReference(charge.idempotencyKey),
        status: "failed" as const,
        errorCode: "already_declined_card" as const,
      };
      if (!kept) return refused;
      // Mollie's recurring guide: charge only while the customer's mandate is listed valid.
      const { status, json } = await call("GET", `/customers/${kept.customerId}/mandates?limit=250`);
      if (status === 404) return refused;
      if (status !== 200) throw apiError(status, json);
      const mandate = MandateList.parse(json)._embedded.mandates.find((m) => m.id === kept.mandateId);
      if (mandate?.status !== "valid") return refused;
      // One-tap (member present) or a renewal: both are Mollie's on-demand recurring payment.
      return createPayment(
        {
          amount: mollieAmount(charge.amountCents, charge.currency),
          description: charge.descriptor,
          sequenceType: "recurring",
          customerId: kept.customerId,
          mandateId: kept.mandateId,
          webhookUrl: options.webhookUrl,
          metadata: { reference: charge.idempotencyKey, shopperReference: charge.shopperReference },
        },
        charge.idempotencyKey,
      );
    },

    // Mollie's approval is the payment: there is nothing to capture (automatic capture mode).
    capturePayment: checkPayment,
    checkPayment,

    async parseWebhook(request): Promise<WebhookEvent | null> {
      // `id=tr_…`, form-encoded; any other field (a forged status) is never read.
      const form = await request.formData().catch(() => null);
      const id = form?.get("id");
      const payment = typeof id === "string" ? await fetchPayment(id) : null;
      return payment ? { payment: await toPayment(payment) } : null;
    },

    async refund({ reference, amountCents, idempotencyKey }) {
      const payment = await fetchPayment(reference);
      if (!payment) return { ok: false, errorCode: "generico" };
      const { status, json } = await call(
        "POST",
        `/payments/${reference}/refunds`,
        {
          amount: mollieAmount(amountCents, payment.amount.currency),
          metadata: { reference: idempotencyKey },
        },
        `refund-${idempotencyKey}`,
      );
      if (status === 201) return { ok: true };
      return { ok: false, errorCode: apiError(status, json).errorCode };
    },
  };
}
