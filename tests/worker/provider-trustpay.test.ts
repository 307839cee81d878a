// The TrustPay adapter against the fake of its card gateway (tests/fakes/trustpay.ts), called directly inside
// workerd: a frictionless payment, the 3-D Secure round trip back to the return page with instanceId and its
// check, each refusal of the fake's test amounts mapped to the catalogue, a notification genuine, forged and
// duplicated, a hung gateway, a refund, and the typed refusal of what TrustPay does not serve here (renewals on
// a kept card: the gateway's recurring fields are not publicly documented).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PAYMENT_ERROR_CODES, type PaymentErrorCode } from "../../worker/contracts/payments";
import { ProviderUnreachable } from "../../worker/payments/providers/http";
import {
  cardBrandOf,
  statusOfCode,
  TRUSTPAY_HTTP_ERRORS,
  TRUSTPAY_RESULT_CODES,
  TrustPayApiError,
  TrustPayUnsupported,
  trustpayAmount,
  trustpayHttpErrorCode,
  trustpayProvider,
  trustpaySignature,
} from "../../worker/payments/providers/trustpay";

const fake = z
  .object({
    FAKE_TRUSTPAY_URL: z.string().url(),
    FAKE_TRUSTPAY_API_KEY: z.string().min(1),
    FAKE_TRUSTPAY_SECRET_KEY: z.string().min(1),
    FAKE_TRUSTPAY_HANG: z.string().min(1),
  })
  .parse(env);

const RETURN_URL = "https://it.localhost/trpay/paymentCheck";

function adapter(overrides: { apiKey?: string; secretKey?: string; retries?: number } = {}) {
  return trustpayProvider({
    apiBase: fake.FAKE_TRUSTPAY_URL,
    apiKey: overrides.apiKey ?? fake.FAKE_TRUSTPAY_API_KEY,
    secretKey: overrides.secretKey ?? fake.FAKE_TRUSTPAY_SECRET_KEY,
    call: { timeoutMs: 400, retries: overrides.retries ?? 1, backoffMs: 5 },
  });
}

let serial = 0;
const charge = (amountCents: number, number = "4200000000000000") => ({
  idempotencyKey: `pay_tp_${Date.now()}_${++serial}`,
  amountCents,
  currency: "EUR",
  descriptor: "FLIRT PREMIUM",
  returnUrl: RETURN_URL,
  shopperReference: `member-${serial}`,
  card: { number, expMonth: 3, expYear: 2031, cvc: "123", holderName: "Mario Rossi" },
  storeCard: false,
});

/** What the fake would have posted to the project's notification URL, for one instance. */
async function notificationsFor(instanceId: string) {
  const { notifications } = (await (
    await fetch(`${fake.FAKE_TRUSTPAY_URL}/__fake/notifications`)
  ).json()) as {
    notifications: string[];
  };
  return notifications.filter((n) => n.includes(`"PaymentId":"${instanceId}"`));
}

const notification = (body: string) =>
  new Request("https://it.localhost/api/payments/trustpay/notification", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });

/** The member's browser on the ACS: posts the redirect form, then passes or fails, and is sent back. */
async function passAcs(
  threeDs: { url: string; fields: Record<string, string> },
  outcome: "passed" | "failed",
) {
  const page = await fetch(threeDs.url, { method: "POST", body: new URLSearchParams(threeDs.fields) });
  expect(await page.text()).toContain("3-D Secure");
  const back = await fetch(threeDs.url, {
    method: "POST",
    body: new URLSearchParams({ ...threeDs.fields, authentication: outcome }),
    redirect: "manual",
  });
  await back.text();
  expect(back.status).toBe(303);
  return new URL(back.headers.get("location") ?? "");
}

describe("the TrustPay adapter", () => {
  it("charges a card at once, with what the receipt shows, and the signed notification says paid", async () => {
    const trustpay = adapter();
    const paid = await trustpay.chargeCard(charge(1234));
    expect(paid).toEqual({
      reference: expect.stringMatching(/^[A-Za-z0-9]+$/),
      status: "succeeded",
      card: { brand: "visa", last4: "0000" },
    });
    expect(await trustpay.checkPayment(paid.reference)).toEqual({
      reference: paid.reference,
      status: "succeeded",
    });
    expect(await trustpay.capturePayment(paid.reference)).toMatchObject({ status: "succeeded" });

    const [body] = await notificationsFor(paid.reference);
    expect(body).toBeTruthy();
    // Card data is never sent back: the notification holds no card number.
    expect(body).not.toContain("4200000000000000");
    const event = await trustpay.parseWebhook(notification(body ?? ""));
    expect(event).toEqual({ payment: { reference: paid.reference, status: "succeeded" } });
  });

  it("runs 3-D Secure: the redirect form, the ACS, back to the return page with instanceId, and the check", async () => {
    const trustpay = adapter();
    const started = await trustpay.chargeCard(charge(1999, "5500000000000091"));
    expect(started).toMatchObject({
      status: "action_required",
      card: { brand: "mastercard", last4: "0091" },
      threeDs: { system: "trustpay", url: `${fake.FAKE_TRUSTPAY_URL}/acs` },
    });
    expect(started.threeDs?.fields).toMatchObject({ instanceId: started.reference });
    // Before the member finishes, the payment waits for them.
    expect(await trustpay.checkPayment(started.reference)).toMatchObject({ status: "action_required" });

    const back = await passAcs(started.threeDs ?? { url: "", fields: {} }, "passed");
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    const instanceId = back.searchParams.get("instanceId") ?? "";
    expect(instanceId).toBe(started.reference);
    expect(await trustpay.checkPayment(instanceId)).toEqual({ reference: instanceId, status: "succeeded" });

    // Failed authentication: the catalogue's 3-D Secure failure.
    const refused = await trustpay.chargeCard(charge(1999, "4000000000000091"));
    const failedBack = await passAcs(refused.threeDs ?? { url: "", fields: {} }, "failed");
    expect(await trustpay.checkPayment(failedBack.searchParams.get("instanceId") ?? "")).toEqual({
      reference: refused.reference,
      status: "failed",
      errorCode: "warning",
    });
  });

  it("maps each refusal of the fake's test amounts to the catalogue", async () => {
    const refusals: [number, string, PaymentErrorCode][] = [
      [100100, "800.100.151", "invalid_number"],
      [100200, "800.100.153", "invalid_cvc"],
      [100300, "800.100.155", "insufficient_funds"],
      [100400, "800.100.157", "expired_card"],
      [100500, "800.100.160", "lost_or_stolen"],
      [100600, "800.100.152", "card_declined"],
      [100700, "800.100.170", "change_method"],
      [100800, "300.100.100", "authentication_required"],
      [100900, "800.300.401", "address_blacklisted"],
      [101000, "800.120.100", "riprova"],
      [101100, "100.100.600", "invalid_cvc"],
    ];
    const trustpay = adapter();
    for (const [amountCents, code, errorCode] of refusals) {
      const refused = await trustpay.chargeCard(charge(amountCents));
      expect(refused, code).toMatchObject({ status: "failed", errorCode });
      expect(await trustpay.checkPayment(refused.reference), code).toMatchObject({
        status: "failed",
        errorCode,
      });
    }
    // "Timeout, uncertain result": not a refusal, the notification tells the end.
    expect(await trustpay.chargeCard(charge(101200))).toMatchObject({ status: "pending" });
  });

  it("keeps its tables to the catalogue, row by row", () => {
    for (const [code, errorCode] of Object.entries(TRUSTPAY_RESULT_CODES)) {
      expect(PAYMENT_ERROR_CODES, code).toContain(errorCode);
      expect(statusOfCode(code), code).toEqual({ status: "failed", errorCode });
    }
    expect(TRUSTPAY_RESULT_CODES).toMatchObject({
      "800.100.151": "invalid_number",
      "800.100.153": "invalid_cvc",
      "800.100.155": "insufficient_funds",
      "800.100.157": "expired_card",
      "800.100.160": "lost_or_stolen",
      "300.100.100": "authentication_required",
      "100.380.401": "warning",
      "800.300.401": "address_blacklisted",
    });
    for (const code of [
      "000.000.000",
      "000.000.100",
      "000.100.110",
      "000.300.000",
      "000.600.000",
      "000.400.100",
    ])
      expect(statusOfCode(code), code).toEqual({ status: "succeeded" });
    expect(statusOfCode("000.400.030")).toMatchObject({ status: "failed" });
    expect(statusOfCode("000.200.000")).toEqual({ status: "pending" });
    expect(statusOfCode("900.100.300")).toEqual({ status: "pending" });
    expect(statusOfCode(null)).toEqual({ status: "action_required" });
    expect(statusOfCode("999.999.999")).toEqual({ status: "failed", errorCode: "card_declined" });
    for (const [status, errorCode] of Object.entries(TRUSTPAY_HTTP_ERRORS)) {
      expect(PAYMENT_ERROR_CODES, status).toContain(errorCode);
      expect(trustpayHttpErrorCode(Number(status)), status).toBe(errorCode);
    }
    expect(trustpayHttpErrorCode(418)).toBe("problemi_api");
    expect(trustpayHttpErrorCode(599)).toBe("riprova");
    expect(trustpayAmount(1234)).toBe("12.34");
    expect(trustpayAmount(5)).toBe("0.05");
    expect(cardBrandOf("378282246310005")).toBe("amex");
    expect(cardBrandOf("6011111111111117")).toBe("discover");
  });

  it("believes a notification only with TrustPay's signature; a duplicate reads the same", async () => {
    const trustpay = adapter();
    const paid = await trustpay.chargeCard(charge(500));
    const [body = ""] = await notificationsFor(paid.reference);
    const first = await trustpay.parseWebhook(notification(body));
    expect(await trustpay.parseWebhook(notification(body))).toEqual(first);

    // A forged status with the old signature, a signature with another key, junk: not TrustPay's.
    const forged = body.replace('"Status":"Paid"', '"Status":"Rejected"');
    expect(forged).not.toBe(body);
    expect(await trustpay.parseWebhook(notification(forged))).toBeNull();
    const document = JSON.parse(body) as Record<string, unknown>;
    const resigned = { ...document, Signature: await trustpaySignature("not-the-secret", document) };
    expect(await trustpay.parseWebhook(notification(JSON.stringify(resigned)))).toBeNull();
    expect(await adapter({ secretKey: "not-the-secret" }).parseWebhook(notification(body))).toBeNull();
    expect(await trustpay.parseWebhook(notification("not json"))).toBeNull();
    expect(await trustpay.parseWebhook(notification("{}"))).toBeNull();

    // A rejected payment's notification carries its reason code.
    const refused = await trustpay.chargeCard(charge(100300));
    const [rejected = ""] = await notificationsFor(refused.reference);
    expect(await trustpay.parseWebhook(notification(rejected))).toEqual({
      payment: { reference: refused.reference, status: "failed", errorCode: "insufficient_funds" },
    });
  });

  it("refuses a wrong key as no payment outcome, and a malformed card as a failed payment", async () => {
    await expect(adapter({ apiKey: "wrong" }).chargeCard(charge(700))).rejects.toThrow(TrustPayApiError);
    await expect(adapter({ apiKey: "wrong" }).checkPayment("abc")).rejects.toMatchObject({
      status: 401,
      errorCode: "problemi_api",
    });
    const malformed = await adapter().chargeCard(charge(700, "42"));
    expect(malformed).toMatchObject({ status: "failed", errorCode: "problemi_api" });
    expect(await adapter().checkPayment("no-such-instance")).toMatchObject({ status: "failed" });
    expect(await adapter().checkPayment("../v1/purchase")).toMatchObject({
      status: "failed",
      errorCode: "generico",
    });
  });

  it("gives up on a hung gateway in time, and never sends the purchase twice", async () => {
    const started = Date.now();
    const hung = { ...charge(800), idempotencyKey: `pay_${fake.FAKE_TRUSTPAY_HANG}_${Date.now()}` };
    const error = await adapter({ retries: 2 })
      .chargeCard(hung)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnreachable);
    // No idempotency header at TrustPay: the POST was tried once, retries or not.
    expect(error).toMatchObject({ attempts: 1 });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("refunds a paid payment, and refuses more than was paid", async () => {
    const trustpay = adapter();
    const paid = await trustpay.chargeCard(charge(2500));
    const refund = {
      reference: paid.reference,
      amountCents: 2500,
      idempotencyKey: `refund_${paid.reference}`,
    };
    expect(await trustpay.refund(refund)).toEqual({ ok: true });
    const refunds = (await notificationsFor(paid.reference)).filter((n) => n.includes('"DBIT"'));
    expect(refunds).toHaveLength(1);
    expect(await trustpay.parseWebhook(notification(refunds[0] ?? ""))).toEqual({
      payment: { reference: paid.reference, status: "refunded" },
    });
    expect(await trustpay.refund({ ...refund, idempotencyKey: `${refund.idempotencyKey}-2` })).toEqual({
      ok: false,
      errorCode: "processing_error",
    });
    expect(await trustpay.refund({ ...refund, reference: "no-such-instance" })).toEqual({
      ok: false,
      errorCode: "problemi_api",
    });
  });

  it("refuses renewals on a kept card, redirect methods and wallets with a typed error", async () => {
    const trustpay = adapter();
    const base = charge(1999);
    await expect(
      trustpay.chargeStoredCard({ ...base, cardToken: "anything", merchantInitiated: true }),
    ).rejects.toThrow(TrustPayUnsupported);
    await expect(trustpay.createRedirectPayment({ ...base, method: "mollie" })).rejects.toThrow(
      TrustPayUnsupported,
    );
    await expect(trustpay.chargeWallet({ ...base, method: "googlepay", token: "{}" })).rejects.toThrow(
      TrustPayUnsupported,
    );
    await expect(
      trustpay.startApplePaySession({
        validationUrl: "https://apple-pay-gateway.apple.com/x",
        domainName: "a",
        displayName: "b",
      }),
    ).rejects.toThrow(TrustPayUnsupported);
  });
});
