// The payment methods other than the card form, on the built-in sandbox provider, as a member uses them on the
// English brand: the method picker of the flow's sistemi_pagamento with the checkout terms beside every pay
// button; coda's redirect to its checkout and back to /coda/paymentCheck, then the chats with the credits;
// PayPal's approval and capture to /ok/ and the chats; a canceled PayPal payment's popup; Google Pay's wallet
// step and its return page; Apple Pay's sheet (played by the page on local hosts). The age verification's
// payment page is walked in payments-plans.spec.ts.
import type { Page } from "@playwright/test";
import {
  anyWidth,
  apiCall,
  at390,
  at1280,
  expect,
  expectCredits,
  fastForwardTo,
  origin,
  shot,
  shotViewport,
  signedInMember,
  test,
} from "./helpers";

/** The seed's flow offering every method of the picker (flow 7 offers card, PayPal, Apple Pay, Google Pay). */
const ALL_METHODS_FLUX_ID = "10";
/** The sign-up's 5 message credits and the Starter plan's 30. */
const CREDITS_AFTER_STARTER = "35 credits";

// The return pages' waits before the chats (3-4 s, spec section 4) on the page's clock, not slept through.
test.beforeEach(({ page }) => page.clock.install());

/** The plans page's chosen plan (the free list's Starter), on to the payment page. */
async function toPayPage(page: Page) {
  await page.goto(`${origin("en")}/vip_plan/cred`);
  await expect(page.getByTestId("plan-starter-30")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("plans-continue").click();
  await expect(page).toHaveURL(/\/purchase\/pay\?plan=starter-30/);
  await expect(page.getByTestId("pay-price")).toHaveText("€9.90");
}

/** The checkout terms as the plan's renewal_days say (the plans' own answer, not a copy of the seed). */
async function expectTerms(page: Page, token: string) {
  const call = apiCall("en", "/api/plans");
  const plans = (await (
    await page.request.get(call.url, { headers: { ...call.headers, authorization: `Bearer ${token}` } })
  ).json()) as { rateplan: { free: { product_id: string; renewal_days: number | null }[] }[] };
  const starter = plans.rateplan[0]?.free.find((p) => p.product_id === "starter-30");
  const terms = page.getByTestId("checkout-terms");
  await expect(terms).toContainText("Today you pay €9.90.");
  await expect(terms).toContainText(
    starter?.renewal_days
      ? `renews automatically every ${starter.renewal_days} days at €9.90 until you cancel it`
      : "One payment: the plan does not renew",
  );
  await expect(terms).toContainText(
    "Sold by Demo Dating Ltd. The charge appears on your statement as LOVECHAT.",
  );
}

test(
  "coda: to Coda's checkout and back to /coda/paymentCheck, then the chats with the credits (English)",
  at1280,
  async ({ page }) => {
    const member = await signedInMember(page, "en", "paycoda", ALL_METHODS_FLUX_ID);
    await toPayPage(page);

    // The picker lists the flow's methods; the card is chosen at first and its form shown.
    const picker = page.getByTestId("pay-methods");
    for (const name of ["Card", "PayPal", "Apple Pay", "Google Pay", "Mollie", "PayPal via Coda"]) {
      await expect(picker.getByLabel(name, { exact: true })).toBeVisible();
    }
    await expect(picker.getByLabel("Card", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Card number")).toBeVisible();
    await picker.getByLabel("PayPal via Coda", { exact: true }).check();
    await expect(page.getByLabel("Card number")).toBeHidden();
    await expect(page.getByTestId("coda-disclaimer")).toContainText("Coda Payments collects this payment");
    await expectTerms(page, member.token);
    await shot(page, "payments-methods-coda");

    await page.getByRole("button", { name: "Pay €9.90 with PayPal via Coda" }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_[0-9a-f]{32}$/);
    await expect(page.getByRole("heading", { name: "Sandbox Coda (PayPal): pay €9.90" })).toBeVisible();
    await shot(page, "payments-methods-sandbox-checkout");
    await page.getByRole("button", { name: "Pay €9.90" }).click();

    await expect(page).toHaveURL(/\/coda\/paymentCheck\?TxnId=sbx_[0-9a-f]{32}$/);
    const outcome = page.getByTestId("payment-outcome");
    await expect(outcome.getByTestId("payment-message")).toHaveText(
      "Thank you! Your credits are ready: back to your chats.",
    );
    await shotViewport(page, "payments-methods-coda-success");
    // 3 s on 'success', then the chats with the plan's credits.
    await fastForwardTo(page, /\/chats$/);
    await expectCredits(page, CREDITS_AFTER_STARTER);
  },
);

test(
  "a mollie payment canceled on Mollie's checkout: the return page's popup, then /find",
  anyWidth,
  async ({ page }) => {
    await signedInMember(page, "en", "paymollie", ALL_METHODS_FLUX_ID);
    await toPayPage(page);
    await page.getByTestId("pay-methods").getByLabel("Mollie", { exact: true }).check();
    await page.getByRole("button", { name: "Pay €9.90 with Mollie" }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
    await page.getByRole("button", { name: "Cancel" }).click();

    // Mollie's return URL carries no id: the page kept it, and the check finds the payment canceled.
    await expect(page).toHaveURL(/\/mollie\/paymentCheck$/);
    const outcome = page.getByTestId("payment-outcome");
    await expect(outcome.getByTestId("payment-message")).toHaveText("The payment was canceled.");
    // Only 'success' sends a mollie return page on to the chats: closing the popup goes to /find.
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/find$/);
  },
);

test(
  "PayPal: approved on PayPal's page, captured back on the payment page, /ok/ then the chats (English)",
  at390,
  async ({ page }) => {
    const member = await signedInMember(page, "en", "paypal");
    await toPayPage(page);
    // Flow 7 offers card, PayPal, Apple Pay (played by the sandbox on local hosts) and Google Pay.
    await expect(page.getByTestId("pay-methods").getByRole("radio")).toHaveCount(4);
    await page.getByTestId("pay-methods").getByLabel("PayPal", { exact: true }).check();
    await expect(page.getByTestId("method-paypal")).toContainText(
      "Test mode: the sandbox's page stands in for PayPal. Nothing is charged.",
    );
    await expectTerms(page, member.token);
    await shot(page, "payments-methods-paypal");

    await page.getByRole("button", { name: "Pay €9.90 with PayPal" }).click();
    await expect(page).toHaveURL(/\/sandbox\/wallet\/sbx_[0-9a-f]{32}$/);
    await expect(page.getByRole("heading", { name: "Sandbox PayPal: approve the payment" })).toBeVisible();
    await shot(page, "payments-methods-sandbox-wallet");
    await page.getByRole("button", { name: "Approve €9.90" }).click();

    // Back with PayPal's token: the page captures the order, then /ok/ and, 3 s later, the chats.
    await expect(page).toHaveURL(/\/ok\/$/, { timeout: 10_000 });
    await expect(page.getByTestId("payment-message")).toHaveText(
      "Thank you! Your credits are ready: back to your chats.",
    );
    await fastForwardTo(page, /\/chats$/);
    await expectCredits(page, CREDITS_AFTER_STARTER);
  },
);

test(
  "a PayPal payment canceled on PayPal's page shows the popup; retry keeps the plan and the methods",
  at1280,
  async ({ page }) => {
    const member = await signedInMember(page, "en", "paypalcancel");
    await toPayPage(page);
    await page.getByTestId("pay-methods").getByLabel("PayPal", { exact: true }).check();
    await page.getByRole("button", { name: "Pay €9.90 with PayPal" }).click();
    await expect(page).toHaveURL(/\/sandbox\/wallet\/sbx_/);
    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(/\/purchase\/pay\?plan=starter-30$/);
    const outcome = page.getByTestId("payment-outcome");
    await expect(outcome.getByTestId("payment-message")).toHaveText("The payment was canceled.");
    await expect(outcome.getByTestId("payment-message")).toHaveCSS("color", "rgb(132, 0, 0)");
    await shotViewport(page, "payments-methods-canceled");
    await outcome.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/purchase\/pay\?plan=starter-30$/);
    await expect(page.getByTestId("pay-retry")).toContainText("The payment was canceled.");
    await expect(page.getByTestId("pay-methods").getByLabel("PayPal", { exact: true })).toBeChecked();
    await expect(page.getByRole("button", { name: "Pay €9.90 with PayPal" })).toBeEnabled();

    const plans = apiCall("en", "/api/plans");
    const answer = await page.request.get(plans.url, {
      headers: { ...plans.headers, authorization: `Bearer ${member.token}` },
    });
    expect(await answer.json()).toMatchObject({ premiumLevel: 0, list: "free" });
  },
);

test(
  "Google Pay: the wallet's step, then /googlePay/paymentCheck and the chats after 4 s",
  anyWidth,
  async ({ page }) => {
    await signedInMember(page, "en", "googlepay");
    await toPayPage(page);
    await page.getByTestId("pay-methods").getByLabel("Google Pay", { exact: true }).check();
    await page.getByRole("button", { name: "Pay €9.90 with Google Pay" }).click();
    await expect(page).toHaveURL(/\/sandbox\/wallet\/sbx_/);
    await expect(
      page.getByRole("heading", { name: "Sandbox Google Pay: approve the payment" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Approve €9.90" }).click();
    await expect(page).toHaveURL(/\/googlePay\/paymentCheck\?redirectResult=sbx_/);
    await expect(page.getByTestId("payment-message")).toHaveText(
      "Thank you! Your credits are ready: back to your chats.",
    );
    await fastForwardTo(page, /\/chats$/);
    await expectCredits(page, CREDITS_AFTER_STARTER);
  },
);

test(
  "Apple Pay: merchant validation, the sheet (played by the page on local hosts), /ok/",
  at390,
  async ({ page }) => {
    await signedInMember(page, "en", "applepay");
    await toPayPage(page);
    await page.getByTestId("pay-methods").getByLabel("Apple Pay", { exact: true }).check();
    const validated = page.waitForResponse((r) => r.url().endsWith("/orders/applePay/startSession"));
    await page.getByRole("button", { name: "Pay €9.90 with Apple Pay" }).click();
    expect((await validated).status()).toBe(200);
    const sheet = page.getByTestId("apple-pay-sheet");
    await expect(sheet).toContainText("Pay LoveChat");
    await expect(sheet).toContainText("€9.90");
    await shotViewport(page, "payments-methods-apple-sheet");
    await sheet.getByRole("button", { name: "Pay €9.90" }).click();
    await expect(page).toHaveURL(/\/ok\/$/, { timeout: 10_000 });
    await fastForwardTo(page, /\/chats$/);
    await expectCredits(page, CREDITS_AFTER_STARTER);
  },
);
