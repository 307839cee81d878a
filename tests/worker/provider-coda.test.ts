// The Coda adapter against the fake of Codapay's documented Hosted Payment Page API (tests/fakes/coda.ts), called
// directly inside workerd: init and the hosted page, back to the return page with TxnId, the inquiry (each mapped
// result code), the notification checked by its MD5 checksum and confirmed by the inquiry (forged, duplicated),
// a hung API, and the typed refusals (refund, renewal, cards, wallets).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PAYMENT_ERROR_CODES } from "../../worker/contracts/payments";
import { codaProvider } from "../../worker/payments/providers/coda";
import {
  CODA_NOTIFICATION_ACK,
  CODA_PENDING_CODES,
  CODA_RESULT_CODES,
  CodaApiError,
  CodaUnsupported,
  codaErrorCode,
} from "../../worker/payments/providers/coda-results";
import { ProviderUnreachable } from "../../worker/payments/providers/http";

const fake = z
  .object({
    FAKE_CODA_URL: z.string().url(),
    FAKE_CODA_KEY: z.string().regex(/^[0-9a-f]{32}$/),
    FAKE_CODA_PROJECT: z.string().min(1),
    FAKE_CODA_HANG: z.string().min(1),
  })
  .parse(env);

const RETURN_PAGE = "https://it.localhost/coda/paymentCheck";

function adapter(overrides: { apiKey?: string; timeoutMs?: number } = {}) {
  return codaProvider({
    apiBase: fake.FAKE_CODA_URL,
    apiKey: overrides.apiKey ?? fake.FAKE_CODA_KEY,
    projectId: fake.FAKE_CODA_PROJECT,
    country: 380,
    payType: 0,
    call: { timeoutMs: overrides.timeoutMs ?? 2_000 },
  });
}

let serial = 0;
const payment = (amountCents: number, descriptor = "FLIRT PREMIUM") => ({
  method: "coda" as const,
  idempotencyKey: `pay_coda_${Date.now()}_${++serial}`,
  amountCents,
  currency: "EUR",
  descriptor,
  returnUrl: RETURN_PAGE,
  shopperReference: `member-${serial}`,
});

/** The member's answer on Coda's hosted page (0 pays; any other result code as the sandbox simulates it). */
async function answerCheckout(href: string, result: number) {
  const response = await fetch(href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `result=${result}`,
    redirect: "manual",
  });
  await response.text();
  return response;
}

/** What Coda called the notification URL with, for a transaction. */
async function notificationsFor(txnId: string) {
  const { notifications } = (await (await fetch(`${fake.FAKE_CODA_URL}/__fake/notifications`)).json()) as {
    notifications: string[];
  };
  return notifications.filter((n) => new URL(n).searchParams.get("TxnId") === txnId);
}

async function paidOrAnswered(result: number, amountCents = 999) {
  const coda = adapter();
  const created = await coda.createRedirectPayment(payment(amountCents));
  await answerCheckout(created.redirectUrl ?? "", result);
  return { coda, created, checked: await coda.checkPayment(created.reference) };
}

describe("the Coda adapter (Codapay Hosted Payment Page API v2.0)", () => {
  it("inits a transaction, sends the member to Coda's page and back with TxnId, and reads it paid", async () => {
    const coda = adapter();
    const created = await coda.createRedirectPayment(payment(1234));
    // A 19-digit TxnId, read exactly (JSON.parse would have rounded it).
    expect(created).toMatchObject({
      status: "action_required",
      reference: expect.stringMatching(/^\d{19}$/),
    });
    expect(created.redirectUrl).toBe(`${fake.FAKE_CODA_URL}/airtime/begin?txn_id=${created.reference}`);
    expect(await coda.checkPayment(created.reference)).toEqual({
      reference: created.reference,
      status: "pending",
    });

    const back = await answerCheckout(created.redirectUrl ?? "", 0);
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_PAGE);
    // The return page's check: the TxnId it is given is the payment's reference.
    const txnId = location.searchParams.get("TxnId") ?? "";
    expect(txnId).toBe(created.reference);
    expect(location.searchParams.get("OrderId")).toMatch(/^pay_coda_/);
    expect(await coda.checkPayment(txnId)).toEqual({ reference: txnId, status: "succeeded" });
    expect(await coda.capturePayment(txnId)).toEqual({ reference: txnId, status: "succeeded" });
  });

  it("reads a member's cancel on Coda's page as canceled (payment_canceled)", async () => {
    const { checked } = await paidOrAnswered(210);
    expect(checked).toMatchObject({ status: "canceled", errorCode: "payment_canceled" });
  });

  it("maps each result code of its table to the catalogue, through the inquiry", async () => {
    const coda = adapter();
    for (const [code, errorCode] of Object.entries(CODA_RESULT_CODES)) {
      expect(PAYMENT_ERROR_CODES, code).toContain(errorCode);
      expect(codaErrorCode(Number(code)), code).toBe(errorCode);
      const created = await coda.createRedirectPayment(payment(500));
      await answerCheckout(created.redirectUrl ?? "", Number(code));
      const status = errorCode === "payment_canceled" ? "canceled" : "failed";
      expect(await coda.checkPayment(created.reference), code).toEqual({
        reference: created.reference,
        status,
        errorCode,
      });
    }
    // A code it does not know: generic. The in-progress codes: pending, no error.
    expect((await paidOrAnswered(999)).checked).toMatchObject({ status: "failed", errorCode: "generico" });
    for (const code of CODA_PENDING_CODES) {
      expect((await paidOrAnswered(code)).checked, String(code)).toMatchObject({ status: "pending" });
    }
  });

  it("records a refused init as a failed payment of its own, and a wrong key throws on the inquiry", async () => {
    const wrongKey = adapter({ apiKey: "0".repeat(32) });
    const once = payment(700);
    expect(await wrongKey.createRedirectPayment(once)).toEqual({
      reference: `refused_${once.idempotencyKey}`,
      status: "failed",
      errorCode: "problemi_api",
    });
    const coda = adapter();
    // A descriptor of no latin letters is sent under a plain name, as Coda wants them.
    expect((await coda.createRedirectPayment(payment(700, "ПРЕМИУМ"))).status).toBe("action_required");
    expect(await coda.checkPayment(`refused_${once.idempotencyKey}`)).toMatchObject({ status: "failed" });
    expect(await coda.checkPayment("1234567890123456789")).toMatchObject({
      status: "failed",
      errorCode: "problemi_api",
    });
    const { created } = await paidOrAnswered(0);
    await expect(wrongKey.checkPayment(created.reference)).rejects.toThrow(CodaApiError);
  });

  describe("notifications", () => {
    const notification = (href: string) =>
      new Request(href.replace(fake.FAKE_CODA_URL, "https://it.localhost"));

    it("reads a genuine one by its checksum and the inquiry; a duplicate gives the same payment", async () => {
      const { coda, created } = await paidOrAnswered(0);
      const [href] = await notificationsFor(created.reference);
      expect(new URL(href ?? "").searchParams.get("ResultCode")).toBe("0");
      const first = await coda.parseWebhook(notification(href ?? ""));
      expect(first).toEqual({ payment: { reference: created.reference, status: "succeeded" } });
      expect(await coda.parseWebhook(notification(href ?? ""))).toEqual(first);
      expect(CODA_NOTIFICATION_ACK).toBe("ResultCode=0");

      // POST notifications (the portal's option) carry the same fields form-encoded.
      const posted = new Request("https://it.localhost/coda/notify", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URL(href ?? "").searchParams,
      });
      expect(await coda.parseWebhook(posted)).toEqual(first);
    });

    it("reads a failed transaction's notification as the inquiry tells it", async () => {
      const { coda, created } = await paidOrAnswered(706);
      const [href] = await notificationsFor(created.reference);
      expect((await coda.parseWebhook(notification(href ?? "")))?.payment).toMatchObject({
        status: "failed",
        errorCode: "insufficient_funds",
      });
    });

    it("refuses a forged one (null): a changed result, another key's checksum, a wrong order, missing fields", async () => {
      const coda = adapter();
      const created = await coda.createRedirectPayment(payment(900));
      const { created: paid } = await paidOrAnswered(0);
      const [href] = await notificationsFor(paid.reference);
      const genuine = new URL(href ?? "");
      const forge = (changes: Record<string, string>) => {
        const forged = new URL(genuine);
        for (const [key, value] of Object.entries(changes)) forged.searchParams.set(key, value);
        return coda.parseWebhook(notification(forged.toString()));
      };
      // The still unpaid transaction claimed paid with the paid one's checksum.
      expect(await forge({ TxnId: created.reference })).toBeNull();
      expect(await forge({ ResultCode: "1" })).toBeNull();
      const md5 = async (s: string) =>
        [...new Uint8Array(await crypto.subtle.digest("MD5", new TextEncoder().encode(s)))]
          .map((b) => b.toString(16).padStart(2, "0"))
          .join("");
      const orderId = genuine.searchParams.get("OrderId") ?? "";
      expect(await forge({ Checksum: await md5(`${created.reference}not-the-key${orderId}0`) })).toBeNull();
      // A checksum right for the key but naming another order than Coda holds: refused by the inquiry.
      expect(
        await forge({
          OrderId: "someone-else",
          Checksum: await md5(`${paid.reference}${fake.FAKE_CODA_KEY}someone-else0`),
        }),
      ).toBeNull();
      expect(await coda.parseWebhook(new Request("https://it.localhost/coda/notify?TxnId=1"))).toBeNull();
      expect(await coda.parseWebhook(new Request("https://it.localhost/coda/notify"))).toBeNull();
    });
  });

  it("gives up on a hung init in time, once (an init without an idempotency key is never resent)", async () => {
    const coda = adapter({ timeoutMs: 300 });
    const started = Date.now();
    await expect(
      coda.createRedirectPayment(payment(800, `FLIRT ${fake.FAKE_CODA_HANG}`)),
    ).rejects.toMatchObject({ name: ProviderUnreachable.name, attempts: 1 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("refuses a refund, a renewal, cards, wallets and other methods with a typed error", async () => {
    const coda = adapter();
    const { created } = await paidOrAnswered(0);
    await expect(
      coda.refund({ reference: created.reference, amountCents: 999, idempotencyKey: "refund_1" }),
    ).rejects.toThrow(CodaUnsupported);
    await expect(
      coda.chargeStoredCard({
        ...payment(1999),
        cardToken: "anything",
        merchantInitiated: true,
      }),
    ).rejects.toThrow(CodaUnsupported);
    await expect(
      coda.chargeCard({
        ...payment(100),
        card: { number: "4242424242424242", expMonth: 1, expYear: 2030, cvc: "123", holderName: "A B" },
        storeCard: false,
      }),
    ).rejects.toThrow(CodaUnsupported);
    await expect(coda.chargeWallet({ ...payment(100), method: "googlepay", token: "{}" })).rejects.toThrow(
      CodaUnsupported,
    );
    await expect(
      coda.startApplePaySession({
        validationUrl: "https://apple-pay-gateway.apple.com/x",
        domainName: "a",
        displayName: "b",
      }),
    ).rejects.toThrow(CodaUnsupported);
    await expect(coda.createRedirectPayment({ ...payment(100), method: "mollie" })).rejects.toThrow(
      CodaUnsupported,
    );
    await expect(coda.createRedirectPayment({ ...payment(100), currency: "JPY" })).rejects.toThrow(
      CodaUnsupported,
    );
  });
});
