// A fake of Adyen's Checkout API v71 and its standard webhooks, modelled on Adyen's OpenAPI description
// (CheckoutService-v71.json, Webhooks-v1.json) and its testing pages:
// - X-API-Key on every call (401 errorCode 000 otherwise), the merchant account checked (403 errorCode 901),
//   required fields answered 422 with Adyen's ServiceError body { status, errorCode, message, errorType };
// - POST /v71/payments: raw card fields (Luhn 101, CVC length 103, expiry 129), or the secured fields' values
//   (encryptedCardNumber, encryptedExpiryMonth, encryptedExpiryYear, encryptedSecurityCode: Adyen's test
//   environment's unencrypted `test_` values, or this fake's own stand-in encryption; anything else 174), the
//   holderName test values
//   choosing a refusal, the 3-D Secure test card answering RedirectShopper with a redirect action (POST with
//   MD when redirectToIssuerMethod is POST, else GET) only with 3-D Secure 2's browser data (a payment in a
//   browser without a whole browserInfo is refused 422, as Adyen requires it for the browser channel), stored
//   cards (storePaymentMethod + shopperReference gives tokenization.storedPaymentMethodId;
//   storedPaymentMethodId of another shopper is 803; the kept 3-D Secure test card asks for its challenge
//   again whenever the shopper is there, Ecommerce, and not for a ContAuth renewal), Apple Pay
//   and Google Pay tokens (a PAN_ONLY Google Pay card answers RedirectShopper, as Adyen asks 3-D Secure for
//   it; storePaymentMethod tokenizes the wallet's card, charged later as type applepay or googlepay with its
//   storedPaymentMethodId, ApplePayDetails and GooglePayDetails), unknown methods 905;
// - the issuer's challenge page, which sends the member back to returnUrl with `redirectResult`;
// - POST /v71/payments/details, /v71/payments/{pspReference}/refunds ("received"), /v71/applePay/sessions;
// - Idempotency-Key: a repeated key answers the first answer, whatever the body;
// - notifications as Adyen posts them, signed with the HMAC key (GET /__fake/notifications/{pspReference}).
// - the secured fields' iframe page (GET /checkoutshopper/securedfields/{clientKey}/{version}/securedFields.html),
//   a stand-in for Adyen's speaking the postMessage protocol Adyen Web's CustomCard expects, see
//   adyen-secured-fields.ts; translations and analytics answered empty.
// Tests read what it saw at GET /__fake/payments/{pspReference} and /__fake/attempts/{idempotencyKey}.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { securedFieldsPage } from "./adyen-secured-fields";
import {
  ADYEN_3DS_CARD,
  ADYEN_BROWSER_INFO_FIELDS,
  ADYEN_FAKE_HANG_HOLDER,
  ADYEN_TEST_HOLDER_NAMES,
  decryptFakeField,
} from "./adyen-test-values";
import { listenLocally } from "./listen";

export interface FakeAdyen {
  /** The Checkout API's base, as https://checkout-test.adyen.com/v71. */
  url: string;
  apiKey: string;
  merchantAccount: string;
  hmacKey: string;
  applePayMerchantId: string;
  /** A client key of Adyen's test environment, for the brand's page. */
  clientKey: string;
  /**
   * Where the page's Adyen Web loads the secured fields from (PAYMENT_CREDENTIALS' adyen.webBase): this fake
   * under a *.localhost name (Chromium resolves it to the loopback) holding "test", as Adyen Web requires of the
   * loading context of a test_ client key.
   */
  webBase: string;
}

interface Payment {
  pspReference: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  resultCode: "Authorised" | "Refused" | "Error" | "Cancelled" | "RedirectShopper";
  refusal?: { code: string; reason: string };
  returnUrl: string;
  paymentMethod: string;
  /** `challenge`: the 3-D Secure test card, whose issuer asks for a challenge whenever the shopper is there. */
  card?: { summary: string; expiryDate: string; variant: string; challenge?: boolean };
  store?: { shopperReference: string };
  token?: string;
  refunds: { pspReference: string; value: number }[];
  /** What the request said of its kind (never card data), for the tests. */
  seen: Record<string, unknown>;
}

const psp = () => randomBytes(8).toString("hex").toUpperCase();

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(text);
}

const serviceError = (status: number, errorCode: string, message: string, errorType = "validation") => ({
  status,
  body: { status, errorCode, message, errorType, pspReference: psp() },
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function luhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const variantOf = (number: string) => (/^4/.test(number) ? "visa" : /^3[47]/.test(number) ? "amex" : "mc");

/**
 * The first of BrowserInfo's fields a 3-D Secure 2 authentication in a browser lacks (Adyen: the full object is
 * required for the browser channel). A payment names no other channel unless an app's SDK makes it (iOS,
 * Android), so one without a channel is a browser's too.
 */
function missingBrowserField(body: Record<string, unknown>): string | undefined {
  if (body.channel === "iOS" || body.channel === "Android") return undefined;
  const browser = (body.browserInfo ?? {}) as Record<string, unknown>;
  return ADYEN_BROWSER_INFO_FIELDS.find((f) => browser[f] === undefined);
}

const browserInfoMissing = (field: string) =>
  serviceError(422, "100", `Required field 'browserInfo.${field}' is not provided.`);

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * The authMethod of a Google Pay token (PAN_ONLY or CRYPTOGRAM_3DS), from its signedMessage's
 * encryptedMessage; the fake takes that as base64 JSON where Adyen decrypts it (as for Apple Pay's token).
 */
function googlePayAuthMethod(token: string): string | undefined {
  try {
    const signed = JSON.parse(String(JSON.parse(token).signedMessage)) as Json;
    const message = JSON.parse(
      Buffer.from(String(signed.encryptedMessage), "base64").toString("utf8"),
    ) as Json;
    return str((message.paymentMethodDetails as Json | undefined)?.authMethod);
  } catch {
    return undefined;
  }
}

/**
 * Starts the fake on a free port of 127.0.0.1; it does not keep the process alive. `merchantAccount`: the
 * account it accepts (a site's brand names its own in its company's payment_accounts.adyen).
 */
export async function startFakeAdyen({
  merchantAccount = "DatingWorkerTestsECOM",
}: {
  merchantAccount?: string;
} = {}): Promise<FakeAdyen> {
  const apiKey = "fake-adyen-api-key";
  const hmacKey = randomBytes(32).toString("hex").toUpperCase();
  const applePayMerchantId = "merchant.com.adyen.fake";
  const payments = new Map<string, Payment>();
  /** Stored payment details by token: a card, or a wallet's card (kept by its wallet type). */
  const tokens = new Map<
    string,
    { shopperReference: string; card?: NonNullable<Payment["card"]>; wallet?: "applepay" | "googlepay" }
  >();
  const challenges = new Map<string, string>(); // MD -> pspReference
  const redirectResults = new Map<string, string>(); // redirectResult -> pspReference
  const answers = new Map<string, { status: number; body: unknown }>(); // Idempotency-Key -> first answer
  const attempts = new Map<string, number>();
  let origin = "";

  /** The answer of /payments or /payments/details for a payment, as Adyen words it. */
  function paymentAnswer(p: Payment): Json {
    const answer: Json = { pspReference: p.pspReference, merchantReference: p.merchantReference };
    answer.resultCode = p.resultCode;
    if (p.refusal) {
      answer.refusalReason = p.refusal.reason;
      answer.refusalReasonCode = p.refusal.code;
    }
    if (p.resultCode === "RedirectShopper") {
      const md = [...challenges].find(([, ref]) => ref === p.pspReference)?.[0] ?? "";
      const url = `${origin}/checkoutshopper/threeDS/redirect`;
      answer.action =
        p.seen.redirectToIssuerMethod === "POST"
          ? { type: "redirect", paymentMethodType: "scheme", method: "POST", url, data: { MD: md } }
          : { type: "redirect", paymentMethodType: "scheme", method: "GET", url: `${url}?MD=${md}` };
    }
    if (p.resultCode === "Authorised") {
      const data: Record<string, string> = { authCode: "074086", paymentMethod: p.paymentMethod };
      if (p.card) Object.assign(data, { cardSummary: p.card.summary, expiryDate: p.card.expiryDate });
      if (p.token && p.store) {
        Object.assign(data, {
          "tokenization.storedPaymentMethodId": p.token,
          "tokenization.shopperReference": p.store.shopperReference,
          "tokenization.store.operationType": "created",
        });
      }
      answer.additionalData = data;
      if (p.card) answer.paymentMethod = { brand: p.card.variant, type: "scheme" };
    }
    return answer;
  }

  /** Authorises a payment, keeping the card (or the wallet's card) when the request asked to store it. */
  function authorise(p: Payment, wallet?: "applepay" | "googlepay") {
    p.resultCode = "Authorised";
    if (p.store && (p.card || wallet)) {
      p.token = randomBytes(8).toString("hex").toUpperCase();
      tokens.set(p.token, { shopperReference: p.store.shopperReference, card: p.card, wallet });
    }
  }

  function createPayment(body: Json): { status: number; body: unknown } {
    const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
    if (typeof amount?.value !== "number" || typeof amount.currency !== "string")
      return serviceError(422, "100", "Required object 'amount' is not provided.");
    if (!str(body.reference)) return serviceError(422, "130", "Required field 'reference' is not provided.");
    if (!str(body.returnUrl)) return serviceError(422, "14_030", "Return URL is missing.");
    const method = body.paymentMethod as Json | undefined;
    if (!method) return serviceError(422, "100", "Required object 'paymentMethod' is not provided.");
    const p: Payment = {
      pspReference: psp(),
      merchantReference: str(body.reference) ?? "",
      amount: { value: amount.value, currency: amount.currency },
      resultCode: "Authorised",
      returnUrl: str(body.returnUrl) ?? "",
      paymentMethod: str(method.type) ?? "",
      refunds: [],
      seen: {
        type: method.type,
        shopperReference: body.shopperReference,
        shopperInteraction: body.shopperInteraction,
        recurringProcessingModel: body.recurringProcessingModel,
        storePaymentMethod: body.storePaymentMethod,
        storedPaymentMethodId: method.storedPaymentMethodId,
        redirectToIssuerMethod: body.redirectToIssuerMethod,
        shopperStatement: body.shopperStatement,
        channel: body.channel,
        origin: body.origin,
        shopperIP: body.shopperIP,
        browserInfo: body.browserInfo,
        holderName: method.holderName,
        encrypted: typeof method.encryptedCardNumber === "string",
      },
    };
    const shopperReference = str(body.shopperReference);
    if (body.storePaymentMethod === true) {
      // Storing needs a shopper and, for cards, the recurring model (Adyen: "Required when creating a token").
      if (!shopperReference || !str(body.recurringProcessingModel))
        return serviceError(422, "000", "Recurring payments require a shopperReference");
      p.store = { shopperReference };
    }

    if (
      (method.type === "scheme" || method.type === "applepay" || method.type === "googlepay") &&
      str(method.storedPaymentMethodId)
    ) {
      const kept = tokens.get(str(method.storedPaymentMethodId) ?? "");
      // A token is charged as what it keeps: a card as scheme, a wallet's card as its wallet.
      const keptType = kept?.wallet ?? "scheme";
      if (!kept || kept.shopperReference !== shopperReference || keptType !== method.type)
        return serviceError(422, "803", "PaymentDetail not found");
      if (!str(body.recurringProcessingModel))
        return serviceError(422, "000", "recurringProcessingModel is required with stored payment details");
      p.card = kept.card;
      p.paymentMethod = kept.card?.variant ?? keptType;
      // The shopper there (not a merchant-initiated ContAuth renewal): the issuer of the 3-D Secure test card
      // asks for a challenge, on a kept card too.
      if (kept.card?.challenge && body.shopperInteraction === "Ecommerce") {
        const missing = missingBrowserField(body);
        if (missing) return browserInfoMissing(missing);
        p.resultCode = "RedirectShopper";
        challenges.set(randomBytes(12).toString("base64url"), p.pspReference);
      }
      payments.set(p.pspReference, p);
      return { status: 200, body: paymentAnswer(p) };
    }

    if (method.type === "scheme" && "encryptedCardNumber" in method) {
      // The secured fields' values: read as Adyen would (with the merchant's private key; here, the fake's).
      const fields = [
        "encryptedCardNumber",
        "encryptedExpiryMonth",
        "encryptedExpiryYear",
        "encryptedSecurityCode",
      ];
      const [number, expiryMonth, expiryYear, cvc] = fields.map((f) =>
        decryptFakeField(str(method[f]) ?? ""),
      );
      if (number === null || expiryMonth === null || expiryYear === null || cvc === null)
        return serviceError(422, "174", "Unable to decrypt data");
      Object.assign(method, { number, expiryMonth, expiryYear, cvc });
    }

    if (method.type === "scheme") {
      const number = str(method.number) ?? "";
      if (!luhn(number)) return serviceError(422, "101", "Invalid card number");
      const cvc = str(method.cvc) ?? "";
      if (!/^\d+$/.test(cvc) || cvc.length !== (variantOf(number) === "amex" ? 4 : 3))
        return serviceError(422, "103", "CVC is not the right length");
      const month = Number(method.expiryMonth);
      const year = Number(method.expiryYear);
      const now = new Date();
      const expired =
        year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
      if (!/^\d{4}$/.test(str(method.expiryYear) ?? "") || month < 1 || month > 12 || expired)
        return serviceError(422, "129", "Expiry Date Invalid");
      p.card = {
        summary: number.slice(-4),
        expiryDate: `${month}/${year}`,
        variant: variantOf(number),
        ...(number === ADYEN_3DS_CARD ? { challenge: true } : {}),
      };
      p.paymentMethod = p.card.variant;
      const holder = str(method.holderName) ?? "";
      const refusal = ADYEN_TEST_HOLDER_NAMES[holder];
      if (refusal) {
        p.resultCode = refusal.resultCode;
        p.refusal = { code: refusal.code, reason: refusal.reason };
      } else if (number === ADYEN_3DS_CARD) {
        // 3-D Secure 2 on the web: the issuer needs the browser's data.
        const missing = missingBrowserField(body);
        if (missing) return browserInfoMissing(missing);
        p.resultCode = "RedirectShopper";
        challenges.set(randomBytes(12).toString("base64url"), p.pspReference);
      } else {
        authorise(p);
      }
      payments.set(p.pspReference, p);
      return { status: 200, body: paymentAnswer(p) };
    }

    if (method.type === "applepay" || method.type === "googlepay") {
      const token = str(method.type === "applepay" ? method.applePayToken : method.googlePayToken);
      if (!token) return serviceError(422, "000", "Missing wallet token");
      if (method.type === "applepay") {
        try {
          JSON.parse(Buffer.from(token, "base64").toString("utf8"));
        } catch {
          return serviceError(422, "000", "Unable to decrypt token");
        }
      }
      if (method.type === "googlepay" && googlePayAuthMethod(token) === "PAN_ONLY") {
        // A card Google only holds as a number (no device cryptogram): Adyen asks for 3-D Secure, by redirect.
        p.resultCode = "RedirectShopper";
        challenges.set(randomBytes(12).toString("base64url"), p.pspReference);
      } else {
        authorise(p, method.type);
      }
      payments.set(p.pspReference, p);
      return { status: 200, body: paymentAnswer(p) };
    }
    return serviceError(500, "905", "Payment details are not supported", "configuration");
  }

  function details(body: Json): { status: number; body: unknown } {
    const redirectResult = str((body.details as Json | undefined)?.redirectResult);
    if (!redirectResult) return serviceError(422, "000", "Required object 'details' is not provided.");
    const p = payments.get(redirectResults.get(redirectResult) ?? "");
    if (!p) return serviceError(422, "000", "Invalid redirectResult");
    return { status: 200, body: paymentAnswer(p) };
  }

  function refund(reference: string, body: Json): { status: number; body: unknown } {
    const p = payments.get(reference);
    if (p?.resultCode !== "Authorised")
      return serviceError(422, "167", "Original pspReference required for this operation");
    const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
    if (typeof amount?.value !== "number" || amount.currency !== p.amount.currency)
      return serviceError(422, "100", "Required object 'amount' is not provided.");
    const refunded = p.refunds.reduce((sum, r) => sum + r.value, 0);
    if (amount.value > p.amount.value - refunded) return serviceError(422, "137", "Invalid amount specified");
    const pspReference = psp();
    p.refunds.push({ pspReference, value: amount.value });
    return {
      status: 201,
      body: {
        merchantAccount,
        paymentPspReference: p.pspReference,
        reference: body.reference,
        pspReference,
        status: "received",
        amount,
      },
    };
  }

  function applePaySession(body: Json): { status: number; body: unknown } {
    if (!str(body.displayName) || !str(body.domainName) || !str(body.merchantIdentifier))
      return serviceError(422, "000", "Required field is not provided.");
    if (body.merchantIdentifier !== applePayMerchantId)
      return serviceError(422, "000", "Unknown Apple Pay merchant identifier");
    const now = Date.now();
    const session = {
      epochTimestamp: now,
      expiresAt: now + 5 * 60_000,
      merchantSessionIdentifier: `SSH${randomBytes(16).toString("hex").toUpperCase()}`,
      nonce: randomBytes(4).toString("hex"),
      merchantIdentifier: randomBytes(32).toString("hex").toUpperCase(),
      domainName: body.domainName,
      displayName: body.displayName,
      signature: randomBytes(64).toString("base64"),
    };
    return { status: 200, body: { data: Buffer.from(JSON.stringify(session)).toString("base64") } };
  }

  /**
   * A standard notification for a payment (AUTHORISATION, REFUND of its last refund, or CHARGEBACK: a dispute
   * the member's bank won, whose pspReference is the dispute's own and originalReference the payment's), signed.
   */
  function notification(p: Payment, eventCode: string) {
    const refund = p.refunds.at(-1);
    const modification = eventCode === "REFUND" || eventCode === "CHARGEBACK";
    const item: Record<string, unknown> = {
      amount:
        refund && eventCode === "REFUND" ? { value: refund.value, currency: p.amount.currency } : p.amount,
      eventCode,
      eventDate: new Date().toISOString(),
      merchantAccountCode: merchantAccount,
      merchantReference: p.merchantReference,
      paymentMethod: p.paymentMethod,
      pspReference:
        eventCode === "REFUND" && refund
          ? refund.pspReference
          : eventCode === "CHARGEBACK"
            ? psp()
            : p.pspReference,
      ...(modification ? { originalReference: p.pspReference } : {}),
      reason:
        eventCode === "CHARGEBACK"
          ? "Fraud"
          : p.resultCode === "Authorised"
            ? `074086:${p.card?.summary ?? ""}:${p.card?.expiryDate ?? ""}`
            : (p.refusal?.reason ?? ""),
      success:
        eventCode === "REFUND"
          ? String(Boolean(refund))
          : eventCode === "CHARGEBACK"
            ? "true"
            : String(p.resultCode === "Authorised"),
    };
    const additionalData: Record<string, string> = {};
    if (p.card) Object.assign(additionalData, { cardSummary: p.card.summary, expiryDate: p.card.expiryDate });
    if (p.token) additionalData["tokenization.storedPaymentMethodId"] = p.token;
    const signed = [
      item.pspReference,
      item.originalReference ?? "",
      item.merchantAccountCode,
      item.merchantReference,
      (item.amount as Payment["amount"]).value,
      (item.amount as Payment["amount"]).currency,
      item.eventCode,
      item.success,
    ].join(":");
    additionalData.hmacSignature = createHmac("sha256", Buffer.from(hmacKey, "hex"))
      .update(signed, "utf8")
      .digest("base64");
    return { live: "false", notificationItems: [{ NotificationRequestItem: { ...item, additionalData } }] };
  }

  /** The issuer's challenge page: the member passes or fails, then goes back with redirectResult. */
  function challengePage(res: ServerResponse, md: string) {
    const p = payments.get(challenges.get(md) ?? "");
    if (!p) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("Unknown authentication");
    }
    const button = (answer: string, label: string) =>
      `<form method="post" action="/checkoutshopper/threeDS/answer"><input type="hidden" name="MD" value="${md}">` +
      `<button name="answer" value="${answer}">${label}</button></form>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><title>3D Secure 2 Challenge</title><h1>Verify your payment</h1>` +
        `<p>${(p.amount.value / 100).toFixed(2)} ${p.amount.currency}</p>` +
        `${button("pass", "Complete")}${button("fail", "Cancel")}`,
    );
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake-adyen");
      const text = req.method === "POST" ? await readBody(req) : "";

      // Adyen Web's loading context (no API key: the member's browser comes here, from the brand's page).
      if (/^\/checkoutshopper\/securedfields\/[^/]+\/[^/]+\/securedFields\.html$/.test(url.pathname)) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        return res.end(securedFieldsPage());
      }
      if (
        url.pathname.startsWith("/checkoutshopper/sdk/") ||
        url.pathname.startsWith("/checkoutanalytics/")
      ) {
        // Translations (Adyen Web falls back to its bundled English) and analytics: answered, kept nowhere.
        const cors = {
          "access-control-allow-origin": String(req.headers.origin ?? "*"),
          "access-control-allow-headers": "content-type",
          "access-control-allow-methods": "GET, POST",
        };
        if (req.method === "OPTIONS") {
          res.writeHead(204, cors);
          return res.end();
        }
        return url.pathname.endsWith(".json")
          ? send(res, 404, {}, cors)
          : send(res, 200, { checkoutAttemptId: `fake-${psp()}` }, cors);
      }

      // The issuer's pages (no API key: the member's browser comes here).
      if (url.pathname === "/checkoutshopper/threeDS/redirect") {
        const md = url.searchParams.get("MD") ?? new URLSearchParams(text).get("MD") ?? "";
        return challengePage(res, md);
      }
      if (url.pathname === "/checkoutshopper/threeDS/answer" && req.method === "POST") {
        const form = new URLSearchParams(text);
        const p = payments.get(challenges.get(form.get("MD") ?? "") ?? "");
        if (!p) return send(res, 404, { message: "Unknown authentication" });
        if (p.resultCode === "RedirectShopper") {
          if (form.get("answer") === "pass")
            authorise(
              p,
              p.paymentMethod === "googlepay" || p.paymentMethod === "applepay" ? p.paymentMethod : undefined,
            );
          else {
            p.resultCode = "Refused";
            p.refusal = { code: "11", reason: "3D Not Authenticated" };
          }
        }
        const redirectResult = randomBytes(24).toString("base64url");
        redirectResults.set(redirectResult, p.pspReference);
        const back = new URL(p.returnUrl);
        back.searchParams.set("redirectResult", redirectResult);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      // What the tests read (not Adyen's).
      const seen = /^\/__fake\/payments\/([A-Z0-9]+)$/.exec(url.pathname);
      if (seen) {
        const p = payments.get(seen[1] ?? "");
        return p ? send(res, 200, { ...p.seen, resultCode: p.resultCode }) : send(res, 404, {});
      }
      const tried = /^\/__fake\/attempts\/(.+)$/.exec(url.pathname);
      if (tried) return send(res, 200, { attempts: attempts.get(decodeURIComponent(tried[1] ?? "")) ?? 0 });
      const notify = /^\/__fake\/notifications\/([A-Z0-9]+)$/.exec(url.pathname);
      if (notify) {
        const p = payments.get(notify[1] ?? "");
        const eventCode = url.searchParams.get("eventCode") ?? "AUTHORISATION";
        return p ? send(res, 200, notification(p, eventCode)) : send(res, 404, {});
      }

      // The Checkout API.
      if (req.method !== "POST" || !url.pathname.startsWith("/v71/")) {
        const e = serviceError(404, "000", "Not Found", "validation");
        return send(res, e.status, e.body);
      }
      if (req.headers["x-api-key"] !== apiKey) {
        const e = serviceError(401, "000", "HTTP Status Response - Unauthorized", "security");
        return send(res, e.status, { ...e.body, pspReference: undefined });
      }
      const key = req.headers["idempotency-key"];
      const idempotencyKey = typeof key === "string" ? key : undefined;
      if (idempotencyKey) attempts.set(idempotencyKey, (attempts.get(idempotencyKey) ?? 0) + 1);
      const first = idempotencyKey ? answers.get(idempotencyKey) : undefined;
      if (first && idempotencyKey) {
        return send(res, first.status, first.body, { "idempotency-key": idempotencyKey });
      }
      let body: Json;
      try {
        body = JSON.parse(text) as Json;
      } catch {
        const e = serviceError(400, "702", "Unexpected input", "validation");
        return send(res, e.status, e.body);
      }
      const holder = str((body.paymentMethod as Json | undefined)?.holderName);
      // The timeout tests' payment: never answered (the request stays open until the client gives up).
      if (holder === ADYEN_FAKE_HANG_HOLDER) return;
      // /payments/details and /applePay/sessions name no merchant account (the API key's is used).
      const named = url.pathname === "/v71/payments" || url.pathname.endsWith("/refunds");
      if (named && body.merchantAccount !== merchantAccount) {
        const e = serviceError(403, "901", "Invalid Merchant Account", "security");
        return send(res, e.status, e.body);
      }
      const refundPath = /^\/v71\/payments\/([^/]+)\/refunds$/.exec(url.pathname);
      const answer =
        url.pathname === "/v71/payments"
          ? createPayment(body)
          : url.pathname === "/v71/payments/details"
            ? details(body)
            : refundPath
              ? refund(decodeURIComponent(refundPath[1] ?? ""), body)
              : url.pathname === "/v71/applePay/sessions"
                ? applePaySession(body)
                : serviceError(404, "000", "Not Found");
      if (idempotencyKey) answers.set(idempotencyKey, answer);
      return send(
        res,
        answer.status,
        answer.body,
        idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
      );
    } catch (error) {
      send(res, 500, { status: 500, errorCode: "000", message: String(error), errorType: "internal" });
    }
  });

  origin = await listenLocally(server);
  const webBase = `http://checkoutshopper-test.localhost:${new URL(origin).port}`;
  const clientKey = "test_FAKEADYENCLIENTKEY0123456789";
  return { url: `${origin}/v71`, apiKey, merchantAccount, hmacKey, applePayMerchantId, clientKey, webBase };
}
