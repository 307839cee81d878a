// Paying with Adyen's secured fields, as a member of an Adyen brand does it: the second site of the e2e server
// (E2E_PORT + 1) sends amoreitalia's cards to the fake Adyen, whose secured-fields iframe page Adyen Web
// loads. The number, expiry and CVV are typed inside Adyen's iframes; the form shows the spec's messages; what
// the page sends is Adyen's encrypted values and the browser's data, never the card; the plan is paid. Also
// the card-update page keeps a new card through the same fields.
import type { Page, Request } from "@playwright/test";
import { signUpBody } from "../fixtures/sign-up-body";
import { at390, at1280, expect, expectAccessible, port, randomIp, shot, test, uniqueEmail } from "./helpers";

/** The site whose brands pay through the providers' fakes (scripts/e2e-server.ts). */
const sitePort = port + 1;
const site = `http://it.localhost:${sitePort}`;
const api = (path: string) => ({
  url: `http://127.0.0.1:${sitePort}${path}`,
  headers: { host: `it.localhost:${sitePort}`, connection: "close" },
});

/** A member of amoreitalia on that site, signed in for the page's next loads. */
async function member(page: Page) {
  // The second site starts beside the first: wait until it answers.
  await expect
    .poll(async () => (await page.request.get(api("/api/brand").url).catch(() => null))?.status(), {
      timeout: 60_000,
    })
    .toBe(200);
  const call = api("/users/register");
  const response = await page.request.post(call.url, {
    headers: { ...call.headers, "cf-connecting-ip": randomIp() },
    data: signUpBody({
      email: uniqueEmail("adyen-fields"),
      password: "secret-password",
      fluxId: "7",
      source: "e2e",
    }),
  });
  expect(response.status(), await response.text()).toBe(200);
  const created = (await response.json()) as { token: string; clickid: string };
  await page.context().addInitScript(({ token, clickid }) => {
    localStorage.setItem("token", token);
    localStorage.setItem("trackerId", clickid);
  }, created);
  return created;
}

/** The input inside one of Adyen's iframes (the page itself cannot reach it: only the member can type). */
const securedInput = (page: Page, field: "number" | "expiry" | "cvv") =>
  page.frameLocator(`[data-testid="adyen-${field}"] iframe`).locator("input");

/** The card-related requests the page sends to our Worker. */
function cardRequests(page: Page) {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (/\/orders\/(tryCharge|createToken)$/.test(request.url())) sent.push(request);
  });
  return sent;
}

test(
  "an Adyen brand's pay page: the card typed in Adyen's secured fields, the spec's messages, paid",
  at390,
  async ({ page }) => {
    await member(page);
    const sent = cardRequests(page);
    await page.goto(`${site}/purchase/pay?plan=starter-30`);
    const fields = page.getByTestId("adyen-fields");
    await expect(fields).toHaveAttribute("data-status", "ready");
    await expect(page.getByText("I dati della carta arrivano cifrati direttamente")).toBeVisible();
    // The number, expiry and CVV are Adyen's iframes; the holder's names stay our inputs (test mode fills them).
    await expect(page.locator('[data-testid="adyen-number"] iframe')).toHaveCount(1);
    await expect(page.getByLabel("Numero della carta", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Mario");
    await shot(page, "payments-adyen-fields-pay");
    await expectAccessible(page, "the pay page with Adyen's secured fields");

    // Nothing typed: the spec's message of the first wrong field, the number.
    await page.getByTestId("pay-submit").click();
    await expect(page.getByText("Controlla il numero della carta.")).toBeVisible();
    await expect(page.getByTestId("adyen-number")).toHaveClass(/invalid/);

    // A number that fails the checksum: the same message as the member types; the brand shows.
    await securedInput(page, "number").pressSequentially("4111111111111112");
    await expect(securedInput(page, "number")).toHaveValue("4111 1111 1111 1112");
    await expect(page.getByTestId("card-brand")).toHaveText("visa");
    await expect(page.getByText("Controlla il numero della carta.")).toBeVisible();
    await shot(page, "payments-adyen-fields-error");

    await securedInput(page, "number").fill("");
    await securedInput(page, "number").pressSequentially("4111111111111111");
    await expect(page.getByTestId("adyen-number")).not.toHaveClass(/invalid/);
    await securedInput(page, "expiry").pressSequentially("0330");
    await expect(securedInput(page, "expiry")).toHaveValue("03/30");
    // A CVV too short: the CVV's message.
    await securedInput(page, "cvv").pressSequentially("73");
    await page.getByTestId("pay-submit").click();
    await expect(page.getByText("Il CVV è il codice di 3 cifre sul retro della carta.")).toBeVisible();
    await securedInput(page, "cvv").pressSequentially("7");
    await expect(page.getByText("Il CVV è il codice di 3 cifre sul retro della carta.")).toHaveCount(0);

    await page.getByTestId("pay-submit").click();
    await expect(page).toHaveURL(/\/ok\/$/, { timeout: 20_000 });
    // What reached our Worker: Adyen's encrypted values and the browser's data, never the card.
    expect(sent).toHaveLength(1);
    const body = sent[0]?.postData() ?? "";
    expect(body).not.toContain("4111");
    expect(body).not.toContain('"737"');
    const payload = JSON.parse(body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      encryptedCardNumber: expect.stringMatching(/^fakecse_/),
      encryptedExpiryMonth: expect.stringMatching(/^fakecse_/),
      encryptedExpiryYear: expect.stringMatching(/^fakecse_/),
      encryptedSecurityCode: expect.stringMatching(/^fakecse_/),
      firstName: "Mario",
      lastName: "Rossi",
      browserInfo: {
        acceptHeader: "*/*",
        screenWidth: expect.any(Number),
        userAgent: expect.any(String),
        timeZoneOffset: expect.any(Number),
      },
    });
    expect(payload).not.toHaveProperty("cardNumber");
    await expect(page.getByTestId("payment-ok")).toBeVisible();
    await shot(page, "payments-adyen-fields-paid");
  },
);

test(
  "an Adyen brand's card-update page keeps a new card through the secured fields",
  at1280,
  async ({ page }) => {
    await member(page);
    const sent = cardRequests(page);
    await page.goto(`${site}/purchase/card`);
    await expect(page.getByTestId("adyen-fields")).toHaveAttribute("data-status", "ready");
    await securedInput(page, "number").pressSequentially("5555555555554444");
    await expect(page.getByTestId("card-brand")).toHaveText("mastercard");
    await securedInput(page, "expiry").pressSequentially("1129");
    await securedInput(page, "cvv").pressSequentially("737");
    await expect(page.getByTestId("adyen-fields")).toHaveAttribute("data-complete", "true");
    await shot(page, "payments-adyen-fields-card-update");
    await page.getByTestId("pay-submit").click();
    await expect(page.getByTestId("card-kept")).toBeVisible({ timeout: 20_000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.postData() ?? "").not.toContain("5555");
  },
);
