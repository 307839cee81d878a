// PayPal behind the PaymentProvider interface, on PayPal's REST APIs: OAuth2 client credentials
// (POST /v1/oauth2/token), Orders v2 (/v2/checkout/orders: create, capture, show; vaulting with
// payment_source.paypal.attributes.vault and charging a vault_id), Payments v2 (/v2/payments/captures:
// show, refund) and Webhooks v1 (POST /v1/notifications/verify-webhook-signature), as PayPal's OpenAPI
// descriptions state them (github.com/paypal/paypal-rest-api-specifications: Orders 2.13, Payments 2.5,
// Webhooks 1.11) plus stored_credential of the current paypal-server-sdk for merchant-initiated charges.
//
// Our reference for a PayPal payment is its order id: the approval page sends the member back with it as
// `token`, and capture, checks and refunds start from it. The refund reaches the capture id through the order
// (purchase_units[0].payments.captures[0].id). What a PayPal payment keeps for renewals is the vault id PayPal
// answers on capture: a StoredCard of kind paypal (a wallet: no brand, digits or expiry; the payer's e-mail as
// its label), which the settlement keeps like a card and chargeStoredCard charges as vault_id.
// Nothing here logs; errors carry PayPal's error name, issue and debug_id only, never a token or a secret.
import type { PaymentProvider, ProviderPayment, WebhookEvent } from "../provider";
import { type ProviderCallOptions, providerFetch } from "./http";
import { PayPalApiError, PayPalUnsupported, paypalErrorCode } from "./paypal-errors";
import { paypalAmount, refused, toPayment } from "./paypal-payments";
import { Capture, ErrorBody, Event, Order, Refund, Token, Verification } from "./paypal-schemas";

export interface PayPalOptions {
  /** https://api-m.paypal.com live, https://api-m.sandbox.paypal.com for PayPal's sandbox. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered for this app (the Developer Dashboard shows it). */
  webhookId: string;
  /** The name PayPal's pages show the member (experience_context.brand_name). */
  brandName?: string;
  /** providerFetch's timeout and retries (tests shorten them). */
  http?: Pick<ProviderCallOptions, "timeoutMs" | "retries" | "backoffMs" | "sleep">;
}

export interface PayPalProvider extends PaymentProvider {
  capturePayment(reference: string): Promise<ProviderPayment>;
  checkPayment(reference: string): Promise<ProviderPayment>;
}

/** Access tokens per app, kept for the isolate's life until shortly before PayPal says they expire. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

export function paypalProvider(options: PayPalOptions): PayPalProvider {
  const { apiBase, clientId, clientSecret, webhookId, http = {} } = options;
  const cacheKey = `${apiBase}|${clientId}`;

  const errorBody = (json: unknown) => {
    const parsed = ErrorBody.safeParse(json);
    return parsed.success ? parsed.data : null;
  };
  const apiError = (status: number, json: unknown) => {
    const body = errorBody(json);
    return new PayPalApiError(
      status,
      body?.name ?? body?.error ?? "UNKNOWN",
      body?.details?.[0]?.issue,
      body?.debug_id,
    );
  };

  async function accessToken(fresh: boolean): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (!fresh && cached && cached.expiresAt > Date.now()) return cached.token;
    const response = await providerFetch(
      "paypal",
      `${apiBase}/v1/oauth2/token`,
      {
        method: "POST",
        headers: {
          authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      },
      // A POST without a key: tried once (providerFetch), and the next call asks again.
      http,
    );
    const json: unknown = await response.json().catch(() => null);
    const parsed = Token.safeParse(json);
    if (!response.ok || !parsed.success) throw apiError(response.status, json);
    // A minute early, so a token never runs out between our check and PayPal's.
    const expiresAt = Date.now() + (parsed.data.expires_in - 60) * 1000;
    tokens.set(cacheKey, { token: parsed.data.access_token, expiresAt });
    return parsed.data.access_token;
  }

  /** One API call with the app's token (renewed once if PayPal no longer takes it); `requestId` for money. */
  async function api(method: "GET" | "POST", path: string, body?: string, requestId?: string) {
    const send = async (fresh: boolean) =>
      providerFetch(
        "paypal",
        `${apiBase}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${await accessToken(fresh)}`,
            "content-type": "application/json",
            prefer: "return=representation",
          },
          ...(body === undefined ? {} : { body }),
        },
        { ...http, ...(requestId ? { idempotency: { header: "PayPal-Request-Id", key: requestId } } : {}) },
      );
    let response = await send(false);
    // A 401 means PayPal did not run the call: asking again with a new token is safe.
    if (response.status === 401) response = await send(true);
    const json: unknown = await response.json().catch(() => null);
    // PayPal's own failure or a refused credential is no answer about the payment: never mark it failed.
    if (response.status >= 500 || response.status === 401 || response.status === 403) {
      throw apiError(response.status, json);
    }
    return { ok: response.ok, status: response.status, json };
  }

  const purchaseUnit = (charge: {
    amountCents: number;
    currency: string;
    descriptor: string;
    idempotencyKey: string;
    shopperReference: string;
  }) => ({
    amount: { currency_code: charge.currency, value: paypalAmount(charge.amountCents) },
    // PayPal refuses a second payment of one invoice id (the account default), long after PayPal-Request-Id
    // replays end: a renewal retried days later still moves money once.
    invoice_id: charge.idempotencyKey,
    custom_id: charge.shopperReference,
    // PayPal takes at most 22 characters.
    soft_descriptor: charge.descriptor.slice(0, 22),
  });

  /** An order answer as a payment, or PayPal's refusal under `refusedReference`. */
  const orderAnswer = (answer: { ok: boolean; json: unknown }, refusedReference: string): ProviderPayment =>
    answer.ok ? toPayment(Order.parse(answer.json)) : refused(refusedReference, errorBody(answer.json));

  const provider: PayPalProvider = {
    id: "paypal",

    // A renewing plan's first order is vaulted (storeCard), and renewals charge the vault id.
    renewsWith: ["paypal"],

    chargeCard() {
      // Cards go through the brand's card provider; PayPal's own card fields (Advanced Checkout) are not used.
      throw new PayPalUnsupported("chargeCard", "cards are paid through the brand's card provider");
    },

    chargeWallet() {
      throw new PayPalUnsupported("chargeWallet", "Apple Pay and Google Pay tokens go to the card provider");
    },

    startApplePaySession() {
      throw new PayPalUnsupported("startApplePaySession", "Apple Pay is validated by the card provider");
    },

    async createRedirectPayment(payment) {
      if (payment.method !== "paypal") {
        throw new PayPalUnsupported("createRedirectPayment", `${payment.method} is not a PayPal method`);
      }
      const paypal = {
        experience_context: {
          return_url: payment.returnUrl,
          // PayPal adds token=<order id> to either URL; the capture tells an approval from a cancel.
          cancel_url: payment.returnUrl,
          user_action: "PAY_NOW",
          shipping_preference: "NO_SHIPPING",
          ...(options.brandName ? { brand_name: options.brandName.slice(0, 127) } : {}),
        },
        ...(payment.storeCard
          ? {
              attributes: {
                vault: { store_in_vault: "ON_SUCCESS", usage_type: "MERCHANT", customer_type: "CONSUMER" },
              },
            }
          : {}),
      };
      const body = JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [purchaseUnit(payment)],
        payment_source: { paypal },
      });
      const answer = await api("POST", "/v2/checkout/orders", body, `order-${payment.idempotencyKey}`);
      // A refused create has no order id: ours stands in, unique per payment.
      return orderAnswer(answer, `paypal-refused-${payment.idempotencyKey}`);
    },

    async capturePayment(orderId) {
      // One request id per order: the return page, its retry and the approval's webhook capture once.
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
      const answer = await api("POST", path, "{}", `capture-${orderId}`);
      if (answer.ok) return toPayment(Order.parse(answer.json));
      const body = errorBody(answer.json);
      // Captured already (by the other of the return page and the webhook): its state is the answer.
      if (body?.details?.some((d) => d.issue === "ORDER_ALREADY_CAPTURED"))
        return provider.checkPayment(orderId);
      return refused(orderId, body);
    },

    async chargeStoredCard(charge) {
      // The card token is the PayPal vault id; a renewal is merchant initiated, the member not present.
      const paypal = {
        vault_id: charge.cardToken,
        stored_credential: charge.merchantInitiated
          ? { payment_initiator: "MERCHANT", usage: "SUBSEQUENT", usage_pattern: "SUBSCRIPTION_PREPAID" }
          : { payment_initiator: "CUSTOMER", usage: "SUBSEQUENT" },
      };
      const body = JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [purchaseUnit(charge)],
        payment_source: { paypal },
      });
      const answer = await api("POST", "/v2/checkout/orders", body, `order-${charge.idempotencyKey}`);
      if (!answer.ok) return refused(`paypal-refused-${charge.idempotencyKey}`, errorBody(answer.json));
      const created = Order.parse(answer.json);
      // PayPal completes a vaulted order at once; should it only approve it, it is captured here.
      return created.status === "APPROVED" ? provider.capturePayment(created.id) : toPayment(created);
    },

    async checkPayment(orderId) {
      const answer = await api("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
      return orderAnswer(answer, orderId);
    },

    async refund({ reference, amountCents, idempotencyKey }) {
      const order = await api("GET", `/v2/checkout/orders/${encodeURIComponent(reference)}`);
      const capture = order.ok
        ? Order.parse(order.json).purchase_units[0]?.payments?.captures?.[0]
        : undefined;
      if (!capture)
        return { ok: false, errorCode: order.ok ? "generico" : paypalErrorCode(errorBody(order.json)) };
      const answer = await api(
        "POST",
        `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
        JSON.stringify({
          amount: { currency_code: capture.amount?.currency_code ?? "EUR", value: paypalAmount(amountCents) },
        }),
        `refund-${idempotencyKey}`,
      );
      if (!answer.ok) return { ok: false, errorCode: paypalErrorCode(errorBody(answer.json)) };
      const { status } = Refund.parse(answer.json);
      return status === "COMPLETED" || status === "PENDING"
        ? { ok: true }
        : { ok: false, errorCode: "processing_error" };
    },

    async parseWebhook(request): Promise<WebhookEvent | null> {
      const header = (name: string) => request.headers.get(name);
      const transmission = {
        auth_algo: header("paypal-auth-algo"),
        cert_url: header("paypal-cert-url"),
        transmission_id: header("paypal-transmission-id"),
        transmission_sig: header("paypal-transmission-sig"),
        transmission_time: header("paypal-transmission-time"),
      };
      if (Object.values(transmission).some((v) => !v)) return null;
      const raw = await request.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return null;
      }
      const event = Event.safeParse(parsed);
      if (!event.success) return null;
      // The event goes back byte for byte as it came: the signature covers the body PayPal sent.
      const fields = JSON.stringify({ ...transmission, webhook_id: webhookId });
      const body = `${fields.slice(0, -1)},"webhook_event":${raw}}`;
      const verified = await api("POST", "/v1/notifications/verify-webhook-signature", body);
      if (!verified.ok || Verification.safeParse(verified.json).data?.verification_status !== "SUCCESS")
        return null;

      const { event_type: type, resource } = event.data;
      // Approved but not captured (the member may never come back): captured here, once with the return page.
      if (type === "CHECKOUT.ORDER.APPROVED") return { payment: await provider.capturePayment(resource.id) };
      if (type === "PAYMENT.CAPTURE.REFUNDED") {
        // The resource is the refund; its "up" link is the capture, which names the order.
        const up = resource.links
          ?.find((l) => l.rel === "up")
          ?.href.split("/")
          .pop();
        if (!up) return null;
        const capture = await api("GET", `/v2/payments/captures/${encodeURIComponent(up)}`);
        const orderId = capture.ok
          ? Capture.parse(capture.json).supplementary_data?.related_ids.order_id
          : undefined;
        return orderId ? { payment: await provider.checkPayment(orderId) } : null;
      }
      if (type.startsWith("PAYMENT.CAPTURE.")) {
        // COMPLETED, DENIED, PENDING: the capture names its order, whose state is read back from PayPal.
        const orderId = resource.supplementary_data?.related_ids.order_id;
        return orderId ? { payment: await provider.checkPayment(orderId) } : null;
      }
      return null;
    },
  };
  return provider;
}
