// The real providers wired in: a brand whose PAYMENT_CREDENTIALS point at the fakes of Adyen, PayPal and
// Mollie (tests/fakes/), called through the routes the payment page, the return pages and the providers'
// webhooks use. A 3-D Secure card through Adyen (return page then webhook, and webhook then return page), a
// PayPal order approved and captured on return, a Mollie payment paid by its webhook alone, renewals of the
// kept Adyen card, of a Mollie card mandate and of a vaulted PayPal wallet by the renewal job; duplicated webhooks change nothing, forged
// ones are refused as each provider expects. Each payment is granted exactly once. Also: Mollie's customers
// kept per member, Apple Pay only with a merchant id, the credentials' validation, and a brand without
// credentials (or a deployed Worker without them) keeping today's sandbox (or payments_unavailable).
import { env } from "cloudflare:workers";
import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { operators, opsAuditLog } from "../../drizzle/schema/ops";
import { mollieCustomers, payments, refunds, savedCards, subscriptions } from "../../drizzle/schema/payments";
import { demoOperators } from "../../drizzle/seed-data/operators";
import { parseConfig } from "../../worker/config";
import { providerById } from "../../worker/payments/providers";
import { ADYEN_3DS_CARD } from "../fakes/adyen-test-values";
import { companyOf, fake, fakeCredentials } from "../fixtures/fake-providers";
import { createMember, hosts, type TestMember } from "../fixtures/members";
import {
  account,
  ChargeAnswer,
  cardBody,
  credits,
  DAY,
  db,
  lastPayment,
  PLAN,
  RENEWING_PLAN,
  routesOf,
  setUpFlow,
} from "../fixtures/payment-routes";

const adyenOrigin = new URL(fake.FAKE_ADYEN_URL).origin;

/** amoreitalia (it.localhost) with its credentials at the fakes; the other brands keep the sandbox. */
const credentials = {
  amoreitalia: {
    adyen: fakeCredentials.adyen,
    paypal: fakeCredentials.paypal,
    mollie: fakeCredentials.mollie,
    coda: fakeCredentials.coda,
  },
};
/** One env object, so its config is parsed once (configOf keeps it per env). */
const wired = {
  ...env,
  PAYMENT_CREDENTIALS: JSON.stringify(credentials),
  BRAND_COMPANIES: {
    ...fake.BRAND_COMPANIES,
    amoreitalia: {
      ...companyOf("amoreitalia"),
      payment_accounts: { adyen: fake.FAKE_ADYEN_MERCHANT_ACCOUNT },
    },
  },
};
const { send, post, member, renewAfter } = routesOf(wired, hosts.it);
let planCredits = 0;
beforeAll(async () => {
  planCredits = await setUpFlow();
});

/** A card charge through Adyen that asks for 3-D Secure, and the member passing it: the redirectResult. */
async function chargeWith3ds(m: TestMember) {
  const charged = ChargeAnswer.parse(
    await (await post(m, "/orders/tryCharge", cardBody(m, ADYEN_3DS_CARD))).json(),
  );
  expect(charged).toMatchObject({
    status: "ok",
    message: "authentication_required",
    payment_system: "adyen",
  });
  const threeDs = charged.threeDS ?? { url: "", fields: {} };
  expect(threeDs.url.startsWith(adyenOrigin)).toBe(true);
  // The member's browser posts the form to the issuer, answers, and comes back to the return page.
  await fetch(threeDs.url, { method: "POST", body: new URLSearchParams(threeDs.fields) });
  const back = await fetch(`${adyenOrigin}/checkoutshopper/threeDS/answer`, {
    method: "POST",
    body: new URLSearchParams({ ...threeDs.fields, answer: "pass" }),
    redirect: "manual",
  });
  const location = new URL(back.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(`http://${hosts.it}/adyen/paymentCheck`);
  return location.searchParams.get("redirectResult") ?? "";
}

/** The return page's check of an Adyen 3-D Secure return. */
const adyenReturn = async (m: TestMember, redirectResult: string) =>
  (await post(m, "/orders/adyen/checkTransactionStatus", { clickid: m.clickid, redirectResult })).json();

/** The AUTHORISATION notification Adyen would post for a payment, signed with the merchant's HMAC key. */
async function adyenNotification(pspReference: string) {
  const response = await fetch(`${adyenOrigin}/__fake/notifications/${pspReference}?eventCode=AUTHORISATION`);
  return (await response.json()) as {
    notificationItems: { NotificationRequestItem: { amount: { value: number } } }[];
  };
}
const adyenHook = async (body: unknown) => {
  const response = await send("/hooks/adyen", { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
};

describe("Adyen through the routes", () => {
  it("a 3-D Secure card: the return page grants it, the webhook and its duplicate do not again, a forged one is refused", async () => {
    const m = await member();
    const before = await credits(m);
    const redirectResult = await chargeWith3ds(m);
    expect(await adyenReturn(m, redirectResult)).toMatchObject({ result: true, message: "success" });
    expect(await credits(m)).toBe(before + planCredits);
    const payment = await lastPayment(m);
    expect(payment).toMatchObject({ provider: "adyen", status: "succeeded" });

    const notification = await adyenNotification(payment?.reference ?? "");
    expect(await adyenHook(notification)).toEqual({ status: 200, text: "[accepted]" });
    expect(await adyenHook(notification)).toEqual({ status: 200, text: "[accepted]" });
    expect(await credits(m)).toBe(before + planCredits);

    const forged = structuredClone(notification);
    const item = forged.notificationItems[0]?.NotificationRequestItem;
    if (item) item.amount.value += 1;
    expect((await adyenHook(forged)).status).toBe(401);
    // Someone else's return: the same redirectResult by another member is no payment of theirs.
    const other = await member();
    expect(
      (await post(other, "/orders/adyen/checkTransactionStatus", { clickid: other.clickid, redirectResult }))
        .status,
    ).toBe(404);
  });

  it("a webhook before the return page grants it; the return page then finds it paid", async () => {
    const m = await member();
    const before = await credits(m);
    const redirectResult = await chargeWith3ds(m);
    const payment = await lastPayment(m);
    expect(await adyenHook(await adyenNotification(payment?.reference ?? ""))).toEqual({
      status: 200,
      text: "[accepted]",
    });
    expect(await credits(m)).toBe(before + planCredits);
    expect(await adyenReturn(m, redirectResult)).toMatchObject({ result: true, message: "success" });
    expect(await credits(m)).toBe(before + planCredits);
  });

  it("takes Apple Pay only with the brand's Apple Pay merchant id (here none: the sandbox's session locally)", async () => {
    const m = await member();
    const started = await post(m, "/orders/applePay/startSession", {
      clickid: m.clickid,
      validationURL: "https://apple-pay-gateway.apple.com/paymentservices/paymentSession",
    });
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ merchantSessionIdentifier: expect.any(String) });
  });

  it("renews a renewing plan on the kept card through the renewal job, merchant-initiated", async () => {
    const m = await member();
    const bought = await post(m, "/orders/tryCharge", cardBody(m, "4111111111111111", RENEWING_PLAN));
    expect(await bought.json()).toMatchObject({ status: "ok", message: "success", payment_system: "adyen" });
    const { id } = await account(m);
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, id));
    const [card] = await db.select().from(savedCards).where(eq(savedCards.accountId, id));
    expect(card).toMatchObject({ provider: "adyen", last4: "1111" });
    expect(subscription?.savedCardId).toBe(card?.id);

    expect(await renewAfter(m, subscription?.currentPeriodEnd)).toEqual({
      events: [{ kind: "renewed", subscriptionId: subscription?.id }],
      unsettled: 0,
    });
    const renewal = await lastPayment(m);
    expect(renewal).toMatchObject({ provider: "adyen", status: "succeeded" });
    const seen = await (await fetch(`${adyenOrigin}/__fake/payments/${renewal?.reference}`)).json();
    expect(seen).toMatchObject({ shopperInteraction: "ContAuth", recurringProcessingModel: "Subscription" });
    const [renewed] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, id));
    expect(renewed?.currentPeriodEnd.getTime()).toBe(
      (subscription?.currentPeriodEnd.getTime() ?? 0) + 30 * DAY,
    );
  });
});

const paypalHook = async (sent: { headers: Record<string, string>; body: string }) =>
  (await send("/hooks/paypal", { method: "POST", headers: sent.headers, body: sent.body })).status;

describe("PayPal through the routes", () => {
  it("an order approved and captured on return; its webhook and the duplicate grant nothing again; a forged one is refused", async () => {
    const m = await member();
    const before = await credits(m);
    const created = z
      .object({ id: z.string(), status: z.string(), approveUrl: z.string() })
      .parse(
        await (
          await post(m, "/orders/client/paypal/createOrder", { rateplan: PLAN, clickid: m.clickid })
        ).json(),
      );
    expect(created.status).toBe("PAYER_ACTION_REQUIRED");
    const approve = new URL(created.approveUrl);
    approve.searchParams.set("fake_action", "approve");
    const back = new URL((await fetch(approve, { redirect: "manual" })).headers.get("location") ?? "");
    expect(back.pathname).toBe("/purchase/pay");
    expect(back.searchParams.get("PayerID")).toBeTruthy();
    const token = back.searchParams.get("token") ?? "";
    expect(token).toBe(created.id);

    const captured = await post(m, "/orders/client/paypal/orderOk", { clickid: m.clickid, id: token });
    expect(await captured.json()).toMatchObject({ id: token, status: "COMPLETED", message: "success" });
    expect(await credits(m)).toBe(before + planCredits);

    // PayPal posted its capture event after the capture: handled, and its redelivery, grant nothing again.
    const { events } = z
      .object({ events: z.array(z.object({ headers: z.record(z.string(), z.string()), body: z.string() })) })
      .parse(await (await fetch(`${fake.FAKE_PAYPAL_URL}/__fake/webhooks/${token}`)).json());
    expect(events.map((e) => JSON.parse(e.body).event_type)).toEqual(["PAYMENT.CAPTURE.COMPLETED"]);
    const [sent] = events;
    if (!sent) throw new Error("PayPal sent no webhook");
    expect(await paypalHook(sent)).toBe(200);
    expect(await paypalHook(sent)).toBe(200);
    expect(await credits(m)).toBe(before + planCredits);
    expect(await paypalHook({ ...sent, body: sent.body.replace('"COMPLETED"', '"DECLINED"') })).toBe(400);
    expect(await lastPayment(m)).toMatchObject({ provider: "paypal", reference: token, status: "succeeded" });
  });
});

const mollieHook = async (body: string) => {
  const response = await send("/hooks/mollie", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  return response.status;
};

/** The member (or Mollie's test mode, for a recurring payment) paying on Mollie's page. */
const payOnMollie = (href: string) =>
  fetch(href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "status=paid",
    redirect: "manual",
  });

describe("Mollie through the routes", () => {
  it("a payment paid with the webhook only; a forged and a duplicated webhook change nothing", async () => {
    const m = await member();
    const before = await credits(m);
    const created = z
      .object({ id: z.string(), _links: z.object({ checkout: z.object({ href: z.string() }) }) })
      .parse(
        await (await post(m, "/orders/mollie/createPayment", { rateplan: PLAN, clickid: m.clickid })).json(),
      );
    // Anyone may post an id with a claimed status: the payment is read back from Mollie, still open.
    expect(await mollieHook(`id=${created.id}&status=paid`)).toBe(200);
    expect(await mollieHook("id=tr_NoSuchPayment")).toBe(200);
    expect(await credits(m)).toBe(before);

    // The member pays on Mollie's checkout; Mollie's webhook (here posted by the test) is what grants it.
    await payOnMollie(created._links.checkout.href);
    expect(await mollieHook(`id=${created.id}`)).toBe(200);
    expect(await mollieHook(`id=${created.id}`)).toBe(200);
    expect(await credits(m)).toBe(before + planCredits);
    expect(await lastPayment(m)).toMatchObject({
      provider: "mollie",
      reference: created.id,
      status: "succeeded",
    });
    // The return page, later, finds it paid.
    const check = await post(m, "/orders/mollie/checkTransactionStatus", {
      clickid: m.clickid,
      reference: created.id,
    });
    expect(await check.json()).toMatchObject({ result: true, message: "success" });
  });
});

/** Coda's server-to-server notification, as its portal sends it (here form-posted to the brand's route). */
const codaHook = (query: string) =>
  send("/hooks/coda", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: query,
  });

/** A Coda payment of PLAN: the member pays on Coda's hosted page; its TxnId and the notification Coda sends. */
async function payOnCoda(m: TestMember) {
  const created = z
    .object({ result: z.literal(true), redirectUrl: z.string() })
    .parse(
      await (await post(m, "/orders/coda/createPayment", { rateplan: PLAN, clickid: m.clickid })).json(),
    );
  // The member pays on Coda's hosted page, which sends them back to the return page with the TxnId.
  const back = await fetch(created.redirectUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "result=0",
    redirect: "manual",
  });
  const returned = new URL(back.headers.get("location") ?? "");
  expect(returned.pathname).toBe("/coda/paymentCheck");
  const txnId = returned.searchParams.get("TxnId") ?? "";
  expect(txnId).toMatch(/^\d+$/);

  // What Coda's notification carries (recorded by the fake), with a checksum only Coda and we can make.
  const { notifications } = z
    .object({ notifications: z.array(z.string()) })
    .parse(await (await fetch(`${fake.FAKE_CODA_URL}/__fake/notifications`)).json());
  const sent = notifications.map((n) => new URL(n).searchParams).find((q) => q.get("TxnId") === txnId);
  if (!sent) throw new Error("the fake recorded no notification for this payment");
  return { txnId, sent };
}

describe("Coda through the routes", () => {
  it("paid on Coda's page: its checksummed notification grants it once, a forged one is refused", async () => {
    const m = await member();
    const before = await credits(m);
    const { txnId, sent } = await payOnCoda(m);
    const forged = new URLSearchParams(sent);
    forged.set("Checksum", "0".repeat(32));
    expect((await codaHook(forged.toString())).status).toBe(401);
    expect(await credits(m)).toBe(before);

    // Coda's default form is a GET with the query string; the same notification POSTed again grants nothing more.
    const viaGet = await send(`/hooks/coda?${sent.toString()}`);
    expect(viaGet.status).toBe(200);
    expect(await viaGet.text()).toBe("ResultCode=0");
    const again = await codaHook(sent.toString());
    expect(again.status).toBe(200);
    expect(await again.text()).toBe("ResultCode=0");
    expect(await credits(m)).toBe(before + planCredits);
    expect(await lastPayment(m)).toMatchObject({ provider: "coda", reference: txnId, status: "succeeded" });
    // The return page (the spec's txn_id) finds it paid, and grants nothing more.
    const check = await post(m, "/orders/coda/checkTransactionStatus", { clickid: m.clickid, txn_id: txnId });
    expect(await check.json()).toMatchObject({ result: true, message: "success" });
    expect(await credits(m)).toBe(before + planCredits);
  });
});

describe("a Coda payment refunded from the console", () => {
  it("is refused with refund_in_portal, naming Coda: nothing changes, and the attempt is in the audit log", async () => {
    const m = await member();
    const { txnId, sent } = await payOnCoda(m);
    expect((await codaHook(sent.toString())).status).toBe(200);
    const paid = await credits(m);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, txnId));
    if (!payment) throw new Error("no Coda payment stored");

    const supervisor = demoOperators.find((o) => o.role === "supervisor");
    if (!supervisor) throw new Error("the seed has no supervisor");
    const email = `coda-refund.${crypto.randomUUID().slice(0, 8)}@ops.example`;
    const [operator] = await db
      .insert(operators)
      .values({
        email,
        passwordHash: supervisor.passwordHash,
        displayName: "Coda refunder",
        role: "supervisor",
        // The member's brand: a supervisor sees and refunds the members of the brands they cover.
        brandIds: ["amoreitalia"],
      })
      .returning();
    const login = await send("/ops/api/login", {
      method: "POST",
      body: JSON.stringify({ email, password: supervisor.password }),
    });
    const { token } = z.object({ token: z.string() }).parse(await login.json());

    const refund = await send(`/ops/api/payments/${payment.id}/refund`, {
      method: "POST",
      token,
      body: JSON.stringify({ reason: "The member asked for their money back" }),
    });
    expect(refund.status).toBe(409);
    expect(await refund.json()).toEqual({
      error: {
        code: "refund_in_portal",
        provider: "coda",
        message:
          "coda has no refund API: refund this payment in coda's own portal. Nothing was changed here.",
      },
    });
    // Our books are as they were: the payment paid, the credits kept, no refund row.
    expect(await lastPayment(m)).toMatchObject({ provider: "coda", status: "succeeded" });
    expect(await credits(m)).toBe(paid);
    expect(await db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
    const audited = await db
      .select()
      .from(opsAuditLog)
      .where(and(eq(opsAuditLog.operatorId, operator?.id ?? 0), ne(opsAuditLog.action, "login")));
    expect(audited).toEqual([
      expect.objectContaining({
        action: "refund_refused",
        details: expect.objectContaining({
          paymentId: payment.id,
          errorCode: "refund_in_portal",
          provider: "coda",
        }),
      }),
    ]);
  });
});

describe("a renewing plan through Mollie", () => {
  it("keeps the first payment's card mandate and renews on it through the renewal job and Mollie's webhook", async () => {
    const m = await member();
    const created = z
      .object({ id: z.string(), _links: z.object({ checkout: z.object({ href: z.string() }) }) })
      .parse(
        await (
          await post(m, "/orders/mollie/createPayment", { rateplan: RENEWING_PLAN, clickid: m.clickid })
        ).json(),
      );
    await payOnMollie(created._links.checkout.href);
    expect(await mollieHook(`id=${created.id}`)).toBe(200);
    const { id } = await account(m);
    const [card] = await db.select().from(savedCards).where(eq(savedCards.accountId, id));
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, id));
    expect(card).toMatchObject({ provider: "mollie", token: expect.stringMatching(/^cst_\w+:mdt_\w+$/) });
    expect(subscription).toMatchObject({ status: "active", savedCardId: card?.id });

    // The job's charge is pending at Mollie (a recurring payment runs in the background) …
    const periodEnd = subscription?.currentPeriodEnd ?? new Date();
    expect(await renewAfter(m, periodEnd)).toEqual({ events: [], unsettled: 1 });
    const renewal = await lastPayment(m);
    expect(renewal).toMatchObject({ provider: "mollie", status: "pending" });
    // … until Mollie's webhook says it is paid: the period moves on, once.
    await payOnMollie(`${fake.FAKE_MOLLIE_URL}/checkout/${renewal?.reference}`);
    expect(await mollieHook(`id=${renewal?.reference}`)).toBe(200);
    expect(await mollieHook(`id=${renewal?.reference}`)).toBe(200);
    const [renewed] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, id));
    expect(renewed?.currentPeriodEnd.getTime()).toBe(periodEnd.getTime() + 30 * DAY);
    expect(await lastPayment(m)).toMatchObject({ reference: renewal?.reference, status: "succeeded" });
  });

  it("through PayPal keeps the payer's vaulted wallet and renews on it, merchant initiated, once", async () => {
    const m = await member();
    const created = z
      .object({ id: z.string(), approveUrl: z.string() })
      .parse(
        await (
          await post(m, "/orders/client/paypal/createOrder", { rateplan: RENEWING_PLAN, clickid: m.clickid })
        ).json(),
      );
    const approve = new URL(created.approveUrl);
    approve.searchParams.set("fake_action", "approve");
    await fetch(approve, { redirect: "manual" });
    const captured = await post(m, "/orders/client/paypal/orderOk", { clickid: m.clickid, id: created.id });
    expect(await captured.json()).toMatchObject({ status: "COMPLETED", message: "success" });

    const { id } = await account(m);
    const [wallet] = await db.select().from(savedCards).where(eq(savedCards.accountId, id));
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, id));
    expect(wallet).toMatchObject({
      provider: "paypal",
      kind: "paypal",
      label: "payer@example.com",
      last4: null,
    });
    expect(subscription).toMatchObject({ status: "active", savedCardId: wallet?.id });
    const billing = await send("/api/billing", { token: m.token });
    expect(await billing.json()).toMatchObject({ card: { kind: "paypal", label: "payer@example.com" } });

    // The job charges the vault without the member; run twice, it renews the period once.
    const periodEnd = subscription?.currentPeriodEnd ?? new Date();
    for (let i = 0; i < 2; i++) await renewAfter(m, periodEnd);
    const renewal = await lastPayment(m);
    expect(renewal).toMatchObject({
      provider: "paypal",
      method: "paypal",
      purpose: "renewal",
      status: "succeeded",
    });
    const order = await (await fetch(`${fake.FAKE_PAYPAL_URL}/__fake/orders/${renewal?.reference}`)).json();
    expect(order).toMatchObject({
      vaultId: wallet?.token,
      storedCredential: { payment_initiator: "MERCHANT" },
    });
    const [renewed] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, id));
    expect(renewed?.currentPeriodEnd.getTime()).toBe(periodEnd.getTime() + 30 * DAY);
  });

  it("is offered by every method whose provider keeps what renews it (not Coda); one tap charges cards only", async () => {
    const m = await member();
    const plans = async () => (await send("/api/plans", { token: m.token })).json();
    // PayPal's vault, Adyen's tokens of Apple Pay and Google Pay cards, Mollie's mandate.
    expect(await plans()).toMatchObject({
      renewingMethods: ["credit_card", "paypal", "applepay", "googlepay", "mollie"],
      actonfile: false,
    });
    // A wallet kept at the card form's own provider still is no card to tap.
    const { id } = await account(m);
    await db.insert(savedCards).values({
      accountId: id,
      provider: "adyen",
      token: `wallet-${m.clickid}`,
      kind: "paypal",
      label: "payer@example.com",
    });
    expect(await plans()).toMatchObject({ actonfile: false });
    const tapped = await post(m, "/orders/actonfile/tryCharge", { rateplan: PLAN, clickid: m.clickid });
    expect(await tapped.json()).toMatchObject({ status: "ko", message: "no_saved_card" });
  });
});

describe("Mollie's customers", () => {
  it("are kept per member: the renewal job's Mollie (providerById) makes a renewing plan's first payments under one customer", async () => {
    const mollie = providerById(parseConfig(wired), db, "mollie", "amoreitalia");
    const shopperReference = `member-test-${crypto.randomUUID()}`;
    const first = (n: number) =>
      mollie.createRedirectPayment({
        method: "mollie",
        idempotencyKey: `pay_${crypto.randomUUID()}`,
        amountCents: 4990 + n,
        currency: "EUR",
        descriptor: "AMOREITALIA",
        returnUrl: `http://${hosts.it}/mollie/paymentCheck`,
        shopperReference,
        storeCard: true,
      });
    const payments = [await first(1), await first(2)];
    const kept = await db
      .select()
      .from(mollieCustomers)
      .where(eq(mollieCustomers.shopperReference, shopperReference));
    expect(kept).toHaveLength(1);
    for (const payment of payments) {
      const seen = await fetch(`${fake.FAKE_MOLLIE_URL}/v2/payments/${payment.reference}`, {
        headers: { authorization: `Bearer ${fake.FAKE_MOLLIE_KEY}` },
      });
      expect(await seen.json()).toMatchObject({
        sequenceType: "first",
        customerId: kept[0]?.customerId,
        // Mollie posts to the brand's own webhook route.
        webhookUrl: "https://amoreitalia.example/hooks/mollie",
      });
    }
  });
});

describe("the payment credentials", () => {
  const base = { ...env, PAYMENT_CREDENTIALS: "" } as Record<string, unknown>;

  it("refuses text that is not JSON without quoting it, and Adyen without the brand's merchant account", () => {
    const secret = "{not json sk_live_SECRET";
    expect(() => parseConfig({ ...base, PAYMENT_CREDENTIALS: secret })).toThrow(
      /PAYMENT_CREDENTIALS is not valid JSON/,
    );
    expect(() => parseConfig({ ...base, PAYMENT_CREDENTIALS: secret })).not.toThrow(/SECRET/);
    const adyenOnly = JSON.stringify({ lovechat: { adyen: credentials.amoreitalia.adyen } });
    const companies = {
      ...fake.BRAND_COMPANIES,
      lovechat: { ...fake.BRAND_COMPANIES.lovechat, payment_accounts: {} },
    };
    expect(() =>
      parseConfig({ ...base, BRAND_COMPANIES: companies, PAYMENT_CREDENTIALS: adyenOnly }),
    ).toThrow(/PAYMENT_CREDENTIALS.lovechat.adyen needs BRAND_COMPANIES.lovechat.payment_accounts.adyen/);
  });

  it("a deployed Worker takes the brand's credentials, and answers payments_unavailable where it has none", async () => {
    const deployed = { ...wired, APP_ENV: "production" };
    const hook = async (host: string, provider: string) => {
      const response = await routesOf(deployed, host).send(`/hooks/${provider}`, {
        method: "POST",
        body: "{}",
      });
      return { status: response.status, text: await response.text() };
    };
    // it.localhost has Adyen's credentials: its route reads the body as Adyen's (not a notification: 401).
    expect((await hook(hosts.it, "adyen")).status).toBe(401);
    // es.localhost has none, and a deployed Worker has no sandbox.
    for (const [host, provider] of [
      [hosts.es, "adyen"],
      [hosts.it, "sandbox"],
    ] as const) {
      const answer = await hook(host, provider);
      expect(answer.status).toBe(503);
      expect(answer.text).toContain("payments_unavailable");
    }
  });

  it("tells the pay page which methods the sandbox serves: of the wired brand only Apple Pay (no merchant id)", async () => {
    const sandboxMethods = async (routes: ReturnType<typeof routesOf>) => {
      const m = await routes.member();
      const plans = await (await routes.send("/api/plans", { token: m.token })).json();
      return z.object({ sandboxMethods: z.array(z.string()) }).parse(plans).sandboxMethods;
    };
    expect(await sandboxMethods(routesOf(wired, hosts.it))).toEqual(["applepay"]);
    expect(await sandboxMethods(routesOf(wired, hosts.es))).toEqual([
      "credit_card",
      "paypal",
      "applepay",
      "googlepay",
      "mollie",
      "coda_paypal",
    ]);
  });

  it("keeps the sandbox for a brand without credentials (es.localhost), in the same Worker", async () => {
    const m = await createMember({ region: "andalucia" }, hosts.es);
    const response = await routesOf(wired, hosts.es).post(
      m,
      "/orders/tryCharge",
      cardBody(m, "4242424242424242"),
    );
    expect(await response.json()).toMatchObject({ status: "ok", message: "success" });
    expect(await lastPayment(m)).toMatchObject({ provider: "sandbox" });
  });
});
