// The card path on the sandbox provider, through the routes a payment page calls: orders/tryCharge, the
// sandbox's 3-D Secure page, the return page's orders/{system}/checkTransactionStatus and the provider's
// webhook. Credits are granted once, the member's tabs hear of it, card data is checked before any provider
// call, and nobody reaches another member's payment.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, payments, savedCards } from "../../drizzle/schema/payments";
import { createApp } from "../../worker/app";
import { openDb } from "../../worker/core/db";
import { sandboxProvider } from "../../worker/payments/providers/sandbox";
import { hmac } from "../../worker/payments/providers/sandbox-webhook";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { purchaseGrants } from "../fixtures/grants";
import { call, createMember, hosts, type TestMember } from "../fixtures/members";
import { connect } from "../fixtures/socket";

/** The seed's Starter plan of flow 7: 9.90 EUR, 30 credits, premium level 1. */
const PLAN = { productId: "starter-30", credits: 30, premiumLevel: 1 };

const card = (member: TestMember, number: string, extra: Record<string, unknown> = {}) => ({
  cardNumber: number.replace(/(\d{4})/g, "$1 ").trim(),
  cardMonth: "12",
  cardYear: "30",
  cardSecurityCode: "123",
  firstName: "Mario",
  lastName: "Rossi",
  rateplan: PLAN.productId,
  clickid: member.clickid,
  paySource: "CREDITCARD",
  newCard: true,
  ...extra,
});

const post = (member: TestMember, path: string, body: unknown) =>
  call(path, { method: "POST", token: member.token, body: JSON.stringify(body) });

const account = async (clickid: string) =>
  (await inDb((db) => db.select().from(accounts).where(eq(accounts.clickid, clickid))))[0];

describe("GET /api/plans", () => {
  it("gives the flow's four lists, the member's list and the plan chosen for them", async () => {
    const member = await createMember();
    const answer = (await (await call("/api/plans", { token: member.token })).json()) as {
      rateplan: { free: { product_id: string; prezzo_totale: number; first_selling: boolean }[] }[];
      list: string;
      chosen: string;
    };
    expect(answer.list).toBe("free");
    expect(answer.chosen).toBe("starter-30");
    expect(answer.rateplan[0]?.free.map((p) => p.product_id)).toEqual(["starter-30", "plus-100", "gold-300"]);
    expect(answer.rateplan[0]?.free[0]).toMatchObject({ prezzo_totale: 990, first_selling: true });

    // A paid member buys from the premium list; a free member cannot buy from it.
    await inDb((db) =>
      db.update(accounts).set({ premiumLevel: 1 }).where(eq(accounts.clickid, member.clickid)),
    );
    const paid = (await (await call("/api/plans", { token: member.token })).json()) as {
      list: string;
      chosen: string;
    };
    expect(paid).toMatchObject({ list: "premium", chosen: "refill-100" });
    const other = await createMember();
    const refused = await post(
      other,
      "/orders/tryCharge",
      card(other, "4242424242424242", { rateplan: "refill-100" }),
    );
    expect(refused.status).toBe(404);
  });
});

describe("orders/tryCharge", () => {
  it("charges a good card at once: credits, level, the kept card, and every tab told", async () => {
    const member = await createMember();
    const before = await account(member.clickid);
    const socket = await connect(member);
    const response = await post(member, "/orders/tryCharge", card(member, "4242424242424242"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      message: "success",
      threeDS: null,
      payment_system: "adyen",
      // The card is kept: the member is a customer at the provider, under our reference.
      data: { customerId: `member-${before?.id}` },
    });
    const after = await account(member.clickid);
    expect(after?.customerId).toBe(`member-${before?.id}`);
    expect(after?.messageCredits).toBe((before?.messageCredits ?? 0) + PLAN.credits);
    expect(after?.premiumLevel).toBe(PLAN.premiumLevel);
    expect(await purchaseGrants(after?.id ?? 0)).toHaveLength(1);
    // The level's change is in the ledger too, written with the grant.
    expect(await purchaseGrants(after?.id ?? 0, "premium")).toMatchObject([
      { delta: PLAN.premiumLevel, balanceAfter: PLAN.premiumLevel, reason: "purchase" },
    ]);
    const balances = await socket.next(
      "creditiResidui",
      (e) => e.data.creditiMessaggi === after?.messageCredits,
    );
    expect(balances.data.creditiMessaggi).toBe(after?.messageCredits);
    const cards = await inDb((db) =>
      db
        .select()
        .from(savedCards)
        .where(eq(savedCards.accountId, after?.id ?? 0)),
    );
    expect(cards).toEqual([
      expect.objectContaining({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 }),
    ]);
    expect(JSON.stringify(cards)).not.toContain("4242424242424242");
    socket.close();
  });

  it("refuses a declined card with the catalogue's code and grants nothing", async () => {
    const member = await createMember();
    const before = await account(member.clickid);
    const response = await post(member, "/orders/tryCharge", card(member, "4000000000001018"));
    expect(await response.json()).toMatchObject({
      status: "ko",
      message: "insufficient_funds",
      threeDS: null,
    });
    const after = await account(member.clickid);
    expect(after?.messageCredits).toBe(before?.messageCredits);
    expect(after?.premiumLevel).toBe(0);
  });

  it("checks the card before any provider call: number, expiry, CVV, names, the plan", async () => {
    const member = await createMember();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ cardNumber: "4242 4242 4242 4241" }, 400, "cardNumber"],
      [{ cardMonth: "1", cardYear: "20" }, 400, "cardYear"],
      [{ cardMonth: "13" }, 400, "cardMonth"],
      [{ cardSecurityCode: "12" }, 400, "cardSecurityCode"],
      [{ firstName: " " }, 400, "firstName"],
      [{ rateplan: "no-such-plan" }, 404, "rateplan"],
    ];
    for (const [change, status, field] of cases) {
      const response = await post(member, "/orders/tryCharge", card(member, "4242424242424242", change));
      expect(response.status, field).toBe(status);
      expect(((await response.json()) as { error: { field?: string } }).error.field, field).toBe(field);
    }
    expect((await account(member.clickid))?.premiumLevel).toBe(0);
  });

  it("is only for the member's own clickid and needs a session", async () => {
    const member = await createMember();
    const other = await createMember();
    expect((await post(member, "/orders/tryCharge", card(other, "4242424242424242"))).status).toBe(403);
    const anonymous = await call("/orders/tryCharge", {
      method: "POST",
      body: JSON.stringify(card(member, "4242424242424242")),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("one tap with the kept card", () => {
  it("charges the card kept by the first payment, and says no_saved_card before there is one", async () => {
    const member = await createMember();
    const plans = async () =>
      ((await (await call("/api/plans", { token: member.token })).json()) as { actonfile: boolean })
        .actonfile;
    // After the first payment the member is premium: the next plan comes from the premium list.
    const oneTap = (rateplan = "refill-100") =>
      post(member, "/orders/actonfile/tryCharge", { rateplan, clickid: member.clickid });
    expect(await plans()).toBe(false);
    expect(await (await oneTap(PLAN.productId)).json()).toMatchObject({
      status: "ko",
      message: "no_saved_card",
    });

    await post(member, "/orders/tryCharge", card(member, "4242424242424242"));
    const before = await account(member.clickid);
    expect(await plans()).toBe(true);
    expect(await (await oneTap()).json()).toMatchObject({ status: "ok", message: "success", threeDS: null });
    const after = await account(member.clickid);
    expect(after?.messageCredits).toBe((before?.messageCredits ?? 0) + 100);
    expect(await purchaseGrants(after?.id ?? 0)).toHaveLength(2);
  });
});

describe("3-D Secure and the return page", () => {
  it("sends the member to the sandbox's challenge; a pass comes back paid, granted once however often checked", async () => {
    const member = await createMember();
    const before = await account(member.clickid);
    const charge = (await (
      await post(member, "/orders/tryCharge", card(member, "4000000000003220"))
    ).json()) as {
      status: string;
      threeDS: { url: string; fields: Record<string, string> };
    };
    expect(charge.status).toBe("ok");
    const url = new URL(charge.threeDS.url);
    expect(url.pathname).toMatch(/^\/sandbox\/3ds\/sbx_[0-9a-f]{32}$/);
    const reference = charge.threeDS.fields.reference ?? "";
    expect((await account(member.clickid))?.messageCredits).toBe(before?.messageCredits);

    // The adyen step posts the form; the page asks; the answer goes back to adyen's return page.
    const form = await call(url.pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(charge.threeDS.fields).toString(),
    });
    expect(await form.text()).toContain("Banca di prova");
    const answered = await call(url.pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "answer=pass",
      redirect: "manual",
    });
    expect(answered.status).toBe(303);
    expect(answered.headers.get("location")).toBe(`/adyen/paymentCheck?redirectResult=${reference}`);

    const check = { clickid: member.clickid, redirectResult: reference, payment_company: "demo_it" };
    const results = await Promise.all(
      [0, 1, 2].map(async () => (await post(member, "/orders/adyen/checkTransactionStatus", check)).json()),
    );
    expect(results).toEqual(
      [0, 1, 2].map(() => ({ result: true, message: "success", rateplan: PLAN.productId })),
    );
    const after = await account(member.clickid);
    expect(after?.messageCredits).toBe((before?.messageCredits ?? 0) + PLAN.credits);
    expect(await purchaseGrants(after?.id ?? 0)).toHaveLength(1);
  });

  it("a failed challenge answers warning and grants nothing", async () => {
    const member = await createMember();
    const charge = (await (
      await post(member, "/orders/tryCharge", card(member, "4000000000003220"))
    ).json()) as {
      threeDS: { url: string; fields: Record<string, string> };
    };
    const reference = charge.threeDS.fields.reference ?? "";
    await call(new URL(charge.threeDS.url).pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "answer=fail",
      redirect: "manual",
    });
    const check = await post(member, "/orders/adyen/checkTransactionStatus", {
      clickid: member.clickid,
      redirectResult: reference,
    });
    // With the plan it was for: the return page's retry goes back to paying for it, not to the plans.
    expect(await check.json()).toEqual({ result: false, message: "warning", rateplan: PLAN.productId });
    expect((await account(member.clickid))?.premiumLevel).toBe(0);
  });

  it("never shows or settles another member's payment", async () => {
    const member = await createMember();
    const other = await createMember();
    const charge = (await (
      await post(member, "/orders/tryCharge", card(member, "4000000000003220"))
    ).json()) as {
      threeDS: { fields: Record<string, string> };
    };
    const stolen = await post(other, "/orders/adyen/checkTransactionStatus", {
      clickid: other.clickid,
      redirectResult: charge.threeDS.fields.reference,
    });
    expect(stolen.status).toBe(404);
  });
});

/** The sandbox's review ends a pending payment as its card says, and its signed webhook arrives twice. */
async function reviewAndNotifyTwice(reference: string) {
  const { db, end } = openDb(testConfig.database);
  try {
    const sandbox = sandboxProvider(db, {
      origin: `http://${hosts.it}`,
      threeDsSystem: "adyen",
      webhookSecret: testConfig.sandboxWebhookSecret,
    });
    await sandbox.review(reference);
    for (let i = 0; i < 2; i++) {
      const hook = await sandbox.webhook(reference, `http://${hosts.it}/hooks/sandbox`);
      const delivered = await call("/hooks/sandbox", {
        method: "POST",
        headers: Object.fromEntries(hook.headers),
        body: await hook.text(),
      });
      expect(delivered.status).toBe(200);
    }
  } finally {
    await end();
  }
}

describe("the sandbox's webhook", () => {
  it("grants a reviewed payment once when signed, however often sent, and refuses a forged one", async () => {
    const member = await createMember();
    const before = await account(member.clickid);
    const charge = await (await post(member, "/orders/tryCharge", card(member, "4000000000009235"))).json();
    expect(charge).toMatchObject({ status: "open", message: "pending" });
    const [payment] = await inDb((db) =>
      db
        .select({ reference: payments.reference })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.accountId, before?.id ?? 0)),
    );
    const reference = payment?.reference ?? "";

    // The provider's review approves the payment and notifies, twice (providers retry their webhooks).
    await reviewAndNotifyTwice(reference);
    const after = await account(member.clickid);
    expect(after?.messageCredits).toBe((before?.messageCredits ?? 0) + PLAN.credits);
    expect(await purchaseGrants(after?.id ?? 0)).toHaveLength(1);

    const forged = await call("/hooks/sandbox", {
      method: "POST",
      headers: { "content-type": "application/json", "sandbox-signature": "00".repeat(32) },
      body: JSON.stringify({ type: "payment.updated", data: { reference } }),
    });
    expect(forged.status).toBe(401);
  });

  it("tells every tab (purchKo) when a pending payment is refused by the review, and grants nothing", async () => {
    const member = await createMember();
    const before = await account(member.clickid);
    const charge = await (await post(member, "/orders/tryCharge", card(member, "4000000000009268"))).json();
    expect(charge).toMatchObject({ status: "open", message: "pending" });
    const socket = await connect(member);
    const [payment] = await inDb((db) =>
      db
        .select({ reference: payments.reference })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.accountId, before?.id ?? 0)),
    );
    const reference = payment?.reference ?? "";
    // The review refuses it and notifies, twice: the refusal stands and grants nothing.
    await reviewAndNotifyTwice(reference);
    expect((await socket.next("purchKo")).data).toEqual({ message: "card_declined" });
    const after = await account(member.clickid);
    expect(after?.messageCredits).toBe(before?.messageCredits);
    expect(after?.premiumLevel).toBe(0);
    socket.close();
  });
});

/** A body signed as the sandbox signs its webhooks, with `key` (the sandbox's own by default). */
const deliverSandboxHook = async (body: string, key = testConfig.sandboxWebhookSecret) =>
  call("/hooks/sandbox", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "sandbox-signature": await hmac(key, body),
    },
    body,
  });

describe("the sandbox's webhook, signed but not a notification", () => {
  it("answers 400 invalid_input naming what is wrong, and changes nothing", async () => {
    const member = await createMember();
    const before = await account(member.clickid);
    await post(member, "/orders/tryCharge", card(member, "4000000000009235"));
    const cases: [string, string][] = [
      ["{not json", "body"],
      ["null", "body"],
      ['"payment.updated"', "body"],
      ['{"type":"payment.updated"}', "data"],
      ['{"type":"payment.updated","data":{"reference":42}}', "data.reference"],
      ['{"type":"payment.refunded","data":{"reference":"sbx_0"}}', "type"],
    ];
    for (const [body, field] of cases) {
      const response = await deliverSandboxHook(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(await response.json()).toMatchObject({ error: { code: "invalid_input", field } });
    }
    expect((await account(member.clickid))?.messageCredits).toBe(before?.messageCredits);
  });
});

describe("the sandbox's webhook key", () => {
  it("is its own (SANDBOX_WEBHOOK_SECRET), not one derived from the session key", async () => {
    expect(testConfig.sandboxWebhookSecret).toBe(env.SANDBOX_WEBHOOK_SECRET);
    const member = await createMember();
    const before = await account(member.clickid);
    await post(member, "/orders/tryCharge", card(member, "4000000000009235"));
    const [payment] = await inDb((db) =>
      db
        .select({ reference: payments.reference })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.accountId, before?.id ?? 0)),
    );
    const { db, end } = openDb(testConfig.database);
    await sandboxProvider(db, {
      origin: `http://${hosts.it}`,
      threeDsSystem: "adyen",
      webhookSecret: testConfig.sandboxWebhookSecret,
    }).review(payment?.reference ?? "");
    await end();
    const body = JSON.stringify({ type: "payment.updated", data: { reference: payment?.reference } });

    // Whoever knows the session key knows nothing of the webhook's.
    const derived = await deliverSandboxHook(body, `${testConfig.jwtSecret}:sandbox-webhooks`);
    expect(derived.status).toBe(401);
    expect((await account(member.clickid))?.messageCredits).toBe(before?.messageCredits);

    expect((await deliverSandboxHook(body)).status).toBe(200);
    expect((await account(member.clickid))?.messageCredits).toBe(
      (before?.messageCredits ?? 0) + PLAN.credits,
    );
  });
});

describe("outside local runs", () => {
  it("answers payments_unavailable instead of pretending to charge", async () => {
    const member = await createMember();
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request(`http://${hosts.it}/orders/tryCharge`, {
        method: "POST",
        headers: {
          host: hosts.it,
          authorization: `Bearer ${member.token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(card(member, "4242424242424242")),
      }),
      { ...env, APP_ENV: "production" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("payments_unavailable");
  });
});
