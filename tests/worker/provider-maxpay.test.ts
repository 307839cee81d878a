// The Maxpay adapter against the fake of Maxpay's host-to-host card API (tests/fakes/maxpay.ts), called directly
// inside workerd: a card paid at once, the 3-D Secure round trip through the ACS page and its return with
// `reference`, each refusal message mapped to the catalogue, genuine, forged and duplicated callbacks, a hung
// gateway (and the retry that charges once), a refund, and a merchant-initiated renewal on the card's token.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PAYMENT_ERROR_CODES } from "../../worker/contracts/payments";
import type { CardCharge } from "../../worker/payments/provider";
import { ProviderUnreachable } from "../../worker/payments/providers/http";
import {
  MAXPAY_MESSAGES,
  MaxpayApiError,
  type MaxpayCardStore,
  type MaxpayOptions,
  type MaxpayShownCard,
  MaxpayUnsupported,
  maxpayAmount,
  maxpayErrorCode,
  maxpayProvider,
  maxpaySignature,
} from "../../worker/payments/providers/maxpay";
import {
  MAXPAY_3DS_CARD,
  MAXPAY_PAID_CARD,
  MAXPAY_REFUSALS,
  MAXPAY_REFUSED_CARDS,
} from "../fakes/maxpay-cards";

const fake = z
  .object({
    FAKE_MAXPAY_URL: z.string().url(),
    FAKE_MAXPAY_ACCOUNT: z.string().min(1),
    FAKE_MAXPAY_PASSWORD: z.string().min(1),
    FAKE_MAXPAY_PRIVATE_KEY: z.string().min(1),
    FAKE_MAXPAY_HANG: z.string().min(1),
  })
  .parse(env);

const CALLBACKS = `${fake.FAKE_MAXPAY_URL}/__fake/callbacks`;
const RETURN_URL = "https://it.localhost/maxpay/paymentCheck";

/** What the wiring keeps of cards sent through 3-D Secure (in the database there). */
function memoryCards(): MaxpayCardStore {
  const kept = new Map<string, MaxpayShownCard>();
  return { keep: async (ref, card) => void kept.set(ref, card), find: async (ref) => kept.get(ref) ?? null };
}

function adapter(overrides: Partial<MaxpayOptions> = {}) {
  return maxpayProvider({
    apiBase: fake.FAKE_MAXPAY_URL,
    merchantAccount: fake.FAKE_MAXPAY_ACCOUNT,
    merchantPassword: fake.FAKE_MAXPAY_PASSWORD,
    privateKey: fake.FAKE_MAXPAY_PRIVATE_KEY,
    callbackUrl: CALLBACKS,
    cards: memoryCards(),
    // 2 s, as in the other adapters' tests: with the four test stages side by side on 2 cores, 500 ms was
    // overrun now and then.
    call: { timeoutMs: 2_000 },
    ...overrides,
  });
}
const maxpay = adapter();

const charge = (number: string, extra: Partial<CardCharge> = {}): CardCharge => ({
  idempotencyKey: `pay_${crypto.randomUUID()}`,
  amountCents: 1999,
  currency: "EUR",
  descriptor: "AMOREITALIA VIP",
  returnUrl: RETURN_URL,
  shopperReference: "member-42",
  card: { number, expMonth: 3, expYear: 30, cvc: "123", holderName: "Maria Rossi" },
  storeCard: true,
  customer: { email: "maria@example.com", ip: "203.0.113.7", country: "ITA" },
  ...extra,
});

/** The member on the issuer's ACS page: where Maxpay sends them back. */
async function passAcs(acsUrl: string, answer: "pass" | "fail") {
  const page = await fetch(acsUrl);
  expect(await page.text()).toContain("EUR 19.99");
  const response = await fetch(acsUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `answer=${answer}`,
    redirect: "manual",
  });
  await response.text();
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

/** The callbacks Maxpay posted for a transaction, as requests to our callback route. */
async function callbacksFor(reference: string) {
  const { callbacks } = z
    .object({ callbacks: z.array(z.object({ body: z.string(), signature: z.string() })) })
    .parse(await (await fetch(CALLBACKS)).json());
  return callbacks
    .filter((c) => (JSON.parse(c.body) as { reference?: string }).reference === reference)
    .map(
      (c) =>
        new Request("https://it.localhost/orders/maxpay/callback", {
          method: "POST",
          headers: { "content-type": "application/json", "x-signature": c.signature },
          body: c.body,
        }),
    );
}

describe("the Maxpay adapter (host-to-host API v1)", () => {
  it("pays a card at once and keeps it (its token) for renewals", async () => {
    const paid = await maxpay.chargeCard(charge(MAXPAY_PAID_CARD));
    expect(paid).toEqual({
      reference: expect.stringMatching(/^MP/),
      status: "succeeded",
      card: { brand: "visa", last4: "1111" },
      storedCard: {
        kind: "card",
        token: expect.stringMatching(/^[0-9a-f]{64}$/),
        brand: "visa",
        last4: "1111",
        expMonth: 3,
        expYear: 2030,
      },
    });
    expect(await maxpay.checkPayment(paid.reference)).toEqual(paid);
  });

  it("sends the member to the ACS page, back to the return page with reference, and checks it", async () => {
    const cards = memoryCards();
    const threeDs = adapter({ cards });
    const started = await threeDs.chargeCard(charge(MAXPAY_3DS_CARD));
    expect(started).toMatchObject({
      status: "action_required",
      threeDs: { system: "maxpay", url: `${fake.FAKE_MAXPAY_URL}/acs/${started.reference}`, fields: {} },
      card: { brand: "visa", last4: MAXPAY_3DS_CARD.slice(-4) },
    });
    // Before the member answers, the check still says so.
    expect((await threeDs.checkPayment(started.reference)).status).toBe("action_required");

    const back = await passAcs(started.threeDs?.url ?? "", "pass");
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    const reference = back.searchParams.get("reference") ?? "";
    expect(reference).toBe(started.reference);
    expect(await threeDs.checkPayment(reference)).toMatchObject({
      status: "succeeded",
      storedCard: { last4: MAXPAY_3DS_CARD.slice(-4), expMonth: 3, expYear: 2030 },
    });

    const failed = await threeDs.chargeCard(charge(MAXPAY_3DS_CARD));
    const failedBack = await passAcs(failed.threeDs?.url ?? "", "fail");
    expect(await threeDs.checkPayment(failedBack.searchParams.get("reference") ?? "")).toMatchObject({
      status: "failed",
      errorCode: "warning",
    });
  });

  describe("maps each refusal of Maxpay's to the error catalogue", () => {
    for (const [number, [message, status]] of MAXPAY_REFUSED_CARDS) {
      it(`${status}: ${message}`, async () => {
        const expected = maxpayErrorCode(status, message);
        const refused = await maxpay.chargeCard(charge(number));
        expect(refused).toMatchObject({
          status: expected === "payment_canceled" ? "canceled" : "failed",
          errorCode: expected,
        });
        expect(await maxpay.checkPayment(refused.reference)).toMatchObject({ errorCode: expected });
      });
    }
  });

  it("keeps its table to the catalogue, row by row", () => {
    // Every row is met in these tests: a test card's refusal, the renewal's unknown token, the wrong account.
    const met = [...MAXPAY_REFUSALS.map(([message]) => message), "Invalid bill token", "Access denied"];
    expect(met.sort()).toEqual(Object.keys(MAXPAY_MESSAGES).sort());
    for (const [message, code] of Object.entries(MAXPAY_MESSAGES)) {
      expect(PAYMENT_ERROR_CODES, message).toContain(code);
      expect(maxpayErrorCode("decline", message), message).toBe(code);
    }
    expect(MAXPAY_MESSAGES).toMatchObject({
      "Insufficient funds": "insufficient_funds",
      "Invalid CVV": "invalid_cvc",
      "Invalid card number": "invalid_number",
      "Card expired or expiration date invalid": "expired_card",
      "Lost or stolen card": "lost_or_stolen",
      "3D secure failed": "warning",
      "Verification required by issuer": "authentication_required",
      "Card 3D secure is not enabled.": "change_method",
      "Transaction is expired": "payment_canceled",
      "General bank decline": "card_declined",
      "Invalid bill token": "already_declined_card",
      "Communication error with bank": "processing_error",
      "Access denied": "problemi_api",
    });
    // Messages outside the table: a bank's decline is a declined card, anything else our request's problem.
    expect(maxpayErrorCode("decline", "Some new bank reason")).toBe("card_declined");
    expect(maxpayErrorCode("error", "Mandatory field(s) missing `country`")).toBe("problemi_api");
    expect([maxpayAmount(1999), maxpayAmount(5), maxpayAmount(100000)]).toEqual(["19.99", "0.05", "1000.00"]);
  });

  it("refuses a charge without the data Maxpay requires, or with a wrong account, as problemi_api", async () => {
    const missing = await maxpay.chargeCard({ ...charge(MAXPAY_PAID_CARD), customer: undefined });
    expect(missing).toMatchObject({ status: "failed", errorCode: "problemi_api" });
    expect(await maxpay.checkPayment(missing.reference)).toMatchObject({ status: "failed" });
    // A wrong password is refused on the first call (the lookup of our key): never read as a declined card.
    const wrong = adapter({ merchantPassword: "not-the-password" });
    await expect(wrong.chargeCard(charge(MAXPAY_PAID_CARD))).rejects.toThrow(MaxpayApiError);
  });

  it("reads a signed callback, returns null for a forged one, and a duplicate says the same", async () => {
    const started = await maxpay.chargeCard(charge(MAXPAY_3DS_CARD));
    await passAcs(started.threeDs?.url ?? "", "pass");
    const [genuine] = await callbacksFor(started.reference);
    expect(genuine).toBeDefined();
    const copy = genuine?.clone();
    const event = await maxpay.parseWebhook(genuine as Request);
    expect(event?.payment).toMatchObject({ reference: started.reference, status: "succeeded" });
    expect(await maxpay.parseWebhook(copy as Request)).toEqual(event);

    // A body claiming success for a declined payment, signed with another key: not Maxpay's.
    const declined = await maxpay.chargeCard(charge([...MAXPAY_REFUSED_CARDS.keys()][0] ?? ""));
    const forgedBody = JSON.stringify({
      reference: declined.reference,
      status: "success",
      message: "Success",
    });
    const forged = (signature: string) =>
      new Request("https://it.localhost/orders/maxpay/callback", {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature": signature },
        body: forgedBody,
      });
    expect(await maxpay.parseWebhook(forged(await maxpaySignature(forgedBody, "guessed-key")))).toBeNull();
    expect(await maxpay.parseWebhook(forged(""))).toBeNull();
    // Signed with the key, the callback's own claim is still not taken: the state is read back from Maxpay.
    const readBack = await maxpay.parseWebhook(
      forged(await maxpaySignature(forgedBody, fake.FAKE_MAXPAY_PRIVATE_KEY)),
    );
    expect(readBack?.payment).toMatchObject({ reference: declined.reference, status: "failed" });
  });

  it("gives up on a hung gateway in time, and the retry with the same key charges once", async () => {
    const hung = charge(MAXPAY_PAID_CARD, { descriptor: `AMOREITALIA ${fake.FAKE_MAXPAY_HANG}` });
    const started = Date.now();
    await expect(adapter({ call: { timeoutMs: 300 } }).chargeCard(hung)).rejects.toThrow(ProviderUnreachable);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Maxpay made the sale before its answer was lost: the retry finds it by our key instead of a second sale.
    const retried = await maxpay.chargeCard({ ...hung, descriptor: "AMOREITALIA VIP" });
    expect(retried).toMatchObject({ status: "succeeded", reference: expect.stringMatching(/^MP/) });
    expect((await maxpay.chargeCard({ ...hung, descriptor: "AMOREITALIA VIP" })).reference).toBe(
      retried.reference,
    );
  });

  it("refunds a paid sale once per key, and refuses what was not paid", async () => {
    const paid = await maxpay.chargeCard(charge(MAXPAY_PAID_CARD));
    const refund = {
      reference: paid.reference,
      amountCents: 1999,
      idempotencyKey: `refund_${paid.reference}`,
    };
    expect(await maxpay.refund(refund)).toEqual({ ok: true });
    // The same key again: Maxpay's refund found by our key, not a second refund.
    expect(await maxpay.refund(refund)).toEqual({ ok: true });
    // Another key for the same sale: Maxpay refuses a second full refund.
    expect(await maxpay.refund({ ...refund, idempotencyKey: `${refund.idempotencyKey}-2` })).toEqual({
      ok: false,
      errorCode: "problemi_api",
    });
    const declined = await maxpay.chargeCard(charge([...MAXPAY_REFUSED_CARDS.keys()][0] ?? ""));
    const notPaid = {
      reference: declined.reference,
      amountCents: 1999,
      idempotencyKey: `refund_${declined.reference}`,
    };
    expect(await maxpay.refund(notPaid)).toEqual({
      ok: false,
      errorCode: "generico",
    });
  });

  it("renews on the kept card's token (merchant initiated), once per key, and refuses an unknown token", async () => {
    const first = await maxpay.chargeCard(charge(MAXPAY_PAID_CARD));
    const renewal = {
      idempotencyKey: `renewal_${crypto.randomUUID()}`,
      amountCents: 1999,
      currency: "EUR",
      descriptor: "AMOREITALIA VIP",
      returnUrl: "https://it.localhost/chats",
      shopperReference: "member-42",
      cardToken: first.storedCard?.token ?? "",
      merchantInitiated: true,
    };
    const renewed = await maxpay.chargeStoredCard(renewal);
    expect(renewed).toMatchObject({ status: "succeeded", reference: expect.stringMatching(/^MP/) });
    expect(renewed.reference).not.toBe(first.reference);
    expect((await maxpay.chargeStoredCard(renewal)).reference).toBe(renewed.reference);
    expect(
      await maxpay.chargeStoredCard({
        ...renewal,
        idempotencyKey: `${renewal.idempotencyKey}-x`,
        cardToken: "0".repeat(64),
      }),
    ).toMatchObject({ status: "failed", errorCode: "already_declined_card" });
  });

  it("refuses redirect methods and wallets with a typed error", async () => {
    const base = charge(MAXPAY_PAID_CARD);
    await expect(maxpay.createRedirectPayment({ ...base, method: "mollie" })).rejects.toThrow(
      MaxpayUnsupported,
    );
    await expect(maxpay.chargeWallet({ ...base, method: "applepay", token: "{}" })).rejects.toThrow(
      MaxpayUnsupported,
    );
    await expect(
      maxpay.startApplePaySession({
        validationUrl: "https://apple-pay-gateway.apple.com/x",
        domainName: "it.localhost",
        displayName: "Amore",
      }),
    ).rejects.toThrow(MaxpayUnsupported);
  });
});
