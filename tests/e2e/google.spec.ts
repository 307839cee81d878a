// Google sign-up (button → fake Google → back → set-region popup → region saved) and Google login.
import type { APIRequestContext } from "@playwright/test";
import {
  anyWidth,
  apiCall,
  at390,
  at1280,
  expect,
  origin,
  registerViaApi,
  shotViewport,
  test,
  tickConsents,
  uniqueEmail,
} from "./helpers";

/**
 * Makes the fake Google sign in this account next (its default identity). The fake's address is where the
 * start route sends the browser; its test control registers the identity.
 */
async function googleAccount(request: APIRequestContext, email: string) {
  const call = apiCall("it", "/users/auth/google/start?intent=login");
  const start = await request.get(call.url, { headers: call.headers, maxRedirects: 0 });
  expect(start.status()).toBe(302);
  const fake = new URL(start.headers().location ?? "").origin;
  const sub = `1${Date.now()}${Math.floor(Math.random() * 1e6)}`.padEnd(21, "0").slice(0, 21);
  const registered = await request.post(`${fake}/__fake/identities`, { data: { email, sub, default: true } });
  expect(registered.status()).toBe(201);
}

test(
  "Google sign-up: consents first, then back with the set-region popup, and the region is saved (Italian)",
  at390,
  async ({ page, request }) => {
    const email = uniqueEmail("google-new");
    await googleAccount(request, email);
    await page.goto(`${origin("it")}/signup?fluxid=0000`);
    const google = page.getByTestId("google-button");
    await google.click();
    await expect(page.getByRole("alert")).toHaveText(
      "Accetta i termini e dichiara di essere maggiorenne per continuare.",
    );
    await expect(page).toHaveURL(/\/signup/);

    await page.locator('select[name="sono"]').selectOption("2");
    await page.locator('select[name="cerco"]').selectOption("1");
    await tickConsents(page);
    const start = new URL((await google.getAttribute("href")) ?? "", origin("it"));
    expect(Object.fromEntries(start.searchParams)).toEqual({
      intent: "signup",
      sono: "uomo",
      cerco: "donna",
      fluxId: "0000",
      source: "direct",
      // The optional marketing boxes travel with the start, recorded at sign-up as ticked.
      promotions: "1",
      thirdParties: "1",
    });
    const callback = page.waitForRequest((r) => r.url().endsWith("/users/auth/google"));
    await google.click();
    expect((await callback).postDataJSON()).toMatchObject({
      fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    const popup = page.getByTestId("region-popup");
    await expect(popup.getByRole("heading")).toHaveText("Dove ti trovi?");
    await expect(page).toHaveURL(/\/find$/);
    await shotViewport(page, "region-popup");
    // It has to be answered: Escape does not close it.
    await page.keyboard.press("Escape");
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Salva" }).click();
    await expect(popup.getByRole("alert")).toHaveText("Scegli la tua regione.");
    await popup.locator('select[name="region"]').selectOption("lazio");
    const saved = page.waitForResponse(
      (r) => r.request().method() === "PUT" && r.url().includes("/api/users/"),
    );
    await popup.getByRole("button", { name: "Salva" }).click();
    expect((await saved).status()).toBe(200);
    await expect(popup).toHaveCount(0);
    await expect(page.getByTestId("find-header")).toContainText("Lazio");

    await page.reload();
    await expect(page.getByTestId("find-header")).toContainText("Lazio");
    await expect(page.getByTestId("region-popup")).toHaveCount(0);
    // Google verified the address: no double opt-in popup even on flow 0000.
    await expect(page.getByTestId("doi-popup")).toHaveCount(0);
  },
);

test(
  "Google login of an existing member from the login page (English)",
  anyWidth,
  async ({ page, request }) => {
    const email = uniqueEmail("google-login");
    await registerViaApi(request, "en", email);
    await googleAccount(request, email);
    await page.goto(`${origin("en")}/login`);
    const google = page.getByRole("link", { name: "Log in with Google" });
    await expect(google).toHaveAttribute("href", /intent=login/);
    await google.click();
    await expect(page).toHaveURL(/\/find$/);
    await expect(page.getByTestId("find-header")).toContainText("London");
    await expect(page.getByTestId("region-popup")).toHaveCount(0);
    await page.getByRole("link", { name: "Profile" }).click();
    await expect(page.getByTestId("profile-email")).toHaveText(email);
  },
);

test("a refused Google code shows the message with a way back (Spanish)", anyWidth, async ({ page }) => {
  await page.goto(`${origin("es")}/loginWithGoogle?code=made-up&state=made-up`);
  await expect(page.getByRole("alert")).toHaveText(
    "No se pudo iniciar sesión con Google: inténtalo de nuevo.",
  );
  await expect(page.getByRole("link", { name: "Iniciar sesión" }).last()).toBeVisible();
});

test(
  "Google from the login page creates no account: it asks to sign up first (Italian)",
  at1280,
  async ({ page, request }) => {
    await googleAccount(request, uniqueEmail("google-nobody"));
    await page.goto(`${origin("it")}/login`);
    await page.getByRole("link", { name: "Accedi con Google" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Nessun account usa ancora questo indirizzo Google: iscriviti prima, poi potrai accedere con Google.",
    );
    await shotViewport(page, "google-no-account");
    await page.getByRole("link", { name: "Iscriviti gratis" }).click();
    await expect(page).toHaveURL(/\/signup/);
  },
);
