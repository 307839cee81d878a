// Login, logout, forgot password and reset, disabling the profile, and the session popups.
import {
  anyWidth,
  apiCall,
  apiPost,
  at390,
  at1280,
  expect,
  expectAccessible,
  logout,
  mailLink,
  origin,
  registerViaApi,
  shot,
  shotViewport,
  slowNetwork,
  storeSession,
  test,
  uniqueEmail,
  withoutBootstrap,
} from "./helpers";

test("login with a wrong and a good password, then logout (Italian and English)", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("login");
  await registerViaApi(request, "it", email, "good-password");
  await page.goto(`${origin("it")}/`);
  await page.locator(".hero").getByRole("link", { name: "Accedi" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Accedi" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Password dimenticata?" })).toHaveAttribute(
    "href",
    "/forgotPassword",
  );
  await expect(page.getByTestId("google-button")).toHaveText("Accedi con Google");
  await shot(page, "login");

  const submit = page.getByRole("button", { name: "Accedi", exact: true });
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("Inserisci la tua e-mail e la tua password.");
  await page.getByLabel("E-mail").fill(` ${email} `);
  await page.getByLabel("Password").fill("wrong-password");
  const sent = page.waitForRequest((r) => r.url().endsWith("/users/authenticate"));
  await submit.click();
  // The flux id comes from the landing page: / without a tid is the compliant flow 0000.
  expect((await sent).postDataJSON()).toMatchObject({
    email,
    country: "it",
    fluxId: "0000",
    source: "direct",
  });
  await expect(page.getByRole("alert")).toHaveText("E-mail o password errati.");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await shot(page, "login-error");

  await page.getByLabel("Password").fill("good-password");
  await submit.click();
  await expect(page).toHaveURL(/\/find$/);
  await expect(page.getByRole("link", { name: "Profilo" })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem("token"));

  // Logout ends the session on the server too: the old token no longer verifies.
  await logout(page, "Esci");
  const verify = await apiPost(request, "it", "/users/verify", { token });
  expect(await verify.json()).toMatchObject({ verify: 0 });
  await expect(page.locator(".hero").getByRole("link", { name: "Iscriviti gratis" })).toBeVisible();

  const english = uniqueEmail("login-en");
  await registerViaApi(request, "en", english, "good-password");
  await page.goto(`${origin("en")}/login`);
  await page.getByLabel("E-mail").fill(english);
  await page.getByLabel("Password").fill("bad-password");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("E-mail or password are incorrect.");
  await page.getByLabel("Password").fill("good-password");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/find$/);
  await expect(page.getByTestId("find-header")).toContainText("London");
});

test(
  "forgot password, the reset link from the outbox, the new password, the used link (Spanish)",
  at390,
  async ({ page, request }) => {
    const email = uniqueEmail("reset");
    await registerViaApi(request, "es", email, "old-password");
    await page.goto(`${origin("es")}/login`);
    await page.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
    await expect(page).toHaveURL(/\/forgotPassword$/);
    await expect(page.getByRole("link", { name: /Volver a iniciar sesión/ })).toHaveAttribute(
      "href",
      "/login",
    );
    await shot(page, "forgot");
    await expectAccessible(page, "/forgotPassword");

    const send = page.getByRole("button", { name: "Enviar" });
    await send.click();
    await expect(page.getByRole("alert")).toHaveText(
      "Introduce un correo electrónico válido (revisa la puntuación y los espacios).",
    );
    await page.getByLabel("Correo electrónico").fill(uniqueEmail("nobody"));
    await send.click();
    await expect(page.getByRole("alert")).toHaveText("La dirección introducida no existe.");
    const requested = Date.now() - 1000;
    await page.getByLabel("Correo electrónico").fill(email);
    await send.click();
    await expect(page.getByRole("status")).toHaveText(
      "Te hemos enviado un correo con un enlace para restablecer tu contraseña.",
    );
    await shot(page, "forgot-sent");
    // A second request within 5 minutes sends nothing and says why (1009).
    await send.click();
    await expect(page.getByRole("alert")).toHaveText(
      "Acabamos de enviarte el correo para restablecer la contraseña: revisa la bandeja de entrada y el spam, o inténtalo de nuevo en unos minutos.",
    );
    await shot(page, "forgot-1009");

    const link = await mailLink(request, "es", email, "reset_password", "/resetPassword", requested);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Elige una contraseña nueva" })).toBeVisible();
    await shot(page, "reset");
    await page.getByLabel("Contraseña nueva", { exact: true }).fill("new-password");
    await page.getByLabel("Repite la contraseña nueva").fill("new-passwort");
    await page.getByRole("button", { name: "Guardar la contraseña" }).click();
    await expect(page.getByRole("alert")).toHaveText("Las dos contraseñas no coinciden.");
    await shot(page, "reset-mismatch");
    await expectAccessible(page, "/resetPassword with an error");
    await page.getByLabel("Repite la contraseña nueva").fill("new-password");
    await page.getByRole("button", { name: "Guardar la contraseña" }).click();
    await expect(page.getByRole("status")).toHaveText("Tu contraseña se ha cambiado.");
    await shot(page, "reset-done");
    await page.getByRole("link", { name: "Ir a la página de inicio" }).click();
    await expect(page).toHaveURL(new RegExp(`^${origin("es")}/$`));

    // The old password is gone, the new one works.
    await page.goto(`${origin("es")}/login`);
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill("old-password");
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("El correo o la contraseña no son correctos.");
    await page.getByLabel("Contraseña").fill("new-password");
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page).toHaveURL(/\/find$/);
    await logout(page, "Salir");

    // The link works once.
    await page.goto(link);
    await page.getByLabel("Contraseña nueva", { exact: true }).fill("third-password");
    await page.getByLabel("Repite la contraseña nueva").fill("third-password");
    await page.getByRole("button", { name: "Guardar la contraseña" }).click();
    await expect(page.getByRole("alert")).toHaveText("Este enlace ha caducado o ya se ha utilizado.");
    await shot(page, "reset-expired");
  },
);

test(
  "from the login button to the member's home, never a blank page (Italian)",
  anyWidth,
  async ({ page, request }) => {
    const email = uniqueEmail("login-frames");
    await registerViaApi(request, "it", email, "good-password");
    await page.goto(`${origin("it")}/login`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("good-password");
    // Every frame drawn from the click on, until the grid's first card: how much text the page shows.
    await page.evaluate(() => {
      const frames: number[] = [];
      Object.assign(window, { loginFrames: frames });
      const tick = () => {
        frames.push(document.getElementById("root")?.innerText.trim().length ?? 0);
        if (!document.querySelector('[data-testid="angel-card"]')) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect(page).toHaveURL(/\/find$/);
    await expect(page.getByTestId("angel-card").first()).toBeVisible();
    const frames = await page.evaluate(() => (window as unknown as { loginFrames: number[] }).loginFrames);
    // The login form (its button's spinner) stays until the member's bars and page take over: the member's
    // frame came as a chunk after the answer, and until then the page was blank for 0.3-0.9 s.
    expect(frames.length).toBeGreaterThan(5);
    expect(frames.filter((length) => length === 0)).toEqual([]);
  },
);

test(
  "an address typed as the forgot-password page opens stays in its field (Spanish, slow network)",
  anyWidth,
  async ({ page }) => {
    // On a phone's network the login form stayed on screen while the page's chunk loaded: the keys typed at
    // once went into its field, and the forgot-password page then opened empty.
    await slowNetwork(page);
    await page.goto(`${origin("es")}/login`);
    await page.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
    await page.getByLabel("Correo electrónico").pressSequentially("alguien@example.com");
    await expect(page.getByRole("heading", { name: "¿Has olvidado tu contraseña?" })).toBeVisible();
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("alguien@example.com");
    await expect(page.getByLabel("Correo electrónico")).toBeFocused();

    // Opened by itself, the page takes the keys at once too; the address goes back to the login form.
    await page.reload();
    await expect(page.getByRole("heading", { name: "¿Has olvidado tu contraseña?" })).toBeVisible();
    await page.keyboard.type("otra@example.com");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("otra@example.com");
    await page.getByRole("link", { name: /Volver a iniciar sesión/ }).click();
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("otra@example.com");
  },
);

test(
  "disable profile: no keeps it, yes disables, clears storage, reloads; login then says disabled (Italian)",
  at1280,
  async ({ page, request }) => {
    // The page's clock is the test's: the 5 s before the reload pass at once.
    await page.clock.install();
    const email = uniqueEmail("disable");
    await registerViaApi(request, "it", email, "good-password");
    await page.goto(`${origin("it")}/login`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("good-password");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect(page).toHaveURL(/\/find$/);

    await page.getByRole("link", { name: "Profilo" }).click();
    await expect(page.getByTestId("profile-email")).toHaveText(email);
    await expect(page.getByTestId("profile-photos")).toBeVisible();
    await shot(page, "profile");

    const disable = page.getByRole("button", { name: "Disattiva profilo" });
    await disable.click();
    const confirm = page.getByTestId("disable-confirm");
    await expect(confirm.getByRole("heading")).toHaveText("Vuoi disattivare il tuo profilo?");
    await shotViewport(page, "disable-confirm");
    await confirm.getByRole("button", { name: "No" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId("profile-email")).toBeVisible();

    await disable.click();
    await page.getByTestId("disable-confirm").getByRole("button", { name: "Sì" }).click();
    await expect(page.getByTestId("disable-done")).toContainText("Il tuo profilo è stato disattivato.");
    // From here the page's time moves only when the test says, so the 5 s before the reload are exact.
    // (Half a second ahead: on a busy machine a nearer time has already passed when the clock gets it.)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await shotViewport(page, "disable-done");

    // The reload after 5 s, not before: then a visitor on a member page gets the sign-up/login popup.
    await page.clock.runFor(3_500);
    await expect(page.getByTestId("disable-done")).toBeVisible();
    await page.clock.runFor(1_100);
    // The reloaded page starts with its time running: React shows lazily loaded pages on its own timers.
    await page.clock.resume();
    await expect(page.getByTestId("auth-popup")).toBeVisible();
    await expect(page.getByTestId("auth-popup").getByRole("heading")).toHaveText("Iscriviti o accedi");

    await page.goto(`${origin("it")}/login`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("good-password");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Questo account è disabilitato: contatta l'assistenza clienti.",
    );
    await shot(page, "login-disabled");
  },
);

test(
  "session start: a refused token resets to a visitor with the sign-up/login popup on member pages (English)",
  at390,
  async ({ page }) => {
    await storeSession(page, "en", { token: "not-a-valid-token" });
    await page.goto(`${origin("en")}/profile`);
    const popup = page.getByTestId("auth-popup");
    await expect(popup.getByRole("heading")).toHaveText("Sign up or log in");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await shotViewport(page, "auth-popup");
    await popup.getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login$/);
  },
);

// The server cannot reach these two states yet (see the report): verify answers 1008 only for a disabled
// account whose token is still current, which disabling always ends, and nothing sets regalo_messaggi.
// The answers are rewritten in the browser to show the popups the client opens for them.
test(
  "session start: a verify error 1008 opens the user-disabled popup (Italian)",
  at1280,
  async ({ page }) => {
    await withoutBootstrap(page);
    await page.route("**/users/verify", (route) =>
      route.fulfill({ json: { verify: 0, error: "1008" }, contentType: "application/json" }),
    );
    // The first page's start is held (its TanStack Query chunk) until the token is stored, then drawn before
    // the reload: a page takes the session stored when it started, never one stored while it was still
    // starting. (Otherwise that page verified the token, ended it on this 1008, and the reloaded page found
    // none: the popup never came. It happened on its own, now and then, on a busy machine.)
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/query-client-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${origin("it")}/`, { waitUntil: "domcontentloaded" });
    await page.evaluate(() => localStorage.setItem("token", "a-token"));
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Amore Italia");
    await page.reload();
    const popup = page.getByTestId("disabled-popup");
    await expect(popup.getByRole("heading")).toHaveText("Account disabilitato");
    await expect(popup).toContainText("Questo account è disabilitato: contatta l'assistenza clienti.");
    await expect(popup.getByRole("link", { name: "assistenza@amoreitalia.example" })).toBeVisible();
    await shotViewport(page, "disabled-popup");
    await popup.getByRole("button", { name: "Chiudi" }).click();
    await expect(popup).toHaveCount(0);
  },
);

test(
  "a login answer with regalo_messaggi opens the gift popup after 500 ms (Spanish)",
  at390,
  async ({ page, request }) => {
    const email = uniqueEmail("gift");
    await registerViaApi(request, "es", email, "good-password");
    await page.route("**/users/authenticate", async (route) => {
      const call = apiCall("es", "/users/authenticate");
      const response = await route.fetch({
        url: call.url,
        headers: { ...route.request().headers(), ...call.headers },
      });
      await route.fulfill({ response, json: { ...(await response.json()), regalo_messaggi: 3 } });
    });
    await page.goto(`${origin("es")}/login`);
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill("good-password");
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    const popup = page.getByTestId("gift-popup");
    await expect(popup.getByRole("heading")).toHaveText("¡Bienvenido de nuevo!");
    await expect(popup).toContainText("Como regalo de bienvenida tienes 3 mensajes gratis.");
    await shotViewport(page, "gift-popup");
  },
);
