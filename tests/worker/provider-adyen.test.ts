// The Adyen adapter (worker/payments/providers/adyen.ts) called directly inside workerd against the fake of
// Adyen's Checkout API v71 (tests/fakes/adyen.ts): a card paid, 3-D Secure there and back with redirectResult,
// every refusal reason and API error of its table as the catalogue's code, signed notifications read and
// forged ones refused, a timeout retried with the same idempotency key, a refund, a renewal of the kept card.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import { ratePlans } from "../../drizzle/schema/flows";
import { openDb } from "../../worker/core/db";
import { startCardPayment } from "../../worker/payments/checkout.service";
import { orderPlanOf } from "../../worker/payments/payment-lookups.service";
import { type CardCharge, type PaymentProvider, ProviderUnsupported } from "../../worker/payments/provider";
import { adyenProvider } from "../../worker/payments/providers/adyen";
import { ADYEN_API_ERRORS, ADYEN_REFUSALS, apiErrorCode } from "../../worker/payments/providers/adyen-codes";
import { AdyenIgnoredNotification, adyenWebhookAnswer } from "../../worker/payments/providers/adyen-webhook";
import { ProviderUnreachable } from "../../worker/payments/providers/http";
import { settlePayment } from "../../worker/payments/settlement.service";
import {
  ADYEN_3DS_CARD,
  ADYEN_FAKE_HANG_HOLDER,
  ADYEN_TEST_BROWSER,
  ADYEN_TEST_HOLDER_NAMES,
} from "../fakes/adyen-test-values";
import { testConfig } from "../fixtures/config";
import { createMember } from "../fixtures/members";

const fake = z
  .object({
    FAKE_ADYEN_URL: z.string().url(),
    FAKE_ADYEN_API_KEY: z.string().min(1),
    FAKE_ADYEN_MERCHANT_ACCOUNT: z.string().min(1),
    FAKE_ADYEN_HMAC_KEY: z.string().regex(/^[0-9A-F]{64}$/),
    FAKE_ADYEN_APPLE_PAY_MERCHANT_ID: z.string().min(1),
  })
  .parse(env);

const options = {
  baseUrl: fake.FAKE_ADYEN_URL,
  apiKey: fake.FAKE_ADYEN_API_KEY,
  merchantAccount: fake.FAKE_ADYEN_MERCHANT_ACCOUNT,
  hmacKey: fake.FAKE_ADYEN_HMAC_KEY,
  applePayMerchantId: fake.FAKE_ADYEN_APPLE_PAY_MERCHANT_ID,
  call: { timeoutMs: 2_000, sleep: async () => {} },
};
const adyen = adyenProvider(options);
const fakeOrigin = new URL(fake.FAKE_ADYEN_URL).origin;
const RETURN_URL = "https://it.localhost/adyen/paymentCheck";

let counter = 0;
const key = (label: string) => `test-${label}-${Date.now()}-${++counter}`;
const shopper = () => `member-${Date.now()}${++counter}`;

const cardCharge = (
  overrides: Partial<CardCharge> & { holderName?: string; number?: string } = {},
): CardCharge => {
  const { holderName = "Mario Rossi", number = "4111 1111 1111 1111", ...rest } = overrides;
  return {
    idempotencyKey: key("card"),
    amountCents: 990,
    currency: "EUR",
    descriptor: "AMORE*ITALIA 9.90",
    returnUrl: RETURN_URL,
    shopperReference: shopper(),
    card: { number, expMonth: 3, expYear: 2030, cvc: "737", holderName },
    storeCard: false,
    browser: ADYEN_TEST_BROWSER,
    origin: "https://it.localhost",
    ...rest,
  };
};

/** What the fake saw of a payment's request (never its card data). */
async function seenBy(reference: string) {
  const response = await fetch(`${fakeOrigin}/__fake/payments/${reference}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The notification Adyen would post for a payment, signed with the merchant's HMAC key. */
async function notificationOf(reference: string, eventCode = "AUTHORISATION") {
  const response = await fetch(`${fakeOrigin}/__fake/notifications/${reference}?eventCode=${eventCode}`);
  return (await response.json()) as {
    notificationItems: { NotificationRequestItem: Record<string, unknown> & { success: string } }[];
  };
}

const webhook = (body: unknown) =>
  new Request("https://it.localhost/orders/adyen/webhook", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** The member's browser on the issuer's page: posts the action's form, answers, and follows back. */
async function passChallenge(
  threeDs: { url: string; fields: Record<string, string> },
  answer: "pass" | "fail",
) {
  const page = await fetch(threeDs.url, { method: "POST", body: new URLSearchParams(threeDs.fields) });
  expect(await page.text()).toContain("Verify your payment");
  const back = await fetch(`${fakeOrigin}/checkoutshopper/threeDS/answer`, {
    method: "POST",
    body: new URLSearchParams({ ...threeDs.fields, answer }),
    redirect: "manual",
  });
  expect(back.status).toBe(302);
  const location = new URL(back.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
  return location.searchParams.get("redirectResult") ?? "";
}

describe("Adyen adapter against the fake Checkout API v71", () => {
  it("pays a card and keeps it under the shopper reference for renewals", async () => {
    const charge = cardCharge({ storeCard: true });
    const paid = await adyen.chargeCard(charge);
    expect(paid).toMatchObject({ status: "succeeded", card: { brand: "visa", last4: "1111" } });
    expect(paid.reference).toMatch(/^[A-Z0-9]{16}$/);
    expect(paid.storedCard).toMatchObject({ brand: "visa", last4: "1111", expMonth: 3, expYear: 2030 });
    expect(await seenBy(paid.reference)).toMatchObject({
      type: "scheme",
      shopperReference: charge.shopperReference,
      storePaymentMethod: true,
      recurringProcessingModel: "Subscription",
      shopperInteraction: "Ecommerce",
      shopperStatement: "AMORE*ITALIA 9.90",
    });
  });

  it("answers a retried charge with the first payment (the same idempotency key)", async () => {
    const charge = cardCharge();
    const first = await adyen.chargeCard(charge);
    const again = await adyen.chargeCard(charge);
    expect(again).toEqual(first);
  });

  it("runs 3-D Secure as Adyen's posted form and reads the outcome from redirectResult", async () => {
    const charge = cardCharge({ number: ADYEN_3DS_CARD, storeCard: true });
    const started = await adyen.chargeCard(charge);
    expect(started.status).toBe("action_required");
    expect(started.threeDs).toMatchObject({ system: "adyen", fields: { MD: expect.any(String) } });
    expect(await seenBy(started.reference)).toMatchObject({ redirectToIssuerMethod: "POST" });

    const redirectResult = await passChallenge(started.threeDs ?? { url: "", fields: {} }, "pass");
    const returned = await adyen.checkPayment(redirectResult);
    // Our key comes back too: a payment whose reference was never recorded is still found by it.
    expect(returned).toMatchObject({
      reference: started.reference,
      merchantReference: charge.idempotencyKey,
      status: "succeeded",
    });
    expect(returned.storedCard).toMatchObject({ last4: "1237", expMonth: 3, expYear: 2030 });
    // The return page's reload asks again: the same answer.
    expect(await adyen.capturePayment(redirectResult)).toEqual(returned);
  });

  it("tells a failed challenge as the catalogue's 3-D Secure failure", async () => {
    const started = await adyen.chargeCard(cardCharge({ number: ADYEN_3DS_CARD }));
    const redirectResult = await passChallenge(started.threeDs ?? { url: "", fields: {} }, "fail");
    expect(await adyen.checkPayment(redirectResult)).toMatchObject({
      reference: started.reference,
      status: "failed",
      errorCode: "warning",
    });
  });

  it("maps every refusal reason of its table to the catalogue", async () => {
    const holderOf = (code: string) =>
      Object.entries(ADYEN_TEST_HOLDER_NAMES).find(([, refusal]) => refusal.code === code)?.[0];
    for (const [code, row] of Object.entries(ADYEN_REFUSALS)) {
      const holderName = holderOf(code);
      expect(holderName, `a test value for refusal ${code}`).toBeDefined();
      const payment = await adyen.chargeCard(cardCharge({ holderName }));
      const status =
        ADYEN_TEST_HOLDER_NAMES[holderName ?? ""]?.resultCode === "Cancelled" ? "canceled" : "failed";
      expect({ code, status: payment.status, errorCode: payment.errorCode }).toEqual({
        code,
        status,
        errorCode: status === "canceled" ? "payment_canceled" : row.errorCode,
      });
    }
  });

  it("maps every API error of its table to the catalogue", async () => {
    const triggers: Record<string, () => Promise<{ errorCode?: string }>> = {
      "000": () => adyenProvider({ ...options, apiKey: "wrong" }).chargeCard(cardCharge()),
      "901": () => adyenProvider({ ...options, merchantAccount: "SomeoneElse" }).chargeCard(cardCharge()),
      "101": () => adyen.chargeCard(cardCharge({ number: "4111111111111112" })),
      "103": () => adyen.chargeCard({ ...cardCharge(), card: { ...cardCharge().card, cvc: "73" } }),
      "129": () => adyen.chargeCard({ ...cardCharge(), card: { ...cardCharge().card, expYear: 2020 } }),
      "803": () =>
        adyen.chargeStoredCard({ ...cardCharge(), cardToken: "NOSUCHTOKEN00000", merchantInitiated: true }),
      // The adapter sends no method Adyen lacks: the fake's answer to one, read by the adapter's mapping.
      "905": async () => {
        const response = await fetch(`${fake.FAKE_ADYEN_URL}/payments`, {
          method: "POST",
          headers: { "x-api-key": fake.FAKE_ADYEN_API_KEY, "content-type": "application/json" },
          body: JSON.stringify({
            merchantAccount: fake.FAKE_ADYEN_MERCHANT_ACCOUNT,
            reference: key("unsupported"),
            returnUrl: RETURN_URL,
            amount: { value: 990, currency: "EUR" },
            paymentMethod: { type: "unknownpay" },
          }),
        });
        return { errorCode: apiErrorCode(response.status, await response.json()) };
      },
    };
    for (const [code, errorCode] of Object.entries(ADYEN_API_ERRORS)) {
      const trigger = triggers[code];
      expect(trigger, `a trigger for API error ${code}`).toBeDefined();
      const payment = await trigger?.();
      expect({ code, errorCode: payment?.errorCode }).toEqual({ code, errorCode });
    }
  });

  it("reads a genuine notification, twice the same, and refuses a forged one", async () => {
    const charge = cardCharge({ storeCard: true });
    const paid = await adyen.chargeCard(charge);
    const body = await notificationOf(paid.reference);
    const event = await adyen.parseWebhook(webhook(body));
    expect(event?.payment).toMatchObject({
      reference: paid.reference,
      merchantReference: charge.idempotencyKey,
      status: "succeeded",
    });
    expect(event?.payment.storedCard?.token).toBe(paid.storedCard?.token);
    // Adyen delivers at least once: the same notification again reads as the same payment.
    expect(await adyen.parseWebhook(webhook(body))).toEqual(event);

    const item = body.notificationItems[0]?.NotificationRequestItem ?? { success: "" };
    const forged = structuredClone(body);
    const forgedItem = forged.notificationItems[0]?.NotificationRequestItem ?? { success: "" };
    forgedItem.success = "false";
    expect(item.success).toBe("true");
    expect(await adyen.parseWebhook(webhook(forged))).toBeNull();
    const otherKey = adyenProvider({ ...options, hmacKey: "00".repeat(32) });
    expect(await otherKey.parseWebhook(webhook(body))).toBeNull();
    expect(await adyen.parseWebhook(webhook({ hello: "world" }))).toBeNull();

    const answer = adyenWebhookAnswer();
    expect([answer.status, await answer.text()]).toEqual([200, "[accepted]"]);
  });

  it("reads a refused payment's notification with the catalogue's code", async () => {
    const charge = cardCharge({ holderName: "NOT_ENOUGH_BALANCE" });
    const refused = await adyen.chargeCard(charge);
    const event = await adyen.parseWebhook(webhook(await notificationOf(refused.reference)));
    expect(event?.payment).toEqual({
      reference: refused.reference,
      merchantReference: charge.idempotencyKey,
      status: "failed",
      errorCode: "insufficient_funds",
    });
    const other = await notificationOf(refused.reference, "REPORT_AVAILABLE");
    await expect(adyen.parseWebhook(webhook(other))).rejects.toBeInstanceOf(AdyenIgnoredNotification);
  });

  it("gives up on a provider that does not answer, retrying with the same idempotency key", async () => {
    const charge = cardCharge({ holderName: ADYEN_FAKE_HANG_HOLDER });
    const slow = adyenProvider({ ...options, call: { timeoutMs: 200, retries: 1, sleep: async () => {} } });
    await expect(slow.chargeCard(charge)).rejects.toBeInstanceOf(ProviderUnreachable);
    const tried = await fetch(`${fakeOrigin}/__fake/attempts/${charge.idempotencyKey}`);
    expect(await tried.json()).toEqual({ attempts: 2 });
  });

  it("refunds a payment once per idempotency key, confirmed by a REFUND notification", async () => {
    const paid = await adyen.chargeCard(cardCharge());
    const refund = { reference: paid.reference, amountCents: 990, idempotencyKey: key("refund") };
    expect(await adyen.refund(refund)).toEqual({ ok: true });
    // A retried click: Adyen answers the first refund, it does not refund twice.
    expect(await adyen.refund(refund)).toEqual({ ok: true });
    expect(await adyen.refund({ ...refund, idempotencyKey: key("refund") })).toEqual({
      ok: false,
      errorCode: "generico",
    });
    const event = await adyen.parseWebhook(webhook(await notificationOf(paid.reference, "REFUND")));
    expect(event?.payment).toEqual({ reference: paid.reference, status: "refunded" });
  });

  it("reads a CHARGEBACK notification as the payment's money taken back by the member's bank", async () => {
    const paid = await adyen.chargeCard(cardCharge());
    const event = await adyen.parseWebhook(webhook(await notificationOf(paid.reference, "CHARGEBACK")));
    expect(event?.payment).toEqual({ reference: paid.reference, status: "refunded", reversal: "chargeback" });
  });

  it("renews on the kept card, merchant-initiated with the Subscription model; one-tap as card on file", async () => {
    const first = await adyen.chargeCard(cardCharge({ storeCard: true }));
    const token = first.storedCard?.token ?? "";
    const base = {
      ...cardCharge(),
      cardToken: token,
      shopperReference: (await seenBy(first.reference)).shopperReference as string,
    };
    const renewal = await adyen.chargeStoredCard({
      ...base,
      idempotencyKey: key("renewal"),
      merchantInitiated: true,
    });
    expect(renewal).toMatchObject({ status: "succeeded", card: { last4: "1111" } });
    expect(await seenBy(renewal.reference)).toMatchObject({
      storedPaymentMethodId: token,
      shopperInteraction: "ContAuth",
      recurringProcessingModel: "Subscription",
    });
    const oneTap = await adyen.chargeStoredCard({
      ...base,
      idempotencyKey: key("one-tap"),
      merchantInitiated: false,
    });
    expect(await seenBy(oneTap.reference)).toMatchObject({
      shopperInteraction: "Ecommerce",
      recurringProcessingModel: "CardOnFile",
    });
  });

  it("charges Apple Pay and Google Pay tokens, and validates Apple Pay only for Apple's hosts", async () => {
    const wallet = { ...cardCharge() };
    const apple = await adyen.chargeWallet({
      ...wallet,
      method: "applepay",
      token: JSON.stringify({ paymentData: { version: "EC_v1", data: "…" }, transactionIdentifier: "T" }),
    });
    expect(apple.status).toBe("succeeded");
    expect(await seenBy(apple.reference)).toMatchObject({ type: "applepay" });
    const google = await adyen.chargeWallet({
      ...wallet,
      idempotencyKey: key("googlepay"),
      method: "googlepay",
      token: JSON.stringify({
        paymentMethodData: { tokenizationData: { type: "PAYMENT_GATEWAY", token: "{}" } },
      }),
    });
    expect(google.status).toBe("succeeded");

    const validation = { domainName: "it.localhost", displayName: "Amore Italia" };
    expect(
      await adyen.startApplePaySession({ ...validation, validationUrl: "https://evil.example/x" }),
    ).toBeNull();
    const session = await adyen.startApplePaySession({
      ...validation,
      validationUrl: "https://apple-pay-gateway.apple.com/paymentservices/startSession",
    });
    expect(session).toMatchObject({ domainName: "it.localhost", displayName: "Amore Italia" });
  });

  it("keeps a renewing plan's Apple Pay or Google Pay card (tokenization) and renews on it as its wallet", async () => {
    expect(adyen.renewsWith).toEqual(["applepay", "googlepay"]);
    for (const method of ["applepay", "googlepay"] as const) {
      const token =
        method === "applepay"
          ? JSON.stringify({ paymentData: { version: "EC_v1", data: "…" }, transactionIdentifier: "T" })
          : JSON.stringify({
              paymentMethodData: { tokenizationData: { type: "PAYMENT_GATEWAY", token: "{}" } },
            });
      const first = await adyen.chargeWallet({
        ...cardCharge(),
        idempotencyKey: key(`${method}-first`),
        method,
        token,
        storeCard: true,
      });
      expect(await seenBy(first.reference)).toMatchObject({
        type: method,
        storePaymentMethod: true,
        recurringProcessingModel: "Subscription",
      });
      expect(first.storedCard).toEqual({ kind: method, token: expect.stringMatching(/^[0-9A-F]{16}$/) });
      const renewal = await adyen.chargeStoredCard({
        ...cardCharge(),
        idempotencyKey: key(`${method}-renewal`),
        cardToken: first.storedCard?.token ?? "",
        kind: method,
        shopperReference: (await seenBy(first.reference)).shopperReference as string,
        merchantInitiated: true,
      });
      expect(renewal.status).toBe("succeeded");
      expect(await seenBy(renewal.reference)).toMatchObject({
        type: method,
        storedPaymentMethodId: first.storedCard?.token,
        shopperInteraction: "ContAuth",
        recurringProcessingModel: "Subscription",
      });
    }
    // A wallet paid once (no plan that renews) is kept by nobody.
    const once = await adyen.chargeWallet({
      ...cardCharge(),
      idempotencyKey: key("applepay-once"),
      method: "applepay",
      token: JSON.stringify({ paymentData: { version: "EC_v1" }, transactionIdentifier: "T" }),
    });
    expect(once.storedCard).toBeUndefined();
  });

  it("says what Adyen's API cannot do with a typed error", async () => {
    const provider: PaymentProvider = adyen;
    await expect(provider.checkPayment("8815658961765250")).rejects.toBeInstanceOf(ProviderUnsupported);
    // Our stand-in reference when Adyen answered without a pspReference: nothing to look up either.
    await expect(provider.checkPayment("adyen-order-7-attempt-1")).rejects.toBeInstanceOf(
      ProviderUnsupported,
    );
    await expect(
      provider.createRedirectPayment({ ...cardCharge(), method: "mollie" }),
    ).rejects.toBeInstanceOf(ProviderUnsupported);
  });

  it("grants a 3-D Secure payment once: webhook before the return page, the page, the webhook again", async () => {
    const { db, end } = openDb(testConfig.database);
    try {
      const [plan] = await db.select().from(ratePlans).where(eq(ratePlans.list, "free")).limit(1);
      if (!plan) throw new Error("the seed has no free plan");
      const member = await createMember();
      const balance = async () =>
        (await db.select().from(accounts).where(eq(accounts.clickid, member.clickid)))[0]?.messageCredits ??
        -1;
      const [account] = await db.select().from(accounts).where(eq(accounts.clickid, member.clickid));
      if (!account) throw new Error("no member");
      const before = await balance();
      const started = await startCardPayment(db, adyen, {
        accountId: account.id,
        brandId: "amoreitalia",
        fluxId: "7",
        planList: "free",
        plan: orderPlanOf(plan),
        card: { number: ADYEN_3DS_CARD, expMonth: 3, expYear: 2030, cvc: "737", holderName: "Mario Rossi" },
        customer: { email: "member@example.com", country: "ITA" },
        storeCard: true,
        descriptor: "AMORE ITALIA",
        returnUrl: RETURN_URL,
        browser: ADYEN_TEST_BROWSER,
      });
      expect(started.settlement).toMatchObject({ found: true, status: "action_required", granted: false });
      const redirectResult = await passChallenge(started.provider.threeDs ?? { url: "", fields: {} }, "pass");

      const notified = await adyen.parseWebhook(webhook(await notificationOf(started.provider.reference)));
      if (!notified) throw new Error("the genuine notification was refused");
      const first = await settlePayment(db, "adyen", notified.payment);
      const page = await settlePayment(db, "adyen", await adyen.checkPayment(redirectResult));
      const again = await settlePayment(db, "adyen", notified.payment);
      expect([first, page, again].map((s) => s.found && [s.status, s.granted])).toEqual([
        ["succeeded", true],
        ["succeeded", false],
        ["succeeded", false],
      ]);
      expect(await balance()).toBe(before + plan.credits + plan.promoCredits);
    } finally {
      await end();
    }
  });

  it("keeps card data and wallet tokens out of every log line, failures included", async () => {
    const lines: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      }),
    );
    try {
      await adyen.chargeCard(cardCharge({ number: "5555 5555 5555 4444" }));
      await adyen.chargeCard(cardCharge({ number: "4111111111111112" }));
      await adyen.chargeWallet({ ...cardCharge(), method: "googlepay", token: "secret-wallet-token" });
      await adyenProvider({ ...options, apiKey: "wrong" }).chargeCard(
        cardCharge({ number: "5555555555554444" }),
      );
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.join("\n")).not.toMatch(/5555555555554444|4111111111111112|secret-wallet-token|737/);
  });
});
