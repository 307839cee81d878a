// The PayPal adapter against the fake of PayPal's documented APIs (tests/fakes/paypal.ts), inside workerd:
// an order approved and captured, a canceled approval, every mapped error, genuine, forged and duplicated
// webhooks, a hung call, a refund and a merchant-initiated renewal on the vault id.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ProviderUnreachable } from "../../worker/payments/providers/http";
import { type PayPalOptions, paypalProvider } from "../../worker/payments/providers/paypal";
import {
  PAYPAL_ERROR_CODES,
  PayPalApiError,
  PayPalUnsupported,
} from "../../worker/payments/providers/paypal-errors";
import { paypalAmount } from "../../worker/payments/providers/paypal-payments";

const fake = z
  .object({
    FAKE_PAYPAL_URL: z.string().url(),
    FAKE_PAYPAL_CLIENT_ID: z.string().min(1),
    FAKE_PAYPAL_CLIENT_SECRET: z.string().min(1),
    FAKE_PAYPAL_WEBHOOK_ID: z.string().min(1),
  })
  .parse(env);

const options: PayPalOptions = {
  apiBase: fake.FAKE_PAYPAL_URL,
  clientId: fake.FAKE_PAYPAL_CLIENT_ID,
  clientSecret: fake.FAKE_PAYPAL_CLIENT_SECRET,
  webhookId: fake.FAKE_PAYPAL_WEBHOOK_ID,
  brandName: "Amore Italia",
  http: { timeoutMs: 1_000, retries: 1, sleep: async () => {} },
};
const paypal = paypalProvider(options);
const RETURN_URL = "https://it.localhost/purchase/pay?plan=vip-30";

const control = (path: string, body?: unknown) =>
  fetch(`${fake.FAKE_PAYPAL_URL}${path}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then((r) => r.json());

function order(overrides: { storeCard?: boolean; idempotencyKey?: string; amountCents?: number } = {}) {
  return paypal.createRedirectPayment({
    method: "paypal",
    idempotencyKey: overrides.idempotencyKey ?? `pay_${crypto.randomUUID()}`,
    amountCents: overrides.amountCents ?? 1999,
    currency: "EUR",
    descriptor: "AMOREITALIA*VIP PLAN 30 DAYS",
    returnUrl: RETURN_URL,
    shopperReference: "member-42",
    ...(overrides.storeCard ? { storeCard: true } : {}),
  });
}

/** The member on PayPal's approval page: where PayPal sends them back. */
async function answer(redirectUrl: string, action: "approve" | "cancel", capture?: "DECLINED" | "PENDING") {
  const page = new URL(redirectUrl);
  page.searchParams.set("fake_action", action);
  if (capture) page.searchParams.set("fake_capture", capture);
  const response = await fetch(page, { redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

/** An order the member approved, captured: the reference and the payment. */
async function paidOrder(storeCard = false) {
  const created = await order({ storeCard });
  await answer(created.redirectUrl ?? "", "approve");
  return paypal.capturePayment(created.reference);
}

/** The webhook PayPal sends for an order, as a request to our endpoint. */
async function webhook(type: string, orderId: string) {
  const sent = z
    .object({ headers: z.record(z.string(), z.string()), body: z.string() })
    .parse(await control("/__fake/webhook", { type, orderId }));
  return new Request("https://it.localhost/orders/paypal/webhook", {
    method: "POST",
    headers: sent.headers,
    body: sent.body,
  });
}

describe("the PayPal adapter (Orders v2)", () => {
  it("creates an order in EUR, sends the member to approve it, and captures it as paid", async () => {
    const created = await order();
    expect(created.status).toBe("action_required");
    expect(created.redirectUrl).toBe(`${fake.FAKE_PAYPAL_URL}/checkoutnow?token=${created.reference}`);
    const stored = z
      .object({ purchase_units: z.array(z.record(z.string(), z.unknown())), returnUrl: z.string() })
      .parse(await control(`/__fake/orders/${created.reference}`));
    expect(stored.purchase_units[0]).toMatchObject({
      amount: { currency_code: "EUR", value: "19.99" },
      soft_descriptor: "AMOREITALIA*VIP PLAN 3",
      custom_id: "member-42",
    });
    expect(stored.returnUrl).toBe(RETURN_URL);

    const back = await answer(created.redirectUrl ?? "", "approve");
    expect(`${back.origin}${back.pathname}`).toBe("https://it.localhost/purchase/pay");
    expect(back.searchParams.get("token")).toBe(created.reference);
    expect(back.searchParams.get("plan")).toBe("vip-30");

    const captured = await paypal.capturePayment(created.reference);
    expect(captured).toEqual({ reference: created.reference, status: "succeeded" });
    expect(await paypal.checkPayment(created.reference)).toEqual(captured);
    // The return page asked twice: one capture, the same answer.
    expect(await paypal.capturePayment(created.reference)).toEqual(captured);
  });

  it("answers a retried create with the first order (PayPal-Request-Id from our key)", async () => {
    const idempotencyKey = `pay_${crypto.randomUUID()}`;
    const first = await order({ idempotencyKey });
    expect(await order({ idempotencyKey })).toEqual(first);
  });

  it("formats cents as PayPal's decimal string", () => {
    expect([paypalAmount(1999), paypalAmount(5), paypalAmount(100), paypalAmount(123456)]).toEqual([
      "19.99",
      "0.05",
      "1.00",
      "1234.56",
    ]);
  });

  it("reads a canceled approval as payment_canceled", async () => {
    const created = await order();
    const back = await answer(created.redirectUrl ?? "", "cancel");
    expect(back.searchParams.get("token")).toBe(created.reference);
    expect(back.searchParams.has("PayerID")).toBe(false);
    expect(await paypal.capturePayment(created.reference)).toEqual({
      reference: created.reference,
      status: "canceled",
      errorCode: "payment_canceled",
    });
  });

  describe("maps each PayPal issue to the error catalogue", () => {
    for (const [issue, code] of Object.entries(PAYPAL_ERROR_CODES)) {
      it(`${issue} → ${code}`, async () => {
        const created = await order();
        await answer(created.redirectUrl ?? "", "approve");
        const path = `/v2/checkout/orders/${created.reference}/capture`;
        await control("/__fake/arm", {
          method: "POST",
          path,
          status: 422,
          name: "UNPROCESSABLE_ENTITY",
          issue,
        });
        const captured = await paypal.capturePayment(created.reference);
        expect(captured.errorCode).toBe(code);
        expect(captured.status).toBe(code === "payment_canceled" ? "canceled" : "failed");
      });
    }

    it("an issue it does not know → generico", async () => {
      const created = await order();
      await answer(created.redirectUrl ?? "", "approve");
      const path = `/v2/checkout/orders/${created.reference}/capture`;
      await control("/__fake/arm", {
        method: "POST",
        path,
        status: 422,
        name: "UNPROCESSABLE_ENTITY",
        issue: "NEW_ISSUE",
      });
      expect((await paypal.capturePayment(created.reference)).errorCode).toBe("generico");
    });

    it("a refused create is a failed payment under a reference of its own", async () => {
      await control("/__fake/arm", {
        method: "POST",
        path: "/v2/checkout/orders",
        status: 422,
        name: "UNPROCESSABLE_ENTITY",
        issue: "PAYER_CANNOT_PAY",
      });
      const created = await order({ idempotencyKey: "pay_refused" });
      expect(created).toEqual({
        reference: "paypal-refused-pay_refused",
        status: "failed",
        errorCode: "change_method",
      });
    });

    it("PayPal's own failure throws (never a failed payment), with its debug id and no secret", async () => {
      const created = await order();
      const path = `/v2/checkout/orders/${created.reference}`;
      await control("/__fake/arm", {
        method: "GET",
        path,
        status: 503,
        name: "SERVICE_UNAVAILABLE",
        issue: "SERVICE_UNAVAILABLE",
      });
      const error = await paypal.checkPayment(created.reference).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayPalApiError);
      expect(String(error)).toMatch(/503 SERVICE_UNAVAILABLE.*debug_id [0-9a-f]+/);
    });
  });

  it("keeps its access token, and refused credentials throw without the secret", async () => {
    const before = z.object({ tokensIssued: z.number() }).parse(await control("/__fake/stats"));
    await order();
    await order();
    const after = z.object({ tokensIssued: z.number() }).parse(await control("/__fake/stats"));
    expect(after.tokensIssued).toBe(before.tokensIssued);

    const wrong = paypalProvider({ ...options, clientId: "someone-else", clientSecret: "the-wrong-secret" });
    const error = await wrong.checkPayment("X").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalApiError);
    expect(String(error)).toContain("401 invalid_client");
    expect(String(error)).not.toContain("the-wrong-secret");
  });

  describe("webhooks", () => {
    it("reads a genuine PAYMENT.CAPTURE.COMPLETED, and a duplicate gives the same payment", async () => {
      const paid = await paidOrder();
      const first = await paypal.parseWebhook(await webhook("PAYMENT.CAPTURE.COMPLETED", paid.reference));
      expect(first).toEqual({ payment: { reference: paid.reference, status: "succeeded" } });
      const again = await webhook("PAYMENT.CAPTURE.COMPLETED", paid.reference);
      expect(await paypal.parseWebhook(again.clone())).toEqual(first);
      expect(await paypal.parseWebhook(again)).toEqual(first);
    });

    it("refuses a forged one: a changed body, a made-up signature, missing headers", async () => {
      const paid = await paidOrder();
      const genuine = await webhook("PAYMENT.CAPTURE.COMPLETED", paid.reference);
      const body = await genuine.clone().text();
      const changed = new Request(genuine, { body: body.replace('"COMPLETED"', '"DECLINED"') });
      expect(await paypal.parseWebhook(changed)).toBeNull();
      const headers = new Headers(genuine.headers);
      headers.set("paypal-transmission-sig", btoa("forged"));
      expect(
        await paypal.parseWebhook(new Request(genuine.url, { method: "POST", headers, body })),
      ).toBeNull();
      headers.delete("paypal-transmission-sig");
      expect(
        await paypal.parseWebhook(new Request(genuine.url, { method: "POST", headers, body })),
      ).toBeNull();
      expect(
        await paypal.parseWebhook(new Request(genuine.url, { method: "POST", body: "not json" })),
      ).toBeNull();
    });

    it("captures on CHECKOUT.ORDER.APPROVED before the return page, which then finds it paid", async () => {
      const created = await order();
      await answer(created.redirectUrl ?? "", "approve");
      const event = await paypal.parseWebhook(await webhook("CHECKOUT.ORDER.APPROVED", created.reference));
      expect(event).toEqual({ payment: { reference: created.reference, status: "succeeded" } });
      expect(await paypal.capturePayment(created.reference)).toEqual(event?.payment);
    });

    it("reads PAYMENT.CAPTURE.DENIED as failed and PAYMENT.CAPTURE.REFUNDED as refunded", async () => {
      const created = await order();
      await answer(created.redirectUrl ?? "", "approve", "DECLINED");
      expect(await paypal.capturePayment(created.reference)).toMatchObject({ status: "failed" });
      const denied = await paypal.parseWebhook(await webhook("PAYMENT.CAPTURE.DENIED", created.reference));
      expect(denied?.payment).toEqual({
        reference: created.reference,
        status: "failed",
        errorCode: "card_declined",
      });

      const paid = await paidOrder();
      await paypal.refund({
        reference: paid.reference,
        amountCents: 1999,
        idempotencyKey: crypto.randomUUID(),
      });
      const refunded = await paypal.parseWebhook(await webhook("PAYMENT.CAPTURE.REFUNDED", paid.reference));
      expect(refunded?.payment).toEqual({ reference: paid.reference, status: "refunded" });
    });

    it("a capture PayPal holds is pending until it ends", async () => {
      const created = await order();
      await answer(created.redirectUrl ?? "", "approve", "PENDING");
      expect(await paypal.capturePayment(created.reference)).toEqual({
        reference: created.reference,
        status: "pending",
      });
    });
  });

  it("retries a call that hung, and gives up as unreachable when every attempt hangs", async () => {
    const created = await order();
    const path = `/v2/checkout/orders/${created.reference}`;
    const quick = paypalProvider({ ...options, http: { timeoutMs: 200, retries: 1, sleep: async () => {} } });
    await control("/__fake/hang", { path, times: 1 });
    expect(await quick.checkPayment(created.reference)).toMatchObject({ status: "action_required" });
    await control("/__fake/hang", { path, times: 2 });
    const error = await quick.checkPayment(created.reference).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnreachable);
  });

  it("refunds a capture once per key", async () => {
    const paid = await paidOrder();
    const idempotencyKey = crypto.randomUUID();
    const refund = { reference: paid.reference, amountCents: 1999, idempotencyKey };
    expect(await paypal.refund(refund)).toEqual({ ok: true });
    // The same key again: PayPal answers the first refund.
    expect(await paypal.refund(refund)).toEqual({ ok: true });
    expect(await paypal.checkPayment(paid.reference)).toEqual({
      reference: paid.reference,
      status: "refunded",
    });
    // Another key: PayPal refuses a second refund of the capture.
    expect(await paypal.refund({ ...refund, idempotencyKey: crypto.randomUUID() })).toEqual({
      ok: false,
      errorCode: "processing_error",
    });
  });

  it("vaults the wallet of a renewing plan and renews on it without the member", async () => {
    expect((await paidOrder()).storedCard).toBeUndefined();
    const first = await paidOrder(true);
    expect(first.status).toBe("succeeded");
    expect(first.storedCard).toEqual({
      kind: "paypal",
      token: expect.stringMatching(/^[0-9a-z]+$/),
      label: "payer@example.com",
    });

    const renewal = {
      idempotencyKey: `pay_${crypto.randomUUID()}`,
      amountCents: 1999,
      currency: "EUR",
      descriptor: "AMOREITALIA",
      returnUrl: "https://it.localhost/chats",
      shopperReference: "member-42",
      cardToken: first.storedCard?.token ?? "",
      merchantInitiated: true,
    };
    const renewed = await paypal.chargeStoredCard(renewal);
    expect(renewed).toMatchObject({ status: "succeeded" });
    expect(renewed.reference).not.toBe(first.reference);
    expect(renewed.redirectUrl).toBeUndefined();
    // A retried renewal (the same payment's key) is the same order, charged once.
    expect((await paypal.chargeStoredCard(renewal)).reference).toBe(renewed.reference);

    await control("/__fake/arm", {
      method: "POST",
      path: "/v2/checkout/orders",
      status: 422,
      name: "UNPROCESSABLE_ENTITY",
      issue: "INSTRUMENT_DECLINED",
    });
    const declined = await paypal.chargeStoredCard({
      ...renewal,
      idempotencyKey: `pay_${crypto.randomUUID()}`,
    });
    expect(declined).toMatchObject({ status: "failed", errorCode: "card_declined" });
    const unknown = await paypal.chargeStoredCard({
      ...renewal,
      idempotencyKey: "pay_x",
      cardToken: "nosuch",
    });
    expect(unknown).toMatchObject({ status: "failed", errorCode: "generico" });
  });

  it("says clearly what PayPal does not do here", () => {
    expect(() => paypal.startApplePaySession({ validationUrl: "", domainName: "", displayName: "" })).toThrow(
      PayPalUnsupported,
    );
    expect(() => paypal.chargeWallet({} as never)).toThrow(PayPalUnsupported);
    expect(() => paypal.chargeCard({} as never)).toThrow(PayPalUnsupported);
  });
});
