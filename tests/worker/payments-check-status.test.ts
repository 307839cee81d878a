// The return pages' check (orders/{system}/checkTransactionStatus) when the provider cannot answer it: an Adyen
// pspReference, which Adyen's Checkout API cannot look up, is answered with the payment as recorded; a provider
// that cannot be reached is 503 provider_unavailable with Retry-After, for every system and for PayPal's
// capture on return. Never a 500, and nothing is granted twice.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ADYEN_3DS_CARD } from "../fakes/adyen-test-values";
import { companyOf, fake, fakeCredentials } from "../fixtures/fake-providers";
import { hosts } from "../fixtures/members";
import {
  ChargeAnswer,
  cardBody,
  credits,
  lastPayment,
  PLAN,
  routesOf,
  setUpFlow,
} from "../fixtures/payment-routes";

/** Where nothing listens: a provider there is unreachable at once. */
const NOWHERE = "http://127.0.0.1:9";

const companies = {
  ...fake.BRAND_COMPANIES,
  amoreitalia: { ...companyOf("amoreitalia"), payment_accounts: { adyen: fake.FAKE_ADYEN_MERCHANT_ACCOUNT } },
  amorespana: { ...companyOf("amorespana"), payment_accounts: { trustpay: "DemoTrustPayES" } },
  lovechat: { ...companyOf("lovechat"), payment_accounts: { maxpay: "DemoMaxpayEN" } },
};

/** Every brand's providers at their fakes (one env object each, so each config is parsed once). */
const wired = {
  ...env,
  PAYMENT_CREDENTIALS: JSON.stringify({
    amoreitalia: { adyen: fakeCredentials.adyen, paypal: fakeCredentials.paypal },
  }),
  BRAND_COMPANIES: companies,
};

/** The same brands with every provider unreachable. */
const unreachable = {
  ...env,
  PAYMENT_CREDENTIALS: JSON.stringify({
    amoreitalia: {
      adyen: { ...fakeCredentials.adyen, apiBase: NOWHERE },
      paypal: { ...fakeCredentials.paypal, apiBase: NOWHERE },
      mollie: { ...fakeCredentials.mollie, apiBase: NOWHERE },
      coda: { ...fakeCredentials.coda, apiBase: NOWHERE },
    },
    amorespana: { trustpay: { ...fakeCredentials.trustpay, apiBase: NOWHERE } },
    lovechat: { maxpay: { ...fakeCredentials.maxpay, apiBase: NOWHERE } },
  }),
  BRAND_COMPANIES: companies,
};

let planCredits = 0;
beforeAll(async () => {
  planCredits = await setUpFlow();
});

describe("checkTransactionStatus with an Adyen pspReference", () => {
  const { post, member } = routesOf(wired, hosts.it);
  const check = (m: { clickid: string; token: string; email: string }, redirectResult: string) =>
    post(m, "/orders/adyen/checkTransactionStatus", { clickid: m.clickid, redirectResult });

  it("answers the payment as recorded: paid, or pending until Adyen's notification; 404 for others", async () => {
    const paying = await member();
    const before = await credits(paying);
    const charged = ChargeAnswer.parse(
      await (await post(paying, "/orders/tryCharge", cardBody(paying, "4111111111111111"))).json(),
    );
    expect(charged).toMatchObject({ status: "ok", message: "success", payment_system: "adyen" });
    const paid = await lastPayment(paying);
    expect(paid?.reference).toMatch(/^[A-Z0-9]{16}$/);
    const psp = paid?.reference ?? "";

    for (let i = 0; i < 2; i++) {
      const answer = await check(paying, psp);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ result: true, message: "success", rateplan: PLAN });
    }
    expect(await credits(paying)).toBe(before + planCredits);

    // 3-D Secure started and not ended: Adyen's notification will tell.
    const waiting = await member();
    await post(waiting, "/orders/tryCharge", cardBody(waiting, ADYEN_3DS_CARD));
    const started = await lastPayment(waiting);
    expect(started?.status).toBe("action_required");
    expect(await (await check(waiting, started?.reference ?? "")).json()).toEqual({
      result: false,
      message: "pending",
      rateplan: PLAN,
    });

    // Another member's payment, and one that is nobody's: not theirs to see.
    const other = await member();
    for (const reference of [psp, "0123456789ABCDEF"]) {
      const answer = await check(other, reference);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ error: { code: "not_found", field: "reference" } });
    }
  });
});

describe("a provider that cannot be asked", () => {
  const expectRetryLater = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toMatchObject({ error: { code: "provider_unavailable" } });
  };

  it.each([
    [hosts.it, "adyen", { redirectResult: "Ab02b4c0!BQABAgCW5sxB4e" }],
    [hosts.it, "googlePay", { redirectResult: "Ab02b4c0!BQABAgCW5sxB4e" }],
    [hosts.it, "mollie", { reference: "tr_7UhSN1zuXS" }],
    [hosts.it, "coda", { txn_id: "7012345678901234567" }],
    [hosts.es, "trustpay", { InstanceId: "e4bc8a7c-2d4a-4b1f" }],
    [hosts.en, "maxpay", { reference: "MXP-0001-2026" }],
  ])("%s %s: 503 provider_unavailable with Retry-After", async (host, system, reference) => {
    const { post, member } = routesOf(unreachable, host);
    const m = await member();
    await expectRetryLater(
      await post(m, `/orders/${system}/checkTransactionStatus`, { clickid: m.clickid, ...reference }),
    );
  });

  it("PayPal's capture on return: 503 while PayPal cannot be asked, captured once when it can", async () => {
    const reachable = routesOf(wired, hosts.it);
    const m = await reachable.member();
    const before = await credits(m);
    const created = z
      .object({ id: z.string(), approveUrl: z.string() })
      .parse(
        await (
          await reachable.post(m, "/orders/client/paypal/createOrder", { rateplan: PLAN, clickid: m.clickid })
        ).json(),
      );
    const approve = new URL(created.approveUrl);
    approve.searchParams.set("fake_action", "approve");
    await fetch(approve, { redirect: "manual" });

    const body = { clickid: m.clickid, id: created.id };
    await expectRetryLater(
      await routesOf(unreachable, hosts.it).post(m, "/orders/client/paypal/orderOk", body),
    );
    expect(await credits(m)).toBe(before);
    const captured = await reachable.post(m, "/orders/client/paypal/orderOk", body);
    expect(await captured.json()).toMatchObject({ status: "COMPLETED", message: "success" });
    expect(await credits(m)).toBe(before + planCredits);
  });
});
