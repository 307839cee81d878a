// One tap on a card Adyen keeps, when its issuer asks for 3-D Secure (the fake's 3-D Secure test card asks
// whenever the shopper is there): the member's browser data goes with the kept card (3-D Secure 2's browserInfo,
// the page's origin, the channel), the challenge runs as for a typed card and the return page's check grants
// the plan once. A renewal of the same card, merchant-initiated with no member there, asks for nothing.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ratePlans } from "../../drizzle/schema/flows";
import type { CardCharge } from "../../worker/payments/provider";
import { adyenProvider } from "../../worker/payments/providers/adyen";
import { ADYEN_3DS_CARD, ADYEN_TEST_BROWSER } from "../fakes/adyen-test-values";
import { companyOf, fake, fakeCredentials } from "../fixtures/fake-providers";
import { hosts, type TestMember } from "../fixtures/members";
import {
  BROWSER_FIELDS,
  ChargeAnswer,
  cardBody,
  credits,
  db,
  FLOW,
  lastPayment,
  PLAN,
  routesOf,
  setUpFlow,
} from "../fixtures/payment-routes";

/** A plan of the premium list, which a member buys from once paid. */
const REFILL = "refill-100";

const fakeOrigin = new URL(fake.FAKE_ADYEN_URL).origin;
const RETURN_URL = `http://${hosts.it}/adyen/paymentCheck`;

/** What the fake saw of a payment's request (never its card data). */
async function seenBy(reference: string) {
  return (await (await fetch(`${fakeOrigin}/__fake/payments/${reference}`)).json()) as Record<
    string,
    unknown
  >;
}

/** The member's browser at the issuer: posts the action's form, answers, and follows back: the redirectResult. */
async function passChallenge(threeDs: { url: string; fields: Record<string, string> }) {
  const page = await fetch(threeDs.url, { method: "POST", body: new URLSearchParams(threeDs.fields) });
  expect(await page.text()).toContain("Verify your payment");
  const back = await fetch(`${fakeOrigin}/checkoutshopper/threeDS/answer`, {
    method: "POST",
    body: new URLSearchParams({ ...threeDs.fields, answer: "pass" }),
    redirect: "manual",
  });
  return new URL(back.headers.get("location") ?? "").searchParams.get("redirectResult") ?? "";
}

describe("the Adyen adapter's one tap", () => {
  const adyen = adyenProvider({
    baseUrl: fake.FAKE_ADYEN_URL,
    apiKey: fake.FAKE_ADYEN_API_KEY,
    merchantAccount: fake.FAKE_ADYEN_MERCHANT_ACCOUNT,
    hmacKey: fake.FAKE_ADYEN_HMAC_KEY,
    call: { timeoutMs: 2_000, sleep: async () => {} },
  });
  let counter = 0;
  const key = (label: string) => `one-tap-${label}-${Date.now()}-${++counter}`;
  const base = (shopperReference: string): Omit<CardCharge, "card" | "storeCard"> => ({
    idempotencyKey: key("card"),
    amountCents: 990,
    currency: "EUR",
    descriptor: "AMORE*ITALIA 9.90",
    returnUrl: RETURN_URL,
    shopperReference,
    browser: ADYEN_TEST_BROWSER,
    origin: `http://${hosts.it}`,
    customer: { email: "member@example.com", ip: "10.1.2.3" },
  });

  it("sends the browser's data with the kept card; the challenge completes; a renewal asks for none", async () => {
    const shopper = `member-one-tap-${Date.now()}`;
    const first = await adyen.chargeCard({
      ...base(shopper),
      card: { number: ADYEN_3DS_CARD, expMonth: 3, expYear: 2030, cvc: "737", holderName: "Mario Rossi" },
      storeCard: true,
    });
    const kept = await adyen.checkPayment(await passChallenge(first.threeDs ?? { url: "", fields: {} }));
    const token = kept.storedCard?.token ?? "";
    expect(token).not.toBe("");

    const tapped = await adyen.chargeStoredCard({
      ...base(shopper),
      cardToken: token,
      merchantInitiated: false,
    });
    expect(tapped).toMatchObject({ status: "action_required", threeDs: { system: "adyen" } });
    expect(await seenBy(tapped.reference)).toMatchObject({
      storedPaymentMethodId: token,
      shopperInteraction: "Ecommerce",
      recurringProcessingModel: "CardOnFile",
      channel: "Web",
      browserInfo: ADYEN_TEST_BROWSER,
      origin: `http://${hosts.it}`,
      shopperIP: "10.1.2.3",
      redirectToIssuerMethod: "POST",
    });
    const back = await passChallenge(tapped.threeDs ?? { url: "", fields: {} });
    expect(await adyen.checkPayment(back)).toMatchObject({
      reference: tapped.reference,
      status: "succeeded",
    });

    const { browser: _, origin: __, ...absent } = base(shopper);
    const renewal = await adyen.chargeStoredCard({ ...absent, cardToken: token, merchantInitiated: true });
    expect(renewal.status).toBe("succeeded");
    const renewed = await seenBy(renewal.reference);
    expect(renewed.shopperInteraction).toBe("ContAuth");
    expect(renewed.browserInfo).toBeUndefined();
  });
});

describe("one tap through the routes on an Adyen brand", () => {
  const wired = {
    ...env,
    PAYMENT_CREDENTIALS: JSON.stringify({ amoreitalia: { adyen: fakeCredentials.adyen } }),
    BRAND_COMPANIES: {
      ...fake.BRAND_COMPANIES,
      amoreitalia: {
        ...companyOf("amoreitalia"),
        payment_accounts: { adyen: fake.FAKE_ADYEN_MERCHANT_ACCOUNT },
      },
    },
  };
  const { post, member } = routesOf(wired, hosts.it);
  beforeAll(async () => {
    await setUpFlow();
  });

  /** Pays PLAN with the 3-D Secure test card, passing the challenge: the card is kept for one tap. */
  async function keepThreeDsCard(m: TestMember) {
    const charged = ChargeAnswer.parse(
      await (await post(m, "/orders/tryCharge", cardBody(m, ADYEN_3DS_CARD))).json(),
    );
    const redirectResult = await passChallenge(charged.threeDS ?? { url: "", fields: {} });
    const checked = await post(m, "/orders/adyen/checkTransactionStatus", {
      clickid: m.clickid,
      redirectResult,
    });
    expect(await checked.json()).toEqual({ result: true, message: "success", rateplan: PLAN });
  }

  it("asks for the challenge with the browser's data, and grants the plan once after it", async () => {
    const m = await member();
    await keepThreeDsCard(m);
    const before = await credits(m);

    // Paid once, the member buys from the premium list; the plans page taps with the browser's data, as the
    // card form sends it (section 3's payload).
    const [refill] = await db
      .select()
      .from(ratePlans)
      .where(and(eq(ratePlans.fluxId, FLOW), eq(ratePlans.productId, REFILL)));
    const refillCredits = (refill?.credits ?? 0) + (refill?.promoCredits ?? 0);
    expect(refillCredits).toBeGreaterThan(0);
    const tapped = ChargeAnswer.parse(
      await (
        await post(m, "/orders/actonfile/tryCharge", {
          rateplan: REFILL,
          clickid: m.clickid,
          ...BROWSER_FIELDS,
        })
      ).json(),
    );
    expect(tapped).toMatchObject({
      status: "ok",
      message: "authentication_required",
      payment_system: "adyen",
    });
    const pending = await lastPayment(m);
    expect(await seenBy(pending?.reference ?? "")).toMatchObject({
      shopperInteraction: "Ecommerce",
      channel: "Web",
      browserInfo: {
        acceptHeader: "*/*",
        colorDepth: BROWSER_FIELDS.screenColorDepth,
        language: BROWSER_FIELDS.language,
        javaEnabled: false,
        screenHeight: BROWSER_FIELDS.screenHeight,
        screenWidth: BROWSER_FIELDS.screenWidth,
        userAgent: BROWSER_FIELDS.userAgent,
        timeZoneOffset: BROWSER_FIELDS.timezone,
      },
      origin: `http://${hosts.it}`,
    });
    expect(await credits(m)).toBe(before);

    const redirectResult = await passChallenge(tapped.threeDS ?? { url: "", fields: {} });
    for (let i = 0; i < 2; i++) {
      const checked = await post(m, "/orders/adyen/checkTransactionStatus", {
        clickid: m.clickid,
        redirectResult,
      });
      expect(await checked.json()).toEqual({ result: true, message: "success", rateplan: REFILL });
    }
    expect(await credits(m)).toBe(before + refillCredits);
    expect(await lastPayment(m)).toMatchObject({ provider: "adyen", status: "succeeded" });
  });
});
