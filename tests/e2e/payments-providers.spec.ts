// Paying through the real provider adapters, one journey per method, on the second end-to-end site (E2E_PORT + 1,
// scripts/e2e-server.ts) whose brands reach the fakes of tests/fakes/ (scripts/e2e-providers.ts): the Italian
// brand takes cards through Adyen (and Apple Pay, Google Pay, PayPal, Mollie, Coda), the Spanish one through
// TrustPay, the English one through Maxpay. The browser walks each fake's own pages (3-D Secure challenges,
// PayPal's approval, Mollie's and Coda's checkouts), and each journey ends with what the member sees.
//
// Apple Pay and Google Pay are driven by test doubles injected into the page (page.addInitScript): Chromium has
// no ApplePaySession, and Google's pay.js cannot load offline. The doubles stand in for Apple's
// ApplePaySession and for google.payments.api.PaymentsClient with their documented events and answers; what
// they hand over (Apple's merchant validation, the wallet tokens) goes through the site to the Adyen fake.
import type { Page } from "@playwright/test";
import { demoOperators } from "../../drizzle/seed-data/operators";
import { ADYEN_3DS_CARD } from "../fakes/adyen-test-values";
import { MAXPAY_3DS_CARD, MAXPAY_REFUSED_CARDS } from "../fakes/maxpay-cards";
import {
  anyWidth,
  apiCall,
  at390,
  at1280,
  expect,
  fastForwardTo,
  hosts,
  type Market,
  newDevice,
  port,
  registerViaApi,
  shot,
  shotViewport,
  test,
  uniqueEmail,
} from "./helpers";

const providersPort = port + 1;
const site = (market: Market) => `http://${hosts[market]}:${providersPort}`;
/** The seed's flow offering every method (flow 7, the default, offers card, PayPal, Apple Pay and Google Pay). */
const ALL_METHODS_FLUX_ID = "10";
/** The TrustPay fake asks 3-D Secure for a card ending 0091 (tests/fakes/trustpay.ts); Luhn-valid. */
const TRUSTPAY_3DS_CARD = "4000000000020091";
/** The longest wait of a return page (or /ok/) before the chats: 6 s for trustpay and maxpay. */
const RELOAD_WAIT_MS = 6_000;
const MAXPAY_NO_FUNDS_CARD = [...MAXPAY_REFUSED_CARDS].find(
  ([, [message]]) => message === "Insufficient funds",
)?.[0];

// The server starts both sites at once and Playwright waits for the sandbox's: this one may still be starting.
test.beforeAll(async ({ request }) => {
  await expect
    .poll(
      async () =>
        (await request.get(`http://127.0.0.1:${providersPort}/api/brand`).catch(() => null))?.status(),
      { timeout: 90_000, message: "the providers' site answers" },
    )
    .toBe(200);
});

/**
 * A member of the providers' site: made through the API of the sandbox's site (one database), and signed in
 * on the providers' site through its local storage before its pages run. The page's clock is Playwright's, so
 * the return pages' waits before the chats (3 to 6 s, spec section 4) are fast-forwarded, not slept through.
 */
async function member(page: Page, market: Market, prefix: string, fluxId = "7") {
  await page.clock.install();
  const made = await registerViaApi(
    page.request,
    market,
    uniqueEmail(`${prefix}-${market}`),
    undefined,
    fluxId,
  );
  await page.context().addInitScript(
    ({ token, clickid, host }) => {
      if (location.host !== host || localStorage.getItem("trackerId") === clickid) return;
      localStorage.setItem("token", token);
      localStorage.setItem("trackerId", clickid);
    },
    { ...made, host: `${hosts[market]}:${providersPort}` },
  );
  return made;
}

/** The payment page of a plan on the providers' site. */
async function payPage(page: Page, market: Market, plan = "starter-30") {
  await page.goto(`${site(market)}/purchase/pay?plan=${plan}`);
  await expect(page.getByTestId("pay-price")).toBeVisible();
}

/**
 * The card's number, then pay. An Adyen brand's form is Adyen's secured fields (iframes the member types in,
 * see payments-adyen-fields.spec.ts); the others' is the typed form, whose other fields local hosts prefill.
 */
async function payByCard(page: Page, number: string) {
  const typed = page.locator('input[name="cardNumber"]');
  await expect(page.getByTestId("adyen-fields").or(typed)).toBeVisible();
  if (await page.getByTestId("adyen-fields").count()) {
    await expect(page.getByTestId("adyen-fields")).toHaveAttribute("data-status", "ready");
    const secured = (field: string) =>
      page.frameLocator(`[data-testid="adyen-${field}"] iframe`).locator("input");
    await secured("number").pressSequentially(number);
    await secured("expiry").pressSequentially("0330");
    await secured("cvv").pressSequentially("737");
    // Each field's validity comes from its iframe a moment after the last key: a press before that is refused.
    await expect(page.getByTestId("adyen-fields")).toHaveAttribute("data-complete", "true");
  } else {
    await typed.fill(number);
  }
  await page.getByTestId("pay-submit").click();
}

/** Pays with another method of the picker (its name is the same in every language here). */
async function payWith(page: Page, method: string) {
  await page.getByTestId("pay-methods").getByLabel(method, { exact: true }).check();
  await page.getByTestId("method-pay").click();
}

/** The outcome popup's message, in the colour of its kind (the catalogue's #840000 or #067a15). */
async function expectOutcome(page: Page, text: string, kind: "ok" | "ko") {
  const message = page.getByTestId("payment-outcome").getByTestId("payment-message");
  await expect(message).toHaveText(text);
  await expect(message).toHaveCSS("color", kind === "ok" ? "rgb(6, 122, 21)" : "rgb(132, 0, 0)");
}

/** The chats, reached by the return page on its own, with the plan's credits where the width shows them. */
async function expectChatsWithCredits(page: Page, credits: RegExp) {
  await page.clock.fastForward(RELOAD_WAIT_MS);
  await expect(page).toHaveURL(/\/chats$/, { timeout: 10_000 });
  if ((page.viewportSize()?.width ?? 1280) <= 500) {
    await page.getByTestId("menu-button").click();
    await expect(page.getByTestId("side-credits")).toHaveText(credits);
    await page.getByTestId("side-menu-close").click();
  } else {
    await expect(page.getByTestId("credits")).toHaveText(credits);
  }
}

/** What GET /api/plans says of the member now (level, list, one tap). */
async function plansOf(page: Page, market: Market, token: string) {
  const call = apiCall(market, "/api/plans");
  const answer = await page.request.get(call.url, {
    headers: { ...call.headers, authorization: `Bearer ${token}` },
  });
  return (await answer.json()) as { premiumLevel: number; actonfile: boolean };
}

test(
  "card through Adyen: 3-D Secure refused, then passed on the issuer's page, back with redirectResult",
  at390,
  async ({ page }) => {
    await member(page, "it", "adyen3ds");
    await payPage(page, "it");
    await payByCard(page, ADYEN_3DS_CARD);
    // The page posts Adyen's redirect form after 2 s, to the issuer's challenge.
    await fastForwardTo(page, page.getByRole("heading", { name: "Verify your payment" }));
    await expect(page.getByText("9.90 EUR")).toBeVisible();
    await shotViewport(page, "providers-adyen-challenge");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/adyen\/paymentCheck\?redirectResult=/);
    await expectOutcome(page, "La verifica 3-D Secure non è riuscita.", "ko");
    await shotViewport(page, "providers-adyen-refused");

    await payPage(page, "it");
    await payByCard(page, ADYEN_3DS_CARD);
    await fastForwardTo(page, page.getByRole("button", { name: "Complete" }));
    await page.getByRole("button", { name: "Complete" }).click();
    await expect(page).toHaveURL(/\/adyen\/paymentCheck\?redirectResult=/);
    await expectOutcome(page, "Grazie! I tuoi crediti sono pronti: torna alle tue chat.", "ok");
    await shotViewport(page, "providers-adyen-paid");
    await expectChatsWithCredits(page, /^35 crediti$/);
  },
);

test(
  "one tap through Adyen: the kept 3-D Secure card's issuer asks again, and the challenge completes",
  anyWidth,
  async ({ page }) => {
    await member(page, "it", "adyenonetap");
    await payPage(page, "it");
    await payByCard(page, ADYEN_3DS_CARD);
    await fastForwardTo(page, page.getByRole("button", { name: "Complete" }));
    await page.getByRole("button", { name: "Complete" }).click();
    await expectOutcome(page, "Grazie! I tuoi crediti sono pronti: torna alle tue chat.", "ok");

    // The kept card is charged at once from the plans page (no payment page); Adyen asks for 3-D Secure, which
    // it can only do with the browser's data (the fake refuses the payment without it), and the page posts its
    // form after 2 s.
    await page.goto(`${site("it")}/vip_plan/cred`);
    await expect(page.getByTestId("plan-refill-100")).toHaveAttribute("aria-pressed", "true");
    await shot(page, "providers-adyen-one-tap-plans");
    await page.getByTestId("plan-refill-100").click();
    await fastForwardTo(page, page.getByRole("heading", { name: "Verify your payment" }));
    await expect(page.getByText("19.90 EUR")).toBeVisible();
    await shotViewport(page, "providers-adyen-one-tap-challenge");
    await page.getByRole("button", { name: "Complete" }).click();
    await expect(page).toHaveURL(/\/adyen\/paymentCheck\?redirectResult=/);
    await expectOutcome(page, "Grazie! I tuoi crediti sono pronti: torna alle tue chat.", "ok");
    await shotViewport(page, "providers-adyen-one-tap-paid");
    await expectChatsWithCredits(page, /^135 crediti$/);
  },
);

test(
  "card through TrustPay: its ACS refuses, then authenticates, back to /trpay/paymentCheck with instanceId",
  at1280,
  async ({ page }) => {
    await member(page, "es", "trustpay");
    await payPage(page, "es");
    await payByCard(page, TRUSTPAY_3DS_CARD);
    // TrustPay's redirect form, posted at once.
    await expect(page.getByRole("button", { name: "Authenticate" })).toBeVisible({ timeout: 10_000 });
    await shotViewport(page, "providers-trustpay-acs");
    await page.getByRole("button", { name: "Fail" }).click();
    await expect(page).toHaveURL(/\/trpay\/paymentCheck\?instanceId=/);
    await expectOutcome(page, "La verificación 3-D Secure ha fallado.", "ko");
    await shotViewport(page, "providers-trustpay-refused");

    await payPage(page, "es");
    await payByCard(page, TRUSTPAY_3DS_CARD);
    await page.getByRole("button", { name: "Authenticate" }).click({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/trpay\/paymentCheck\?instanceId=/);
    await expectOutcome(page, "¡Gracias! Tus créditos ya están disponibles: vuelve a tus chats.", "ok");
    // 6 s for trustpay, then the chats.
    await expectChatsWithCredits(page, /^35 créditos$/);
  },
);

test(
  "card through Maxpay: a card without funds refused, then the ACS redirect and back with reference",
  at390,
  async ({ page }) => {
    const paying = await member(page, "en", "maxpay");
    await payPage(page, "en");
    await payByCard(page, MAXPAY_NO_FUNDS_CARD ?? "");
    await expectOutcome(page, "The card does not have enough funds.", "ko");
    await shotViewport(page, "providers-maxpay-refused");

    await payPage(page, "en");
    await payByCard(page, MAXPAY_3DS_CARD);
    // Maxpay's ACS address, reached at once.
    await expect(page.getByRole("heading", { name: "Confirm EUR 9.90" })).toBeVisible({ timeout: 10_000 });
    await shotViewport(page, "providers-maxpay-acs");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/maxpay\/paymentCheck\?reference=/);
    await expectOutcome(page, "Thank you! Your credits are ready: back to your chats.", "ok");
    await expectChatsWithCredits(page, /^35 credits$/);
    expect(await plansOf(page, "en", paying.token)).toMatchObject({ premiumLevel: 1 });
  },
);

test(
  "PayPal: a renewing plan approved on PayPal's page, captured on return; the profile shows the wallet",
  at1280,
  async ({ page }) => {
    const paying = await member(page, "it", "paypalvip");
    await payPage(page, "it", "gold-300");
    // A renewing plan: PayPal's provider keeps the payer's wallet for the renewals, so it is offered.
    await page.getByTestId("pay-methods").getByLabel("PayPal", { exact: true }).check();
    await expect(page.getByTestId("checkout-terms")).toContainText(
      "Il piano si rinnova automaticamente ogni 30 giorni",
    );
    // PayPal's own page, not the sandbox's: no test-mode notice.
    await expect(page.getByTestId("method-paypal").locator(".pay-test")).toHaveCount(0);
    await shot(page, "providers-paypal-pay");
    await page.getByTestId("method-pay").click();
    await expect(page.getByRole("heading", { name: "PayPal (fake)" })).toBeVisible();
    await shotViewport(page, "providers-paypal-approve");
    await page.getByRole("link", { name: "Pay Now" }).click();
    // Back with PayPal's token: the page captures the order, then /ok/ and the chats.
    await expect(page).toHaveURL(/\/ok\/$/, { timeout: 10_000 });
    await expect(page.getByTestId("payment-message")).toHaveText(
      "Grazie! I tuoi crediti sono pronti: torna alle tue chat.",
    );
    await expectChatsWithCredits(page, /^305 crediti$/);

    // The vaulted wallet renews the plan: the profile names it, offers a card instead, and one tap stays off.
    await page.goto(`${site("it")}/profile`);
    const billing = page.getByTestId("billing");
    await expect(billing.getByTestId("billing-card")).toHaveText("Conto PayPal · payer@example.com");
    await expect(billing.getByTestId("billing-change-card")).toHaveCount(0);
    await expect(billing.getByTestId("billing-wallet-note")).toHaveText(
      "Il tuo piano si rinnova con questo conto PayPal.",
    );
    await expect(billing.getByTestId("billing-wallet-to-card")).toHaveText(
      "Usa una carta al posto di PayPal",
    );
    await billing.scrollIntoViewIfNeeded();
    await shot(page, "providers-paypal-profile");
    expect(await plansOf(page, "it", paying.token)).toMatchObject({ premiumLevel: 2, actonfile: false });
  },
);

test(
  "Mollie: its checkout from _links.checkout.href, paid there; webhook and return page",
  at390,
  async ({ page }) => {
    await member(page, "it", "mollie", ALL_METHODS_FLUX_ID);
    await payPage(page, "it");
    await payWith(page, "Mollie");
    await expect(page.getByRole("heading", { name: /^Test payment tr_/ })).toBeVisible();
    await shotViewport(page, "providers-mollie-checkout");
    await page.getByRole("button", { name: "paid" }).click();
    await expect(page).toHaveURL(/\/mollie\/paymentCheck$/);
    await expectOutcome(page, "Grazie! I tuoi crediti sono pronti: torna alle tue chat.", "ok");
    await expectChatsWithCredits(page, /^35 crediti$/);
  },
);

test(
  "Coda: its hosted page, paid there; back with TxnId, checked, then the chats",
  at1280,
  async ({ page }) => {
    await member(page, "it", "coda", ALL_METHODS_FLUX_ID);
    await payPage(page, "it");
    await payWith(page, "PayPal tramite Coda");
    await expect(page.getByRole("heading", { name: "Pay EUR 9.90" })).toBeVisible();
    await shotViewport(page, "providers-coda-page");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/coda\/paymentCheck\?TxnId=\d{19}&OrderId=/);
    await expectOutcome(page, "Grazie! I tuoi crediti sono pronti: torna alle tue chat.", "ok");
    await expectChatsWithCredits(page, /^35 crediti$/);
  },
);

test(
  "Coda in the console: a refund is sent to Coda's portal, and nothing changes here",
  at390,
  async ({ page, browser }, info) => {
    const paid = await member(page, "it", "coda-refund", ALL_METHODS_FLUX_ID);
    await payPage(page, "it");
    await payWith(page, "PayPal tramite Coda");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expectOutcome(page, "Grazie! I tuoi crediti sono pronti: torna alle tue chat.", "ok");

    // A supervisor refunds it from the console (Lucía, whose console speaks Spanish).
    const supervisor = demoOperators.find((o) => o.role === "supervisor");
    if (!supervisor) throw new Error("the seed's demo operators changed");
    const desk = await newDevice(browser, info.project.use);
    const ops = await desk.newPage();
    await ops.goto(`${site("it")}/ops/login`);
    await ops.locator('input[name="email"]').fill(supervisor.email);
    await ops.locator('input[name="password"]').fill(supervisor.password);
    await ops.locator("form.ops-login button[type=submit]").click();
    await expect(ops.getByTestId("ops-operator")).toContainText(supervisor.displayName);
    await ops.goto(`${site("it")}/ops/members/${paid.clickid}`);
    const payment = ops.getByTestId("ops-payment").first();
    await expect(payment).toHaveAttribute("data-status", "succeeded");
    await expect(payment).toContainText("coda");
    await payment.getByTestId("ops-refund").click();
    const dialog = ops.getByTestId("ops-refund-dialog");
    await dialog.locator('textarea[name="reason"]').fill("Member asked for a refund");
    await dialog.getByTestId("ops-refund-confirm").click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "Coda no ofrece reembolsos por API: reembolsa este pago en el portal de Coda. Aquí no ha cambiado nada: el usuario conserva los créditos y el plan.",
    );
    // Nothing left to confirm: the title says where the refund is made, and the reason and the refund
    // button give way to the message and a close button.
    await expect(dialog.getByRole("heading")).toHaveText("Reembolso en el portal de Coda");
    await expect(dialog.getByTestId("ops-refund-confirm")).toHaveCount(0);
    await expect(dialog.locator('textarea[name="reason"]')).toHaveCount(0);
    await shotViewport(ops, "providers-coda-refund-console");
    // Our books are unchanged: the payment still paid, the credits still there.
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(payment).toHaveAttribute("data-status", "succeeded");
    await expect(ops.getByTestId("ops-money-credits")).toHaveText("35");
    await desk.close();
  },
);

/**
 * A test double of Safari's ApplePaySession (Apple Pay JS, version 3): canMakePayments, begin → onvalidatemerchant
 * with Apple's validation URL, completeMerchantValidation keeping the merchant session it was given, and the
 * sheet's approval on the test's call (window.applePayDouble.authorize) → onpaymentauthorized with a
 * PKPaymentToken; completePayment records the status.
 */
function injectApplePaySession() {
  type Handler = ((event: unknown) => void) | null;
  const state: { request?: unknown; merchantSession?: unknown; status?: number; session?: Double } = {};
  class Double {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = () => true;
    onvalidatemerchant: Handler = null;
    onpaymentauthorized: Handler = null;
    oncancel: Handler = null;
    constructor(_version: number, request: unknown) {
      state.request = request;
      state.session = this;
    }
    begin() {
      this.onvalidatemerchant?.({
        validationURL: "https://apple-pay-gateway.apple.com/paymentservices/startSession",
      });
    }
    abort() {}
    completeMerchantValidation(session: unknown) {
      state.merchantSession = session;
    }
    completePayment(status: number) {
      state.status = status;
    }
  }
  Object.assign(window, {
    ApplePaySession: Double,
    applePayDouble: {
      state,
      authorize: () =>
        state.session?.onpaymentauthorized?.({
          payment: {
            token: {
              paymentData: { version: "EC_v1", data: "ZW5jcnlwdGVk", signature: "c2ln", header: {} },
              paymentMethod: { displayName: "Visa 0224", network: "Visa", type: "debit" },
              transactionIdentifier: "5394A8E4E7A5F1D0",
            },
          },
        }),
    },
  });
}

test(
  "Apple Pay (test double of ApplePaySession): merchant validation through Adyen, the token paid, /ok/",
  at1280,
  async ({ page }) => {
    await page.context().addInitScript(injectApplePaySession);
    await member(page, "it", "applepay");
    await payPage(page, "it");
    // Safari's session (the double): the button, and no notice of a stand-in sheet.
    await page.getByTestId("pay-methods").getByLabel("Apple Pay", { exact: true }).check();
    await expect(page.getByTestId("method-pay")).toHaveText("Paga 9,90 € con Apple Pay");
    await expect(page.getByTestId("method-applepay").locator(".pay-test")).toHaveCount(0);
    await shot(page, "providers-applepay");
    const validated = page.waitForResponse((r) => r.url().endsWith("/orders/applePay/startSession"));
    await page.getByTestId("method-pay").click();
    expect((await validated).status()).toBe(200);
    // The merchant session the Adyen fake made for this domain reached the sheet (once the page has read the
    // answer, a moment after it arrived).
    const session = () =>
      page.evaluate(
        () =>
          (window as unknown as { applePayDouble: { state: Record<string, unknown> } }).applePayDouble.state,
      );
    await expect
      .poll(async () => (await session()).merchantSession)
      .toMatchObject({
        domainName: "it.localhost",
        displayName: "Amore Italia",
        merchantSessionIdentifier: expect.stringMatching(/^SSH/),
      });
    expect((await session()).request).toMatchObject({
      currencyCode: "EUR",
      total: { label: "Amore Italia", amount: "9.90" },
    });
    await page.evaluate(() =>
      (window as unknown as { applePayDouble: { authorize(): void } }).applePayDouble.authorize(),
    );
    await expect(page).toHaveURL(/\/ok\/$/, { timeout: 10_000 });
    await expect(page.getByTestId("payment-message")).toHaveText(
      "Grazie! I tuoi crediti sono pronti: torna alle tue chat.",
    );
    await expectChatsWithCredits(page, /^35 crediti$/);
  },
);

/**
 * A test double of Google Pay's google.payments.api.PaymentsClient (pay.js, API 2.0): isReadyToPay answers true,
 * loadPaymentData keeps the request and resolves Google's PaymentData with a PAYMENT_GATEWAY token for a PAN_ONLY
 * card (ECv2's shape; the Adyen fake reads authMethod from it and asks for 3-D Secure, as Adyen does).
 */
function injectGooglePaymentsClient() {
  const seen: { options?: unknown; request?: unknown } = {};
  const message = {
    paymentMethod: "CARD",
    paymentMethodDetails: { authMethod: "PAN_ONLY", pan: "4111111111111111" },
  };
  class PaymentsClient {
    constructor(options: unknown) {
      seen.options = options;
    }
    isReadyToPay = async () => ({ result: true });
    loadPaymentData = async (request: unknown) => {
      seen.request = request;
      return {
        apiVersion: 2,
        apiVersionMinor: 0,
        paymentMethodData: {
          type: "CARD",
          description: "Visa •••• 1111",
          info: { cardNetwork: "VISA", cardDetails: "1111" },
          tokenizationData: {
            type: "PAYMENT_GATEWAY",
            token: JSON.stringify({
              signature: "MEUCIQ-test",
              protocolVersion: "ECv2",
              signedMessage: JSON.stringify({
                encryptedMessage: btoa(JSON.stringify(message)),
                ephemeralPublicKey: "BPhV-test",
                tag: "test-tag",
              }),
            }),
          },
        },
      };
    };
  }
  Object.assign(window, { google: { payments: { api: { PaymentsClient } } }, googlePayDouble: seen });
}

test(
  "Google Pay (test double of PaymentsClient): the token through Adyen, its 3-D Secure, the return page's check",
  at390,
  async ({ page }) => {
    await page.context().addInitScript(injectGooglePaymentsClient);
    await member(page, "it", "googlepay");
    await payPage(page, "it");
    // Google's sheet and Adyen, not the sandbox's page: no test-mode notice.
    await page.getByTestId("pay-methods").getByLabel("Google Pay", { exact: true }).check();
    await expect(page.getByTestId("method-googlepay")).toBeVisible();
    await expect(page.getByTestId("method-googlepay").locator(".pay-test")).toHaveCount(0);
    await shot(page, "providers-googlepay-pay");
    await page.getByTestId("method-pay").click();
    await fastForwardTo(page, page.getByRole("heading", { name: "Verify your payment" }));
    await shotViewport(page, "providers-googlepay-challenge");
    await page.getByRole("button", { name: "Complete" }).click();
    await expect(page).toHaveURL(/\/googlePay\/paymentCheck\?redirectResult=/);
    await expectOutcome(page, "Grazie! I tuoi crediti sono pronti: torna alle tue chat.", "ok");
    await expectChatsWithCredits(page, /^35 crediti$/);
  },
);
