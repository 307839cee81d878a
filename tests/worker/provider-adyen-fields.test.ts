// Adyen's secured fields through the routes (amoreitalia, it.localhost, its card system Adyen with a client
// key, PAYMENT_CREDENTIALS pointing at tests/fakes/adyen.ts): the card reaches only Adyen. The page gets the
// client key; orders/tryCharge and orders/createToken take the secured fields' values with the browser's data
// and pass them to /payments as Adyen Web would (the fake reads them and refuses 3-D Secure 2 without the
// browser's data); a 3-D Secure round trip is granted once; a deployed site refuses a typed card; nothing of
// the card reaches a log line.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../worker/config";
import { ADYEN_3DS_CARD, fakeEncrypt } from "../fakes/adyen-test-values";
import { companyOf, fake, fakeCredentials } from "../fixtures/fake-providers";
import { hosts, type TestMember } from "../fixtures/members";
import {
  BROWSER_FIELDS,
  ChargeAnswer,
  cardBody,
  credits,
  lastPayment,
  PLAN,
  routesOf,
  setUpFlow,
} from "../fixtures/payment-routes";

const adyenOrigin = new URL(fake.FAKE_ADYEN_URL).origin;
const CLIENT_KEY = "test_FAKEADYENCLIENTKEY0123456789";

const adyen = { ...fakeCredentials.adyen, clientKey: CLIENT_KEY, environment: "test" };
const companies = {
  ...fake.BRAND_COMPANIES,
  amoreitalia: { ...companyOf("amoreitalia"), payment_accounts: { adyen: fake.FAKE_ADYEN_MERCHANT_ACCOUNT } },
};
/** A local run whose secured fields come from the fake (webBase); one env object, parsed once. */
const local = {
  ...env,
  PAYMENT_CREDENTIALS: JSON.stringify({ amoreitalia: { adyen: { ...adyen, webBase: adyenOrigin } } }),
  BRAND_COMPANIES: companies,
};
/** The same brand deployed: Adyen's own secured fields (no stand-in is allowed there). */
const deployed = {
  ...env,
  APP_ENV: "production",
  PAYMENT_CREDENTIALS: JSON.stringify({ amoreitalia: { adyen } }),
  BRAND_COMPANIES: companies,
};

/** Adyen Web's browserInfo, as the page sends it beside the secured fields' values. */
const BROWSER_INFO = {
  acceptHeader: "*/*",
  colorDepth: 24,
  language: "it-IT",
  javaEnabled: false,
  screenHeight: 844,
  screenWidth: 390,
  userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile Safari/537.36",
  timeZoneOffset: -60,
};

/** The secured fields' values: Adyen's test environment takes `test_` values unencrypted. */
const securedFields = (number: string) => ({
  encryptedCardNumber: `test_${number}`,
  encryptedExpiryMonth: "test_03",
  encryptedExpiryYear: "test_2030",
  encryptedSecurityCode: "test_737",
});

const encryptedBody = (m: TestMember, number = "4111111111111111", rateplan = PLAN) => ({
  ...securedFields(number),
  firstName: "Mario",
  lastName: "Rossi",
  rateplan,
  clickid: m.clickid,
  paySource: "CREDITCARD",
  browserInfo: BROWSER_INFO,
});

/** What the fake saw of a payment's request. */
async function seenBy(reference: string) {
  const response = await fetch(`${adyenOrigin}/__fake/payments/${reference}`);
  return (await response.json()) as Record<string, unknown>;
}

let planCredits = 0;
beforeAll(async () => {
  planCredits = await setUpFlow();
});

describe("Adyen's secured fields through the routes", () => {
  const { send, post, member } = routesOf(local, hosts.it);

  it("gives the page the client key only where the cards go to Adyen", async () => {
    const brandConfig = async (routes: ReturnType<typeof routesOf>) => {
      const html = await (await routes.send("/purchase/pay")).text();
      const json = /<script type="application\/json" id="brand-config">(.*?)<\/script>/s.exec(html)?.[1];
      return JSON.parse(json ?? "null") as { adyen_web?: unknown; id: string };
    };
    expect((await brandConfig(routesOf(local, hosts.it))).adyen_web).toEqual({
      clientKey: CLIENT_KEY,
      environment: "test",
      webBase: adyenOrigin,
    });
    // The page may frame Adyen's secured fields (and locally the stand-in), and nothing else.
    const csp = async (wired: object) =>
      (await routesOf(wired, hosts.it).send("/purchase/pay")).headers.get("content-security-policy") ?? "";
    const frames = (policy: string) => /frame-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    expect(frames(await csp(local))).toEqual(
      expect.arrayContaining(["'self'", "https://checkoutshopper-test.adyen.com", adyenOrigin]),
    );
    expect(frames(await csp(deployed))).toContain("https://checkoutshopper-live.adyen.com");
    expect(frames(await csp(deployed))).not.toContain(adyenOrigin);
    // es.localhost has no Adyen credentials: its form stays the typed one (the sandbox here).
    const spain = await brandConfig(routesOf(local, hosts.es));
    expect(spain.id).toBe("amorespana");
    expect(spain.adyen_web).toBeUndefined();
  });

  it("passes the secured fields' values and the browser's data to /payments, and grants the plan", async () => {
    const m = await member();
    const before = await credits(m);
    const answer = ChargeAnswer.parse(await (await post(m, "/orders/tryCharge", encryptedBody(m))).json());
    expect(answer).toMatchObject({
      status: "ok",
      message: "success",
      payment_system: "adyen",
      threeDS: null,
    });
    expect(await credits(m)).toBe(before + planCredits);
    const payment = await lastPayment(m);
    expect(payment).toMatchObject({ provider: "adyen", status: "succeeded" });
    expect(await seenBy(payment?.reference ?? "")).toMatchObject({
      type: "scheme",
      encrypted: true,
      holderName: "Mario Rossi",
      channel: "Web",
      origin: `http://${hosts.it}`,
      shopperIP: expect.stringMatching(/^10\.\d+\.\d+\.\d+$/),
      browserInfo: BROWSER_INFO,
      redirectToIssuerMethod: "POST",
    });
  });

  it("reads the fake secured fields' own encryption, and answers a value Adyen cannot decrypt as a refusal", async () => {
    const m = await member();
    const body = {
      ...encryptedBody(m),
      encryptedCardNumber: fakeEncrypt("5555555555554444"),
      encryptedExpiryMonth: fakeEncrypt("03"),
      encryptedExpiryYear: fakeEncrypt("2030"),
      encryptedSecurityCode: fakeEncrypt("737"),
    };
    expect(await (await post(m, "/orders/tryCharge", body)).json()).toMatchObject({
      status: "ok",
      message: "success",
    });
    // Another member: a paid plan moves the first one to the premium list.
    const other = await member();
    const garbled = { ...encryptedBody(other), encryptedCardNumber: "adyenjs_0_1_25$not-for-this-key" };
    expect(await (await post(other, "/orders/tryCharge", garbled)).json()).toMatchObject({
      status: "ko",
      message: "generico",
    });
  });

  it("runs 3-D Secure 2 there and back with the secured fields and grants it once", async () => {
    const m = await member();
    const before = await credits(m);
    const charged = ChargeAnswer.parse(
      await (await post(m, "/orders/tryCharge", encryptedBody(m, ADYEN_3DS_CARD))).json(),
    );
    expect(charged).toMatchObject({
      status: "ok",
      message: "authentication_required",
      payment_system: "adyen",
    });
    const threeDs = charged.threeDS ?? { url: "", fields: {} };
    expect(threeDs.url.startsWith(adyenOrigin)).toBe(true);
    const page = await fetch(threeDs.url, { method: "POST", body: new URLSearchParams(threeDs.fields) });
    expect(await page.text()).toContain("Verify your payment");
    const back = await fetch(`${adyenOrigin}/checkoutshopper/threeDS/answer`, {
      method: "POST",
      body: new URLSearchParams({ ...threeDs.fields, answer: "pass" }),
      redirect: "manual",
    });
    const location = new URL(back.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`http://${hosts.it}/adyen/paymentCheck`);
    const redirectResult = location.searchParams.get("redirectResult") ?? "";
    expect(await credits(m)).toBe(before);
    const check = () =>
      post(m, "/orders/adyen/checkTransactionStatus", { clickid: m.clickid, redirectResult }).then((r) =>
        r.json(),
      );
    expect(await check()).toMatchObject({ result: true, message: "success" });
    expect(await check()).toMatchObject({ result: true, message: "success" });
    expect(await credits(m)).toBe(before + planCredits);
  });

  it("Adyen refuses 3-D Secure 2 without the browser's data; the form's fields give it", async () => {
    const m = await member();
    const { language, userAgent, screenWidth, screenHeight, screenColorDepth, timezone, ...bare } = cardBody(
      m,
      ADYEN_3DS_CARD,
    );
    expect(await (await post(m, "/orders/tryCharge", bare)).json()).toMatchObject({
      status: "ko",
      message: "generico",
    });
    const full = { ...bare, language, userAgent, screenWidth, screenHeight, screenColorDepth, timezone };
    expect(await (await post(m, "/orders/tryCharge", full)).json()).toMatchObject({
      status: "ok",
      message: "authentication_required",
    });
    expect(await seenBy((await lastPayment(m))?.reference ?? "")).toMatchObject({
      encrypted: false,
      browserInfo: {
        acceptHeader: "*/*",
        colorDepth: BROWSER_FIELDS.screenColorDepth,
        language: BROWSER_FIELDS.language,
        screenWidth: BROWSER_FIELDS.screenWidth,
        screenHeight: BROWSER_FIELDS.screenHeight,
        timeZoneOffset: BROWSER_FIELDS.timezone,
        userAgent: BROWSER_FIELDS.userAgent,
        javaEnabled: false,
      },
    });
  });

  it("keeps a new card from the secured fields (orders/createToken)", async () => {
    const m = await member();
    const { rateplan: _plan, ...entry } = encryptedBody(m);
    const answer = await (await post(m, "/orders/createToken", entry)).json();
    expect(answer).toMatchObject({ status: "ok", message: "success", token: expect.any(String) });
    const payment = await lastPayment(m);
    expect(await seenBy(payment?.reference ?? "")).toMatchObject({
      encrypted: true,
      storePaymentMethod: true,
      recurringProcessingModel: "Subscription",
    });
  });

  it("takes the secured fields' values only where the provider has them (the sandbox takes the card as typed)", async () => {
    const spain = routesOf(local, hosts.es);
    const m = await spain.member();
    const response = await spain.post(m, "/orders/tryCharge", encryptedBody(m));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_input" } });
  });

  it("a deployed site refuses a typed card for its Adyen brand, and takes the secured fields", async () => {
    const site = routesOf(deployed, hosts.it);
    const m = await site.member();
    const before = await lastPayment(m);
    const typed = await site.post(m, "/orders/tryCharge", cardBody(m, "4111111111111111"));
    expect(typed.status).toBe(400);
    expect(await typed.json()).toMatchObject({ error: { code: "secured_fields_required" } });
    // Not sent anywhere: no payment was even created.
    expect(await lastPayment(m)).toEqual(before);
    const { rateplan: _plan, ...typedEntry } = cardBody(m, "4111111111111111");
    expect((await site.post(m, "/orders/createToken", typedEntry)).status).toBe(400);
    // A typed card beside the secured fields' values is still a typed card.
    const both = {
      ...encryptedBody(m),
      cardNumber: "4111111111111111",
      cardMonth: 3,
      cardYear: 30,
      cardSecurityCode: "737",
    };
    expect((await site.post(m, "/orders/tryCharge", both)).status).toBe(400);

    const encrypted = await site.post(m, "/orders/tryCharge", encryptedBody(m));
    expect(await encrypted.json()).toMatchObject({ status: "ok", message: "success" });
    expect(await lastPayment(m)).toMatchObject({ provider: "adyen", status: "succeeded" });
  });

  it("keeps the card, its secured fields' values and the browser's data out of every log line", async () => {
    const lines: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      }),
    );
    const blob = fakeEncrypt("4000020000000000");
    try {
      const m = await member();
      await post(m, "/orders/tryCharge", encryptedBody(m));
      await post(m, "/orders/tryCharge", encryptedBody(m, ADYEN_3DS_CARD));
      await post(m, "/orders/tryCharge", { ...encryptedBody(m), encryptedCardNumber: blob });
      await post(m, "/orders/tryCharge", {
        ...encryptedBody(m),
        encryptedCardNumber: "adyenjs_0_1_25$garbled",
      });
      await post(m, "/orders/tryCharge", cardBody(m, "5555555555554444"));
      await post(m, "/orders/tryCharge", { ...cardBody(m, "4111111111111112") });
      const site = routesOf(deployed, hosts.it);
      const d = await site.member();
      await site.post(d, "/orders/tryCharge", cardBody(d, "4111111111111111"));
      await send("/orders/tryCharge", { method: "POST", body: JSON.stringify(encryptedBody(m)) });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join("\n");
    for (const secret of [
      "4111111111111111",
      "5555555555554444",
      "4111111111111112",
      ADYEN_3DS_CARD,
      "test_737",
      blob,
      blob.slice(12, 40),
      "garbled",
      BROWSER_INFO.userAgent,
    ]) {
      expect(logged).not.toContain(secret);
    }
  });

  it("refuses a stand-in for Adyen's fields in production, and a client key of the other environment", () => {
    const config = (appEnv: string, credentials: object) => () =>
      parseConfig({
        ...env,
        APP_ENV: appEnv,
        BRAND_COMPANIES: companies,
        PAYMENT_CREDENTIALS: JSON.stringify({ amoreitalia: { adyen: { ...adyen, ...credentials } } }),
      });
    expect(config("production", { webBase: adyenOrigin })).toThrow(/adyen\.webBase is for local runs only/);
    expect(config("local", { webBase: adyenOrigin })).not.toThrow();
    expect(config("production", { environment: "live" })).toThrow(
      /adyen\.clientKey does not belong to the live environment/,
    );
    expect(config("production", { clientKey: "live_ABC123", environment: "live-us" })).not.toThrow();
    expect(config("production", { clientKey: "pub.v2.secret" })).toThrow(/clientKey/);
  });
});
