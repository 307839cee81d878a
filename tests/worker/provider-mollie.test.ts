// The Mollie adapter against the fake of Mollie's documented API (tests/fakes/mollie.ts), called directly inside
// workerd: a payment through the test checkout (paid, canceled, expired, each failure reason of the documented
// magic amounts), the webhook confirmed by fetching the payment (a forged status or an unknown id changes
// nothing), a hung API, a refund, and a renewal on the mandate of a renewing plan's first payment.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PAYMENT_ERROR_CODES, type PaymentErrorCode } from "../../worker/contracts/payments";
import { ProviderUnreachable } from "../../worker/payments/providers/http";
import { type MollieCustomerStore, mollieProvider } from "../../worker/payments/providers/mollie";
import {
  MOLLIE_API_ERRORS,
  MOLLIE_FAILURE_REASONS,
  MollieApiError,
  MollieUnsupported,
  mollieErrorCode,
} from "../../worker/payments/providers/mollie-errors";
import { mollieAmount } from "../../worker/payments/providers/mollie-resources";

const fake = z
  .object({
    FAKE_MOLLIE_URL: z.string().url(),
    FAKE_MOLLIE_KEY: z.string().startsWith("test_"),
    FAKE_MOLLIE_HANG: z.string().min(1),
  })
  .parse(env);

const WEBHOOK_SINK = `${fake.FAKE_MOLLIE_URL}/__fake/webhooks`;

/** The customers this test keeps (the wiring keeps them in the database). */
function memoryCustomers(): MollieCustomerStore & { created: Map<string, string> } {
  const created = new Map<string, string>();
  return {
    created,
    find: async (reference) => created.get(reference) ?? null,
    keep: async (reference, id) => void created.set(reference, id),
  };
}

function adapter(overrides: { apiKey?: string; customers?: MollieCustomerStore } = {}) {
  return mollieProvider({
    apiBase: fake.FAKE_MOLLIE_URL,
    apiKey: overrides.apiKey ?? fake.FAKE_MOLLIE_KEY,
    webhookUrl: WEBHOOK_SINK,
    customers: overrides.customers ?? memoryCustomers(),
    call: { timeoutMs: 400, retries: 1, backoffMs: 5 },
  });
}

let serial = 0;
const payment = (amountCents: number, extra: { storeCard?: boolean; shopper?: string } = {}) => ({
  method: "mollie" as const,
  idempotencyKey: `pay_test_${Date.now()}_${++serial}`,
  amountCents,
  currency: "EUR",
  descriptor: "FLIRT PREMIUM",
  returnUrl: "https://it.localhost/mollie/paymentCheck",
  shopperReference: extra.shopper ?? `member-${Date.now()}-${serial}`,
  storeCard: extra.storeCard,
});

/** The tester's choice on Mollie's test checkout (or a recurring payment's changePaymentState page). */
async function answerCheckout(href: string, status: "paid" | "failed" | "canceled" | "expired") {
  const response = await fetch(href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `status=${status}`,
    redirect: "manual",
  });
  await response.text();
  return response;
}

/** What Mollie posted to the webhook URL for a payment. */
async function webhookCallsFor(id: string) {
  const { webhooks } = (await (await fetch(WEBHOOK_SINK)).json()) as {
    webhooks: { body: string; contentType: string }[];
  };
  return webhooks.filter((w) => new URLSearchParams(w.body).get("id") === id);
}

const webhookRequest = (body: string) =>
  new Request("https://it.localhost/api/payments/mollie/webhook", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });

async function createAndAnswer(amountCents: number, status: "paid" | "failed" | "canceled" | "expired") {
  const mollie = adapter();
  const created = await mollie.createRedirectPayment(payment(amountCents));
  expect(created.redirectUrl).toBeTruthy();
  await answerCheckout(created.redirectUrl ?? "", status);
  return { mollie, created, checked: await mollie.checkPayment(created.reference) };
}

describe("the Mollie adapter", () => {
  it("creates a payment on Mollie's checkout, back to the return page paid, and the webhook says so", async () => {
    const mollie = adapter();
    const created = await mollie.createRedirectPayment(payment(1234));
    expect(created).toMatchObject({ status: "action_required", reference: expect.stringMatching(/^tr_/) });
    expect(created.redirectUrl).toBe(`${fake.FAKE_MOLLIE_URL}/checkout/${created.reference}`);

    // The payment as Mollie keeps it: our amount, descriptor, return page, webhook and reference.
    const stored = (await (
      await fetch(`${fake.FAKE_MOLLIE_URL}/v2/payments/${created.reference}`, {
        headers: { authorization: `Bearer ${fake.FAKE_MOLLIE_KEY}` },
      })
    ).json()) as Record<string, unknown>;
    expect(stored).toMatchObject({
      amount: { currency: "EUR", value: "12.34" },
      description: "FLIRT PREMIUM",
      redirectUrl: "https://it.localhost/mollie/paymentCheck",
      webhookUrl: WEBHOOK_SINK,
      sequenceType: "oneoff",
      metadata: { reference: expect.stringMatching(/^pay_test_/) },
    });

    const back = await answerCheckout(created.redirectUrl ?? "", "paid");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("https://it.localhost/mollie/paymentCheck");
    expect(await mollie.checkPayment(created.reference)).toEqual({
      reference: created.reference,
      status: "succeeded",
      card: { brand: "visa", last4: "6787" },
    });
    expect(await mollie.capturePayment(created.reference)).toMatchObject({ status: "succeeded" });

    const [call] = await webhookCallsFor(created.reference);
    expect(call?.contentType).toBe("application/x-www-form-urlencoded");
    const event = await mollie.parseWebhook(webhookRequest(call?.body ?? ""));
    expect(event?.payment).toMatchObject({ reference: created.reference, status: "succeeded" });
  });

  it("reads a canceled and an expired checkout as canceled (payment_canceled)", async () => {
    for (const status of ["canceled", "expired"] as const) {
      const { checked } = await createAndAnswer(500, status);
      expect(checked).toMatchObject({ status: "canceled", errorCode: "payment_canceled" });
    }
  });

  it("maps each failure reason of the documented magic amounts to the catalogue", async () => {
    const magic: [number, string, PaymentErrorCode][] = [
      [100100, "invalid_card_number", "invalid_number"],
      [100200, "invalid_cvv", "invalid_cvc"],
      [100300, "invalid_card_holder_name", "card_declined"],
      [100400, "card_expired", "expired_card"],
      [100500, "invalid_card_type", "change_method"],
      [100600, "refused_by_issuer", "card_declined"],
      [100700, "insufficient_funds", "insufficient_funds"],
      [100800, "inactive_card", "lost_or_stolen"],
      [100900, "possible_fraud", "card_declined"],
      [101000, "authentication_failed", "warning"],
      [101100, "card_declined", "card_declined"],
    ];
    for (const [amountCents, reason, errorCode] of magic) {
      const { checked } = await createAndAnswer(amountCents, "failed");
      expect(checked, reason).toMatchObject({ status: "failed", errorCode });
    }
    // A failure without a reason (not a card's): generic.
    expect((await createAndAnswer(4200, "failed")).checked).toMatchObject({ errorCode: "generico" });
  });

  it("keeps its tables to the catalogue, row by row", () => {
    expect(MOLLIE_FAILURE_REASONS).toEqual({
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
      invalid_card_type: "change_method",
      possible_fraud: "card_declined",
      refused_by_issuer: "card_declined",
      unknown_reason: "generico",
    });
    for (const [status, code] of Object.entries(MOLLIE_API_ERRORS)) {
      expect(PAYMENT_ERROR_CODES, status).toContain(code);
      expect(mollieErrorCode(Number(status)), status).toBe(code);
    }
    expect(mollieErrorCode(422, "mandateId")).toBe("already_declined_card");
    expect(mollieErrorCode(422, "amount")).toBe("problemi_api");
    expect(mollieErrorCode(599)).toBe("riprova");
    expect(mollieAmount(1234, "EUR")).toEqual({ currency: "EUR", value: "12.34" });
    expect(mollieAmount(5, "EUR")).toEqual({ currency: "EUR", value: "0.05" });
    expect(mollieAmount(100000, "EUR")).toEqual({ currency: "EUR", value: "1000.00" });
  });

  it("confirms a webhook by fetching: a forged status, an unknown id and a duplicate change nothing", async () => {
    const mollie = adapter();
    const created = await mollie.createRedirectPayment(payment(900));
    // Anyone can post to the webhook: whatever they claim, the payment is read back from Mollie (still open).
    const forged = await mollie.parseWebhook(webhookRequest(`id=${created.reference}&status=paid`));
    expect(forged?.payment).toMatchObject({ reference: created.reference, status: "action_required" });
    expect(await mollie.parseWebhook(webhookRequest("id=tr_NoSuchPayment"))).toBeNull();
    expect(await mollie.parseWebhook(webhookRequest("id=../customers"))).toBeNull();
    expect(await mollie.parseWebhook(webhookRequest(""))).toBeNull();

    await answerCheckout(created.redirectUrl ?? "", "paid");
    const [call] = await webhookCallsFor(created.reference);
    const first = await mollie.parseWebhook(webhookRequest(call?.body ?? ""));
    const again = await mollie.parseWebhook(webhookRequest(call?.body ?? ""));
    expect(again).toEqual(first);
    expect(first?.payment.status).toBe("succeeded");
  });

  it("replays a retried creation (one Idempotency-Key, one payment) and refuses a wrong key", async () => {
    const mollie = adapter();
    const once = payment(700);
    const first = await mollie.createRedirectPayment(once);
    const retried = await mollie.createRedirectPayment(once);
    expect(retried.reference).toBe(first.reference);

    const refused = await adapter({ apiKey: "test_not_the_key" }).createRedirectPayment(payment(700));
    expect(refused).toMatchObject({ status: "failed", errorCode: "problemi_api" });
    await expect(adapter({ apiKey: "test_not_the_key" }).checkPayment(first.reference)).rejects.toThrow(
      MollieApiError,
    );
    expect(await mollie.checkPayment(refused.reference)).toMatchObject({ status: "failed" });
  });

  it("gives up on a hung API in time, and the retry with the same key creates nothing new", async () => {
    const mollie = adapter();
    const started = Date.now();
    const hung = { ...payment(800), descriptor: `FLIRT ${fake.FAKE_MOLLIE_HANG}` };
    // The second attempt carries the same Idempotency-Key: Mollie answers 409 while the first is in flight.
    const error = await mollie.createRedirectPayment(hung).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MollieApiError);
    expect(error).toMatchObject({ status: 409, errorCode: "riprova" });
    expect(Date.now() - started).toBeLessThan(3_000);

    const alone = mollieProvider({
      apiBase: fake.FAKE_MOLLIE_URL,
      apiKey: fake.FAKE_MOLLIE_KEY,
      webhookUrl: WEBHOOK_SINK,
      customers: memoryCustomers(),
      call: { timeoutMs: 300, retries: 0 },
    });
    await expect(
      alone.createRedirectPayment({ ...hung, idempotencyKey: `${hung.idempotencyKey}-b` }),
    ).rejects.toThrow(ProviderUnreachable);
  });

  it("refunds a paid payment once per key, and refuses what is not paid", async () => {
    const { mollie, created } = await createAndAnswer(2500, "paid");
    const refund = {
      reference: created.reference,
      amountCents: 2500,
      idempotencyKey: `refund_${created.reference}`,
    };
    expect(await mollie.refund(refund)).toEqual({ ok: true });
    // The same key again: Mollie's cached answer, not a second refund.
    expect(await mollie.refund(refund)).toEqual({ ok: true });
    expect(await mollie.checkPayment(created.reference)).toMatchObject({ status: "refunded" });
    expect(await mollie.refund({ ...refund, idempotencyKey: `${refund.idempotencyKey}-2` })).toEqual({
      ok: false,
      errorCode: "problemi_api",
    });
    const open = await mollie.createRedirectPayment(payment(300));
    expect(await mollie.refund({ ...refund, reference: open.reference })).toMatchObject({ ok: false });
  });

  it("renews on the mandate of a renewing plan's first payment, and not once the mandate is revoked", async () => {
    const customers = memoryCustomers();
    const mollie = adapter({ customers });
    const shopper = `member-renewing-${Date.now()}`;
    const first = await mollie.createRedirectPayment(payment(1999, { storeCard: true, shopper }));
    const customerId = customers.created.get(shopper);
    expect(customerId).toMatch(/^cst_/);
    await answerCheckout(first.redirectUrl ?? "", "paid");
    const paid = await mollie.checkPayment(first.reference);
    expect(paid).toMatchObject({
      status: "succeeded",
      storedCard: { token: expect.stringMatching(/^cst_\w+:mdt_\w+$/), brand: "visa", last4: "6787" },
    });
    const token = paid.storedCard?.token ?? "";
    expect(token.startsWith(`${customerId}:`)).toBe(true);

    // The member's next renewing plan: the same customer, no second one.
    await mollie.createRedirectPayment(payment(1999, { storeCard: true, shopper }));
    expect(customers.created.size).toBe(1);

    const renewal = {
      idempotencyKey: `renewal_${Date.now()}`,
      amountCents: 1999,
      currency: "EUR",
      descriptor: "FLIRT PREMIUM",
      returnUrl: "https://it.localhost/chats",
      shopperReference: shopper,
      cardToken: token,
      merchantInitiated: true,
    };
    const charged = await mollie.chargeStoredCard(renewal);
    expect(charged).toMatchObject({ status: "pending", reference: expect.stringMatching(/^tr_/) });
    // Mollie's test mode sets a recurring payment's state on its changePaymentState page.
    await answerCheckout(`${fake.FAKE_MOLLIE_URL}/checkout/${charged.reference}`, "paid");
    const [call] = await webhookCallsFor(charged.reference);
    expect((await mollie.parseWebhook(webhookRequest(call?.body ?? "")))?.payment).toMatchObject({
      reference: charged.reference,
      status: "succeeded",
    });
    // A retried renewal (same key): the same payment, the member charged once.
    expect((await mollie.chargeStoredCard(renewal)).reference).toBe(charged.reference);

    const mandateId = token.split(":")[1];
    const revoked = await fetch(`${fake.FAKE_MOLLIE_URL}/v2/customers/${customerId}/mandates/${mandateId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${fake.FAKE_MOLLIE_KEY}` },
    });
    expect(revoked.status).toBe(204);
    expect(
      await mollie.chargeStoredCard({ ...renewal, idempotencyKey: `${renewal.idempotencyKey}-2` }),
    ).toMatchObject({
      status: "failed",
      errorCode: "already_declined_card",
    });
    expect(await mollie.chargeStoredCard({ ...renewal, cardToken: "not-a-token" })).toMatchObject({
      status: "failed",
    });
  });

  it("refuses the card form, wallets and other redirect methods with a typed error", async () => {
    const mollie = adapter();
    await expect(mollie.chargeWallet({ ...payment(100), method: "applepay", token: "{}" })).rejects.toThrow(
      MollieUnsupported,
    );
    await expect(
      mollie.startApplePaySession({
        validationUrl: "https://apple-pay-gateway.apple.com/x",
        domainName: "a",
        displayName: "b",
      }),
    ).rejects.toThrow(MollieUnsupported);
    await expect(mollie.createRedirectPayment({ ...payment(100), method: "coda" })).rejects.toThrow(
      MollieUnsupported,
    );
  });
});
