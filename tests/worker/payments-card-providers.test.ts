// The card systems other than Adyen, through the routes: amorespana (es.localhost) whose card system is TrustPay
// and lovechat (en.localhost) whose card system is Maxpay, their PAYMENT_CREDENTIALS pointing at the fakes
// (tests/fakes/trustpay.ts, maxpay.ts). Each: a 3-D Secure card through orders/tryCharge, the fake's 3-D Secure
// page and the return page's check (InstanceId, reference) granted once; then the provider's notification,
// signed as its fake signs it, granting nothing more, and a forged one refused. For Maxpay also the kept card,
// what the member sees of it, and its renewal by the renewal job, merchant initiated (MIT).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { maxpayCards, savedCards, subscriptions } from "../../drizzle/schema/payments";
import { MAXPAY_3DS_CARD, MAXPAY_PAID_CARD } from "../fakes/maxpay-cards";
import { companyOf, fake, fakeCredentials } from "../fixtures/fake-providers";
import { hosts } from "../fixtures/members";
import {
  account,
  ChargeAnswer,
  cardBody,
  credits,
  DAY,
  db,
  lastPayment,
  RENEWING_PLAN,
  routesOf,
  setUpFlow,
} from "../fixtures/payment-routes";

/** The card the TrustPay fake asks 3-D Secure for (it ends 0091), Luhn-valid as the card form requires. */
const TRUSTPAY_3DS_CARD = "4111111111170091";

/** One env object, so its config is parsed once (configOf keeps it per env). */
const wired = {
  ...env,
  PAYMENT_CREDENTIALS: JSON.stringify({
    amorespana: { trustpay: fakeCredentials.trustpay },
    lovechat: { maxpay: fakeCredentials.maxpay },
  }),
  // The card system is the first of adyen, trustpay, maxpay among the brand's accounts: no Adyen account here.
  BRAND_COMPANIES: {
    ...fake.BRAND_COMPANIES,
    amorespana: { ...companyOf("amorespana"), payment_accounts: { trustpay: "DemoTrustPayES" } },
    lovechat: { ...companyOf("lovechat"), payment_accounts: { maxpay: "DemoMaxpayEN" } },
  },
};

let planCredits = 0;
beforeAll(async () => {
  planCredits = await setUpFlow();
});

describe("TrustPay through the routes (amorespana)", () => {
  const { send, post, member } = routesOf(wired, hosts.es);

  /** The notifications the fake would have posted for a payment (TrustPay keeps the URL in its portal). */
  async function notificationsFor(instanceId: string) {
    const { notifications } = z
      .object({ notifications: z.array(z.string()) })
      .parse(await (await fetch(`${fake.FAKE_TRUSTPAY_URL}/__fake/notifications`)).json());
    return notifications.filter((n) => n.includes(`"PaymentId":"${instanceId}"`));
  }
  const hook = async (body: string) => (await send("/hooks/trustpay", { method: "POST", body })).status;

  it("a 3-D Secure card: the return page's InstanceId check grants it once, the notification adds nothing, a forged one is refused", async () => {
    const m = await member();
    const before = await credits(m);
    const charged = ChargeAnswer.parse(
      await (await post(m, "/orders/tryCharge", cardBody(m, TRUSTPAY_3DS_CARD))).json(),
    );
    expect(charged).toMatchObject({
      status: "ok",
      message: "authentication_required",
      payment_system: "trustpay",
    });
    const threeDs = charged.threeDS ?? { url: "", fields: {} };
    expect(threeDs.url).toBe(`${fake.FAKE_TRUSTPAY_URL}/acs`);
    // The member's browser posts the redirect form to the ACS, passes, and is sent to the return page.
    const back = await fetch(threeDs.url, {
      method: "POST",
      body: new URLSearchParams({ ...threeDs.fields, authentication: "passed" }),
      redirect: "manual",
    });
    const location = new URL(back.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`http://${hosts.es}/trpay/paymentCheck`);
    const InstanceId = location.searchParams.get("instanceId") ?? "";
    expect(await credits(m)).toBe(before);

    const checked = await post(m, "/orders/trustpay/checkTransactionStatus", {
      clickid: m.clickid,
      InstanceId,
    });
    expect(await checked.json()).toMatchObject({ result: true, message: "success" });
    expect(await credits(m)).toBe(before + planCredits);
    expect(await lastPayment(m)).toMatchObject({
      provider: "trustpay",
      reference: InstanceId,
      status: "succeeded",
    });

    const [notification = ""] = await notificationsFor(InstanceId);
    expect(await hook(notification)).toBe(200);
    expect(await hook(notification)).toBe(200);
    expect(await credits(m)).toBe(before + planCredits);
    expect(await hook(notification.replace('"Status":"Paid"', '"Status":"Rejected"'))).toBe(401);
    expect(await lastPayment(m)).toMatchObject({ status: "succeeded" });
  });
});

describe("Maxpay through the routes (lovechat)", () => {
  const { send, post, member, renewAfter } = routesOf(wired, hosts.en);

  /** The callbacks the fake sent for a transaction (to this Worker's host, which it cannot reach). */
  async function callbacksFor(reference: string) {
    const { sent } = z
      .object({ sent: z.array(z.object({ url: z.string(), body: z.string(), signature: z.string() })) })
      .parse(await (await fetch(`${fake.FAKE_MAXPAY_URL}/__fake/sent`)).json());
    return sent.filter((c) => c.body.includes(`"reference":"${reference}"`));
  }
  const hook = async (callback: { body: string; signature: string }) =>
    (
      await send("/hooks/maxpay", {
        method: "POST",
        headers: { "x-signature": callback.signature },
        body: callback.body,
      })
    ).status;

  it("a 3-D Secure card: the return page's reference check grants it once, the callback adds nothing, a forged one is refused", async () => {
    const m = await member();
    const before = await credits(m);
    const charged = ChargeAnswer.parse(
      await (await post(m, "/orders/tryCharge", cardBody(m, MAXPAY_3DS_CARD))).json(),
    );
    expect(charged).toMatchObject({
      status: "ok",
      message: "authentication_required",
      payment_system: "maxpay",
    });
    // Maxpay's 3-D Secure is a plain redirect to the issuer's ACS page.
    const threeDs = charged.threeDS ?? { url: "", fields: {} };
    expect(threeDs).toMatchObject({
      url: expect.stringMatching(`^${fake.FAKE_MAXPAY_URL}/acs/`),
      fields: {},
    });
    expect((await fetch(threeDs.url)).status).toBe(200);
    const back = await fetch(threeDs.url, {
      method: "POST",
      body: new URLSearchParams({ answer: "pass" }),
      redirect: "manual",
    });
    const location = new URL(back.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`http://${hosts.en}/maxpay/paymentCheck`);
    const reference = location.searchParams.get("reference") ?? "";
    expect(await credits(m)).toBe(before);

    const checked = await post(m, "/orders/maxpay/checkTransactionStatus", { clickid: m.clickid, reference });
    expect(await checked.json()).toMatchObject({ result: true, message: "success" });
    expect(await credits(m)).toBe(before + planCredits);
    expect(await lastPayment(m)).toMatchObject({ provider: "maxpay", reference, status: "succeeded" });

    // The callback went to this brand's /hooks/maxpay, with the member's data Maxpay requires in the charge.
    const [callback] = await callbacksFor(reference);
    expect(callback?.url).toBe(`http://${hosts.en}/hooks/maxpay`);
    if (!callback) throw new Error("no callback");
    expect(await hook(callback)).toBe(200);
    expect(await hook(callback)).toBe(200);
    expect(await credits(m)).toBe(before + planCredits);
    expect(
      await hook({ ...callback, body: callback.body.replace('"status":"success"', '"status":"decline"') }),
    ).toBe(401);
    expect(await lastPayment(m)).toMatchObject({ status: "succeeded" });
  });

  it("keeps the card of a renewing plan (what the member may see of it, by Maxpay's reference) and renews on it through the renewal job, merchant initiated", async () => {
    const m = await member();
    const bought = await post(m, "/orders/tryCharge", cardBody(m, MAXPAY_PAID_CARD, RENEWING_PLAN));
    expect(await bought.json()).toMatchObject({ status: "ok", message: "success", payment_system: "maxpay" });
    const { id } = await account(m);
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, id));
    const [card] = await db.select().from(savedCards).where(eq(savedCards.accountId, id));
    expect(card).toMatchObject({
      provider: "maxpay",
      brand: "visa",
      last4: "1111",
      expMonth: 3,
      expYear: 2030,
    });
    expect(subscription?.savedCardId).toBe(card?.id);
    const first = await lastPayment(m);
    const [shown] = await db
      .select()
      .from(maxpayCards)
      .where(eq(maxpayCards.reference, first?.reference ?? ""));
    expect(shown).toMatchObject({ brand: "visa", last4: "1111", expMonth: 3, expYear: 2030, kept: true });

    expect(await renewAfter(m, subscription?.currentPeriodEnd)).toEqual({
      events: [{ kind: "renewed", subscriptionId: subscription?.id }],
      unsettled: 0,
    });
    const renewal = await lastPayment(m);
    expect(renewal).toMatchObject({ provider: "maxpay", status: "succeeded" });
    const seen = await (
      await fetch(`${fake.FAKE_MAXPAY_URL}/__fake/transactions/${renewal?.reference}`)
    ).json();
    expect(seen).toEqual({ type: "SALE", cofType: "MIT" });
    const [renewed] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, id));
    expect(renewed?.currentPeriodEnd.getTime()).toBe(
      (subscription?.currentPeriodEnd.getTime() ?? 0) + 30 * DAY,
    );
  });
});
