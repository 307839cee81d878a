// Adyen behind the PaymentProvider interface: Checkout API v71 (https://checkout-test.adyen.com/v71; live:
// https://{prefix}-checkout-live.adyenpayments.com/checkout/v71) with an API key (X-API-Key), and the standard
// webhooks signed with HMAC-SHA256 (additionalData.hmacSignature). Read from Adyen's OpenAPI description
// (CheckoutService-v71.json, Webhooks-v1.json) and its refusal-reason and error-code pages.
//
// - Cards: POST /payments with `scheme` and the values of Adyen's secured fields (encryptedCardNumber and the
//   others, encrypted in the member's browser by Adyen Web: PCI DSS SAQ A), or, where no secured fields run
//   (local runs, renewals have no card), the raw card fields passed through, never kept or logged (SAQ D;
//   docs/payments.md has the PCI scope). 3-D Secure 2 on the web wants the browser's data: browserInfo, origin,
//   shopperIP and channel Web go with every card payment that has them. 3-D Secure is Adyen's redirect flow,
//   asked as a POST (redirectToIssuerMethod) so the page's hidden form (spec: adyen posts a form after 2 s)
//   can run it; the member comes back to the return URL with `redirectResult`, which /payments/details turns
//   into the outcome.
// - References: a payment's `reference` is Adyen's pspReference (refunds and webhooks name it). The return
//   page knows only `redirectResult`: checkPayment and capturePayment take either, see checkPayment.
// - Kept cards: storePaymentMethod under our shopperReference with recurringProcessingModel Subscription;
//   renewals charge the storedPaymentMethodId with ContAuth + Subscription, one-tap with Ecommerce +
//   CardOnFile and the member's browser data (its issuer may ask for 3-D Secure as for a typed card). A renewing
//   plan paid with Apple Pay or Google Pay stores the wallet's card the same way (Adyen's tokenization of
//   wallets), and its renewals name the wallet's type with the stored id.
// - Every call that moves money sends an Idempotency-Key derived from ours (Adyen keeps its answer per key).
import { cardBrandOf } from "../../contracts/card";
import {
  type ApplePayMerchantSession,
  type CardCharge,
  type PaymentProvider,
  type ProviderPayment,
  ProviderUnsupported,
} from "../provider";
import { type AdyenServiceError, apiErrorCode, type TypedCard } from "./adyen-codes";
import {
  type AdyenPaymentResponse,
  base64,
  idempotencyKeyOf,
  PSP_REFERENCE,
  statementOf,
  threeDs2Fields,
  toPayment,
} from "./adyen-payment-fields";
import { parseAdyenNotification } from "./adyen-webhook";
import { type ProviderCallOptions, providerFetch } from "./http";

export interface AdyenOptions {
  /** The Checkout API's base with its version, e.g. https://checkout-test.adyen.com/v71. */
  baseUrl: string;
  /** The API credential's key (Customer Area > Developers > API credentials). */
  apiKey: string;
  merchantAccount: string;
  /** The standard webhook's HMAC key, hex as the Customer Area shows it. */
  hmacKey: string;
  /** The currency refunds are made in (the interface's refund names none; the brands charge EUR). */
  currency?: string;
  /** Apple Pay through Adyen's certificate: `configuration.merchantId` of /paymentMethods' Apple Pay entry. */
  applePayMerchantId?: string;
  /** Timeout, retries and the sleep between them (tests shorten them). */
  call?: Pick<ProviderCallOptions, "timeoutMs" | "retries" | "backoffMs" | "sleep">;
}

export function adyenProvider(options: AdyenOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, "");

  /** One call to the Checkout API; `key` (money movement) makes a retry after a network error safe. */
  async function post(path: string, body: unknown, key?: string) {
    const response = await providerFetch(
      "adyen",
      `${base}${path}`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": options.apiKey },
        body: JSON.stringify(body),
      },
      {
        ...options.call,
        ...(key ? { idempotency: { header: "Idempotency-Key", key: await idempotencyKeyOf(key) } } : {}),
      },
    );
    const text = await response.text();
    let json: unknown = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = {};
    }
    return { ok: response.ok, status: response.status, json: (json ?? {}) as Record<string, unknown> };
  }

  /** POST /payments; an error body is a failed payment with the catalogue's code. */
  async function pay(
    request: Record<string, unknown>,
    key: string,
    typed?: TypedCard,
    wallet?: "applepay" | "googlepay",
  ): Promise<ProviderPayment> {
    const answer = await post(
      "/payments",
      { merchantAccount: options.merchantAccount, reference: key, ...request },
      key,
    );
    if (!answer.ok) {
      const error = answer.json as AdyenServiceError;
      // Adyen's error bodies usually carry a pspReference; ours names the refused attempt otherwise.
      const reference = error.pspReference ?? `adyen-error-${key}`;
      return { reference, status: "failed", errorCode: apiErrorCode(answer.status, error) };
    }
    return toPayment(answer.json as AdyenPaymentResponse, `adyen-${key}`, typed, wallet);
  }

  /**
   * The member's return with redirectResult: Adyen's outcome of the 3-D Secure or wallet step, and the
   * answer to any later checkPayment of it. It completes the authorisation, so it carries a key of its own
   * (from the redirectResult) and a lost answer is asked again.
   */
  async function details(redirectResult: string): Promise<ProviderPayment> {
    const answer = await post(
      "/payments/details",
      { details: { redirectResult } },
      `details:${redirectResult}`,
    );
    if (!answer.ok) {
      const error = answer.json as AdyenServiceError;
      return {
        reference: error.pspReference ?? redirectResult,
        status: "failed",
        errorCode: apiErrorCode(answer.status, error),
      };
    }
    return toPayment(answer.json as AdyenPaymentResponse, redirectResult);
  }

  /**
   * Checkout has no "get payment" call: Adyen tells outcomes by webhook (and retries them until answered
   * `[accepted]`). What can be asked is the outcome of a member's return, by its redirectResult (through
   * /payments/details); a bare pspReference throws ProviderUnsupported, which the reconciliation job skips.
   */
  function check(reference: string): Promise<ProviderPayment> {
    // A pspReference, or our own stand-in when Adyen answered without one (`adyen-<key>`), names no
    // redirectResult: there is nothing to ask /payments/details, and a refused call is not a refused payment.
    if (PSP_REFERENCE.test(reference) || reference.startsWith("adyen-")) {
      return Promise.reject(
        new ProviderUnsupported("adyen", "look a payment up", "Checkout API v71 has no status call"),
      );
    }
    return details(reference);
  }

  /** What a card payment the member makes on the page carries beside the card. */
  const cardPaymentFields = (charge: Omit<CardCharge, "card">) => ({
    returnUrl: charge.returnUrl,
    shopperReference: charge.shopperReference,
    shopperStatement: statementOf(charge.descriptor),
    shopperInteraction: "Ecommerce",
    channel: "Web",
    ...threeDs2Fields(charge),
    // The page posts Adyen's 3-D Secure form (spec section 4): ask for a POST redirect, not a GET.
    redirectToIssuerMethod: "POST",
    ...(charge.storeCard ? { storePaymentMethod: true, recurringProcessingModel: "Subscription" } : {}),
  });

  const amountOf = (charge: { amountCents: number; currency: string }) => ({
    value: charge.amountCents,
    currency: charge.currency,
  });

  return {
    id: "adyen",
    // A renewing plan's Apple Pay or Google Pay payment stores the wallet's card (storePaymentMethod), and its
    // renewals charge that token merchant-initiated.
    renewsWith: ["applepay", "googlepay"],

    async chargeCard(charge) {
      const { card } = charge;
      const number = card.number.replace(/\s+/g, "");
      const fullYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
      return pay(
        {
          amount: amountOf(charge),
          paymentMethod: {
            type: "scheme",
            number,
            expiryMonth: String(card.expMonth).padStart(2, "0"),
            expiryYear: String(fullYear),
            cvc: card.cvc,
            holderName: card.holderName,
          },
          ...cardPaymentFields(charge),
        },
        charge.idempotencyKey,
        { brand: cardBrandOf(number), last4: number.slice(-4), expMonth: card.expMonth, expYear: fullYear },
      );
    },

    chargeEncryptedCard(charge) {
      const { card } = charge;
      return pay(
        {
          amount: amountOf(charge),
          paymentMethod: {
            type: "scheme",
            encryptedCardNumber: card.encryptedCardNumber,
            encryptedExpiryMonth: card.encryptedExpiryMonth,
            encryptedExpiryYear: card.encryptedExpiryYear,
            encryptedSecurityCode: card.encryptedSecurityCode,
            holderName: card.holderName,
          },
          ...cardPaymentFields(charge),
        },
        charge.idempotencyKey,
      );
    },

    chargeStoredCard(charge) {
      return pay(
        {
          amount: amountOf(charge),
          // A wallet's token is charged as its wallet (Adyen's ApplePayDetails / GooglePayDetails).
          paymentMethod: {
            type: charge.kind === "applepay" || charge.kind === "googlepay" ? charge.kind : "scheme",
            storedPaymentMethodId: charge.cardToken,
          },
          returnUrl: charge.returnUrl,
          shopperReference: charge.shopperReference,
          shopperStatement: statementOf(charge.descriptor),
          // A renewal: merchant-initiated, the member absent (no 3-D Secure). One-tap: the member present with
          // their browser, card on file, and the issuer may ask for 3-D Secure as for a typed card.
          ...(charge.merchantInitiated
            ? { shopperInteraction: "ContAuth", recurringProcessingModel: "Subscription" }
            : {
                shopperInteraction: "Ecommerce",
                recurringProcessingModel: "CardOnFile",
                channel: "Web",
                ...threeDs2Fields(charge),
                redirectToIssuerMethod: "POST",
              }),
        },
        charge.idempotencyKey,
      );
    },

    createRedirectPayment(payment) {
      // This adapter serves Adyen's cards and wallets; PayPal, Mollie and Coda have adapters of their own.
      return Promise.reject(
        new ProviderUnsupported("adyen", `create a ${payment.method} payment`, "not an Adyen method here"),
      );
    },

    chargeWallet(charge) {
      let token: unknown;
      try {
        token = JSON.parse(charge.token);
      } catch {
        token = null;
      }
      const paymentMethod =
        charge.method === "applepay"
          ? // Adyen takes Apple's PKPaymentToken.paymentData, stringified and base64-encoded.
            {
              type: "applepay",
              applePayToken: base64(
                JSON.stringify((token as { paymentData?: unknown })?.paymentData ?? token),
              ),
            }
          : // Google's PaymentData: Adyen takes paymentMethodData.tokenizationData.token as is.
            {
              type: "googlepay",
              googlePayToken:
                (token as { paymentMethodData?: { tokenizationData?: { token?: string } } })
                  ?.paymentMethodData?.tokenizationData?.token ?? charge.token,
            };
      return pay(
        {
          amount: amountOf(charge),
          paymentMethod,
          returnUrl: charge.returnUrl,
          shopperReference: charge.shopperReference,
          shopperStatement: statementOf(charge.descriptor),
          shopperInteraction: "Ecommerce",
          channel: "Web",
          // A renewing plan: Adyen keeps the wallet's card under the shopper for the renewals (tokenization).
          ...(charge.storeCard ? { storePaymentMethod: true, recurringProcessingModel: "Subscription" } : {}),
        },
        charge.idempotencyKey,
        undefined,
        charge.method,
      );
    },

    async startApplePaySession({ validationUrl, domainName, displayName }) {
      let url: URL;
      try {
        url = new URL(validationUrl);
      } catch {
        return null;
      }
      if (url.protocol !== "https:" || !url.hostname.endsWith(".apple.com")) return null;
      // Apple's own validation needs the merchant certificate presented over TLS, which workerd's fetch cannot
      // do; Adyen's /applePay/sessions does it with Adyen's certificate instead (the validation URL is then
      // Adyen's to call, ours only to check).
      if (!options.applePayMerchantId) {
        throw new ProviderUnsupported("adyen", "validate an Apple Pay merchant", "no applePayMerchantId set");
      }
      const answer = await post("/applePay/sessions", {
        displayName,
        domainName,
        merchantIdentifier: options.applePayMerchantId,
      });
      const data = answer.json.data;
      if (!answer.ok || typeof data !== "string") {
        throw new Error(`adyen: Apple Pay session refused (HTTP ${answer.status})`);
      }
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      return JSON.parse(new TextDecoder().decode(bytes)) as ApplePayMerchantSession;
    },

    // Adyen captures automatically (the merchant account's default): the approval is the payment.
    capturePayment: check,
    checkPayment: check,

    async parseWebhook(request) {
      return parseAdyenNotification(await request.text(), options);
    },

    async refund({ reference, amountCents, idempotencyKey }) {
      const answer = await post(
        `/payments/${encodeURIComponent(reference)}/refunds`,
        {
          merchantAccount: options.merchantAccount,
          amount: { value: amountCents, currency: options.currency ?? "EUR" },
          reference: idempotencyKey.slice(0, 80),
        },
        idempotencyKey,
      );
      // "received": Adyen refunds asynchronously and confirms with a REFUND notification.
      if (answer.ok && answer.json.status === "received") return { ok: true };
      return { ok: false, errorCode: apiErrorCode(answer.status, answer.json as AdyenServiceError) };
    },
  };
}
