// The reconciliation job repairs a grant whose webhook was lost: on the sandbox through the local trigger
// (POST /dev/payments/reconcile, the Cron Trigger's code), and on the Mollie adapter against the fake of
// Mollie's API, whose checkout sets the outcome while its webhook goes to the fake's own sink and never to us
// (the dropped webhook). Each lost grant is made once: a second run, two runs at once and the late webhook
// change nothing. A payment still open stays open; a provider that cannot look a payment up (Adyen's
// Checkout API, by pspReference) is skipped.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { ratePlans } from "../../drizzle/schema/flows";
import { orders, payments } from "../../drizzle/schema/payments";
import { openDb } from "../../worker/core/db";
import worker from "../../worker/index";
import { startCardPayment, startRedirectPayment } from "../../worker/payments/checkout.service";
import { orderPlanOf } from "../../worker/payments/payment-lookups.service";
import type { PaymentProvider, ProviderId } from "../../worker/payments/provider";
import { adyenProvider } from "../../worker/payments/providers/adyen";
import { mollieProvider } from "../../worker/payments/providers/mollie";
import { sandboxProvider } from "../../worker/payments/providers/sandbox";
import {
  RECONCILE_LEASE_MS,
  RECONCILE_MIN_AGE_MS,
  reconcilePayments,
} from "../../worker/payments/reconciliation.service";
import { settlePayment } from "../../worker/payments/settlement.service";
import { ADYEN_3DS_CARD, ADYEN_TEST_BROWSER } from "../fakes/adyen-test-values";
import { testConfig } from "../fixtures/config";
import { call, createMember, hosts, type TestMember } from "../fixtures/members";
import { connect } from "../fixtures/socket";

const fake = z
  .object({
    FAKE_MOLLIE_URL: z.string().url(),
    FAKE_MOLLIE_KEY: z.string().min(1),
    FAKE_ADYEN_URL: z.string().url(),
    FAKE_ADYEN_API_KEY: z.string().min(1),
    FAKE_ADYEN_MERCHANT_ACCOUNT: z.string().min(1),
    FAKE_ADYEN_HMAC_KEY: z.string().min(1),
  })
  .parse(env);

/** The seed's Starter plan of flow 7: 9.90 EUR, 30 credits, premium level 1, does not renew. */
const PLAN = { productId: "starter-30", credits: 30 };
/** Sandbox test cards: left `open` until the sandbox's review ends it in success. */
const OPEN_CARD = "4000000000009243";

const { db, end } = openDb(testConfig.database);
afterAll(() => end());

const sandbox = sandboxProvider(db, {
  origin: `http://${hosts.it}`,
  threeDsSystem: "adyen",
  webhookSecret: testConfig.sandboxWebhookSecret,
});

/** A time when the payments just made are old enough to be reconciled. */
const later = (extraMs = 0) => new Date(Date.now() + RECONCILE_MIN_AGE_MS + 1000 + extraMs);

const accountOf = async (member: TestMember) => {
  const [row] = await db.select().from(accounts).where(eq(accounts.clickid, member.clickid));
  if (!row) throw new Error("no account");
  return row;
};

/** The purchase rows of the member's credit ledger: one per granted payment. */
const grants = async (member: TestMember) =>
  db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.accountId, (await accountOf(member)).id),
        eq(creditLedger.balance, "messaggi"),
        like(creditLedger.reference, "purchase:payment:%"),
      ),
    );

const paymentsOf = async (member: TestMember) =>
  db
    .select({ reference: payments.reference, status: payments.status, provider: payments.provider })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.accountId, (await accountOf(member)).id));

/** Runs the job through the local trigger for the member's payments only. */
async function reconcileAt(now: Date, member: TestMember) {
  const response = await call("/dev/payments/reconcile", {
    method: "POST",
    body: JSON.stringify({ now: now.toISOString(), clickid: member.clickid }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<
    "checked" | "repaired" | "closed" | "open" | "skipped" | "failed",
    number
  >;
}

/** A card payment on the sandbox left open (the member is told "pending"); answers its reference. */
async function openPayment(member: TestMember) {
  const response = await call("/orders/tryCharge", {
    method: "POST",
    token: member.token,
    body: JSON.stringify({
      cardNumber: OPEN_CARD,
      cardMonth: "12",
      cardYear: "30",
      cardSecurityCode: "123",
      firstName: "Mario",
      lastName: "Rossi",
      rateplan: PLAN.productId,
      clickid: member.clickid,
      paySource: "CREDITCARD",
      newCard: false,
    }),
  });
  expect(await response.json()).toMatchObject({ status: "open" });
  const [payment] = await paymentsOf(member);
  return payment?.reference ?? "";
}

/** The sandbox's signed webhook for a payment, delivered late to the Worker. */
async function lateWebhook(reference: string) {
  const hook = await sandbox.webhook(reference, `http://${hosts.it}/hooks/sandbox`);
  const delivered = await call("/hooks/sandbox", {
    method: "POST",
    headers: Object.fromEntries(hook.headers),
    body: await hook.text(),
  });
  expect(delivered.status).toBe(200);
}

describe("the reconciliation job on the sandbox", () => {
  it("runs on the Cron Trigger beside the renewals", async () => {
    const member = await createMember();
    const before = await accountOf(member);
    await sandbox.review(await openPayment(member));
    const ctx = createExecutionContext();
    worker.scheduled(
      createScheduledController({ scheduledTime: later(), cron: "*/15 * * * *" }),
      env as Cloudflare.Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect((await accountOf(member)).messageCredits).toBe(before.messageCredits + PLAN.credits);
    expect(await grants(member)).toHaveLength(1);
  });

  it("grants a payment whose webhook was lost, once, and tells the member's tabs", async () => {
    const member = await createMember();
    const before = await accountOf(member);
    const reference = await openPayment(member);
    // The provider's review approves it, and its webhook never arrives.
    await sandbox.review(reference);
    const socket = await connect(member);

    // Too young yet: the webhook may still be on its way.
    expect(await reconcileAt(new Date(), member)).toMatchObject({ checked: 0 });

    expect(await reconcileAt(later(), member)).toEqual({
      checked: 1,
      repaired: 1,
      closed: 0,
      open: 0,
      skipped: 0,
      failed: 0,
    });
    const after = await accountOf(member);
    expect(after.messageCredits).toBe(before.messageCredits + PLAN.credits);
    expect(await paymentsOf(member)).toMatchObject([{ status: "succeeded" }]);
    const told = await socket.next("creditiResidui", (e) => e.data.creditiMessaggi === after.messageCredits);
    expect(told.data.creditiMessaggi).toBe(after.messageCredits);

    // A later run has nothing left to do, and the late webhook finds it granted.
    expect(await reconcileAt(later(RECONCILE_LEASE_MS), member)).toMatchObject({ checked: 0 });
    await lateWebhook(reference);
    expect((await accountOf(member)).messageCredits).toBe(after.messageCredits);
    expect(await grants(member)).toHaveLength(1);
    socket.close();
  });

  it("leaves a payment still open at the provider open, and asks again once the claim's lease is over", async () => {
    const member = await createMember();
    const before = await accountOf(member);
    await openPayment(member);
    expect(await reconcileAt(later(), member)).toMatchObject({ checked: 1, open: 1, repaired: 0 });
    expect(await paymentsOf(member)).toMatchObject([{ status: "open" }]);
    // Claimed: a run within the lease does not ask again; one after it does.
    expect(await reconcileAt(later(1000), member)).toMatchObject({ checked: 0 });
    expect(await reconcileAt(later(RECONCILE_LEASE_MS + 1000), member)).toMatchObject({
      checked: 1,
      open: 1,
    });
    expect((await accountOf(member)).messageCredits).toBe(before.messageCredits);
    expect(await grants(member)).toHaveLength(0);
  });

  it("grants once when two runs start at once", async () => {
    const member = await createMember();
    const before = await accountOf(member);
    const reference = await openPayment(member);
    await sandbox.review(reference);
    const now = later();
    const runs = await Promise.all([reconcileAt(now, member), reconcileAt(now, member)]);
    // The claim gives the payment to one run; the other finds nothing to ask about.
    expect(runs.map((r) => r.checked).sort()).toEqual([0, 1]);
    expect(runs.map((r) => r.repaired).sort()).toEqual([0, 1]);
    expect((await accountOf(member)).messageCredits).toBe(before.messageCredits + PLAN.credits);
    expect(await grants(member)).toHaveLength(1);
  });
});

/** A checkout of the seed's Starter plan for the member, as the payment routes build it. */
async function checkoutFor(member: TestMember, returnUrl: string) {
  const account = await accountOf(member);
  const [row] = await db.select().from(ratePlans).where(eq(ratePlans.productId, PLAN.productId)).limit(1);
  if (!row) throw new Error(`the seed has no ${PLAN.productId} plan`);
  return {
    accountId: account.id,
    brandId: account.brandId,
    fluxId: account.fluxId,
    planList: "free" as const,
    plan: orderPlanOf(row),
    descriptor: "AMOREITALIA",
    returnUrl,
  };
}

/** Only the given provider: any other payment's provider is a mistake of the test. */
const only =
  (provider: PaymentProvider) =>
  (id: ProviderId): PaymentProvider => {
    if (id !== provider.id) throw new Error(`no ${id} provider in this test`);
    return provider;
  };

describe("the reconciliation job on the Mollie adapter", () => {
  const WEBHOOK_SINK = `${fake.FAKE_MOLLIE_URL}/__fake/webhooks`;
  const mollie = mollieProvider({
    apiBase: fake.FAKE_MOLLIE_URL,
    apiKey: fake.FAKE_MOLLIE_KEY,
    // Mollie posts its webhook to the fake's sink: it never reaches the settlement (the lost webhook).
    webhookUrl: WEBHOOK_SINK,
    customers: { find: async () => null, keep: async () => {} },
    call: { timeoutMs: 2_000, retries: 0 },
  });

  async function molliePayment(member: TestMember) {
    const started = await startRedirectPayment(db, mollie, {
      ...(await checkoutFor(member, "https://it.localhost/mollie/paymentCheck")),
      method: "mollie",
    });
    expect(started.provider).toMatchObject({ status: "action_required" });
    return started.provider;
  }

  it("grants a payment paid on Mollie's checkout whose webhook was lost, once; the late webhook changes nothing", async () => {
    const member = await createMember();
    const before = await accountOf(member);
    const paid = await molliePayment(member);
    const still = await molliePayment(member);
    const answer = await fetch(paid.redirectUrl ?? "", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "status=paid",
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    await answer.text();

    const runs = await Promise.all(
      [0, 1].map(() => reconcilePayments({ db, env }, only(mollie), later(), { accountId: before.id })),
    );
    expect(runs.reduce((n, r) => n + r.repaired, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.open, 0)).toBe(1);
    expect((await accountOf(member)).messageCredits).toBe(before.messageCredits + PLAN.credits);
    const rows = await paymentsOf(member);
    expect(rows.find((p) => p.reference === paid.reference)).toMatchObject({ status: "succeeded" });
    expect(rows.find((p) => p.reference === still.reference)).toMatchObject({ status: "action_required" });

    // Mollie's webhook, delivered late (as its retries would): confirmed by fetching, found granted.
    const { webhooks } = (await (await fetch(WEBHOOK_SINK)).json()) as { webhooks: { body: string }[] };
    const hook = webhooks.find((w) => w.body === `id=${paid.reference}`);
    expect(hook).toBeDefined();
    const event = await mollie.parseWebhook(
      new Request("https://it.localhost/hooks/mollie", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: hook?.body ?? "",
      }),
    );
    expect(event?.payment.status).toBe("succeeded");
    const settlement = event ? await settlePayment(db, "mollie", event.payment) : null;
    expect(settlement).toMatchObject({ found: true, granted: false });
    // A run after the lease asks only about the payment still open.
    expect(
      await reconcilePayments({ db, env }, only(mollie), later(RECONCILE_LEASE_MS), { accountId: before.id }),
    ).toMatchObject({ checked: 1, open: 1, repaired: 0 });
    expect((await accountOf(member)).messageCredits).toBe(before.messageCredits + PLAN.credits);
    expect(await grants(member)).toHaveLength(1);
  });
});

describe("the reconciliation job on a provider without a status call", () => {
  it("skips an Adyen payment known only by its pspReference, and counts a provider that fails", async () => {
    const member = await createMember();
    const adyen = adyenProvider({
      baseUrl: fake.FAKE_ADYEN_URL,
      apiKey: fake.FAKE_ADYEN_API_KEY,
      merchantAccount: fake.FAKE_ADYEN_MERCHANT_ACCOUNT,
      hmacKey: fake.FAKE_ADYEN_HMAC_KEY,
      call: { timeoutMs: 2_000, sleep: async () => {} },
    });
    // 3-D Secure asked for, and the member never came back: Adyen's webhook is the only way to its outcome.
    const started = await startCardPayment(db, adyen, {
      ...(await checkoutFor(member, "https://it.localhost/adyen/paymentCheck")),
      card: { number: ADYEN_3DS_CARD, expMonth: 3, expYear: 2030, cvc: "737", holderName: "Mario Rossi" },
      customer: { email: "member@example.com", country: "ITA" },
      browser: ADYEN_TEST_BROWSER,
      storeCard: false,
    });
    expect(started.provider).toMatchObject({
      status: "action_required",
      reference: expect.stringMatching(/^[A-Z0-9]{16}$/),
    });
    const { id: accountId } = await accountOf(member);
    expect(await reconcilePayments({ db, env }, only(adyen), later(), { accountId })).toMatchObject({
      checked: 1,
      skipped: 1,
      failed: 0,
    });

    // A provider that cannot be reached: counted, logged, left as it was for the next run.
    const down = { ...adyen, checkPayment: () => Promise.reject(new TypeError("fetch failed")) };
    expect(
      await reconcilePayments({ db, env }, only(down), later(RECONCILE_LEASE_MS), { accountId }),
    ).toMatchObject({ checked: 1, failed: 1 });
    expect(await paymentsOf(member)).toMatchObject([{ status: "action_required" }]);
  });
});
