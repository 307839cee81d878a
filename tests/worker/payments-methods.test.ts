// The payment methods other than the card form, on the sandbox provider, through the routes the payment page
// and the return pages call: mollie and coda (create, the hosted checkout, the return page's check), PayPal
// (create the order, approve on the wallet page, capture with orderOk), Google Pay (paymentData, the wallet
// page, the return page's check) and Apple Pay (merchant validation, the sheet's token). Each is granted once
// with the plan's exact credits, whichever of the return check, the capture or the signed webhook comes
// first; bad input is refused before any provider call, and nobody reaches another member's payment.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { orders, payments } from "../../drizzle/schema/payments";
import { openDb } from "../../worker/core/db";
import { sandboxProvider } from "../../worker/payments/providers/sandbox";
import { testConfig } from "../fixtures/config";
import { call, createMember, hosts, type TestMember } from "../fixtures/members";
import { FLOW, PLAN, setUpFlow } from "../fixtures/payment-routes";

/** The flow of the providers' tests (every method of section 2's picker), set up by the shared fixture. */
const METHODS_FLOW = FLOW;

const { db, end } = openDb(testConfig.database);
afterAll(() => end());
const sandbox = sandboxProvider(db, {
  origin: `http://${hosts.it}`,
  threeDsSystem: "adyen",
  webhookSecret: testConfig.sandboxWebhookSecret,
});

/** What the plan grants (credits and promo credits), from the seed's row. */
let planCredits = 0;

beforeAll(async () => {
  planCredits = await setUpFlow();
});

async function methodsMember(fluxId = METHODS_FLOW): Promise<TestMember> {
  const member = await createMember();
  await db.update(accounts).set({ fluxId }).where(eq(accounts.clickid, member.clickid));
  return member;
}

const post = (member: TestMember, path: string, body: unknown) =>
  call(path, { method: "POST", token: member.token, body: JSON.stringify(body) });

/** The redirect-method payment creation payload (section 3), as the payment page sends it. */
const creation = (member: TestMember, extra: Record<string, unknown> = {}) => ({
  country: "it",
  rateplan: PLAN,
  descriptor: "AMOREITALIA",
  payment_company: "demo_it",
  city: "Milano",
  clickid: member.clickid,
  domain: hosts.it,
  paySource: "MOLLIE",
  email: member.email,
  newCard: false,
  actonfile: false,
  userAgent: "vitest",
  ...extra,
});

const account = async (clickid: string) =>
  (await db.select().from(accounts).where(eq(accounts.clickid, clickid)))[0];

const credits = async (member: TestMember) => (await account(member.clickid))?.messageCredits ?? -1;

/** The purchase rows of the member's credit ledger (one per granted payment). */
const grants = async (member: TestMember) => {
  const row = await account(member.clickid);
  return db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.accountId, row?.id ?? 0),
        eq(creditLedger.balance, "messaggi"),
        like(creditLedger.reference, "purchase:payment:%"),
      ),
    );
};

/** The member's answer on a sandbox page: the page, then its form; answers where it sends them back. */
async function answer(pageUrl: string, choice: string) {
  const path = new URL(pageUrl).pathname;
  const page = await call(path);
  expect(page.status, path).toBe(200);
  const html = await page.text();
  expect(html).toContain(`value="${choice}"`);
  const answered = await call(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `answer=${choice}`,
    redirect: "manual",
  });
  expect(answered.status).toBe(303);
  return { html, location: answered.headers.get("location") ?? "" };
}

/** The sandbox's signed webhook for a payment, delivered to the Worker. */
async function webhook(reference: string) {
  const hook = await sandbox.webhook(reference, `http://${hosts.it}/hooks/sandbox`);
  const delivered = await call("/hooks/sandbox", {
    method: "POST",
    headers: Object.fromEntries(hook.headers),
    body: await hook.text(),
  });
  expect(delivered.status).toBe(200);
}

const check = async (member: TestMember, system: string, field: string, reference: string) =>
  (
    await post(member, `/orders/${system}/checkTransactionStatus`, {
      clickid: member.clickid,
      [field]: reference,
    })
  ).json();

describe("mollie", () => {
  it("pays on the hosted checkout: back to /mollie/paymentCheck, granted once however often checked", async () => {
    const member = await methodsMember();
    const before = await credits(member);
    const created = (await (await post(member, "/orders/mollie/createPayment", creation(member))).json()) as {
      id: string;
      status: string;
      _links: { checkout: { href: string } };
    };
    expect(created).toMatchObject({ status: "open", _links: { checkout: { type: "text/html" } } });
    expect(new URL(created._links.checkout.href).pathname).toBe(`/sandbox/checkout/${created.id}`);
    // The page's own style runs under its CSP, by the nonce the answer's policy names.
    const page = await call(`/sandbox/checkout/${created.id}`);
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(
      page.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(await page.text()).toContain(`<style nonce="${nonce}">`);
    // The order is for the plan's total in EUR, and nothing is granted before the member pays.
    const [order] = await db
      .select({ amount: orders.amountCents, currency: orders.currency, method: payments.method })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.reference, created.id));
    expect(order).toMatchObject({ currency: "EUR", method: "mollie" });
    expect(await credits(member)).toBe(before);

    const { html, location } = await answer(created._links.checkout.href, "pay");
    expect(html).toContain("Mollie di prova");
    expect(html).toContain(`${((order?.amount ?? 0) / 100).toFixed(2).replace(".", ",")}\u00a0€`);
    // Mollie puts no id on the return URL: the page keeps it.
    expect(location).toBe("/mollie/paymentCheck");

    const results = await Promise.all([0, 1, 2].map(() => check(member, "mollie", "reference", created.id)));
    expect(results).toEqual([0, 1, 2].map(() => ({ result: true, message: "success", rateplan: PLAN })));
    expect(await credits(member)).toBe(before + planCredits);
    expect(await grants(member)).toHaveLength(1);
  });

  it("a canceled checkout comes back payment_canceled and grants nothing", async () => {
    const member = await methodsMember();
    const before = await credits(member);
    const created = (await (await post(member, "/orders/mollie/createPayment", creation(member))).json()) as {
      id: string;
      _links: { checkout: { href: string } };
    };
    expect((await answer(created._links.checkout.href, "cancel")).location).toBe("/mollie/paymentCheck");
    expect(await check(member, "mollie", "reference", created.id)).toEqual({
      result: false,
      message: "payment_canceled",
      rateplan: PLAN,
    });
    // A second answer on the page changes nothing.
    const again = await call(new URL(created._links.checkout.href).pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "answer=pay",
      redirect: "manual",
    });
    expect(again.status).toBe(303);
    expect(await check(member, "mollie", "reference", created.id)).toMatchObject({ result: false });
    expect(await credits(member)).toBe(before);
    expect(await grants(member)).toHaveLength(0);
  });
});

describe("coda", () => {
  it("redirects, comes back with TxnId; the webhook before the return check grants, the check does not again", async () => {
    const member = await methodsMember();
    const before = await credits(member);
    const created = (await (
      await post(member, "/orders/coda/createPayment", creation(member, { paySource: "CODA" }))
    ).json()) as { result: boolean; redirectUrl: string; message: string };
    expect(created).toMatchObject({ result: true, message: "open" });
    const reference = new URL(created.redirectUrl).pathname.split("/").pop() ?? "";
    expect(reference).toMatch(/^sbx_[0-9a-f]{32}$/);

    const { location } = await answer(created.redirectUrl, "pay");
    expect(location).toBe(`/coda/paymentCheck?TxnId=${reference}`);
    await webhook(reference);
    expect(await credits(member)).toBe(before + planCredits);
    expect(await check(member, "coda", "txn_id", reference)).toMatchObject({
      result: true,
      message: "success",
    });
    await webhook(reference);
    expect(await credits(member)).toBe(before + planCredits);
    expect(await grants(member)).toHaveLength(1);
  });

  it("the return check, the webhook and a retry arriving together grant once", async () => {
    const member = await methodsMember();
    const before = await credits(member);
    const created = (await (await post(member, "/orders/coda/createPayment", creation(member))).json()) as {
      redirectUrl: string;
    };
    const reference = new URL(created.redirectUrl).pathname.split("/").pop() ?? "";
    await answer(created.redirectUrl, "pay");
    await Promise.all([
      check(member, "coda", "txn_id", reference),
      webhook(reference),
      check(member, "coda", "txn_id", reference),
      webhook(reference),
    ]);
    expect(await credits(member)).toBe(before + planCredits);
    expect(await grants(member)).toHaveLength(1);
  });
});

describe("PayPal", () => {
  const createOrder = async (member: TestMember) =>
    (await (
      await post(member, "/orders/client/paypal/createOrder", creation(member, { paySource: "PAYPAL" }))
    ).json()) as { id: string; status: string; approveUrl: string };
  const orderOk = async (member: TestMember, id: string) =>
    (
      await post(member, "/orders/client/paypal/orderOk", {
        clickid: member.clickid,
        id,
        email: member.email,
      })
    ).json();

  it("approved on the wallet page, captured by orderOk: COMPLETED, granted once; the webhook waits for the capture", async () => {
    const member = await methodsMember();
    const before = await credits(member);
    const order = await createOrder(member);
    expect(order).toMatchObject({ status: "PAYER_ACTION_REQUIRED", message: "open" });
    expect(new URL(order.approveUrl).pathname).toBe(`/sandbox/wallet/${order.id}`);
    const [row] = await db
      .select({ amount: orders.amountCents, currency: orders.currency })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.reference, order.id));
    expect(row?.currency).toBe("EUR");
    expect(row?.amount).toBeGreaterThan(0);

    const { html, location } = await answer(order.approveUrl, "approve");
    expect(html).toContain("PayPal di prova");
    // Back to the payment page with PayPal's token, where the page captures the order.
    expect(location).toBe(`/purchase/pay?plan=${PLAN}&token=${order.id}`);
    // Approved is not paid: a notification before the capture grants nothing.
    await webhook(order.id);
    expect(await credits(member)).toBe(before);

    expect(await orderOk(member, order.id)).toEqual({
      id: order.id,
      status: "COMPLETED",
      message: "success",
    });
    expect(await credits(member)).toBe(before + planCredits);
    await webhook(order.id);
    expect(await orderOk(member, order.id)).toMatchObject({ status: "COMPLETED" });
    expect(await credits(member)).toBe(before + planCredits);
    expect(await grants(member)).toHaveLength(1);
  });

  it("a capture refused for funds is DECLINED with insufficient_funds; a canceled order is VOIDED", async () => {
    const member = await methodsMember();
    const before = await credits(member);
    const poor = await createOrder(member);
    await answer(poor.approveUrl, "decline");
    expect(await orderOk(member, poor.id)).toEqual({
      id: poor.id,
      status: "DECLINED",
      message: "insufficient_funds",
    });
    const canceled = await createOrder(member);
    await answer(canceled.approveUrl, "cancel");
    expect(await orderOk(member, canceled.id)).toEqual({
      id: canceled.id,
      status: "VOIDED",
      message: "payment_canceled",
    });
    // orderOk before any answer: the member has not approved yet.
    const waiting = await createOrder(member);
    expect(await orderOk(member, waiting.id)).toMatchObject({ status: "PAYER_ACTION_REQUIRED" });
    expect(await credits(member)).toBe(before);
    expect(await grants(member)).toHaveLength(0);
  });

  it("never captures another member's order", async () => {
    const member = await methodsMember();
    const other = await methodsMember();
    const order = await createOrder(member);
    await answer(order.approveUrl, "approve");
    const stolen = await post(other, "/orders/client/paypal/orderOk", {
      clickid: other.clickid,
      id: order.id,
    });
    expect(stolen.status).toBe(404);
    const wrongClickid = await post(other, "/orders/client/paypal/orderOk", {
      clickid: member.clickid,
      id: order.id,
    });
    expect(wrongClickid.status).toBe(403);
    expect(await grants(other)).toHaveLength(0);
    expect(await grants(member)).toHaveLength(0);
  });
});

/** Google Pay's PaymentData as loadPaymentData resolves it in the TEST environment. */
const googlePaymentData = (network = "VISA") => ({
  apiVersion: 2,
  apiVersionMinor: 0,
  paymentMethodData: {
    type: "CARD",
    description: "Visa •••• 1111",
    info: { cardNetwork: network, cardDetails: "1111" },
    tokenizationData: { type: "PAYMENT_GATEWAY", token: '{"signature":"test","protocolVersion":"ECv2"}' },
  },
});

describe("Google Pay", () => {
  it("paymentData sends the member to the wallet step, back to /googlePay/paymentCheck: granted once", async () => {
    const member = await methodsMember();
    const before = await credits(member);
    const answered = (await (
      await post(member, "/orders/googlePay/paymentData", {
        ...creation(member, { paySource: "GOOGLEPAY" }),
        paymentData: googlePaymentData(),
      })
    ).json()) as { result: boolean; message: string; redirectUrl: string };
    expect(answered).toMatchObject({ result: false, message: "open" });
    const reference = new URL(answered.redirectUrl).pathname.split("/").pop() ?? "";
    const { location } = await answer(answered.redirectUrl, "approve");
    expect(location).toBe(`/googlePay/paymentCheck?redirectResult=${reference}`);
    expect(await check(member, "googlePay", "redirectResult", reference)).toEqual({
      result: true,
      message: "success",
      rateplan: PLAN,
    });
    await webhook(reference);
    expect(await check(member, "googlePay", "redirectResult", reference)).toMatchObject({ result: true });
    expect(await credits(member)).toBe(before + planCredits);
    expect(await grants(member)).toHaveLength(1);
  });

  it("a card of another network, or no token, is refused before any provider call", async () => {
    const member = await methodsMember();
    const cases: [unknown, string][] = [
      [googlePaymentData("AMEX"), "paymentData.paymentMethodData.info.cardNetwork"],
      [
        {
          ...googlePaymentData(),
          paymentMethodData: {
            ...googlePaymentData().paymentMethodData,
            tokenizationData: { type: "PAYMENT_GATEWAY", token: "" },
          },
        },
        "paymentData.paymentMethodData.tokenizationData.token",
      ],
    ];
    for (const [paymentData, field] of cases) {
      const refused = await post(member, "/orders/googlePay/paymentData", {
        ...creation(member),
        paymentData,
      });
      expect(refused.status, field).toBe(400);
      expect(((await refused.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    const [count] = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .where(eq(accounts.clickid, member.clickid));
    expect(count).toBeUndefined();
  });
});

describe("Apple Pay", () => {
  it("validates the merchant with Apple's gateway only, then charges the sheet's token once", async () => {
    const member = await methodsMember();
    const before = await credits(member);
    const session = await post(member, "/orders/applePay/startSession", {
      clickid: member.clickid,
      validationURL: "https://apple-pay-gateway.apple.com/paymentservices/paymentSession",
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({
      merchantSessionIdentifier: expect.stringMatching(/^SSH/),
      domainName: hosts.it,
      displayName: expect.any(String),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // Any other host would be sent the merchant's certificate by a real adapter.
    const elsewhere = await post(member, "/orders/applePay/startSession", {
      clickid: member.clickid,
      validationURL: "https://apple.com.evil.example/paymentSession",
    });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { error: { field: string } }).error.field).toBe("validationURL");

    const paid = await post(member, "/orders/applePay/payment", {
      ...creation(member, { paySource: "APPLEPAY" }),
      token: {
        paymentData: { version: "EC_v1", data: "c2FuZGJveA==", signature: "c2FuZGJveA==" },
        paymentMethod: { displayName: "Visa 1111", network: "Visa", type: "debit" },
        transactionIdentifier: "sandbox-transaction",
      },
    });
    expect(await paid.json()).toEqual({ result: true, message: "success", redirectUrl: null });
    expect(await credits(member)).toBe(before + planCredits);
    expect(await grants(member)).toHaveLength(1);
  });
});

describe("a renewing plan paid by another method", () => {
  /** Pays VIP Gold (renews every 30 days) with `method` through its pages, as the payment page does. */
  const payGold = {
    async paypal(member: TestMember) {
      const order = (await (
        await post(member, "/orders/client/paypal/createOrder", creation(member, { rateplan: "gold-300" }))
      ).json()) as { id: string; approveUrl: string };
      await answer(order.approveUrl, "approve");
      const captured = await post(member, "/orders/client/paypal/orderOk", {
        clickid: member.clickid,
        id: order.id,
      });
      return ((await captured.json()) as { status: string }).status === "COMPLETED";
    },
    async applepay(member: TestMember) {
      const paid = await post(member, "/orders/applePay/payment", {
        ...creation(member, { rateplan: "gold-300", paySource: "APPLEPAY" }),
        token: {
          paymentData: { version: "EC_v1", data: "c2FuZGJveA==", signature: "c2FuZGJveA==" },
          paymentMethod: { displayName: "Visa 1111", network: "Visa", type: "debit" },
          transactionIdentifier: "sandbox-renewing",
        },
      });
      return ((await paid.json()) as { result: boolean }).result;
    },
    async googlepay(member: TestMember) {
      const answered = (await (
        await post(member, "/orders/googlePay/paymentData", {
          ...creation(member, { rateplan: "gold-300", paySource: "GOOGLEPAY" }),
          paymentData: googlePaymentData(),
        })
      ).json()) as { redirectUrl: string };
      const reference = new URL(answered.redirectUrl).pathname.split("/").pop() ?? "";
      await answer(answered.redirectUrl, "approve");
      return ((await check(member, "googlePay", "redirectResult", reference)) as { result: boolean }).result;
    },
    async mollie(member: TestMember) {
      const created = (await (
        await post(member, "/orders/mollie/createPayment", creation(member, { rateplan: "gold-300" }))
      ).json()) as { id: string; _links: { checkout: { href: string } } };
      await answer(created._links.checkout.href, "pay");
      return ((await check(member, "mollie", "reference", created.id)) as { result: boolean }).result;
    },
  };

  for (const [method, kind] of [
    ["paypal", "paypal"],
    ["applepay", "applepay"],
    ["googlepay", "googlepay"],
    ["mollie", "card"],
  ] as const) {
    it(`${method}: the sandbox keeps what renews it, as the provider does, and the renewal charges it`, async () => {
      const member = await methodsMember();
      const plans = (await (await call("/api/plans", { token: member.token })).json()) as {
        renewingMethods: string[];
      };
      expect(plans.renewingMethods).toEqual(["credit_card", "paypal", "applepay", "googlepay", "mollie"]);
      expect(await payGold[method](member)).toBe(true);
      const billing = (await (await call("/api/billing", { token: member.token })).json()) as {
        status: string;
        periodEnd: string;
        card: { kind: string };
      };
      expect(billing).toMatchObject({ status: "subscribed", card: { kind } });

      const run = await call("/dev/renewals/run", {
        method: "POST",
        body: JSON.stringify({
          now: new Date(Date.parse(billing.periodEnd) + 1000).toISOString(),
          clickid: member.clickid,
        }),
      });
      expect(await run.json()).toMatchObject({ events: [{ kind: "renewed" }], unsettled: 0 });
      const charges = await db
        .select({ purpose: payments.purpose, method: payments.method, status: payments.status })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.accountId, (await account(member.clickid))?.id ?? 0))
        .orderBy(payments.id);
      expect(charges).toEqual([
        { purpose: "initial", method, status: "succeeded" },
        { purpose: "renewal", method: kind === "card" ? "card" : method, status: "succeeded" },
      ]);
    });
  }
});

describe("what every method refuses", () => {
  it("bad input, a flow without the method, a card-only plan, another member's clickid or reference", async () => {
    const member = await methodsMember();
    const other = await methodsMember();
    const before = await credits(member);
    const refused = async (path: string, body: unknown, status: number, code: string, who = member) => {
      const response = await post(who, path, body);
      expect(response.status, `${path} ${code}`).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code, path).toBe(code);
    };
    const { rateplan: _, ...noPlan } = creation(member);
    await refused("/orders/mollie/createPayment", noPlan, 400, "invalid_input");
    await refused("/orders/coda/createPayment", creation(member, { rateplan: 42 }), 400, "invalid_input");
    await refused(
      "/orders/client/paypal/createOrder",
      creation(member, { rateplan: "no-such-plan" }),
      404,
      "unknown_plan",
    );
    await refused(
      "/orders/coda/createPayment",
      creation(member, { rateplan: "verify-age" }),
      400,
      "card_only",
    );
    // A renewing plan renews on what it keeps: coda keeps nothing to charge later (no recurring API).
    await refused("/orders/coda/createPayment", creation(member, { rateplan: "gold-300" }), 400, "card_only");
    await refused("/orders/mollie/createPayment", creation(other), 403, "forbidden");
    await refused("/orders/client/paypal/orderOk", { clickid: member.clickid }, 400, "invalid_input");
    await refused(
      "/orders/applePay/startSession",
      { clickid: member.clickid, validationURL: "not a url" },
      400,
      "invalid_input",
    );

    // The default flow offers card, PayPal, Apple Pay and Google Pay: not mollie or coda.
    const plain = await methodsMember("7");
    await refused("/orders/mollie/createPayment", creation(plain), 400, "method_unavailable", plain);
    await refused("/orders/coda/createPayment", creation(plain), 400, "method_unavailable", plain);

    // Another member's payment is no payment of theirs, at the check and on the pages' kind.
    const created = (await (await post(member, "/orders/mollie/createPayment", creation(member))).json()) as {
      id: string;
    };
    const stolen = await post(other, "/orders/mollie/checkTransactionStatus", {
      clickid: other.clickid,
      reference: created.id,
    });
    expect(stolen.status).toBe(404);
    expect((await call(`/sandbox/wallet/${created.id}`)).status).toBe(404);
    const walletAnswer = await call(`/sandbox/checkout/${created.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "answer=approve",
      redirect: "manual",
    });
    expect(walletAnswer.status).toBe(400);
    expect(await credits(member)).toBe(before);
  });
});
