import { expect, expectAccessible, port, shot, smsCode, test, uniqueMobile } from "./helpers";

test("home page carries each brand before and after the app starts", async ({ page }) => {
  for (const [host, lang, title, subtitle] of [
    ["it.localhost", "it", "Amore Italia", "Chatta, flirta e conosci nuove persone vicino a te"],
    ["es.localhost", "es", "Amor España", "Chatea, liga y conoce gente nueva cerca de ti"],
  ] as const) {
    await page.goto(`http://${host}:${port}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page).toHaveTitle(title);
    await expect(page.getByText(subtitle)).toBeVisible();
    // The spec's three reviews of the brand's market, each labelled a sample, the brand's name in its text.
    const reviews = page.locator(".review");
    await expect(reviews).toHaveCount(3);
    await expect(reviews.locator(".badge")).toHaveCount(3);
    for (const text of await reviews.locator("blockquote").allTextContents()) {
      expect(text).toContain(title);
      expect(text).not.toContain("{servizio}");
    }
    await shot(page, `home-${lang}`);
    await expectAccessible(page, `the home page (${lang})`);
  }
});

test("a new member signs up, finds angels in the region and gets a reply after typing", async ({ page }) => {
  // A tid on /signup gives the brand's default flow (7: sono and cerco fixed, single opt-in).
  await page.goto("/signup?tid=e2e-journey");
  await expect(page.getByTestId("disclosure")).toContainText("fittizi");
  await shot(page, "signup");

  // Empty form: the first rule of the spec's order speaks, and the e-mail turns red.
  await page.getByRole("button", { name: "Iscriviti", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Inserisci un indirizzo e-mail valido (controlla punteggiatura e spazi).",
  );
  await expect(page.locator('input[name="email"]')).toHaveAttribute("aria-invalid", "true");
  await shot(page, "signup-errors");
  await expectAccessible(page, "/signup with an error");

  const email = `e2e.${Date.now()}.${test.info().project.name}@example.com`;
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("una-password");
  await page.locator('select[name="region"]').selectOption("lombardia");
  await page.locator('select[name="eta"]').selectOption("34");
  await page.getByRole("button", { name: "Iscriviti", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Accetta i termini e dichiara di essere maggiorenne per continuare.",
  );
  for (const name of ["terms1", "terms2", "terms3", "terms4"])
    await page.locator(`input[name="${name}"]`).check();
  await page.getByRole("button", { name: "Iscriviti", exact: true }).click();

  await expect(page).toHaveURL(/\/find$/);
  // A new member without a photo is asked for one once (flow 7's photo is optional); later is fine.
  const photoPopup = page.getByTestId("photo-popup");
  await expect(photoPopup).toContainText("7 volte più messaggi");
  await photoPopup.getByRole("button", { name: "Più tardi" }).click();
  await expect(photoPopup).toHaveCount(0);
  await expect(page.getByTestId("find-header")).toHaveText(/^\d+ donne disponibili in Lombardia$/);
  const cards = page.getByTestId("angel-card");
  await expect(cards).toHaveCount(5);
  await expect(cards.first().locator("img")).toHaveJSProperty("complete", true);
  await shot(page, "find");

  const name = (await cards.first().locator("strong").textContent()) ?? "";
  await cards.first().getByRole("link", { name: "Chatta" }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByText(`Saluta ${name}`)).toBeVisible();
  await page.getByPlaceholder("Scrivi un messaggio…").fill("Ciao! Come va la serata?");
  await page.getByRole("button", { name: "Invia" }).click();
  // A new member is not verified yet: the message waits while the member enters a mobile number and the
  // code sent to it by SMS.
  const phone = page.getByTestId("phone-popup");
  await expect(phone).toBeVisible();
  const mobile = uniqueMobile("it");
  await phone.getByLabel("Numero di cellulare").fill(mobile.typed);
  await phone.getByRole("button", { name: "Invia il codice" }).click();
  await phone.getByLabel("Codice ricevuto via SMS").fill(await smsCode(page.request, "it", mobile.e164));
  await phone.getByRole("button", { name: "Verifica" }).click();
  await expect(phone).toHaveCount(0);
  await expect(page.getByTestId("my-message")).toHaveText(/Ciao! Come va la serata\?/);
  await expect(page.getByTestId("verify-phone")).toHaveCount(0);
  // The top bar's credit counter is for paid members only; a free member's balance is read from the API.
  await expect(page.getByTestId("credits")).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const token = localStorage.getItem("token") ?? "";
        const r = await fetch("/users/verify", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token }),
        });
        return ((await r.json()) as { user?: { creditiMessaggi?: number } }).user?.creditiMessaggi;
      }),
    )
    .toBe(5);

  await expect(page.getByTestId("typing")).toHaveText(`${name} sta scrivendo…`, { timeout: 15_000 });
  await shot(page, "chat-typing");
  await expect(page.getByTestId("angel-message")).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId("typing")).toHaveCount(0);
  await shot(page, "chat-reply");

  // The reply is stored: a reload shows the whole conversation.
  await page.reload();
  await expect(page.getByTestId("my-message")).toHaveCount(1);
  await expect(page.getByTestId("angel-message")).toHaveCount(1);
});
