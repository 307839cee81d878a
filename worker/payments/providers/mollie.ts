// Mollie behind the PaymentProvider interface: Mollie API v2 (https://api.mollie.com/v2, as documented at
// docs.mollie.com: Payments, Customers, Mandates and Refunds APIs, API idempotency, webhooks, error bodies).
// Mollie serves the `mollie` redirect method only: the member pays on Mollie's hosted checkout
// (`_links.checkout.href`) and comes back to the return page, which keeps the payment's id itself (Mollie adds
// none to the redirectUrl). A renewing plan's first payment is made for a Mollie customer with sequenceType
// `first`; its mandate is then the kept "card" that renewals charge (sequenceType `recurring`). Mollie's
// webhook carries only `id=tr_…` and no signature: it is confirmed by fetching the payment with our key, so a
// forged call can at most make us read a payment as Mollie tells it. The API key goes in the Authorization
// header only: it is never in a URL, an error message or a log line.
import { z } from "zod";
import type { CardBrand, PaymentErrorCode, PaymentStatus } from "../../contracts/payments";
import type {
  PaymentProvider,
  ProviderPayment,
  RedirectPayment,
  StoredCard,
  StoredCardCharge,
  WebhookEvent,
} from "../provider";
import { type ProviderCallOptions, providerFetch } from "./http";

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

const transient = (status: number) => status === 409 || status === 429 || status >= 500;

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

const Link = z.object({ href: z.string() });
/** The payment resource's fields this adapter reads (Get payment's response). */
const MolliePayment = z.object({
  id: z.string(),
  status: z.enum(["open", "pending", "authorized", "paid", "failed", "canceled", "expired"]),
  amount: z.object({ value: z.string(), currency: z.string() }),
  amountRefunded: z.object({ value: z.string() }).optional(),
  sequenceType: z.enum(["oneoff", "first", "recurring"]).optional(),
  customerId: z.string().nullish(),
  mandateId: z.string().nullish(),
  details: z
    .object({
      cardNumber: z.string().nullish(),
      cardLabel: z.string().nullish(),
      failureReason: z.string().nullish(),
    })
    .nullish(),
  _links: z.object({ checkout: Link.optional() }),
});
type MolliePayment = z.infer<typeof MolliePayment>;

const MollieMandate = z.object({
  id: z.string(),
  status: z.enum(["valid", "pending", "invalid"]),
  method: z.string(),
  details: z
    .object({
      cardNumber: z.string().nullish(),
      cardLabel: z.string().nullish(),
      cardExpiryDate: z.string().nullish(),
    })
    .nullish(),
});
type MollieMandate = z.infer<typeof MollieMandate>;
const MandateList = z.object({ _embedded: z.object({ mandates: z.array(MollieMandate) }) });
const MollieCustomer = z.object({ id: z.string() });
/** Mollie's hal+json error body. */
const ErrorBody = z.object({ status: z.number(), title: z.string(), field: z.string().optional() });

/** Mollie's ids: a prefix and letters and digits. Anything else is never put into a URL. */
const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;
const CUSTOMER_ID = /^cst_[A-Za-z0-9]+$/;
const MANDATE_ID = /^mdt_[A-Za-z0-9]+$/;

/**
 * The reference of a payment Mollie refused to create (no `tr_` id exists): ours, unique per payment, so the
 * payment row still records the refusal once.
 */
const refusedReference = (idempotencyKey: string) => `refused_${idempotencyKey}`;

/** Cents as Mollie's amount value: a string with exactly two decimals. */
export function mollieAmount(amountCents: number, currency: string) {
  const whole = Math.trunc(amountCents / 100);
  const cents = String(amountCents % 100).padStart(2, "0");
  return { currency, value: `${whole}.${cents}` };
}

const centsOf = (value: string) => Math.round(Number(value) * 100);

const CARD_LABELS: Record<string, CardBrand> = {
  Visa: "visa",
  Mastercard: "mastercard",
  Maestro: "mastercard",
  "American Express": "amex",
  "Diners Club": "diners",
  Discover: "discover",
  JCB: "jcb",
};
const brandOf = (label?: string | null): CardBrand =>
  (label && Object.hasOwn(CARD_LABELS, label) && CARD_LABELS[label]) || "unknown";

/**
 * The kept "card" of a renewing plan: the customer and the mandate Mollie made on the first payment
 * (`cst_…:mdt_…`). Renewals charge that mandate while Mollie lists it valid.
 */
const tokenOf = (customerId: string, mandateId: string) => `${customerId}:${mandateId}`;
function parseToken(token: string) {
  const [customerId = "", mandateId = ""] = token.split(":");
  return CUSTOMER_ID.test(customerId) && MANDATE_ID.test(mandateId) ? { customerId, mandateId } : null;
}

/** A credit card mandate as the interface keeps a card; other mandates (SEPA, PayPal) have no card to show. */
function storedCardOf(customerId: string, mandate: MollieMandate): StoredCard | undefined {
  const expiry = /^(\d{4})-(\d{2})/.exec(mandate.details?.cardExpiryDate ?? "");
  const last4 = mandate.details?.cardNumber;
  if (mandate.method !== "creditcard" || mandate.status !== "valid" || !expiry || !last4) return undefined;
  return {
    kind: "card",
    token: tokenOf(customerId, mandate.id),
    brand: brandOf(mandate.details?.cardLabel),
    last4,
    expMonth: Number(expiry[2]),
    expYear: Number(expiry[1]),
  };
}

/** Mollie's payment status as the interface's. */
function statusOf(payment: MolliePayment): PaymentStatus {
  switch (payment.status) {
    // Still to be paid on the checkout: the member has to go there (or come back to it).
    case "open":
      return payment._links.checkout ? "action_required" : "open";
    // authorized: the money is held and captured by Mollie (automatic capture); paid comes next.
    case "pending":
    case "authorized":
      return "pending";
    case "paid": {
      const refunded = payment.amountRefunded ? centsOf(payment.amountRefunded.value) : 0;
      return refunded > 0 && refunded >= centsOf(payment.amount.value) ? "refunded" : "succeeded";
    }
    case "failed":
      return "failed";
    // The member left the checkout (canceled) or never finished it (expired): nothing was paid.
    case "canceled":
    case "expired":
      return "canceled";
  }
}

function errorCodeOf(payment: MolliePayment, status: PaymentStatus): PaymentErrorCode | undefined {
  if (status === "canceled") return "payment_canceled";
  if (status !== "failed") return undefined;
  const reason = payment.details?.failureReason ?? "";
  // A failure without a reason (a bank method's) or with one Mollie adds later: the generic failure.
  return Object.hasOwn(MOLLIE_FAILURE_REASONS, reason)
    ? MOLLIE_FAILURE_REASONS[reason as keyof typeof MOLLIE_FAILURE_REASONS]
    : "generico";
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
