// Sign-up in both readings of the spec (flow 7: sono/cerco fixed, ages 19-98; flow 0000: the choice,
// ages 18-89, double opt-in), the validation order, the server's error codes, the double opt-in popup's
// change of address and the activation link from the outbox.
import {
  anyWidth,
  at390,
  at1280,
  expect,
  expectAccessible,
  fillSignup,
  logout,
  mailLink,
  newDevice,
  origin,
  outbox,
  regionOf,
  registerViaApi,
  shot,
  shotViewport,
  test,
  tickConsents,
  uniqueEmail,
} from "./helpers";

const optionValues = (select: import("@playwright/test").Locator) =>
  select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));

test("flow 7: the fixed form checks in the spec's order and signs up to /find (Italian)", async ({
  page,
  request,
}) => {
  await page.goto(`${origin("it")}/signup?tid=e2e-fixed`);
  await expect(page.getByRole("heading", { name: "Crea il tuo account gratuito" })).toBeVisible();
  await expect(page.getByTestId("disclosure")).toContainText("fittizi e gestiti da operatori");
  // Fixed sono/cerco: no choice; ages 19 to 98.
  await expect(page.locator('select[name="sono"]')).toHaveCount(0);
  const ages = (await optionValues(page.locator('select[name="eta"]'))).filter(Boolean);
  expect([ages[0], ages.at(-1), ages.length]).toEqual(["19", "98", 80]);
  await expect(page.getByTestId("google-button")).toHaveText("Iscriviti con Google");
  await shot(page, "signup-fixed");

  const submit = page.getByRole("button", { name: "Iscriviti", exact: true });
  const alert = page.getByRole("alert");
  await submit.click();
  await expect(alert).toHaveText("Inserisci un indirizzo e-mail valido (controlla punteggiatura e spazi).");
  await expect(page.locator('input[name="email"]')).toHaveAttribute("aria-invalid", "true");
  await shot(page, "signup-errors");

  const email = uniqueEmail("fixed");
  await page.locator('input[name="email"]').fill(email);
  await submit.click();
  await expect(alert).toHaveText("Inserisci una password di almeno 6 caratteri.");
  await expect(page.locator('input[name="password"]')).toHaveAttribute("aria-invalid", "true");
  await page.locator('input[name="password"]').fill("secret-password");
  await submit.click();
  await expect(alert).toHaveText("Scegli la tua età.");
  await page.locator('select[name="eta"]').selectOption("41");
  await submit.click();
  await expect(alert).toHaveText("Scegli la tua regione.");
  await page.locator('select[name="region"]').selectOption(regionOf.it.code);
  await submit.click();
  await expect(alert).toHaveText("Accetta i termini e dichiara di essere maggiorenne per continuare.");
  await expect(page.locator('input[name="terms1"]')).toHaveAttribute("aria-invalid", "true");
  await tickConsents(page);

  const sent = page.waitForRequest((r) => r.url().endsWith("/users/register"));
  await submit.click();
  const payload = (await sent).postDataJSON().utente;
  expect(payload).toMatchObject({
    email,
    sono: "uomo",
    cerco: "donna",
    eta: 41,
    fluxId: "7",
    clickid: "e2e-fixed",
    source: "direct",
    country: "it",
    servizio: `it.localhost:${new URL(origin("it")).port}`,
  });
  expect(payload.fingerprint).toMatch(/^[0-9a-f]{32}$/);

  await expect(page).toHaveURL(/\/find$/);
  await expect(page.getByTestId("find-header")).toContainText("Lombardia");
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored.token).toBeTruthy();
  expect(stored.trackerId).toMatch(/^[0-9a-f]{24}$/);
  expect(stored).toMatchObject({ source: "direct", country: "it" });
  expect(stored.landedTime).toMatch(/^\d+$/);
  // Flow 7 is single opt-in: a welcome mail, no double opt-in popup.
  await expect(page.getByTestId("doi-popup")).toHaveCount(0);
  await expect
    .poll(async () => (await outbox(request, "it", email)).map((m) => m.template))
    .toContain("welcome");
});

test("an address that is already registered gets 1000 (English)", at1280, async ({ page, request }) => {
  const email = uniqueEmail("exists");
  await registerViaApi(request, "en", email);
  await page.goto(`${origin("en")}/signup?tid=e2e-exists`);
  await fillSignup(page, { email, region: regionOf.en.code });
  await tickConsents(page);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("This e-mail is already registered: try to log in.");
  await expect(page.locator('input[name="email"]')).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/signup/);
  await shot(page, "signup-1000");
});

test(
  "flow 0000: the choice form, the double opt-in popup, a changed address and its activation link (Italian)",
  at390,
  async ({ browser, page, request }, testInfo) => {
    await page.goto(`${origin("it")}/signup?fluxid=0000`);
    // The form is the sign-up page's own chunk: read its options once it is there.
    await expect(page.locator('select[name="eta"] option[value="18"]')).toHaveCount(1);
    const ages = (await optionValues(page.locator('select[name="eta"]'))).filter(Boolean);
    expect([ages[0], ages.at(-1)]).toEqual(["18", "89"]);
    expect(await optionValues(page.locator('select[name="sono"]'))).toEqual(["0", "1", "2"]);
    await expect(page.locator('select[name="sono"] option[value="1"]')).toHaveText("Una donna");
    await shot(page, "signup-choice");

    const email = uniqueEmail("doi");
    const submit = page.getByRole("button", { name: "Iscriviti", exact: true });
    const alert = page.getByRole("alert");
    await fillSignup(page, { email, region: regionOf.it.code, eta: "18" });
    await submit.click();
    await expect(alert).toHaveText("Indica se sei un uomo o una donna.");
    await page.locator('select[name="sono"]').selectOption("2");
    await submit.click();
    await expect(alert).toHaveText("Scegli chi stai cercando.");
    await page.locator('select[name="cerco"]').selectOption("1");
    await submit.click();
    await expect(alert).toHaveText("Accetta i termini e dichiara di essere maggiorenne per continuare.");
    await tickConsents(page);
    const sent = page.waitForRequest((r) => r.url().endsWith("/users/register"));
    await submit.click();
    expect((await sent).postDataJSON().utente).toMatchObject({
      sono: "uomo",
      cerco: "donna",
      eta: 18,
      fluxId: "0000",
    });

    // The double opt-in popup: the address and the instructions.
    const popup = page.getByTestId("doi-popup");
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("heading")).toHaveText("Conferma il tuo indirizzo e-mail");
    // The popup holds the focus, not its "new address" field: on a phone that opened the keyboard over
    // the instructions, for a change few members need.
    await expect(popup).toBeFocused();
    await expect(popup.locator('input[name="newEmail"]')).not.toBeFocused();
    await expect(popup).toContainText(`Abbiamo inviato un link di attivazione a ${email}.`);
    await expect(popup).toContainText("fino a 5 minuti");
    await mailLink(request, "it", email, "activation", "/confirmEmail");
    await shotViewport(page, "doi-popup");

    // The change-address form refuses an empty, the same and an existing address.
    const field = popup.locator('input[name="newEmail"]');
    const change = popup.getByRole("button", { name: "Cambia indirizzo" });
    await change.click();
    await expect(popup.getByRole("alert")).toHaveText(
      "Inserisci un indirizzo e-mail valido (controlla punteggiatura e spazi).",
    );
    await field.fill(email.toUpperCase());
    await change.click();
    await expect(popup.getByRole("alert")).toHaveText("Il nuovo indirizzo è uguale a quello attuale.");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const taken = uniqueEmail("taken");
    await registerViaApi(request, "it", taken);
    await field.fill(taken);
    await change.click();
    await expect(popup.getByRole("alert")).toHaveText("L'e-mail scelta esiste già.");

    // A new address: the OK message, and a new activation mail to it.
    const newEmail = uniqueEmail("doi-new");
    await field.fill(newEmail);
    await change.click();
    await expect(popup.getByRole("status")).toHaveText(
      `Fatto: abbiamo inviato un nuovo link di attivazione a ${newEmail}.`,
    );
    await expect(popup).toContainText(`Abbiamo inviato un link di attivazione a ${newEmail}.`);
    await shotViewport(page, "doi-changed");
    const activation = await mailLink(request, "it", newEmail, "activation", "/confirmEmail");
    const oldActivation = await mailLink(request, "it", email, "activation", "/confirmEmail");
    await popup.getByRole("button", { name: "Chiudi" }).click();
    await expect(popup).toHaveCount(0);

    // The old address's link no longer confirms anything (opened on another device, as from a mail app).
    const other = await newDevice(browser, testInfo.project.use);
    const otherPage = await other.newPage();
    await otherPage.goto(oldActivation);
    await expect(otherPage.getByRole("alert")).toHaveText("Questo link è scaduto o è già stato usato.");
    await expect(otherPage.getByRole("link", { name: "Accedi" }).last()).toHaveAttribute("href", "/login");
    await shot(otherPage, "confirm-expired");
    await other.close();

    // The new link confirms, logs in and goes to /match, which flow 0000 does not have: /find (the spec);
    // no popup any more.
    await page.goto(activation);
    await expect(page).toHaveURL(/\/find$/);
    await expect(page.getByTestId("find-header")).toContainText("Lombardia");
    await page.reload();
    await expect(page.getByTestId("find-header")).toBeVisible();
    await expect(page.getByTestId("doi-popup")).toHaveCount(0);
  },
);

test(
  "one browser signing up twice: 1009 for the same address, with login and resend, 1003 for another (Spanish)",
  at1280,
  async ({ page }) => {
    // The page's clock is the test's: the wait before the activation mail may be resent passes at once.
    await page.clock.install();
    const email = uniqueEmail("device");
    await page.goto(`${origin("es")}/signup?fluxid=0000`);
    await expect(page.getByRole("heading", { name: "Crea tu cuenta gratuita" })).toBeVisible();
    await fillSignup(page, { email, region: regionOf.es.code, sono: "2", cerco: "1" });
    await tickConsents(page);
    await page.getByRole("button", { name: "Registrarme", exact: true }).click();
    await expect(page.getByTestId("doi-popup")).toContainText(email);
    await page.getByTestId("doi-popup").getByRole("button", { name: "Cerrar" }).click();
    // Session start: the address is still unconfirmed on a double opt-in flow, so the popup comes back.
    await page.reload();
    await expect(page.getByTestId("doi-popup")).toContainText(email);
    await page.getByTestId("doi-popup").getByRole("button", { name: "Cerrar" }).click();
    await logout(page, "Salir");

    await page.goto(`${origin("es")}/signup?fluxid=0000`);
    await fillSignup(page, { email, region: regionOf.es.code, sono: "2", cerco: "1" });
    await tickConsents(page);
    const submit = page.getByRole("button", { name: "Registrarme", exact: true });
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText(
      "Ya te hemos enviado el correo de bienvenida: revisa tu bandeja de entrada y la carpeta de spam.",
    );
    // The way out: log in with this address, or resend the activation mail once the 5 minutes are over.
    const help = page.getByTestId("activation-help");
    const resend = help.getByRole("button");
    await expect(resend).toHaveText(/^Podrás reenviarlo en 4:[45]\d$/);
    await expect(resend).toBeDisabled();
    await shot(page, "signup-1009");
    await expectAccessible(page, "/signup with the 1009 help");
    await page.clock.fastForward("05:00");
    await expect(resend).toHaveText("Enviar de nuevo el correo de activación");
    // The server keeps its own time: asked early, it refuses, says why, and the countdown starts again.
    await resend.click();
    await expect(help.getByRole("alert")).toHaveText(
      "Ya te hemos enviado el correo de bienvenida: revisa tu bandeja de entrada y la carpeta de spam.",
    );
    await expect(resend).toBeDisabled();
    await help.getByRole("link", { name: "Inicia sesión con esta dirección" }).click();
    await expect(page).toHaveURL(/\/login\?email=/);
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
    await expectAccessible(page, "/login");

    await page.goto(`${origin("es")}/signup?fluxid=0000`);
    await fillSignup(page, {
      email: uniqueEmail("device-second"),
      region: regionOf.es.code,
      sono: "2",
      cerco: "1",
    });
    await tickConsents(page);
    await submit.click();
    const [local = "", domain = ""] = email.split("@");
    const masked = `${local[0]}${"*".repeat(local.length - 2)}${local.at(-1)}@${domain}`;
    await expect(page.getByRole("alert")).toHaveText(
      `Ya te registraste con ${masked}: inicia sesión con esa dirección.`,
    );
    await shot(page, "signup-1003");
  },
);

test(
  "too many registration attempts from one device give 1007 (English)",
  anyWidth,
  async ({ page, request }) => {
    const email = uniqueEmail("limit");
    await registerViaApi(request, "en", email);
    await page.goto(`${origin("en")}/signup?tid=e2e-limit`);
    await fillSignup(page, { email, region: regionOf.en.code });
    await tickConsents(page);
    const submit = page.getByRole("button", { name: "Sign up", exact: true });
    // The device limit is 5 sign-ups an hour: each of these counts, then the sixth is refused.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = page.waitForResponse((r) => r.url().endsWith("/users/register"));
      await submit.click();
      expect((await answer).status()).toBe(409);
      await expect(page.getByRole("alert")).toHaveText("This e-mail is already registered: try to log in.");
    }
    const answer = page.waitForResponse((r) => r.url().endsWith("/users/register"));
    await submit.click();
    expect((await answer).status()).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(
      "Too many registration attempts: please try again later.",
    );
  },
);

test(
  "the spinner and the disabled button while the sign-up is on its way (Italian)",
  anyWidth,
  async ({ page }) => {
    await page.goto(`${origin("it")}/signup?tid=e2e-spinner`);
    await fillSignup(page, { email: uniqueEmail("spinner"), region: regionOf.it.code });
    await tickConsents(page);
    // Hold the answer back to see the pending state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/users/register", async (route) => {
      await held;
      await route.continue();
    });
    const submit = page.locator('form.signup button[type="submit"]');
    await submit.click();
    await expect(submit).toBeDisabled();
    await expect(submit.getByRole("status", { name: "Caricamento…" })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/find$/);
  },
);

test("/ms is the mainstream variant of the same form (English)", at390, async ({ page }) => {
  await page.goto(`${origin("en")}/ms`);
  await expect(page.getByRole("heading", { name: "Meet new people near you" })).toBeVisible();
  await expect(page.getByTestId("disclosure")).toContainText("fictional and are run by operators");
  await shot(page, "signup-ms");
});
