// The auto sign-up landers: /asignup, /find for a visitor, /loginWithGoogle without a code, /external_email.
import {
  anyWidth,
  at390,
  at1280,
  expect,
  mailLink,
  origin,
  regionOf,
  shot,
  test,
  tickConsents,
  uniqueEmail,
} from "./helpers";

test(
  "/asignup with an e-mail: region and consents only, then a member at /find (Italian)",
  at390,
  async ({ page, request }) => {
    const email = uniqueEmail("asignup");
    await page.goto(`${origin("it")}/asignup?email=${encodeURIComponent(email)}&tid=e2e-lander`);
    const lander = page.getByTestId("lander");
    await expect(lander.getByRole("heading")).toHaveText("Un ultimo passo");
    await expect(lander).toContainText(`creiamo il tuo account gratuito per ${email}`);
    await expect(page.getByTestId("disclosure")).toContainText("fittizi");
    await expect(lander.locator("input")).toHaveCount(4);
    await shot(page, "lander");

    const submit = page.getByRole("button", { name: "Inizia a chattare" });
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText("Scegli la tua regione.");
    await page.locator('select[name="region"]').selectOption(regionOf.it.code);
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText(
      "Accetta i termini e dichiara di essere maggiorenne per continuare.",
    );
    await shot(page, "lander-errors");
    await tickConsents(page);
    const sent = page.waitForRequest((r) => r.url().endsWith("/users/register"));
    await submit.click();
    const member = (await sent).postDataJSON().utente;
    expect(member).toMatchObject({
      email,
      region: regionOf.it.code,
      fluxId: "7",
      sono: "uomo",
      cerco: "donna",
    });
    expect(member.password).toMatch(/^[0-9a-f]{24}$/);
    await expect(page).toHaveURL(/\/find$/);
    await expect(page.getByTestId("find-header")).toContainText("Lombardia");
    // The way back in: the welcome mail's link.
    await mailLink(request, "it", email, "welcome", "/autologin");
  },
);

test("an invalid e-mail in the link gets 1004 from the server (Italian)", anyWidth, async ({ page }) => {
  await page.goto(`${origin("it")}/asignup?email=mario.rossi@@example`);
  await page.locator('select[name="region"]').selectOption(regionOf.it.code);
  await tickConsents(page);
  const answer = page.waitForResponse((r) => r.url().endsWith("/users/register"));
  await page.getByRole("button", { name: "Inizia a chattare" }).click();
  expect(await (await answer).json()).toMatchObject({ error: { code: "1004" } });
  await expect(page.getByRole("alert")).toHaveText(
    "Inserisci un indirizzo e-mail valido (controlla punteggiatura e spazi).",
  );
  await page.getByRole("link", { name: "Usa il modulo di iscrizione completo" }).click();
  await expect(page).toHaveURL(/\/signup\?email=mario/);
  await expect(page.locator('input[name="email"]')).toHaveValue("mario.rossi@@example");
});

test("landers without an e-mail go to /signup keeping the query (Italian)", anyWidth, async ({ page }) => {
  for (const path of ["/asignup", "/find", "/loginWithGoogle"]) {
    await page.goto(`${origin("it")}${path}?tid=abc&source=news`);
    await expect(page).toHaveURL(`${origin("it")}/signup?tid=abc&source=news`);
    await expect(page.getByRole("heading", { name: "Crea il tuo account gratuito" })).toBeVisible();
  }
});

test(
  "/find and /loginWithGoogle with an e-mail are landers for a visitor (English)",
  anyWidth,
  async ({ page }) => {
    const email = uniqueEmail("find-lander");
    await page.goto(`${origin("en")}/loginWithGoogle?email=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("lander")).toContainText(`create your free account for ${email}`);
    await page.goto(`${origin("en")}/find?email=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("lander")).toContainText(email);
    await page.locator('select[name="region"]').selectOption(regionOf.en.code);
    await tickConsents(page);
    await page.getByRole("button", { name: "Start chatting" }).click();
    await expect(page.getByTestId("find-header")).toContainText("London");
  },
);

test(
  "/external_email signs up through extSign_register; without an e-mail it logs and goes on (Spanish)",
  at1280,
  async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await page.goto(`${origin("es")}/external_email?source=partner`);
    await expect(page).toHaveURL(`${origin("es")}/signup?source=partner`);
    expect(warnings.join("\n")).toContain("external_email: the link has no e-mail");

    const email = uniqueEmail("external");
    await page.goto(`${origin("es")}/external_email?email=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("lander").getByRole("heading")).toHaveText("Un último paso");
    await shot(page, "lander-es");
    await page.locator('select[name="region"]').selectOption(regionOf.es.code);
    await tickConsents(page);
    const sent = page.waitForRequest((r) => r.url().endsWith("/users/extSign_register"));
    await page.getByRole("button", { name: "Empieza a chatear" }).click();
    expect((await sent).postDataJSON().utente).toMatchObject({ email, source: "partner" });
    await expect(page.getByTestId("find-header")).toContainText("Andalucía");
  },
);
